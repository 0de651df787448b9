"""Hints on the simulated box: the best move's tiles light in the hint colour after a roll, the
OLED shows the shut chance and the one-die advice, and a review of each move's cost follows
the turn."""

import sys

import pytest
from box_steps import names_the_winners, until_roll_awaited
from game.presets import preset
from game.strategy import load, percent

from board_sim.box import BoxOptions, SimBox
from board_sim.frontend.oled import text_lines


def _scaled(colour):
    return tuple(((colour >> shift & 255) * 65) >> 8 for shift in (16, 8, 0))


@pytest.fixture
def box():
    sim = SimBox(BoxOptions(seed=5, preset="classic", players=1, hints=True))
    yield sim
    sim.close()


def _roll(box, player, *dice):
    box.dice.force(list(dice))
    player.step()


def test_the_best_moves_tiles_light_in_the_hint_colour(box):
    from app.lights import _HINT, LEGAL
    from game.turn import AWAIT_MOVE

    assert box.view.menu.hints_on
    player = until_roll_awaited(box)
    oled = text_lines(box.board.display_pixels())
    assert oled[2].endswith("10%") and oled[3].endswith("shut")  # 9.67 % from all tiles up
    _roll(box, player, 3, 4)
    turn = box.view.turn
    assert turn.state == AWAIT_MOVE and turn.total == 7
    best = load(preset("classic")).best_move(turn)
    assert best == box.view.hint == 0b1000000  # a 7: shut tile 7
    colours = box.board.led_colors()
    for tile in range(1, 10):
        if best >> (tile - 1) & 1:
            assert colours[tile - 1] == _scaled(_HINT), tile
        elif box.view.legal >> (tile - 1) & 1:
            assert colours[tile - 1] == _scaled(LEGAL), tile
    chance = percent(load(preset("classic")).shut_raw(0b110111111))
    assert text_lines(box.board.display_pixels())[2].endswith("%d%%" % chance)


def test_a_costly_move_shows_in_the_review_after_the_result_and_ok_dismisses_it(box):
    from app.core import FINISHED

    player = until_roll_awaited(box)
    _roll(box, player, 3, 4)
    box.board.flip_flap(1)  # 1 + 6 instead of the best move, 7
    box.board.flip_flap(6)
    box.run(200)
    assert box.view.turn.open_mask == 0b111011110
    while player.step():
        pass
    view = box.view
    assert view.phase == FINISHED and not view.reviewing
    # the throw that ended it first (which one it is follows the dice the shakes of every
    # tick before gave)
    assert text_lines(box.board.display_pixels())[0] in ("P1 no move", "P1 shut box!")
    box.board.press("ok")
    box.run(300)
    assert view.reviewing
    review = view.hints.review
    assert review.made[0] == 0b100001 and review.best[0] == 0b1000000 and review.costs[0] > 0
    assert "app.hints_turn" not in sys.modules  # it priced the review and was let go
    oled = text_lines(box.board.display_pixels())
    assert oled[0].startswith("Review P1") and oled[0].endswith("score")
    assert oled[1].startswith(" 7 1 6") and "+%d.%d" % divmod(review.costs[0], 10) in oled[1]
    assert oled[7].startswith("cost")
    for line, index in zip(oled[2:7], range(1, review.count), strict=False):
        assert line.endswith("best") or "+" in line or line.endswith("ok"), index
    box.board.press("ok")
    box.run(300)
    assert not view.reviewing and view.phase == FINISHED
    assert names_the_winners(text_lines(box.board.display_pixels())[0])  # then the standings


def test_one_die_advice_shows_when_one_die_is_allowed():
    sim = SimBox(BoxOptions(seed=5, preset="classic", players=1, hints=True))
    try:
        player = until_roll_awaited(sim)
        _roll(sim, player, 3, 4)  # shut 7 ...
        sim.board.flip_flap(7)
        sim.run(200)
        for dice, tiles in (((4, 4), (8,)), ((4, 5), (9,))):  # ... then 8 and 9: one die allowed
            _roll(sim, player, *dice)
            for tile in tiles:
                sim.board.flip_flap(tile)
            sim.run(200)
        view = sim.view
        assert view.turn.open_mask == 0b111111 and view.turn.one_die_allowed()
        advised = load(preset("classic")).one_die_advised(view.turn)
        assert view.advice == (1 if advised else 0)
        oled = text_lines(sim.board.display_pixels())
        assert oled[2].startswith("hint") and oled[3].startswith("1die" if advised else "2die")
    finally:
        sim.close()


def test_without_hints_nothing_is_lit_in_the_hint_colour():
    from app.lights import _HINT

    sim = SimBox(BoxOptions(seed=5, preset="classic", players=1))
    try:
        assert not sim.view.menu.hints_on  # offered (as on the box), but off
        player = until_roll_awaited(sim)
        _roll(sim, player, 3, 4)
        assert _scaled(_HINT) not in sim.board.led_colors()
        assert sim.view.chance == -1
    finally:
        sim.close()


HINTS_PROBE = r"""
import gc
from app.hints import Hints
from game.presets import preset
from game.turn import Turn

hints = Hints()
turn = Turn(preset("classic"))
turn.roll(3, 4)
hints.best_move(turn)
turn.tile_shut(6)  # part of 6 + 1: the move is pending
hints.shut_chance(turn)
hints.one_die(turn)


def asked(times):  # what the App asks on every flap change; locals only
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(times):
        hints.shut_chance(turn)
        hints.one_die(turn)
    return gc.mem_alloc() - before


gc.disable()
pending = asked(300)
turn.tile_shut(1)  # the move adds up now
print("allocated", pending, asked(300))
"""


@pytest.mark.micropython
def test_the_per_flap_hint_lookups_allocate_nothing_on_micropython():
    from host_tests.micropython_runtimes import run_on

    status, out, err = run_on("unix", HINTS_PROBE)
    assert status == 0, out[-3000:] + err[-3000:]
    assert out.strip().splitlines()[-1] == "allocated 0 0", out


def test_a_twelve_tile_box_shows_hints():
    sim = SimBox(BoxOptions(seed=5, tiles=12, flap_wiring="mcp23017", preset="full-house", players=1, hints=True))
    try:
        player = until_roll_awaited(sim)
        policy = load(preset("full-house"))
        oled = text_lines(sim.board.display_pixels())
        assert oled[2].endswith(" <1%") and oled[3].endswith("shut")  # 0.475 %
        _roll(sim, player, 6, 6)
        turn = sim.view.turn
        assert turn.total == 12 and sim.view.hint == policy.best_move(turn) != 0
    finally:
        sim.close()


def test_the_long_games_uncoverer_is_told_the_chance_of_opening_every_tile():
    from app.core import PLAY
    from app.roller import IDLE
    from game.turn import AWAIT_ROLL

    from board_sim.box import BoxOptions, SimBox
    from board_sim.frontend.oled import text_lines
    from board_sim.script_player import BoxPlayer

    sim = SimBox(BoxOptions(seed=1, preset="long-game", players=2, hints=True))  # a match that reaches the uncoverer
    try:
        app = sim.view
        player = BoxPlayer(sim)
        for _ in range(3000):  # the uncoverer's turn, before its first roll
            if (app.phase == PLAY and app.match.uncovering() and app.turn.state == AWAIT_ROLL
                    and app.turn.rolls == 0 and app.roller.state == IDLE):
                break
            if (app.phase == PLAY and app.turn.state == AWAIT_ROLL and not sim.dice.forced
                    and not app.match.uncovering()):
                # the shutter's turn: 11 (a tile over 3 shut, which the uncoverer's rolls below
                # cannot open), then 3s until no move is left (the seed's dice, stirred by the
                # shakes' timing, once shut the box and ended the match)
                sim.dice.force([6, 5] if app.turn.rolls == 0 else [1, 2])
            assert player.step(), "the match ended before the uncoverer threw"
        screen = text_lines(sim.board.display_pixels())
        assert screen[3].endswith("open") and not any("shut" in line for line in screen), screen
        reviews = []
        for _ in range(3000):  # its turn to its review
            if app.reviewing and app.hints.review.player == app.result_player:
                reviews.append(text_lines(sim.board.display_pixels())[0])
                break
            if app.phase == PLAY and app.turn.state == AWAIT_ROLL and not sim.dice.forced:
                # Its rolls 1 and 2 (not a double: long-game throws those again): tile 3, or 1
                # and 2, then its turn ends (the seed's dice could open every tile at once and
                # win the match, with no review)
                sim.dice.force([1, 2])
            assert player.step(), "the match ended before the uncoverer's review"
        assert reviews and reviews[0].startswith("Review P2") and reviews[0].endswith("open%"), reviews
    finally:
        sim.close()

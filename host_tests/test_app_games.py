"""Whole games played on the simulated box: every preset, through its flaps, shake and buttons,
on boxes wired as each game needs (12 and 24 tiles on 74HC165 chains and MCP23017 expanders)."""

import pytest
from box_steps import leave_match, names_the_winners
from game.presets import PRESET_NAMES

from board_sim.frontend.oled import text_lines
from board_sim.script_player import BoxPlayer

# The flaps each preset needs; the rest play on the stock 9-tile Pico board.
BOXES = {
    "ten": {"tiles": 10},
    "full-house": {"tiles": 12, "flap_wiring": "mcp23017"},
    "2012": {"tiles": 12, "flap_wiring": "74hc165"},
    "the-300": {"tiles": 24, "flap_wiring": "74hc165"},
    "young-players": {"tiles": 9, "rows": 2, "flap_wiring": "74hc165"},
}


def _finished(box):
    from app.core import FINISHED

    return box.view.phase == FINISHED


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_plays_to_a_winner_through_the_hardware(open_box, name):
    box = open_box(seed=11, preset=name, players=2, **BOXES.get(name, {}))
    player = BoxPlayer(box)
    assert player.play(), "%s did not finish" % name
    assert player.rolls >= 1
    assert _finished(box)
    player.to_standings()
    winners = box.view.match.winners()
    assert winners and box.view.winner_mask == sum(1 << p for p in winners)
    oled = text_lines(box.board.display_pixels())
    assert names_the_winners(oled[0])
    for winner in winners:
        assert any(line.startswith("*P%d " % (winner + 1)) for line in oled[1:])
    assert box.view.faults == []


def test_the_300_on_two_mcp23017_expanders(open_box):
    box = open_box(seed=4, preset="the-300", players=1, tiles=24, flap_wiring="mcp23017")
    assert box.devices.flaps.tiles == 24
    assert BoxPlayer(box).play()
    assert box.view.match.totals[0] == box.view.rules.score(box.view.turn.open_mask)


def test_a_12_flap_box_plays_classic_on_tiles_1_to_9_and_ignores_the_rest(open_box):
    box = open_box(seed=6, preset="classic", players=1, tiles=12, flap_wiring="74hc165")
    box.board.set_flap(11, True)  # a flap the game does not use
    assert BoxPlayer(box).play()
    colours = box.board.led_colors()
    assert len(colours) == 12


def test_several_rounds_keep_totals_and_move_the_first_player(open_box):
    box = open_box(seed=3, preset="fixed-rounds", players=3)
    assert BoxPlayer(box).play()
    match = box.view.match
    assert match.rounds_played == 5
    assert sorted(match.winners()) == [p for p in range(3) if match.totals[p] == min(match.totals)]


def test_canoga_shows_each_players_chips_at_the_end(open_box):
    box = open_box(seed=8, preset="canoga", players=3)
    player = BoxPlayer(box)
    assert player.play()
    player.to_standings()
    chips = box.view.match.ledger.chips
    oled = text_lines(box.board.display_pixels())
    for player in range(3):
        assert oled[1 + player].endswith("$%d" % chips[player])
    assert sum(chips) + box.view.match.ledger.pot == 300


def test_the_winners_colours_chase_round_the_leds(open_box):
    box = open_box(seed=11, preset="classic", players=2)
    assert BoxPlayer(box).play()
    seen = set()
    for _ in range(10):
        box.run(130)
        seen.update(box.board.led_colors())
    winner = box.view.match.winners()[0]
    from app.lights import PLAYER_COLOURS

    colour = PLAYER_COLOURS[winner]
    scaled = tuple(((colour >> shift & 255) * 65) >> 8 for shift in (16, 8, 0))
    assert scaled in seen


def test_ok_after_the_end_plays_again_and_select_goes_back_to_the_menu(open_box):
    from app.core import MENU, PLAY, SETUP

    box = open_box(seed=2, preset="lucky-7", players=1)
    player = BoxPlayer(box)
    assert player.play()
    player.to_standings()
    box.board.press("ok")
    box.run(300)
    assert box.view.phase in (SETUP, PLAY)
    assert box.view.winner_mask == 0 and box.view.match.rounds_played == 0
    leave_match(box)
    assert box.view.phase == MENU
    assert text_lines(box.board.display_pixels())[0] == "  SHUT THE BOX"

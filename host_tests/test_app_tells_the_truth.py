"""What the box shows is true and helpful (issue 14): the long game's uncoverer is told to open
tiles, the last throw of a match is shown before the winner, a hint follows the tiles already
shut, the menu always has its Hints row, and a game needing more flaps gets a box with them."""

import pytest
from box_steps import awaiting, oled, play_until, standings_read

from board_sim.box import BoxOptions, OptionError, SimBox
from board_sim.script_player import BoxPlayer


def _awaiting_move(app):
    from game.turn import AWAIT_MOVE

    return awaiting(app, AWAIT_MOVE)


def test_the_long_games_uncoverer_is_told_to_open_the_lit_tiles(open_box):
    box = open_box(seed=1, preset="long-game", players=2)
    player = BoxPlayer(box)
    app = box.view

    def wrong_tiles():  # shut tiles the uncoverer's roll may not open
        return [tile for tile in range(1, 10) if not app.legal >> (tile - 1) & 1 and box.board.flap_shut(tile)]

    play_until(player, lambda: app.invert and _awaiting_move(app) and wrong_tiles(), 2000)
    assert oled(box)[5:7] == ["Open lit tiles", "to make %d" % app.turn.total]
    wrong = wrong_tiles()[0]
    box.board.flip_flap(wrong)  # opened against the rules: it must be shut again
    box.run(200)
    assert oled(box)[5:7] == ["Shut tile %d" % wrong, "again"]


def test_the_match_end_shows_the_shut_box_before_the_winner(open_box):
    box = open_box(seed=2, preset="lucky-7", players=1)
    box.dice.force((3, 4))
    player = BoxPlayer(box)
    assert player.play()
    assert oled(box)[:3] == ["P1 shut box!", "threw 7", "score 0"] and oled(box)[7] == "ok: standings"
    player.to_standings()
    assert oled(box)[0] == "P1 shut the box!"


def test_the_last_players_final_throw_is_shown(open_box):
    box = open_box(seed=11, preset="classic", players=2)
    player = BoxPlayer(box)
    assert player.play()
    view = box.view
    lines = oled(box)
    assert lines[0].startswith("P%d " % (view.result_player + 1))
    assert "threw %d" % view.total in lines and "score %d" % view.result_score in lines


def test_a_hint_follows_the_tiles_the_player_shut_instead(open_box):
    from app.lights import _HINT, _PENDING

    box = open_box(seed=5, preset="classic", players=1, hints=True)
    player = BoxPlayer(box)
    view = box.view
    box.dice.force((3, 4))
    play_until(player, lambda: _awaiting_move(view), 2000)
    assert view.hint == 1 << 6  # a 7 from every tile: shut 7
    box.board.flip_flap(1)  # the player shuts 1 instead: 1 + 6 or 1 + 2 + 4 make 7
    box.run(200)
    turn = view.turn
    assert turn.pending == 1 and view.hint and not view.hint & ~view.legal
    assert (view.hint | turn.pending) in turn.legal_moves()
    colours = box.board.led_colors()
    scaled = [tuple(((c >> s & 255) * 65) >> 8 for s in (16, 8, 0)) for c in (_HINT, _PENDING)]
    assert colours[0] == scaled[1] and colours[6] != scaled[0]  # 7 is no longer the hint
    for tile in range(2, 10):
        if view.hint >> (tile - 1) & 1:
            assert colours[tile - 1] == scaled[0]
            box.board.flip_flap(tile)  # following the hint is taken
    box.run(200)
    assert turn.moves_made == 1 and turn.pending == 0


def test_the_menu_has_its_hints_row_without_the_hints_option(open_box):
    box = open_box(seed=1)
    box.run(100)
    assert oled(box)[3:6] == [" Players  2", " Hints    off", " Start"]


def test_a_game_needing_more_flaps_gets_a_box_that_has_them(open_box):
    box = open_box(preset="full-house")
    box.run(100)
    assert box.view.menu.name() == "full-house" and box.view.faults == []
    assert box.devices.flaps.tiles == 12
    box.close()
    with pytest.raises(OptionError) as error:
        SimBox(BoxOptions(preset="full-house", tiles=9))
    assert str(error.value) == "full-house needs 12 tiles a row, the box has 9: leave tiles out or give 12"


def test_the_300_gets_24_flaps_read_through_shift_registers(open_box):
    box = open_box(preset="the-300")
    box.run(100)
    assert box.devices.flaps.tiles == 24 and box.pinmap["flaps"][0]["type"] == "74hc165"
    assert box.view.menu.name() == "the-300" and box.view.faults == []


def test_eight_players_canoga_standings_turn_pages_without_overwriting(open_box):
    box = open_box(seed=6, players=8, rules={"preset": "lucky-7", "stakes": "canoga"})
    player = BoxPlayer(box)
    assert player.play()
    player.to_standings()
    pages = [oled(box)]
    box.run(3100)
    assert oled(box) == pages[0]  # ok turns the page, not the clock
    box.board.press("ok")
    box.run(300)
    pages.append(oled(box))
    assert pages[0][6] == "ok: next page" and pages[1][6] == "ok: play again"
    chips = box.view.match.ledger.chips
    totals = box.view.match.totals
    threw = box.view.match.last_scores  # a single round: None for those a shut box stopped
    rows = [line for page in pages for line in page[1:6] if line[1:2] == "P"]
    assert rows == ["%sP%d %s $%d" % ("*" if box.view.winner_mask >> p & 1 else " ", p + 1,
                                      "-" if threw[p] is None else totals[p], chips[p])
                    for p in range(8)]
    assert " Kitty $%d" % box.view.match.ledger.pot in pages[1][1:6]  # canoga's, after the players'
    assert sum(chips) + box.view.match.ledger.pot == 8 * box.view.rules.chips


def test_players_who_never_threw_are_marked_and_the_winner_named(open_box):
    box = open_box(seed=3, preset="classic", players=3)
    box.dice.force((4, 5, 4, 4, 3, 4, 3, 3, 2, 3, 2, 2, 1, 2, 1, 2))  # 9, 8, ... 3, then 2 + 1
    player = BoxPlayer(box)
    assert player.play()
    assert box.view.result_player == 0 and box.view.winner_mask == 1
    player.to_standings()
    assert oled(box)[:4] == ["P1 shut the box!", "*P1 0", " P2 -", " P3 -"]


def test_a_turn_that_takes_a_player_past_max_penalty_says_out_at_once(open_box):
    from app.core import SETUP

    box = open_box(seed=4, preset="max-penalty", players=3)
    player = BoxPlayer(box)
    view = box.view
    play_until(player, lambda: view.phase == SETUP and view.player == 1, 2000)
    view.match.totals[1] = 44  # a long evening: P2 one short of 45
    box.dice.force((6, 6))  # 12 on 1-9: shut 9 + 3, then whatever the dice say
    play_until(player, lambda: view.phase == SETUP and view.result_player == 1
               and not view.must_open and not view.must_shut, 2000)
    assert view.result_score > 0 and not view.match.dropped[1]  # (dropped at the round's end)
    lines = oled(box)
    assert "out of the match" in lines and lines.index("out of the match") == lines.index(
        next(line for line in lines if line.startswith("score"))) + 1
    box.board.press("select")  # the match page
    box.run(200)
    shown = standings_read(oled(box))
    assert shown[2][1] == "44" and shown[2][2] == view.result_score and shown[2][4]  # "out"
    assert not shown[1][4] and not shown[3][4]


def test_canogas_kitty_is_on_the_match_page(open_box):
    from app.core import SETUP

    box = open_box(seed=4, preset="canoga", players=3)
    view = box.view
    play_until(BoxPlayer(box), lambda: view.phase == SETUP and view.result_player >= 0
               and not view.reviewing and not view.must_open and not view.must_shut, 400)
    box.board.press("select")  # the match page
    box.run(200)
    pot = view.match.ledger.pot
    assert pot == 3 * view.rules.ante > 0  # the round's antes
    assert oled(box)[4] == " Kitty $%d" % pot


@pytest.mark.parametrize("preset, lines", [
    ("thai", ["Shut one tile:", "total or a die"]), ("exact-match", ["Shut the total", "or both dice"]),
    ("single-die", ["Shut the total", "or every die"]), ("young-players", ["Shut the total", "or one/both dice"]),
    ("classic", ["Shut lit tiles", "to make 9"])])
def test_the_move_instruction_says_what_the_games_rule_allows(open_box, preset, lines):
    box = open_box(seed=2, preset=preset, players=1)
    box.dice.force((4, 5))
    play_until(BoxPlayer(box), lambda: _awaiting_move(box.view), 2000)
    assert oled(box)[5:7] == lines


def test_a_game_without_a_coach_says_so_in_the_menu_and_between_turns(open_box):
    from app.core import SETUP

    box = open_box(seed=1, preset="the-300", players=2, hints=True)
    box.run(100)
    assert oled(box)[4] == " Hints none here"
    box.board.press("ok", 1000)  # start
    box.run(1200)
    play_until(BoxPlayer(box), lambda: box.view.phase == SETUP and not box.view.must_open
               and not box.view.must_shut, 400)
    lines = oled(box)
    assert lines[lines.index("ok to play") + 1] == "Hints: none here"
    box.close()
    box = open_box(seed=1, preset="classic", players=2, hints=True)
    box.run(100)
    assert oled(box)[4] == " Hints    on"


def test_a_match_left_for_the_menu_is_resumed_from_its_resume_row(open_box):
    from app.core import MENU, PLAY, SETUP
    from box_steps import leave_match, to_players_row
    from game.turn import AWAIT_ROLL

    box = open_box(seed=7, preset="fixed-rounds", players=3)
    view = box.view
    play_until(BoxPlayer(box), lambda: view.player == 1 and awaiting(view, AWAIT_ROLL) and view.turn.rolls, 2000)
    match = view.match
    state = (match.current, list(match.totals), match.rounds_played, view.turn.open_mask, view.total)
    leave_match(box)
    assert view.phase == MENU
    lines = oled(box)
    assert lines[6] == " Resume P2 Rd 1" and lines[7] == "select:rules"
    to_players_row(box)
    for _ in range(3):  # Hints, Start, Resume
        box.board.press("select")
        box.run(300)
    assert oled(box)[6:8] == [">Resume P2 Rd 1", "fixed-rounds"]
    box.board.press("ok")
    box.run(1500)
    assert view.phase in (SETUP, PLAY) and view.match is match
    assert (match.current, list(match.totals), match.rounds_played, view.turn.open_mask, view.total) == state
    play_until(BoxPlayer(box), lambda: match.current != 1, 2000)  # the turn goes on, then the next's
    assert view.match is match and match.current == 2


def test_the_between_turns_page_says_who_starts_each_round(open_box):
    from app.core import SETUP

    box = open_box(seed=8, preset="tournament", players=3)
    view = box.view
    player = BoxPlayer(box)
    for starter in (1, 2):  # rounds 2 and 3: the start moves on a seat
        play_until(player, lambda starter=starter: view.phase == SETUP and not view.must_open
                   and view.match.rounds_played == starter and not view.must_shut, 4000)
        lines = oled(box)
        assert lines[lines.index("Next: Player %d" % (starter + 1)) + 1] == "starts the round"
        play_until(player, lambda starter=starter: view.player != starter, 2000)  # the round's next turn
        assert "starts the round" not in oled(box)


def test_the_games_said_to_have_no_coach_are_those_with_no_table():
    from types import SimpleNamespace

    from app import screen_menu, screen_turn
    from game.config import rules_from_config
    from game.policy_file import policy_key, read_policy
    from game.presets import PRESET_NAMES, preset

    games = [preset(name) for name in PRESET_NAMES] + [
        rules_from_config(config) for config in ({"source": "dominoes", "one_die": "never"},
                                                 {"source": "cards", "one_die": "never"},
                                                 {"source": "manual-dice"}, {"tiles": 12, "dice": 1, "faces": 20, "one_die": "never"})]
    for rules in games:
        menu = SimpleNamespace(rules=lambda rules=rules: rules)
        coached = screen_turn.coached(rules)
        assert coached == screen_menu.coached(menu) == (policy_key(rules) is not None)
        assert coached == (read_policy(rules) is not None)
    assert not screen_turn.coached(preset("the-300"))


def test_the_match_page_marks_out_whom_max_penalty_drops():
    from types import SimpleNamespace

    from app.screen_lines import out_now
    from game.config import rules_from_config
    from game.max_penalty import goes_out

    for drop_on_exceed in (False, True):
        rules = rules_from_config({"preset": "max-penalty", "drop_on_exceed": drop_on_exceed})
        for total in range(40, 50):
            match = SimpleNamespace(dropped=bytearray(2), totals=[total - 3, 0], scores=[3, None],
                                    over=False, simultaneous=False, seats=[])
            assert out_now(match, rules, 0) == goes_out(rules, total), (total, drop_on_exceed)

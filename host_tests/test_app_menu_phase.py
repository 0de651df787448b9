"""The menu and the match's end are loaded only while they are shown (issue 13): in play the App
keeps the choices made in the menu and holds neither; back in the menu (a long select) it
offers every game again, on the choices played by."""

import sys

from box_steps import leave_match, names_the_winners, oled, start, to_players_row

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer


def _menu_words(box):
    """The menu's rows on the OLED without the cursor."""
    box.run(200)
    return [line[1:] for line in oled(box)[1:6]]


def test_a_long_select_in_play_goes_back_to_the_menu_on_the_choices_played_by():
    from app.core import MENU, PLAY, SETUP

    box = SimBox(BoxOptions(seed=5, preset="full-house", players=3, hints=True))
    try:
        box.run(200)
        games = len(box.view.menu.entries)
        module = sys.modules["app.menu"]  # the menu's, loaded at boot
        assert "game.match" in sys.modules  # Start's: a quiet tick of the menu imported it
        sys.modules.pop("game.match")
        box.run(100)
        assert "game.match" in sys.modules  # again
        to_players_row(box)
        box.board.press("ok")  # 3 -> 4
        box.run(300)
        shown = _menu_words(box)
        assert start(box) in (SETUP, PLAY)  # a turn
        assert box.view.menu is None and sys.modules.get("app.menu") is not module  # let go
        assert (box.view.game_name, box.view.players, box.view.hints_on) == ("full-house", 4, True)
        leave_match(box)  # a long press, then ok: back to the menu
        box.run(500)
        menu = box.view.menu
        assert box.view.phase == MENU and menu.row == 0 and len(menu.entries) == games
        assert (menu.name(), menu.players, menu.hints_on) == ("full-house", 4, True)
        assert _menu_words(box) == shown
    finally:
        box.close()


def test_the_match_s_end_is_loaded_only_while_it_is_shown():
    from app.core import FINISHED, PLAY, SETUP

    box = SimBox(BoxOptions(seed=3, preset="classic", players=1))
    try:
        assert start(box) in (SETUP, PLAY)
        assert box.app.ending is None
        assert BoxPlayer(box).play()
        assert box.view.phase == FINISHED and type(box.app.ending).__module__ == "app.finish"
        assert "game.match" not in sys.modules  # boot let it go, and a match in play holds none
        ending = sys.modules["app.finish"]
        box.board.press("ok")  # on to the standings
        box.run(300)
        frames = sys.modules["app.finish_frames"]  # imported for the first frame drawn
        assert box.view.phase == FINISHED and names_the_winners(oled(box)[0])
        assert "game.match" in sys.modules  # play again's, imported once the merge was saved
        box.board.press("ok")  # play again
        box.run(300)
        assert box.view.phase in (SETUP, PLAY) and box.app.ending is None
        assert sys.modules.get("app.finish") is not ending  # let go
        assert sys.modules.get("app.finish_frames") is not frames
    finally:
        box.close()


class _Ended(Exception):
    """The match's end reached (_played_to_its_end)."""


def _played_to_its_end(box):
    """A classic match with hints played from its start to the tick that ends it (FINISHED)."""
    from app.core import FINISHED, PLAY, SETUP

    assert start(box) in (SETUP, PLAY)
    tick = box.tick

    def tick_to_the_end():
        tick()
        if box.view.phase == FINISHED:
            raise _Ended

    box.tick = tick_to_the_end
    try:
        BoxPlayer(box).play()
    except _Ended:  # at the tick that ended the match
        pass
    box.tick = tick


def test_select_before_the_match_s_end_has_loaded_its_work_still_prices_the_review_and_merges_the_match():
    """select at once at the match's end, before a quiet tick has imported app.finish_work: the
    phase's leave imports it, prices the last turn's review, lets the coach's programme go and
    asks for the merge, which counts the match once; then it goes with app.finish."""
    from app.core import MENU

    box = SimBox(BoxOptions(seed=3, preset="classic", players=2, hints=True))
    try:
        _played_to_its_end(box)
        hints = box.app.hints
        assert "app.finish_work" not in sys.modules
        assert hints.review.end_mask >= 0  # the last turn's review, not yet priced
        box.board.press("select")
        box.run(300)
        assert box.view.phase == MENU and box.app.ending is None
        assert "app.finish" not in sys.modules and "app.finish_work" not in sys.modules
        assert hints.review.end_mask < 0 and hints.win is None
        box.finish_saves()
        assert box.app.keeper.merging is None
        assert sum(box.view.stats.games_by_players) == 1
    finally:
        box.close()


def test_the_match_s_end_lets_the_coach_s_outcome_table_go_at_once_and_prices_the_review_with_its_chances():
    """The last turn's review is priced with the coach's chances alone: app.finish lets the
    outcome table go as the match's end starts, room the end's save needs beside the chances
    (the heap's peak on the Pico W with the scoreboard, measured at a match's end)."""
    box = SimBox(BoxOptions(seed=3, preset="classic", players=2, hints=True))
    try:
        _played_to_its_end(box)
        hints = box.app.hints
        win = hints.win
        assert win is not None and win.table is not None and hints.review.end_mask >= 0
        while box.app.ending is None:
            box.tick()
        assert win.table is None and win.one_die is None and win.chances is not None  # (hints.win: still it)
        while hints.review.end_mask >= 0:
            box.tick()
        assert hints.review.total_cost >= 0  # priced
        box.run(2000)
        assert hints.win is None  # then the programme gone
    finally:
        box.close()



def test_select_held_long_as_the_match_ends_still_counts_the_match_and_opens_the_menu():
    """select held through the last move, its long press landing in the tick after the one that
    ended the match, before app.finish has taken over: the match's end takes it as select (the
    menu, from the next tick), so the merge is asked as the end is put away and the match counted
    once. A long select once went to the menu at once there, and no merge was ever asked: a
    match not counted in the lifetime statistics."""
    from app.core import FINISHED, MENU

    box = SimBox(BoxOptions(seed=3, preset="classic", players=2, hints=True))
    try:
        _played_to_its_end(box)
        assert box.view.phase == FINISHED and box.app.ending is None
        board = box.board
        board.hold("select")  # held for a second already: the next tick reads a long press
        select = box.app.devices.buttons["select"]
        select._raw = select._down = True
        select._down_since_ms = select._raw_since = board.now_ms - 1000
        select._long_reported = False
        box.tick()
        board.hold("select", False)
        box.run(1500)
        box.board.press("select")  # (a long press the end could not take yet: select again)
        box.run(1500)
        assert box.view.phase == MENU
        box.finish_saves()
        assert box.app.keeper.merging is None
        assert sum(box.view.stats.games_by_players) == 1
    finally:
        box.close()

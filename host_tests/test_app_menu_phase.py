"""The menu and the match's end are loaded only while they are shown (issue 13): in play the App
keeps the choices made in the menu and holds neither; back in the menu (a long select) it
offers every game again, on the choices played by."""

import sys

from box_steps import leave_match, oled, start, to_players_row

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
        ending = sys.modules["app.finish"]
        box.board.press("ok")  # on to the standings
        box.run(300)
        box.board.press("ok")  # play again
        box.run(300)
        assert box.view.phase in (SETUP, PLAY) and box.app.ending is None
        assert sys.modules.get("app.finish") is not ending  # let go
    finally:
        box.close()


def _phase_imports_watched(box, until):
    """Tick the box until `until()`: per tick, (game.match loaded, app.phases loaded, a match's
    turn set up or played)."""
    from app.core import PLAY, SETUP

    seen = []
    while len(seen) < 400 and not until():
        box.tick()
        seen.append(("game.match" in sys.modules, "app.phases" in sys.modules,
                     box.view.phase in (SETUP, PLAY)))
    return seen


def _a_module_a_tick(seen):
    """The ticks from the first import of what starts a match: game.match, then app.phases,
    then the match (both let go after it), each in a tick of its own (both imports in one tick
    took a Pico 23 ms)."""
    first = [match for match, _phases, _started in seen].index(True)
    return seen[first:] == [(True, False, False), (True, True, False), (False, False, True)]


def test_start_and_play_again_import_what_starts_a_match_a_module_a_tick():
    from app.core import FINISHED

    box = SimBox(BoxOptions(seed=3, preset="classic", players=1))
    try:
        box.run(200)
        sys.modules.pop("game.match", None)
        sys.modules.pop("app.phases", None)
        box.board.press("ok", 1000)  # a long ok: start
        seen = _phase_imports_watched(box, lambda: box.view.phase != 0)
        assert _a_module_a_tick(seen), seen
        box.run(300)
        if box.view.waits_for_ok():
            box.board.press("ok")
            box.run(300)
        assert BoxPlayer(box).play()
        assert box.view.phase == FINISHED
        box.board.press("ok")  # on to the standings
        box.run(300)
        box.board.press("ok")  # play again
        seen = _phase_imports_watched(box, lambda: box.view.phase != FINISHED)
        assert _a_module_a_tick(seen), seen
    finally:
        box.close()

"""Back to the menu after a match (select at its end, or a match left: a long select, then ok),
the menu opens over the quiet ticks that follow (app.menu_again): the tick of the press puts
the match away and imports that module alone; then each tick imports one module (app.menu,
then what lists the games) or lists a few games, and does no other long work (no band of the
OLED, no save's slice). All at once, on the emulated Pico, it took one tick of 138 ms (issue
45). The menu is then the one boot made, on the choices played by, and what opened it is let
go."""

import sys

import pytest
from box_steps import leave_match, not_loaded, oled, start
from mpy_file import module_lookups

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer

_GAMES_A_SLICE = 8  # app.menu_again's
_MOST_LOOKUPS = 60  # names a module of the opening may look up as it loads (test_keeper_imports')


def _at_the_end(box):
    """The match played to its end, its end on show for 3 s (the merge saved)."""
    assert BoxPlayer(box).play()
    box.run(3000)
    box.board.press("select")


def _left(box):
    """A long select in play, then ok: the match left."""
    box.board.press("select", 1000)
    box.run(1200)
    box.board.press("ok")


def _ticks_of_the_opening(box, monkeypatch, press):
    """[(modules imported, modules let go, games listed, bands sent, saves' slices)] of each
    tick from the one `press`'s buttons reach the App (the first to import app.menu_back, or to
    leave the App in its menu) until the menu is open; the modules the opening imports are first made not loaded, as a
    board's boot leaves them."""
    import app.keeper
    import app.menu_again
    from game.rule_set import Rules

    not_loaded(monkeypatch, app.menu_again.OPENING + ("app.menu_again",))
    listed = []
    made = Rules.__init__

    def counted_rules(rules, **axes):
        listed.append(1)
        made(rules, **axes)

    monkeypatch.setattr(Rules, "__init__", counted_rules)
    slices = []
    step = app.keeper.step
    monkeypatch.setattr(app.keeper, "step", lambda keeper: slices.append(1) or step(keeper))
    screen = box.app.screen
    bands = []
    flush = screen.flush
    monkeypatch.setattr(screen, "flush", lambda: bands.append(1) or flush())
    press()
    ticks = []
    for _ in range(300):
        before = set(sys.modules)
        del listed[:], slices[:], bands[:]
        box.tick()
        after = set(sys.modules)
        if ticks or "app.menu_back" in after or box.view.phase == 0:
            ticks.append((sorted(after - before), sorted(before - after), len(listed), len(bands),
                          len(slices)))
        if box.app.menu is not None:
            return ticks
    raise AssertionError("the menu did not open: %r" % ticks)


@pytest.mark.parametrize("how", ["at the match's end", "a match left"])
def test_the_menu_opens_again_a_module_or_a_few_games_a_tick(monkeypatch, how):
    from app.core import MENU
    from app.menu_again import OPENING
    from game.presets import PRESET_NAMES

    box = SimBox(BoxOptions(seed=3, preset="full-house", players=2, hints=True))
    try:
        booted = _menu_text_and_games(box)
        start(box)
        left = how == "a match left"
        ticks = _ticks_of_the_opening(box, monkeypatch, lambda: (_left if left else _at_the_end)(box))
        # the press's tick (select at the end, the question's ok) imports app.menu_back, the
        # next puts the match away with it, then the opening: one module a tick, in turn
        imports = [tick[0] for tick in ticks if tick[0]]
        assert imports == [[name] for name in ("app.menu_back", "app.menu_again") + OPENING]
        assert ticks[1][1] and "app.menu_back" in ticks[1][1] and ticks[1][2:] == (0, 0, 0)  # put away
        opening = ticks[[tick[0] for tick in ticks].index(["app.menu_again"]):]
        for imported, _gone, games, bands, slices in opening:
            assert not (imported and games) and games <= _GAMES_A_SLICE and bands == slices == 0, opening
        assert sum(tick[2] for tick in opening) == len(PRESET_NAMES)
        gone = set(opening[-1][1])  # (and the frames last drawn, once the menu's are to be drawn)
        assert {"app.menu_again", "game.presets"} <= gone, gone
        assert all(name.startswith("app.screen_") for name in gone - {"app.menu_again", "game.presets"})
        assert box.view.phase == MENU
        again = _menu_text_and_games(box)  # the menu boot made, on the choices played by
        if left:  # (its last row: Resume, in Check inputs' place)
            assert again[0][6].startswith(" Resume") and booted[0][6] == " Check inputs"
            again[0][6] = booted[0][6]
        assert again == booted
    finally:
        box.close()


def _menu_text_and_games(box):
    box.run(300)
    menu = box.view.menu
    return oled(box), [entry[0] for entry in menu.entries], menu.name(), menu.players, menu.hints_on


def test_house_rules_are_offered_again_first():
    box = SimBox(BoxOptions(seed=4, players=2, rules={"preset": "classic", "target": 45}))
    try:
        booted = _menu_text_and_games(box)
        assert booted[1][0] == "house rules" and box.view.menu.rules().target == 45
        start(box)
        leave_match(box)
        box.run(300)
        assert _menu_text_and_games(box)[1:] == booted[1:]  # (the menu's last row: Resume)
        assert box.view.menu.entries[0][1] == box.app.house  # the same rules
    finally:
        box.close()


def test_a_box_without_a_display_opens_the_menu_again_between_its_saves():
    box = SimBox(BoxOptions(seed=4, players=1, display=False))
    try:
        box.run(200)
        games = len(box.view.menu.entries)
        start(box)
        leave_match(box)
        box.run(300)
        assert box.view.menu is not None and len(box.view.menu.entries) == games
    finally:
        box.close()


def test_a_heap_run_out_as_the_games_are_listed_opens_the_menu_all_the_same(monkeypatch):
    """A MemoryError in a slice of the opening (app.core's tick catches it: app.recover) ends
    that opening; the next quiet tick begins it again, and the menu opens with every game."""
    from game.rule_set import Rules

    box = SimBox(BoxOptions(seed=4, players=2))
    try:
        box.run(200)
        games = [entry[0] for entry in box.view.menu.entries]
        start(box)
        made = Rules.__init__
        failed = []

        def out_of_memory_once(rules, **axes):
            if not failed:
                failed.append(1)
                raise MemoryError("memory allocation failed")
            made(rules, **axes)

        monkeypatch.setattr(Rules, "__init__", out_of_memory_once)
        leave_match(box)
        box.run(300)
        assert failed and box.view.menu is not None
        assert [entry[0] for entry in box.view.menu.entries] == games
        assert "app.menu_again" not in sys.modules
    finally:
        box.close()


def test_each_module_the_opening_imports_looks_up_few_names():
    from app.menu_again import OPENING

    for name in OPENING + ("app.menu_again", "app.menu_back"):
        assert module_lookups(name) <= _MOST_LOOKUPS, name

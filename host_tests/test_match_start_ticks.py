"""The match's start from the menu spread over ticks (issue 45): a wide legality table (rolls over
16: game.reach's 11.7 ms on a Pico for the-300's 4 dice) is made in a tick after Start of its
own (app.phases' ready), game.rounds and game.match were imported by the menu's quiet ticks, and
none of it is done in the tick the match starts in (a Pico took 28.1 ms for it on the-300);
the match still starts at once to the eye, the tick after that one (classic's, whose 512 B
table its start tick makes in time, the tick after Start as before)."""

import sys

import pytest

from board_sim.box import BoxOptions, SimBox


class _Imports:
    """A finder that notes each module imported afresh (and finds none itself)."""

    def __init__(self):
        self.names = []

    def find_spec(self, name, path=None, target=None):
        self.names.append(name)


def _ticks_from_start(options, monkeypatch):
    """The modules imported afresh in the ticks until a short ok on Start is taken, and
    [(modules imported afresh, phase after)] of each tick after, until the match's first turn
    is set up, on a box as just powered on: no legality table made, game.reach and app.phases
    not loaded (an earlier test of the same worker may have made the-300's table, which
    game.tables keeps for the process)."""
    import game.tables
    from app.core import MENU

    monkeypatch.setattr(game.tables, "_loaded", {})
    monkeypatch.delitem(sys.modules, "game.reach", raising=False)
    monkeypatch.delitem(sys.modules, "app.phases", raising=False)
    box = SimBox(options)
    box.run(300)
    menu = box.app.menu
    while menu.row != 3:  # Start (app.menu's _ROW_START)
        box.board.press("select")
        box.run(300)
    imports = _Imports()
    sys.meta_path.insert(0, imports)
    try:
        box.board.press("ok")
        while not menu.starting:
            box.tick()
        started = list(imports.names)
        ticks = []
        while box.app.phase == MENU and len(ticks) < 20:
            imports.names.clear()
            box.tick()
            ticks.append((list(imports.names), box.app.phase))
    finally:
        sys.meta_path.remove(imports)
        box.close()
    return started, ticks


@pytest.mark.parametrize(("options", "made_after_start"), [
    (BoxOptions(seed=1, preset="the-300", players=2, flap_wiring="mcp23017"), True),
    (BoxOptions(seed=1, players=2, hints=True), False),  # the coach's work in the menu made it
], ids=["the-300 on MCP23017s", "classic with hints"])
def test_the_tick_a_match_starts_in_makes_no_wide_legality_table_nor_imports_the_game(options, made_after_start,
                                                                                     monkeypatch):
    _started, ticks = _ticks_from_start(options, monkeypatch)
    started, phase = ticks[-1]
    assert phase != 0, "the match never started"
    assert "game.reach" not in started and "game.match" not in started and "game.rounds" not in started
    assert any("game.reach" in names for names, _ in ticks[:-1]) == made_after_start  # in a tick of its own
    assert len(ticks) == 1 + made_after_start  # at once to the eye


def test_the_tick_a_match_starts_in_draws_nothing_its_frame_and_leds_are_the_next_s(monkeypatch):
    """The match's start fills its tick (the match made, the menu let go: an emulated RP2040's
    19-20 ms on 12 tiles, issue 45): the OLED's frame and the LEDs of its first turn are the
    next tick's, the menu's LEDs stay up that one tick."""
    import app.presentation
    from app.core import MENU

    rendered = []
    render = app.presentation.render
    monkeypatch.setattr(app.presentation, "render", lambda app_, now_ms, *sliced: (rendered.append(1), render(app_, now_ms, *sliced)))
    box = SimBox(BoxOptions(seed=1, preset="full-house", players=2, hints=True))
    try:
        box.run(300)
        while box.app.menu.row != 3:  # Start (app.menu's _ROW_START)
            box.board.press("select")
            box.run(300)
        box.board.press("ok")
        ticks = []
        while box.app.phase == MENU and len(ticks) < 100:
            del rendered[:]
            box.tick()
            ticks.append(len(rendered))
        del rendered[:]
        leds = box.board.led_colors()
        box.tick()
        assert box.app.phase != MENU and ticks[-1] == 0, ticks  # the start's tick: nothing drawn
        assert ticks[:-1] and all(ticks[:-1]), ticks  # (every tick before it draws)
        assert rendered == [1] and box.board.led_colors() != leds  # the next: the turn's LEDs
    finally:
        box.close()


@pytest.mark.parametrize("options", [
    BoxOptions(seed=1, preset="the-300", players=2, flap_wiring="mcp23017"),
    BoxOptions(seed=1, players=2, hints=True),
], ids=["the-300 on MCP23017s", "classic with hints"])
def test_the_tick_start_is_taken_in_imports_nothing(options, monkeypatch):
    """app.phases, what starts the match, is imported by a quiet tick of the menu before (app.menu):
    imported in the tick that took Start, beside the two expanders' reads, it took an emulated
    RP2040 20.8 ms on the-300 (issue 45)."""
    started, _ticks = _ticks_from_start(options, monkeypatch)
    assert started == []

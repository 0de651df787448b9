"""Issue 45, goal 2: the first player's chance of winning is ready within 1 s of the match's
start on 9 and 10 tiles, 2 s on 12, on a Pico. The menu works it out while the players choose
(app.menu's _ahead: in a single round it depends on the rules and the number of players alone),
and a turn's start (what it plays for) goes before the match's first save.

Counted in the box's ticks, never in time: no tick may take a Pico over 20 ms (goal 1), and the
loop sleeps 5 ms after each at most (1 while the coach has work), so TICKS_PER_SECOND ticks take
a Pico at most a second."""

import pytest
from app.core import MENU, SETUP
from box_steps import to_players_row
from game.win_chance import WinChance

from board_sim.box import BoxOptions, SimBox

TICKS_PER_SECOND = 1000 // (20 + 5)
BOXES = (("classic", 9, "gpio", 1), ("ten", 10, "gpio", 1), ("full-house", 12, "mcp23017", 2))


def _box(preset, tiles, wiring, players=2):
    return SimBox(BoxOptions(seed=5, tiles=tiles, flap_wiring=wiring, preset=preset, players=players,
                             hints=True, accel=False))


def _ticks_from_the_start_to_the_chance(sim):
    """Run the box until its first turn plays to win: the ticks from the one that started the
    match (it counts), or None if it never did within 30 s of the box's clock."""
    app = sim.view
    ticks = []

    def each_tick():
        if ticks or app.phase != MENU:
            ticks.append(app.hints.winning)

    for _ in range(300):
        sim.run(100, each_tick)
        if True in ticks:
            return ticks.index(True) + 1
    return None


@pytest.mark.parametrize(("preset", "tiles", "wiring", "seconds"), BOXES)
def test_the_first_players_chance_of_winning_is_ready_within_a_second_of_the_match_s_start(
        preset, tiles, wiring, seconds):
    """The players take the menu as it comes up (its last choices) and start with a long ok."""
    sim = _box(preset, tiles, wiring)
    try:
        sim.run(200)
        sim.board.press("ok", 1000)
        ticks = _ticks_from_the_start_to_the_chance(sim)
        assert ticks is not None and ticks <= seconds * TICKS_PER_SECOND, ticks
        assert sim.view.phase == SETUP  # ready before the first player's "ok to play"
    finally:
        sim.close()


def test_the_menu_works_out_the_chance_for_the_players_chosen_last_and_lets_it_go_with_hints_off():
    sim = _box("classic", 9, "gpio")
    app = sim.view
    try:
        sim.run(400)
        made = app.hints.win
        assert made.ready and (made.to_beat, made.tied, made.after) == (-1, 0, 1)  # 2 players
        to_players_row(sim)
        sim.board.press("ok")  # 3 players: begun again for them
        sim.run(1000)
        win = app.hints.win
        assert win is made and win.ready and (win.to_beat, win.tied, win.after) == (-1, 0, 2)
        fresh = WinChance(win.rules)  # worked out here, at once
        assert fresh.begin(-1, 0, 2)
        while not fresh.step(1 << 9):
            pass
        assert list(win.chances) == list(fresh.chances) and win.one_die == fresh.one_die
        for button in ("select", "ok"):  # hints off
            sim.board.press(button)
            sim.run(300)
        assert not app.menu.hints_on and app.hints.win is None
        for button in ("ok", "select", "ok"):  # on again, Start
            sim.board.press(button)
            sim.run(300)
        ticks = _ticks_from_the_start_to_the_chance(sim)
        assert app.players == 3 and ticks <= TICKS_PER_SECOND, ticks
        assert list(app.hints.win.chances) == list(fresh.chances)
    finally:
        sim.close()


@pytest.mark.parametrize("preset", ["tournament", "fixed-rounds", "classic"])
def test_the_menu_loads_the_game_s_policy_for_every_format_so_the_first_turn_reads_none(preset):
    """The first turn's ok shows its shut chance: with the policy not loaded yet, that tick
    imported game.policy_file and game.tables.policies and read the table, 55 ms on the
    emulated chip (issue 45). The menu's quiet ticks load it, a slice a tick, for every match
    format (not only the single round whose first chance it works out too)."""
    sim = _box(preset, 9, "gpio")
    app = sim.view
    try:
        sim.run(200)
        policy = app.hints.policy
        assert policy is not None and app.hints.rules is app.menu.rules()
        sim.board.press("ok", 1000)
        sim.run(2000, lambda: None)
        assert app.phase != MENU and app.hints.policy is policy  # the same table, not read again
    finally:
        sim.close()


def test_each_of_the_menu_s_quiet_ticks_imports_one_module_at_most():
    """An import from the pack costs a Pico 9-19 ms (issue 45's emulated chip): the menu's work
    ahead takes one a tick: game.rounds (game.match's own import), game.match, app.hints_ahead,
    then the policy's modules and the programme's. That work's module came in the same tick as
    game.policy_file before, and game.rounds with game.match."""
    import sys

    sim = _box("full-house", 12, "mcp23017", 2)
    app = sim.view
    imports = []  # the firmware's modules each menu tick imported

    def each_tick():
        if app.phase == MENU:
            now = {name for name in sys.modules if name.split(".")[0] in ("app", "game", "hal")}
            imports.append(sorted(now - seen))
            seen.update(now)

    seen = {name for name in sys.modules if name.split(".")[0] in ("app", "game", "hal")}
    try:
        sim.run(1500, each_tick)
        assert app.hints.win is not None and app.hints.win.ready  # the menu's work all done
    finally:
        sim.close()
    many = [names for names in imports if len(names) > 1]
    assert many == [] and ["app.hints_ahead"] in imports


class _FlashedTables:
    """A meta-path finder giving the firmware the game.tables.files a flashed tree holds
    (tools/flashing/tables.py stages it: where the flasher put the tables), naming the
    source tree's own policies.bin; `made` counts its imports."""

    def __init__(self):
        self.made = 0

    def find_spec(self, name, path=None, target=None):
        import importlib.util

        return importlib.util.spec_from_loader(name, self) if name == "game.tables.files" else None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        from board_sim.firmware_dir import FIRMWARE

        module._POLICIES = str(FIRMWARE / "game" / "tables" / "policies.bin")
        self.made += 1


def test_the_menu_imports_where_the_flasher_put_the_tables_in_a_tick_before_the_policy_s(monkeypatch):
    """On a flashed box read_policy imports game.tables.files, then opens the table: both in the
    tick that read the policy took an emulated RP2040 19-24 ms (issue 45). The menu imports it
    in a quiet tick of its own first, and the tick that reads the policy imports nothing."""
    import sys

    import app.hints

    tables = _FlashedTables()
    monkeypatch.setattr(sys, "meta_path", [tables] + sys.meta_path)
    monkeypatch.delitem(sys.modules, "game.tables.files", raising=False)
    read = []
    load = app.hints.load

    def counted(rules):
        read.append(1)
        return load(rules)

    monkeypatch.setattr(app.hints, "load", counted)
    sim = _box("classic", 9, "gpio")
    view = sim.view
    ticks = []  # (modules imported, game.tables.files imported, policies read) of each menu tick

    def each_tick():
        if view.phase == MENU:
            now = set(sys.modules)
            ticks.append((sorted(now - seen), tables.made, len(read)))
            seen.update(now)
            tables.made = 0
            del read[:]

    seen = set(sys.modules)
    try:
        sim.run(1500, each_tick)
        assert view.hints.policy is not None and view.hints.rules is view.menu.rules()
    finally:
        sim.close()
    reading = [number for number, (_names, _made, count) in enumerate(ticks) if count]
    assert len(reading) == 1, ticks
    assert ticks[reading[0]][:2] == ([], 0), ticks  # the policy's tick imports nothing
    assert ticks[reading[0] - 1][:2] == (["game.tables.files"], 1), ticks  # the tick before: that alone

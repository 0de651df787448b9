"""A save in play imports its modules a slice a tick (app.keeper's step, app.keeper_jobs), one
module a slice, and on a Pico such a slice's time is mostly the names its module looks up as it
loads (issue 45): MicroPython looks up each name of a module's table that is not built into the
firmware, and each of its string constants (those inside constant tuples too), among the names
interned so far, a pass over some 1,700 of them in play: about 0.11 ms of a Pico's each (an
emulated RP2040: the imports of a save took 7 ms each besides, finding and reading the module).
A tick's 20 ms less a plain tick's 7 ms and the import's own 7 ms leave 6 ms: _MOST_LOOKUPS.
game.match_saved, a tuple of tuples of strings, looked up 86 (its slice took 21.5-23.6 ms).

The names are counted in the .mpy each module is on a board (tools/flash.py's compile_module)."""

import sys

import pytest
from app.core import FINISHED
from box_steps import counted, not_loaded
from mpy_file import lookups, module_lookups

from bench import boot_bench
from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer
from tools.flashing.build import compile_module

_MOST_LOOKUPS = 54


def _loaded_starting(prefixes):
    return [name for name in sys.modules if name.startswith(prefixes)]


def _imports_of_each_slice_in_play(monkeypatch, at_the_end=False, hints=True, released=None):
    """[modules imported] of each slice of the keeper's work in a classic match, to its end
    (at_the_end: its end's slices only, the statistics' merge finished); `released`, a list:
    [modules let go] of each of those slices appended to it."""
    import app.keeper

    box = SimBox(BoxOptions(seed=7, players=2, hints=hints))
    app_ = box.app
    imported = []
    step = app.keeper.step

    def watched_step(keeper):
        before = set(sys.modules)
        step(keeper)
        if (app_.phase == FINISHED) == at_the_end:
            imported.append(sorted(set(sys.modules) - before))
            if released is not None:
                released.append(sorted(before - set(sys.modules)))

    monkeypatch.setattr(app.keeper, "step", watched_step)
    from app.keeper_jobs import WORK

    from board_sim.script_player import BoxPlayer

    not_loaded(monkeypatch, WORK)

    try:
        assert BoxPlayer(box).play()
        box.finish_saves()
    finally:
        box.close()
    return imported


def test_each_module_a_save_in_play_imports_looks_up_few_names_in_a_slice_of_its_own(monkeypatch):
    slices = _imports_of_each_slice_in_play(monkeypatch)
    assert len(slices) > 100
    assert max(len(names) for names in slices) == 1  # one module a slice
    seen = {names[0] for names in slices if names}
    assert {"hal.storage", "app.keeper_save", "app.keeper_steps", "app.keeper_jobs", "hal.storage_save",
            "game.snapshot_format", "game.match_saved", "game.snapshot"} <= seen, seen
    counted = {name: module_lookups(name) for name in sorted(seen)}
    assert max(counted.values()) <= _MOST_LOOKUPS, counted
    # app.keeper_save with its steps (app.keeper_steps now) looked up 46 names: its slice took an
    # emulated RP2040 20-21 ms, the other imports' 16-19 ms (issue 45)
    assert counted["app.keeper_save"] <= 32, counted


def test_each_slice_of_a_match_s_end_its_save_and_the_statistics_merge_imports_one_module_at_most(monkeypatch):
    """The merge's slices too: game.stats_load's import brought game.numbers with it (an
    emulated RP2040 took 24.9 ms for that slice)."""
    slices = _imports_of_each_slice_in_play(monkeypatch, at_the_end=True)
    seen = {name for names in slices for name in names}
    assert {"app.keeper_stats", "game.stats", "game.numbers", "game.stats_load"} <= seen, seen
    assert max(len(names) for names in slices) == 1, [names for names in slices if len(names) > 1]
    counted = {name: module_lookups(name) for name in sorted(seen)}
    assert max(counted.values()) <= _MOST_LOOKUPS, counted


def test_the_merge_at_a_match_s_end_imports_none_of_the_modules_its_last_save_wrote_with(monkeypatch):
    """The match's last save (its last turn's) keeps the modules it writes with for the
    statistics' merge (app.keeper's `hold`, from its text on: held beside its encoding's modules
    they were the match's peak of heap), which lets them go once merged: the merge's first slice
    late in a match imported hal.storage in 17.5-20.0 ms of an emulated RP2040's (the names
    interned by then looked through one by one), beside the tick's reads of the flaps."""
    from app.keeper_jobs import WORK

    slices = _imports_of_each_slice_in_play(monkeypatch, at_the_end=True)
    imported = [name for names in slices for name in names]
    merge = imported.index("hal.json_file")  # (the merge's first)
    writing = ["hal.storage", "app.keeper_save", "app.keeper_jobs", "hal.storage_save", "app.keeper_steps"]
    assert sorted(name for name in imported[:merge] if name in writing) == sorted(writing), imported
    assert [name for name in imported[merge:] if name in writing] == [], imported
    assert not [name for name in WORK if name in sys.modules]


def test_the_merge_s_end_lets_the_modules_of_the_match_s_saves_and_its_own_go_a_few_a_slice(monkeypatch):
    """The match's last save holds the modules it writes with for the merge, which imports its
    own: some 20 modules, all let go in the merge's last slice (two names looked up among the
    interned ones for each) made it 21.0 ms of an emulated RP2040's on 24 tiles (issue 45).
    They go _LET_GO a slice after the merge, app.keeper_jobs last, with the work's end."""
    from app.keeper_jobs import _LET_GO, WORK

    released = []
    _imports_of_each_slice_in_play(monkeypatch, at_the_end=True, released=released)
    gone = [names for names in released if names]
    assert sum(len(names) for names in gone) >= 12, gone  # (the match's text's slice lets 3 go)
    assert max(len(names) for names in gone) <= _LET_GO, gone
    assert gone[-1] == ["app.keeper_jobs"], gone
    assert not [name for name in WORK if name in sys.modules]


def test_a_merge_asked_while_the_match_s_last_save_is_under_way_lets_the_held_modules_go_at_its_end():
    """The merge may be asked (app.finish_work: `hold` cleared) before the match's last save has
    come to its text, where that save holds its modules for the merge: it then holds none, and
    the merge's end lets them go (on the emulated chip the-300's last save was still encoding
    when its merge was asked, and `hold` set after it kept the modules to the next match)."""
    from app.keeper import flush, save, step

    box = SimBox(BoxOptions(seed=7, players=2, hints=True))
    try:
        assert BoxPlayer(box).play()
        box.finish_saves()
        app_ = box.app
        keeper = app_.keeper
        assert app_.match.over and not keeper.hold and keeper.loaded is None
        save(app_)  # the match's last save, as the last turn's end asks it
        for _slice in range(3):  # its first slices: hal.storage, app.keeper_save, app.keeper_jobs
            step(keeper)
        keeper.merging = (app_.match, app_.tally, app_.match_preset)  # app.finish_work's
        keeper.hold = False
        flush(keeper)
        assert not keeper.hold and keeper.loaded is None
    finally:
        box.close()


def test_a_match_without_the_coach_imports_nothing_for_its_end_s_save_and_merge_and_then_lets_all_go(monkeypatch):
    """Its saves' modules are held from its first save (app.keeper's `hold`), and the merge's
    are imported after that save, a slice each: on 24 tiles on two expanders each import the
    match's end made for its save and merge took an emulated RP2040 20-22 ms beside the end's
    tick. Once the merge is saved, every one goes."""
    from app.keeper_jobs import WORK

    slices = _imports_of_each_slice_in_play(monkeypatch, at_the_end=True, hints=False)
    assert len(slices) > 10 and not any(slices), slices  # the merge's and its save's: none imports
    assert not [name for name in WORK if name in sys.modules]


@pytest.mark.parametrize("preset", ["thai", "full-house"])
def test_a_first_save_of_a_match_not_classic_imports_the_rules_names_in_a_slice_that_names_nothing(monkeypatch, preset):
    """game.snapshot_rules' naming_steps: the axes compared, game.rule_names imported, the values
    named, a slice each (the three in one slice took an emulated RP2040 23-26 ms, issue 45).
    A match whose rules differ from classic only in numbers (full-house: 12 tiles) names them
    without game.rule_names (its import alone made a save's tick of 20.7-21.0 ms)."""
    import app.keeper

    box = SimBox(BoxOptions(seed=7, players=2, preset=preset))
    keeper = box.app.keeper
    slices = []
    step = app.keeper.step

    def watched_step(keeper_):
        before = set(sys.modules)
        named = keeper_.rules_named
        step(keeper_)
        slices.append((sorted(set(sys.modules) - before), named is not keeper_.rules_named))

    monkeypatch.setattr(app.keeper, "step", watched_step)
    from app.keeper_jobs import WORK

    not_loaded(monkeypatch, WORK)
    from board_sim.script_player import BoxPlayer

    player = BoxPlayer(box)
    try:
        for _step in range(2000):
            if keeper.rules_named is not None:
                break
            player.step()
    finally:
        box.close()
    importing = [number for number, (names, _named) in enumerate(slices) if "game.rule_names" in names]
    naming = [number for number, (_names, named) in enumerate(slices) if named]
    assert len(naming) == 1, slices
    if preset == "full-house":
        assert not importing and keeper.rules_named[1] == {"tiles": 12}, slices
        return
    assert len(importing) == 1 and keeper.rules_named[1] == {"one_die": "never", "move": "thai"}, slices
    assert slices[importing[0]] == (["game.rule_names"], False)  # its import alone
    assert naming[0] == importing[0] + 1 and not slices[naming[0]][0]  # the names after it


def test_the_names_counted_are_those_a_module_holds():
    """lookups() on modules made for the count: a name of the firmware's own costs nothing, each
    other name once however often it comes, each string of a constant tuple each time."""
    import pathlib
    import tempfile

    with tempfile.TemporaryDirectory() as work:
        def count(source):
            path = pathlib.Path(work) / "counted.py"
            path.write_text(source)
            return lookups(compile_module(path, "counted.py", boot_bench.BYTECODE))

        empty = count("")
        assert count("x = len\n") == empty + 1  # x (len is the firmware's)
        assert count("x = y\nz = y.y\n") == empty + 3  # x, y, z
        assert count("x = ('ab', 'ab', '', b'cd', 1)\n") == empty + 3  # x, each 'ab'
        assert count("x = (('ab', 'ab'), ('ab',))\n") == empty + 4
        assert count("x = f('ab', 'ab')\n") == empty + 3  # x, f, 'ab' as a name


# Modules over the cap that a whole match still imports, with their count today: none may grow,
# and each is named for who splits it (issue 45). None now: game.win_chance, the last (67), keeps
# copies of the constants it imported and has its first roll's and end values' slices inline.
_STILL_OVER = {}


def _imports_of_each_tick_of_a_whole_match(monkeypatch):
    """[(modules imported, a frame drawn, play again chosen)] of each tick after boot of a classic
    match with hints: the menu (the rules card, the input check opened and left), the match
    played to its end, its saves and merge done, its result, review and standings, then play
    again's next match to its second turn."""
    from app.core import FINISHED, PLAY, SETUP

    from board_sim.script_player import BoxPlayer

    not_loaded(monkeypatch, _loaded_starting(("app.screen_", "app.finish", "app.phases", "app.input_check",
                                                "game.preset_cards")))
    __import__("game.rule_set")  # the Rules' class, which a board holds from boot (another test may let it go)
    __import__("game.rounds")  # app.startup's at boot, kept (a SimBox builds its App without app.startup)
    box = SimBox(BoxOptions(seed=7, players=2, hints=True))
    app_, board = box.app, box.board
    sent = counted(monkeypatch, app_.screen, "send")
    ticks = []
    tick = box.tick

    def watched_tick():
        before = set(sys.modules)
        del sent[:]
        again = app_.ending is not None and app_.ending.again
        tick()
        ticks.append((sorted(set(sys.modules) - before), bool(sent),
                      app_.ending is not None and app_.ending.again and not again))

    box.tick = watched_tick

    def press(button, ms=120):
        board.press(button, ms)
        box.run(ms + 200)

    try:
        box.run(500)
        press("select")  # the rules card, a page at a time, then the rows down to Check inputs
        while app_.menu.card >= 0 or app_.menu.row != 4:
            press("select")
        press("ok")
        assert app_.menu.check is not None
        board.press("ok", 2500)  # held: the check is left
        box.run(3000)
        assert app_.menu.check is None
        while app_.menu.row != 3:
            press("select")
        press("ok")
        player = BoxPlayer(box)
        assert player.play()
        box.finish_saves()
        box.run(2000)  # the merge done, its quiet ticks
        player.to_standings()
        while app_.phase == FINISHED:
            press("ok")
        assert app_.phase == SETUP
        while app_.phase != PLAY:  # the next match's first turn, then its second's page
            player.step()
        while app_.phase == PLAY:
            player.step()
        box.run(1000)
    finally:
        box.close()
    return ticks


def test_every_module_a_whole_match_imports_looks_up_few_names_and_no_frame_is_drawn_as_its_module_loads(
        monkeypatch):
    ticks = _imports_of_each_tick_of_a_whole_match(monkeypatch)
    seen = {name for names, _drawn, _again in ticks for name in names}
    assert {"app.screen_menu", "app.screen_card", "app.input_check", "app.screen_check", "app.phases", "app.screen_lines",
            "app.screen_turn", "app.screen_review", "app.finish", "app.screen_end",
            "app.finish_frames"} <= seen, seen
    counted = {name: module_lookups(name) for name in sorted(seen)}
    over = {name: count for name, count in counted.items() if count > _MOST_LOOKUPS}
    assert {name: count for name, count in over.items() if count > _STILL_OVER.get(name, 0)} == {}
    frames = [names for names, drawn, _again in ticks
              if drawn and any(name.startswith(("app.screen_", "app.finish_frames")) for name in names)]
    assert not frames, frames  # a frame's module imported in a tick of its own, drawn the next
    assert max(len(names) for names, _drawn, _again in ticks) == 1  # one module a tick
    # Play again's ok imports nothing: app.phases is a quiet tick's once the merge is done
    # (app.finish_work's import_match). Late in a match an import costs a Pico the most (the
    # names interned by then are looked through one by one: on the-300 a third of a 22-26 ms
    # tick at the match's end, issue 45).
    assert [names for names, _drawn, chosen in ticks if chosen] == [[]]


def test_the_winners_chase_keeps_out_of_a_tick_that_imports_a_module(monkeypatch):
    """At the match's end the winners' colours chase round the LEDs, a step every 120 ms (some
    1-3 ms of a Pico's each), while the phase's quiet ticks import its frames, its work and,
    once the statistics are merged, game.match and app.phases, a module a tick: late in a
    coached match an emulated RP2040 took 17-20 ms for such an import's tick, 21.6-22.0 with a
    step of the chase in it (issue 45). Here every tick is a step of the chase: none that
    imports a module moves it on, the next ones do."""
    import time

    not_loaded(monkeypatch, _loaded_starting(("app.finish", "app.phases", "app.screen_")) + ["game.match"])
    box = SimBox(BoxOptions(seed=7, players=2, hints=True))
    app_ = box.app
    writes = counted(monkeypatch, app_.lights.leds, "_write")
    ticks = []
    tick = box.tick

    def watched_tick():
        before = set(sys.modules)
        del writes[:]
        tick()
        if app_.phase == FINISHED:
            ticks.append((sorted(set(sys.modules) - before), bool(writes)))

    box.tick = watched_tick
    try:
        player = BoxPlayer(box)
        while app_.phase != FINISHED:
            player.step()
        while len(ticks) < 300:
            time.sleep_ms(120)  # (the board's clock: each tick from here a step of the chase)
            box.tick()
    finally:
        box.close()
    imported = {name for names, _wrote in ticks for name in names}
    assert {"app.finish_frames", "app.finish_work", "game.match", "app.phases"} <= imported, imported
    assert [names for names, wrote in ticks if names and wrote] == []
    assert sum(wrote for _names, wrote in ticks) > 100


def test_the_rules_card_s_first_module_looks_up_few_names_in_the_tick_of_the_press():
    """select on the Game row opens the rules card: the tick that reads the press clicks and imports
    game.preset_cards (app.screen_menu). With its 26 lines a dict's it looked up 54 names: the
    import took an emulated RP2040 15.7 ms, the tick 19.7-21.0 ms (issue 45). Its lines are one
    string now."""
    assert module_lookups("game.preset_cards") <= 10


def test_app_keeper_jobs_places_in_work_name_the_modules_they_say():
    import app.keeper_jobs as jobs

    work = jobs.WORK
    assert work[jobs._SNAPSHOT] == "game.snapshot" and work[jobs._RULES] == "game.snapshot_rules"
    assert work[jobs._MENU] == "app.keeper_menu" and work[jobs._STEPS] == "app.keeper_steps"
    assert work[jobs._WRITING] == "hal.storage_save" and work[jobs._READING] == "hal.json_file"
    assert work[jobs._MERGING - 1] == "game.stats_load" and work[-1] == "hal.storage"

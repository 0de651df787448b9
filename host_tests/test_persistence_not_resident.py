"""The persistence code stays off the heap outside a match (issue 13): after boot and after a
match's end, whose statistics are merged on the flash, no module of the save path or the
lifetime statistics is loaded (nor game.rules, the rule values' names: play keeps const() copies
of those it tests) and the App holds no statistics; what a match merged is on the flash, counted
once; in a match with the coach, between saves (each imports its modules a slice a tick and lets
them go), none either. A match without the coach holds the modules its saves import from its
first save until it is over (app.keeper's keep_up: no tables of the coach's need the room, and
on 24 tiles each of those imports made a tick over 20 ms of a Pico's, issue 45).

Run in a CPython process of its own: the test session's modules (its tests import game.stats)
would hide what the firmware itself loads."""

import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOT_RESIDENT = ("app.keeper_jobs", "app.keeper_save", "app.keeper_steps", "app.keeper_read", "app.keeper_stats", "app.keeper_files",
                "game.match_saved", "game.snapshot", "game.snapshot_format", "game.snapshot_load", "game.snapshot_fields",
                "game.rule_names", "game.rules", "game.stats", "game.stats_load", "hal.storage")
_SCRIPT = """
import json, sys
from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer

options = {"the-300": {"preset": "the-300", "tiles": 24, "flap_wiring": "mcp23017"}}.get(sys.argv[3], {})
box = SimBox(BoxOptions(data_dir=sys.argv[1], seed=3, hints=sys.argv[2] == "hints", **options))
from app.memory import release
from app.startup import BOOT_ONLY
release(BOOT_ONLY)  # as app.startup.start() lets them go (SimBox keeps them for the host's tools)
firmware = ("app.", "game.", "hal.")
after_boot = sorted(name for name in sys.modules if name.startswith(firmware))
player = BoxPlayer(box)
while box.keeper.writes < 3:  # the menu's choices, the match's start, its first roll
    player.step()
box.finish_saves()
in_match = sorted(name for name in sys.modules if name.startswith(firmware))
imported = []  # the save path's modules imported by each later save
import app.keeper
step = app.keeper.step


def watched(keeper):
    before = set(sys.modules)
    step(keeper)
    if box.view.phase in (1, 2):  # (app.core's SETUP, PLAY)
        imported.extend(sorted(set(sys.modules) - before))


app.keeper.step = watched
finished = player.play()
app.keeper.step = step
box.finish_saves()  # the statistics' merge, in the ticks after the match's end
after_match = sorted(name for name in sys.modules if name.startswith(firmware))
print(json.dumps({"boot": after_boot, "in": in_match, "match": after_match, "finished": finished,
                  "imported": imported, "writes": box.keeper.writes,
                  "holds_stats": hasattr(box.app, "stats"), "tally": box.view.tally.serial,
                  "saved": box.view.stats.to_dict()}))
box.close()
"""


def _match_seen(tmp_path, hints, preset="classic"):
    done = subprocess.run([sys.executable, "-c", _SCRIPT, str(tmp_path), "hints" if hints else "none", preset],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["finished"] and not seen["holds_stats"]
    saved = seen["saved"]  # read from the flash once the modules were listed
    assert saved["last"] == seen["tally"] == 1 and saved["presets"][preset][0] == 1
    return seen


def test_no_save_path_or_statistics_module_stays_loaded_in_play(tmp_path):
    seen = _match_seen(tmp_path, True)
    for when in ("boot", "in", "match"):
        assert not set(NOT_RESIDENT) & set(seen[when]), (when, seen[when])
    assert "app.keeper_save" in seen["imported"]  # each save imports its modules again


_LEFT_SCRIPT = """
import json, sys
from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer

box = SimBox(BoxOptions(data_dir=sys.argv[1], seed=3))
from app.memory import release
from app.startup import BOOT_ONLY
release(BOOT_ONLY)  # as app.startup.start() lets them go (SimBox keeps them for the host's tools)
player = BoxPlayer(box)
while box.keeper.writes < 4:
    player.step()
box.finish_saves()
firmware = ("app.", "game.", "hal.")
in_match = sorted(name for name in sys.modules if name.startswith(firmware))
box.board.press("select", 2500)  # held: leave the match?
box.run(2700)
box.board.press("ok")
box.run(1000)
print(json.dumps({"in": in_match, "phase": box.view.phase,
                  "menu": sorted(name for name in sys.modules if name.startswith(firmware))}))
box.close()
"""


def test_a_match_without_the_coach_left_for_the_menu_lets_its_saves_modules_go(tmp_path):
    done = subprocess.run([sys.executable, "-c", _LEFT_SCRIPT, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert "app.keeper_save" in seen["in"] and seen["phase"] == 0, seen  # held, then the menu (app.core's MENU)
    assert not set(NOT_RESIDENT) & set(seen["menu"]), set(NOT_RESIDENT) & set(seen["menu"])


@pytest.mark.parametrize("hints, preset", [(False, "classic"), (True, "the-300")],
                         ids=["hints off", "24 tiles on expanders: no coach for them"])
def test_a_match_without_the_coach_holds_its_saves_modules_until_it_is_over(tmp_path, hints, preset):
    seen = _match_seen(tmp_path, hints, preset)
    assert not set(NOT_RESIDENT) & set(seen["boot"])
    held = {"hal.storage", "app.keeper_save", "app.keeper_steps", "app.keeper_jobs", "game.snapshot_format",
            "game.match_saved", "game.snapshot"}
    assert held <= set(seen["in"]), seen["in"]
    assert seen["writes"] > 10 and seen["imported"] == [], seen["imported"]  # no later save imports any
    assert not set(NOT_RESIDENT) & set(seen["match"]), seen["match"]  # let go once it is over

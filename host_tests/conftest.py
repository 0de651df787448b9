"""Test set-up for CPython: MicroPython's `micropython` and `deflate` modules and wrap-safe ticks
arithmetic come from the board simulator's stand-ins, so firmware modules import unchanged; the
`firmware` fixture is a copy of the firmware that a test may change; `open_box` builds
simulated boxes that are closed after the test."""

import shutil
import sys
import time

import pytest

from board_sim import clock as sim_clock
from board_sim.upy import deflate as deflate_stand_in
from board_sim.upy import micropython as micropython_stand_in

sys.modules.setdefault("micropython", micropython_stand_in)
sys.modules.setdefault("deflate", deflate_stand_in)
for _name in ("ticks_add", "ticks_diff"):
    if not hasattr(time, _name):
        setattr(time, _name, getattr(sim_clock, _name))


@pytest.fixture
def firmware(tmp_path):
    """A copy of the firmware that a test may change (the flash tests flash it)."""
    from tools.flash_build import FIRMWARE

    copy = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


@pytest.fixture
def open_box():
    """make(**BoxOptions) -> a SimBox, closed after the test."""
    from board_sim.frontend.box import BoxOptions, SimBox

    boxes = []

    def make(**options):
        box = SimBox(BoxOptions(**options))
        boxes.append(box)
        return box

    yield make
    for box in boxes:
        box.close()


@pytest.fixture(autouse=True)
def firmware_modules_kept():
    """The firmware lets modules go (app.release: the keeper's save path after each save, a
    phase's frames): the ones loaded before a test are put back after it, so a test module's
    `import game.snapshot` stays the module the firmware's next import finds."""
    before = dict(sys.modules)
    yield
    for name, module in before.items():
        if sys.modules.get(name) is not module and name.split(".")[0] in ("app", "game", "hal"):
            sys.modules[name] = module

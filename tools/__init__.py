"""shutbox's host tools, a package per concern: flashing/ (putting the firmware on a board),
coach/ (the exact solvers and the coach's tables), build/ (the browser box, the mip package and
the other things made from firmware/, and their checks) and replay/ (a box's game log replayed
on the simulator). Importing the package makes the firmware importable on CPython
(board_sim.firmware_dir.use_firmware), so every tool imports `game`, `app` and `hal` as the
board does. A tool runs as `python -m tools.PACKAGE.NAME` from a checkout or as its installed
command (pyproject.toml); flashing's entry point is also `python tools/flash.py`."""

from board_sim.firmware_dir import use_firmware

use_firmware()

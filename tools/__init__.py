"""shutbox's host tools (flash, replay, analyze, table generators, checks): importing the package
makes the firmware importable on CPython (board_sim.firmware_dir.use_firmware), so every tool
imports `game`, `app` and `hal` as the board does. Each tool runs as `python tools/NAME.py`
from a checkout, `python -m tools.NAME`, or as its installed command (pyproject.toml)."""

from board_sim.firmware_dir import use_firmware

use_firmware()

"""Benchmarks: figures measured side by side in one run, printed as a table (python -m bench).
Importing the package makes the firmware importable on CPython (as the tools package does)."""

from board_sim.firmware_dir import use_firmware

use_firmware()

"""Where the firmware lives, and the one place that makes it importable on CPython.

FIRMWARE is beside board_sim in a clone (or an editable install), or inside it when installed
from a wheel (pyproject.toml maps firmware/ there). `use_firmware()` puts it on sys.path and
gives CPython what firmware modules import from MicroPython: the simulator's `micropython` and
`deflate` stand-ins and time.ticks_add/ticks_diff. Every host entry point calls it: the
`tools` and `bench` packages when imported, SimBox, and the tests' conftest. (A simulated
board, board_sim.install, adds `machine` and the devices on top, for as long as it runs.)
"""

import builtins
import pathlib
import sys
import time

_PACKAGE = pathlib.Path(__file__).resolve().parent
FIRMWARE = _PACKAGE / "firmware" if (_PACKAGE / "firmware").is_dir() else _PACKAGE.parent / "firmware"


def use_firmware():
    """Make `import game...`, `app...`, `hal...` work on CPython (idempotent)."""
    if str(FIRMWARE) not in sys.path:
        sys.path.insert(0, str(FIRMWARE))
    from board_sim import clock
    from board_sim.upy import deflate, micropython

    sys.modules.setdefault("micropython", micropython)
    sys.modules.setdefault("deflate", deflate)
    for name, stand_in in micropython.VIPER_TYPES.items():
        if not hasattr(builtins, name):
            setattr(builtins, name, stand_in)
    for name in ("ticks_add", "ticks_diff"):
        if not hasattr(time, name):
            setattr(time, name, getattr(clock, name))

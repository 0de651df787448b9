"""Hardware abstraction: one small driver per device, each given its bus; board.py wires them.

The port's modules that modules imported in play use (a save's hal.storage and app.keeper_save,
a match's end's app.finish ...) are imported here, at boot: MicroPython looks for a file that
would replace one of these built-in modules on every sys.path entry before it takes the built-in,
at each import (it keeps none in sys.modules), about 7 ms of a tick each on a Pico (measured on
an emulated RP2040); `from hal import json` is a look-up in this package."""

import json  # noqa: F401
import os  # noqa: F401
import time  # noqa: F401
from binascii import crc32  # noqa: F401

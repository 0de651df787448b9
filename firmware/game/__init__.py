"""Pure Shut the Box rules: no hardware, no clock, no I/O; runs on MicroPython and CPython.

A module loaded for one job (reading a table, weighing what is at stake) lets itself go with
`forget` once done, so it holds no heap in play.

The port's modules such modules use (array, json, binascii's) are imported here, at boot:
MicroPython looks for a file that would replace one of these built-in modules on every sys.path
entry before it takes the built-in, at each import (it keeps none in sys.modules), so `from
array import array` in a module imported in play took 7 ms of its tick on a Pico (game.win_table
on an emulated RP2040); `from game import array` is a look-up in this package."""

import json  # noqa: F401 (game.snapshot's, above)
import sys
from array import array  # noqa: F401 (game.win_table's)
from binascii import hexlify, unhexlify  # noqa: F401 (game.snapshot's and game.snapshot_fields')


def forget(name):
    """Let module `name` go: sys.modules and its package forget it (the collector frees it
    once nothing else holds it; its functions live on while a caller holds them)."""
    sys.modules.pop(name, None)
    dot = name.rfind(".")
    package = sys.modules.get(name[:dot])
    if package is not None and hasattr(package, name[dot + 1:]):
        delattr(package, name[dot + 1:])

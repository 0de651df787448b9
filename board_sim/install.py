"""Makes a SimBoard what firmware code imports, on CPython: install(board), uninstall(), simulated().

install() registers the stand-ins as the modules `machine`, `neopixel`, `framebuf`,
`micropython`, `deflate` and `network` in sys.modules (remembering what was there), attaches the board, and adds
MicroPython's ticks_*/sleep_ms/sleep_us to CPython's `time`; time.sleep is patched for the
installing thread only, so other threads of the host (pytest-xdist, a UI) keep real time.
Project modules (firmware, not the host's libraries) first imported while a board is
installed are dropped on uninstall, so the next board's firmware starts fresh. One board
at a time.

    with simulated(pinmap) as board:
        import main        # the firmware, with machine = the simulated one
        board.flip_flap(3)
        board.advance(50)
"""

import os
import sys
import threading
import time

from board_sim import link
from board_sim.board import SimBoard
from board_sim.firmware_dir import FIRMWARE
from board_sim.upy import deflate, framebuf, micropython, sim_time

_STAND_IN_NAMES = ("machine", "neopixel", "framebuf", "micropython", "deflate", "network")
_TIME_NAMES = ("ticks_ms", "ticks_us", "ticks_cpu", "ticks_add", "ticks_diff", "sleep_ms", "sleep_us")
_saved = None
_KEPT_ROOTS = tuple(os.path.realpath(path) for path in
                    {sys.prefix, sys.base_prefix, os.path.dirname(os.path.abspath(__file__))})
_FIRMWARE_ROOT = os.path.realpath(FIRMWARE) + os.sep


def _is_project_module(module):
    """A module of the firmware (wherever it is installed), or loaded from a file outside the
    Python installation and outside board_sim."""
    path = getattr(module, "__file__", None)
    if not path:
        return False
    path = os.path.realpath(path)
    return path.startswith(_FIRMWARE_ROOT) or not path.startswith(_KEPT_ROOTS)


def install(board):
    """Attach board and put the stand-ins in place; raises if a board is already installed."""
    global _saved
    if _saved is not None:
        raise RuntimeError("a simulated board is already installed: uninstall() it first")
    _saved = {
        "modules": {name: sys.modules.get(name) for name in _STAND_IN_NAMES},
        "time": {name: getattr(time, name) for name in _TIME_NAMES if hasattr(time, name)},
        "sleep": time.sleep,
        "before": set(sys.modules),
    }
    link.attach(board)
    sys.modules["framebuf"] = framebuf
    sys.modules["micropython"] = micropython
    sys.modules["deflate"] = deflate
    from board_sim.upy import machine

    sys.modules["machine"] = machine
    from board_sim.upy import neopixel

    sys.modules["neopixel"] = neopixel
    from board_sim.upy import network

    sys.modules["network"] = network
    for name in _TIME_NAMES:
        setattr(time, name, getattr(sim_time, name))
    host_sleep = _saved["sleep"]
    owner = threading.current_thread()

    def sleep(seconds):
        if threading.current_thread() is owner:
            sim_time.sleep(seconds)
        else:
            host_sleep(seconds)

    time.sleep = sleep
    return board


def uninstall():
    """Undo install(): detach the board, restore sys.modules and time, forget firmware modules."""
    global _saved
    if _saved is None:
        return
    for name in set(sys.modules) - _saved["before"]:
        if _is_project_module(sys.modules[name]):
            del sys.modules[name]
    for name, module in _saved["modules"].items():
        if module is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = module
    for name in _TIME_NAMES:
        if name in _saved["time"]:
            setattr(time, name, _saved["time"][name])
        elif hasattr(time, name):
            delattr(time, name)
    time.sleep = _saved["sleep"]
    link.detach()
    _saved = None


def installed():
    """Is a board installed now?"""
    return _saved is not None


class simulated:  # noqa: N801 (used as a context manager, like open())
    """with simulated(pinmap, seed=1, leave_out=(), accel=None, **options) as board: ...

    A fresh SimBoard (from_pinmap, or an empty SimBoard when pinmap is None) installed for
    the block and uninstalled after it, also when the block raises.
    """

    def __init__(self, pinmap=None, **options):
        if pinmap is None:
            self.board = SimBoard(**options)
        else:
            self.board = SimBoard.from_pinmap(pinmap, **options)

    def __enter__(self):
        return install(self.board)

    def __exit__(self, *exc_info):
        uninstall()
        return False

"""MicroPython's time as the firmware uses it (ticks_ms, ticks_us, ticks_diff, ticks_add,
sleep_ms) on the board's clock across the bridge: board_sim/upy/sim_time.py's stand-in on the
unix port, as this folder's machine is board_sim/upy/machine.py's. The ticks are the simulated
time the last reply told (the board's clock moves only when the VM asks the host something:
reading it costs no round trip and allocates nothing); sleeping lets the board's time pass; the
ticks arithmetic is the port's own (arithmetic alone, no clock)."""

from time import ticks_add, ticks_diff  # noqa: F401 (the port's: imported before this stands in)

from micropython import const
from remote import _board, call

_BOARD_HANDLE = const(0)  # remote's
_TICKS_MAX = const(0x3FFFFFFF)  # every port's ticks wrap at 2**30 (board_sim.clock)


def ticks_ms():
    return _board[0] // 1000 & _TICKS_MAX


def ticks_us():
    return _board[0] & _TICKS_MAX


def sleep_ms(ms):
    if ms > 0:
        call(_BOARD_HANDLE, "advance", ms)

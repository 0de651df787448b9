"""The simulated clock (whole microseconds) and MicroPython's ticks arithmetic.

ticks_* values wrap at TICKS_PERIOD (2**30) as on every MicroPython port, and ticks_diff
returns a signed difference in [-TICKS_PERIOD/2, TICKS_PERIOD/2).
"""

TICKS_PERIOD = 1 << 30
TICKS_MAX = TICKS_PERIOD - 1
TICKS_HALF_PERIOD = TICKS_PERIOD >> 1


def ticks_add(ticks, delta):
    """ticks + delta on the wrapping ticks circle; |delta| must be under half a period."""
    if not -TICKS_HALF_PERIOD < delta < TICKS_HALF_PERIOD:
        raise OverflowError("ticks interval overflow")
    return (ticks + delta) & TICKS_MAX


def ticks_diff(end, start):
    """The signed distance from start to end on the ticks circle."""
    return ((end - start + TICKS_HALF_PERIOD) & TICKS_MAX) - TICKS_HALF_PERIOD


class SimClock:
    """Time since the board powered up, in microseconds; only the board moves it forward."""

    def __init__(self, start_ms=0):
        self.now_us = start_ms * 1000

    @property
    def now_ms(self):
        return self.now_us // 1000

    def ticks_ms(self):
        return (self.now_us // 1000) & TICKS_MAX

    def ticks_us(self):
        return self.now_us & TICKS_MAX

"""MicroPython's time extension (ticks_*, sleep_ms, sleep_us, sleep) on the attached board's clock.

board_sim.install copies these onto CPython's `time`; sleeping advances simulated time,
so timers, interrupts and the watchdog act while the firmware sleeps.
"""

from board_sim import link
from board_sim.clock import ticks_add, ticks_diff

__all__ = ["ticks_add", "ticks_cpu", "ticks_diff", "ticks_ms", "ticks_us", "sleep", "sleep_ms", "sleep_us"]


def ticks_ms():
    return link.current().clock.ticks_ms()


def ticks_us():
    return link.current().clock.ticks_us()


def ticks_cpu():
    return link.current().clock.ticks_us()


def sleep_ms(ms):
    if ms > 0:
        link.current().advance(ms)


def sleep_us(us):
    if us > 0:
        link.current().advance_us(us)


def sleep(seconds):
    if seconds > 0:
        link.current().advance_us(int(seconds * 1000000))

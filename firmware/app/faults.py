"""The box's faults: each reported once (a sound, then its message on the OLED a page at a
time, two pages at most, or the LEDs flashing red without a working screen), oldest first, and
printed whole on the REPL.

Faults(devices, screen): report(message) adds one; watch(now_ms) every tick reports a
device that starts failing (the accelerometer, the flap switches, the screen), turns the
pages of the one shown and says when the next one goes up (the App sounds it).
"""

import time

from micropython import const

_CHANGED = const(1)  # watch's answers: what the box shows changed
_FAULT_UP = const(3)  # ... for a fault going up (app.core keeps a copy)
_PAGE_MS = const(3000)  # each page of a fault message is shown this long
_SHAKE_FAULT = const(3)  # hal.shake's state, as there (an imported name costs a stored name)


class Faults:
    """`reported`: every message, oldest first, the first `shown` of them shown; `showing`:
    the next one is on the display (`reported[shown]`, page `page`); `accel_failing`,
    `display_failing`: those devices are failing now."""

    def __init__(self, devices, screen):
        self.devices = devices
        self.screen = screen
        self.reported = []
        self.shown = 0
        self.showing = False
        self.page = 0
        self._pages = 1
        self._since = 0
        self.accel_failing = False
        self.display_failing = False
        self._flaps_failing = False

    def report(self, message):
        print("shutbox fault:", message)  # whole: the OLED shows what fits on two pages
        self.reported.append(message)

    def watch(self, now_ms):
        """Report the devices that started failing, turn the shown fault's pages; returns 0
        when what the box shows is unchanged, _FAULT_UP when a fault went up, else _CHANGED."""
        device = self.devices.shake  # (one local for each device: a Pico's call of more than 11
        if device is not None:  # locals and stack allocates a frame on the heap: issue 45)
            failing = device.state == _SHAKE_FAULT
            if failing and not self.accel_failing:
                self.report("%s; press ok to roll" % device.fault)
            self.accel_failing = failing
        device = self.devices.flaps
        failing = device.fault is not None
        if failing and not self._flaps_failing:
            self.report(device.fault)
        self._flaps_failing = failing
        fault = self.screen.fault if self.screen is not None else None
        if fault is not None and not self.display_failing:
            self.report("%s; the LEDs play on" % fault)
        self.display_failing = fault is not None
        changed = 0
        if self.showing and time.ticks_diff(now_ms, self._since) >= _PAGE_MS:
            self.page += 1
            self._since = now_ms
            if self.page >= self._pages:
                self.shown += 1
                self.showing = False
            changed = _CHANGED
        if not self.showing and self.shown < len(self.reported):
            self.showing = True
            self._since = now_ms
            self.page = 0
            self._pages = 1
            if self.screen is not None and not self.display_failing:
                from app.screen_fault import fault_pages

                self._pages = fault_pages(self.reported[self.shown])
            changed = _FAULT_UP
        return changed

    def on_screen(self):
        """Is there a working screen to show them on?"""
        return self.screen is not None and not self.display_failing

"""Push buttons with debouncing and short/long press events, polled with now_ms.

A level change counts once the pin has held it for debounce_ms (a bounce restarts the wait).
A short press is reported when the button is released before long_ms; a long press as soon
as it has been held for long_ms (so the player feels it), and its release reports nothing.
"""

import time

from micropython import const

NO_PRESS = const(0)
SHORT_PRESS = const(1)
LONG_PRESS = const(2)


class Button:
    """update(now_ms) -> NO_PRESS, SHORT_PRESS or LONG_PRESS."""

    def __init__(self, pin, active_low=True, debounce_ms=20, long_ms=800):
        self.pin = pin
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self._closed_level = 0 if active_low else 1  # the pin's level when pressed (as hal.flaps names it)
        self._raw = self._down = pin.value() == self._closed_level  # as read; debounced
        self._raw_since = 0  # when the pin last changed level
        self._down_since_ms = 0
        # A button already held at power-up reports nothing until it has been released.
        self._long_reported = self._down

    def update(self, now_ms):
        raw = self.pin.value() == self._closed_level
        if raw != self._raw:
            self._raw = raw
            self._raw_since = now_ms
        elif raw != self._down and time.ticks_diff(now_ms, self._raw_since) >= self.debounce_ms:
            self._down = raw
            if raw:
                self._down_since_ms = now_ms
                self._long_reported = False
                return NO_PRESS
            return NO_PRESS if self._long_reported else SHORT_PRESS
        if (self._down and not self._long_reported
                and time.ticks_diff(now_ms, self._down_since_ms) >= self.long_ms):
            self._long_reported = True
            return LONG_PRESS
        return NO_PRESS

"""Push buttons with debouncing and short/long press events, polled with now_ms.

A short press is reported when the button is released before long_ms; a long press as soon
as it has been held for long_ms (so the player feels it), and its release reports nothing.
"""

import time

from micropython import const

from hal.debounce import Debouncer

NO_PRESS = const(0)
SHORT_PRESS = const(1)
LONG_PRESS = const(2)


class Button:
    """update(now_ms) -> NO_PRESS, SHORT_PRESS or LONG_PRESS; `pressed` is the debounced level."""

    def __init__(self, pin, active_low=True, debounce_ms=20, long_ms=800):
        self.pin = pin
        self.long_ms = long_ms
        self._pressed_level = 0 if active_low else 1
        self._debouncer = Debouncer(1, debounce_ms, self._read())
        self._down_since_ms = 0
        # A button already held at power-up reports nothing until it has been released.
        self._long_reported = self._debouncer.stable == 1

    def _read(self):
        return 1 if self.pin.value() == self._pressed_level else 0

    @property
    def pressed(self):
        return self._debouncer.stable == 1

    def update(self, now_ms):
        debouncer = self._debouncer
        debouncer.update(self._read(), now_ms)
        if debouncer.changed:
            if debouncer.stable:
                self._down_since_ms = now_ms
                self._long_reported = False
                return NO_PRESS
            return NO_PRESS if self._long_reported else SHORT_PRESS
        if (debouncer.stable and not self._long_reported
                and time.ticks_diff(now_ms, self._down_since_ms) >= self.long_ms):
            self._long_reported = True
            return LONG_PRESS
        return NO_PRESS

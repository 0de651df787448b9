"""What the virtual board's chip tells its server (runs inside the unix port): the watchdog
started or fed, a hard reset. The server keeps the watchdog on the wall clock across the
interpreter's restarts (a soft reset keeps it running, as on rp2) and makes every hard reset.

One line a message on a pipe the server opened: "watchdog MS", "feed", "reset". A feed is
passed on at most every _FEED_EVERY_MS (main.py feeds every 5 ms), so the server's watchdog
may bite up to that much before the last feed's timeout.
"""

import time

_FEED_EVERY_MS = 100


class ChipHost:
    """SimBoard.host on the virtual board: the control pipe at `path` (opened before "/" is the
    board's flash)."""

    def __init__(self, path):
        self._pipe = open(path, "wb")
        self._fed_at = None

    def _say(self, line):
        self._pipe.write(line)

    def start_watchdog(self, timeout_ms):
        self._say(b"watchdog %d\n" % timeout_ms)
        self._fed_at = time.ticks_ms()

    def feed_watchdog(self):
        now = time.ticks_ms()
        if self._fed_at is None or time.ticks_diff(now, self._fed_at) >= _FEED_EVERY_MS:
            self._say(b"feed\n")
            self._fed_at = now

    def hard_reset(self):
        """The server powers the chip off and on: this never returns."""
        self._say(b"reset\n")
        while True:
            time.sleep(1)

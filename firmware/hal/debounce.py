"""Per-bit debouncing of a bitmap of switches: a bit changes only after debounce_ms of quiet.

Each bit keeps its own timer, so one chattering switch never delays the others. Allocation-free
after construction: masks up to 30 bits stay MicroPython small ints.
"""

import time

MAX_BITS = 30


class Debouncer:
    """Turns raw samples of `width` switches into a stable mask.

    update(raw_mask, now_ms) -> the stable mask. A raw change is reported only once the raw
    level has held for debounce_ms, so a bounce never shows up as a change. `raw`, `stable`
    and `changed` (bits flipped by the last update) are public; unsettled() finds switches
    that keep bouncing and never settle (chatter, a loose wire).
    """

    def __init__(self, width, debounce_ms, initial_mask=0):
        if not 0 < width <= MAX_BITS:
            raise ValueError("debouncer width must be 1..%d, got %d" % (MAX_BITS, width))
        self.width = width
        self.debounce_ms = debounce_ms
        self.stable = initial_mask
        self.raw = initial_mask
        self.changed = 0
        self._sampled = 0  # when the last sample was taken
        # Per bit: when its raw level last changed, and when its current run of bounces began.
        self._raw_since = [0] * width
        self._bouncing_since = [0] * width

    def update(self, raw_mask, now_ms):
        """Feed one raw sample taken at now_ms; returns the stable mask."""
        flipped = raw_mask ^ self.raw
        disagree = raw_mask ^ self.stable
        self.raw = raw_mask
        self.changed = 0
        pending = flipped | disagree
        sampled = self._sampled
        self._sampled = now_ms
        index = 0
        while pending:
            if pending & 1:
                bit = 1 << index
                if flipped & bit:
                    # Seen quiet for debounce_ms by the last sample: a new run (a slow loop's
                    # gap between two samples is no quiet).
                    if time.ticks_diff(sampled, self._raw_since[index]) >= self.debounce_ms:
                        self._bouncing_since[index] = now_ms
                    self._raw_since[index] = now_ms
                elif disagree & bit and time.ticks_diff(now_ms, self._raw_since[index]) >= self.debounce_ms:
                    self.stable ^= bit
                    self.changed |= bit
            pending >>= 1
            index += 1
        return self.stable

    def unsettled(self, now_ms, min_ms):
        """Bits still bouncing after min_ms: each change came within debounce_ms of the last.

        A healthy switch settles within a few ms; one that chatters for seconds is a loose
        wire, a worn contact or a flap resting half-way, and its tile never changes state.
        """
        found = 0
        for index in range(self.width):
            if (time.ticks_diff(now_ms, self._raw_since[index]) < self.debounce_ms
                    and time.ticks_diff(now_ms, self._bouncing_since[index]) >= min_ms):
                found |= 1 << index
        return found

"""A bounded log of the rolls and moves of the current match: what the box records in play.

Records are RECORD_BYTES bytes in a preallocated ring (kind, then 4 bytes), so logging
allocates nothing; when the ring is full the oldest records go. Reading the ring back (bytes
for /data/match, events for an export) is game.log_records', imported only to save, restore
or export.
"""

from micropython import const

RECORD_BYTES = const(5)
KIND_TURN = const(1)  # player, row, round (2 bytes)
KIND_ROLL = const(2)  # up to four values, each stored plus one (0 = no die; dominoes show 0)
KIND_MOVE = const(3)  # mask of tiles shut, 3 bytes
KIND_END = const(4)  # how the turn ended, mask of tiles left open, 3 bytes


class GameLog:
    """The last `capacity` events of a match: the newest `count` records from `start` in the
    ring, `dropped` the older ones gone."""

    def __init__(self, capacity=600):
        self.capacity = capacity
        self.records = bytearray(capacity * RECORD_BYTES)
        self.start = 0
        self.count = 0
        self.dropped = 0

    def clear(self):
        self.start = 0
        self.count = 0
        self.dropped = 0

    def _append(self, kind, b1, b2, b3, b4):
        if self.count == self.capacity:
            self.start = (self.start + 1) % self.capacity
            self.dropped += 1
        else:
            self.count += 1
        at = ((self.start + self.count - 1) % self.capacity) * RECORD_BYTES
        records = self.records
        records[at] = kind
        records[at + 1] = b1 & 0xFF
        records[at + 2] = b2 & 0xFF
        records[at + 3] = b3 & 0xFF
        records[at + 4] = b4 & 0xFF

    def turn(self, player, row=0, round_number=0):
        self._append(KIND_TURN, player, row, round_number, round_number >> 8)

    def roll(self, a, b=-1, c=-1, d=-1):
        self._append(KIND_ROLL, a + 1, b + 1, c + 1, d + 1)

    def move(self, shut_mask):
        self._append(KIND_MOVE, shut_mask, shut_mask >> 8, shut_mask >> 16, 0)

    def end(self, how, open_mask):
        self._append(KIND_END, how, open_mask, open_mask >> 8, open_mask >> 16)

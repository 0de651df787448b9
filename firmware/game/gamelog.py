"""What the box records of the match in play: its game log (GameLog, the rolls and moves) and
its tally for the lifetime statistics (MatchTally), both saved with the match in /data/play/match.

The log's records are RECORD_BYTES bytes in a preallocated ring (kind, then 4 bytes), so
logging allocates nothing; when the ring is full the oldest records go. Reading the ring back
(bytes for /data/play/match, events for an export) is app.keeper_save's and app.keeper_files',
imported only to save, restore or export.

The tally travels in the match snapshot (game.snapshot), so a power cut loses none of it, and
is merged into the lifetime statistics (game.stats) once the match is over; its serial number
makes a merge repeated after a power cut count once. Counters stop at COUNT_MAX (2**30 - 1, the
largest small integer on a 32-bit port), so adding never allocates; a score above it is not
kept as a best.
"""

from micropython import const

RECORD_BYTES = const(5)
LOG_RECORDS = const(300)  # the box's log: about 30 turns of classic; the oldest go first
KIND_TURN = const(1)  # player, row, round (2 bytes)
KIND_ROLL = const(2)  # up to four values, each stored plus one (0 = no die; dominoes show 0)
KIND_MOVE = const(3)  # mask of tiles shut, 3 bytes
KIND_END = const(4)  # how the turn ended, mask of tiles left open, 3 bytes
_COUNT_MAX = const(0x3FFFFFFF)  # game.stats and game.stats_load keep a copy
_END_SHUT = const(1)  # game.turn's (a copy: a name imported costs a stored name)


class GameLog:
    """The last `capacity` events of a match: the newest `count` records from `start` in the
    ring, `dropped` the older ones gone."""

    def __init__(self, capacity=600):
        self.capacity = capacity
        self.records = bytearray(capacity * RECORD_BYTES)
        self.clear()

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
        at = self.start + self.count - 1  # (a shallow stack: a Pico's call then allocates no
        at = at % self.capacity * RECORD_BYTES  # frame on the heap: issue 45)
        records = self.records
        records[at] = kind
        at += 1
        records[at] = b1 & 0xFF
        at += 1
        records[at] = b2 & 0xFF
        at += 1
        records[at] = b3 & 0xFF
        at += 1
        records[at] = b4 & 0xFF

    def turn(self, player, row=0, round_number=0):
        self._append(KIND_TURN, player, row, round_number, round_number >> 8)

    def roll(self, a, b=-1, c=-1, d=-1):
        self._append(KIND_ROLL, a + 1, b + 1, c + 1, d + 1)

    def move(self, shut_mask):
        self._append(KIND_MOVE, shut_mask, shut_mask >> 8, shut_mask >> 16, 0)

    def end(self, how, open_mask):
        self._append(KIND_END, how, open_mask, open_mask >> 8, open_mask >> 16)


class MatchTally:
    """The turns of the match in progress: how many, how many shut the box, the best score;
    `serial` numbers the match (one above the last match merged into the statistics)."""

    FIELDS = ("serial", "turns", "shut", "best_score")  # as game.snapshot lists them

    def __init__(self, serial=0):
        self.serial = serial
        self.turns = 0
        self.shut = 0
        self.best_score = -1

    def add_turn(self, turn):
        """Count a finished Turn (call it when the app calls match.end_turn()). Counts stop at
        _COUNT_MAX, a best score above it is not kept (as game.stats' add and lower: a box in play
        holds neither)."""
        if self.turns < _COUNT_MAX:
            self.turns += 1
        if turn.ended == _END_SHUT and self.shut < _COUNT_MAX:
            self.shut += 1
        score = turn.score()
        if 0 <= score <= _COUNT_MAX and (self.best_score < 0 or score < self.best_score):
            self.best_score = score

"""A bounded log of the rolls and moves of the current match, exportable as JSON.

Records are 5 bytes in a preallocated ring (kind, then 4 bytes), so logging allocates
nothing; when the ring is full the oldest records go. `export()` builds a JSON-ready dict
that the simulator can replay (see board_sim's script converter) to settle a disputed game.
"""

from micropython import const

from game.tiles import tiles_of

_RECORD_BYTES = const(5)
KIND_TURN = const(1)  # player, row, round (2 bytes)
KIND_ROLL = const(2)  # up to four values, each stored plus one (0 = no die; dominoes show 0)
KIND_MOVE = const(3)  # mask of tiles shut, 3 bytes
KIND_END = const(4)  # how the turn ended, mask of tiles left open, 3 bytes
KIND_NAMES = ("", "turn", "roll", "move", "end")  # the event names of export(), by kind
FORMAT = "shutbox-gamelog-1"  # export()'s "format" (tools/replay reads it)


class GameLog:
    """The last `capacity` events of a match."""

    def __init__(self, capacity=600):
        self.capacity = capacity
        self.records = bytearray(capacity * _RECORD_BYTES)
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
        at = ((self.start + self.count - 1) % self.capacity) * _RECORD_BYTES
        records = self.records
        records[at] = kind
        records[at + 1] = b1 & 0xFF
        records[at + 2] = b2 & 0xFF
        records[at + 3] = b3 & 0xFF
        records[at + 4] = b4 & 0xFF

    def dump(self):
        """The log as bytes, oldest record first (allocates): 4 bytes of dropped, then records."""
        blob = bytearray(4 + self.count * _RECORD_BYTES)
        dropped = self.dropped
        for index in range(4):
            blob[index] = (dropped >> (8 * index)) & 0xFF
        for index in range(self.count):
            at = ((self.start + index) % self.capacity) * _RECORD_BYTES
            blob[4 + index * _RECORD_BYTES:4 + (index + 1) * _RECORD_BYTES] = self.records[at:at + _RECORD_BYTES]
        return blob

    def load(self, blob):
        """Set the log from `dump()` bytes; False (the log left empty) if they are not a log."""
        self.clear()
        records = len(blob) - 4
        if records < 0 or records % _RECORD_BYTES:
            return False
        count = records // _RECORD_BYTES
        skip = count - self.capacity if count > self.capacity else 0
        for index in range(skip * _RECORD_BYTES, records):
            if index % _RECORD_BYTES == 0 and not KIND_TURN <= blob[4 + index] <= KIND_END:
                self.clear()
                return False
        self.records[0:(count - skip) * _RECORD_BYTES] = blob[4 + skip * _RECORD_BYTES:]
        self.count = count - skip
        self.dropped = skip + (blob[0] | blob[1] << 8 | blob[2] << 16 | blob[3] << 24)
        return True

    def turn(self, player, row=0, round_number=0):
        self._append(KIND_TURN, player, row, round_number, round_number >> 8)

    def roll(self, a, b=-1, c=-1, d=-1):
        self._append(KIND_ROLL, a + 1, b + 1, c + 1, d + 1)

    def move(self, shut_mask):
        self._append(KIND_MOVE, shut_mask, shut_mask >> 8, shut_mask >> 16, 0)

    def end(self, how, open_mask):
        self._append(KIND_END, how, open_mask, open_mask >> 8, open_mask >> 16)

    def events(self):
        """The logged events, oldest first, as (kind name, values) tuples (allocates)."""
        found = []
        records = self.records
        for index in range(self.count):
            at = ((self.start + index) % self.capacity) * _RECORD_BYTES
            kind = records[at]
            b1, b2, b3, b4 = records[at + 1], records[at + 2], records[at + 3], records[at + 4]
            if kind == KIND_TURN:
                found.append(("turn", {"player": b1, "row": b2, "round": b3 | b4 << 8}))
            elif kind == KIND_ROLL:
                dice = [value - 1 for value in (b1, b2, b3, b4) if value]
                found.append(("roll", dice))
            elif kind == KIND_MOVE:
                found.append(("move", tiles_of(b1 | b2 << 8 | b3 << 16)))
            elif kind == KIND_END:
                found.append(("end", {"how": b1, "open": tiles_of(b2 | b3 << 8 | b4 << 16)}))
        return found

    def export(self, rules_names, players):
        """A JSON-ready record of the match so far: rules, players and events."""
        return {
            "format": FORMAT,
            "rules": rules_names,
            "players": players,
            "dropped": self.dropped,
            "events": [{name: values} for name, values in self.events()],
        }

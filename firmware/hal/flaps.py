"""The box's flap switches: banks read in order and debounced into one open mask per row.

Inputs are numbered across the banks in order (the first bank's first input is tile 1 of
row 0); each row has `tiles` inputs. An open mask has bit (tile - 1) set for a flap that is
up (its switch open). The flaps are the truth about the board, so a bus error never
invents a move: the last reading is kept and `fault` says what failed. A switch that keeps
bouncing for a second (a loose wire, a worn contact, a flap resting half-way) is a fault too,
naming its flap, until it settles: its tile cannot change state meanwhile.
"""

import time

from game.tiles import MAX_TILES
from micropython import const

from hal.debounce import Debouncer

_CHATTER_MS = const(1000)  # bouncing this long is no flip of a flap: a fault
_CHATTER_CHECK_MS = const(100)  # how often update() looks for it


class FlapSwitches:
    """update(now_ms) -> row 0's stable open mask; rows[r] is row r's Debouncer.

    Per row: open_mask(row) (debounced), raw_open_mask(row) (as last read), changed_mask(row)
    (bits that flipped in the last update) and unsettled_mask(now_ms, min_ms, row) (a switch
    whose raw level keeps disagreeing: chatter, a loose wire, a flap resting half-way).
    A switch stuck shut shows up to the app as a tile that never opens when reset.
    """

    def __init__(self, banks, debounce_ms=20, rows=1):
        total = 0
        for bank in banks:
            total += bank.count
        if not banks or rows < 1 or total % rows:
            raise ValueError("%d flap switches cannot form %d equal rows" % (total, rows))
        tiles = total // rows
        if tiles > MAX_TILES:
            raise ValueError("a row has at most %d tiles, got %d" % (MAX_TILES, tiles))
        self.banks = banks
        self.tiles = tiles
        self.row_count = rows
        self.fault = None
        self._chatter = None  # the fault message of a bouncing switch, or None
        self._chatter_bits = 0  # its row and mask, so a lasting chatter allocates nothing
        self._chatter_checked = 0
        self._row_full = (1 << tiles) - 1
        self._raw_open = [0] * rows
        if not self._read_raw():
            raise OSError(self.fault)
        self.rows = [Debouncer(tiles, debounce_ms, self._raw_open[row]) for row in range(rows)]

    def _read_raw(self):
        """Read every bank into _raw_open; on OSError keep the last reading and set fault."""
        raw_open = self._raw_open
        tiles = self.tiles
        row = 0
        shift = 0
        for index in range(self.row_count):
            raw_open[index] = 0
        for bank in self.banks:
            try:
                closed = bank.read_closed()
            except OSError as error:
                if self.fault is None:  # allocate the message once, not every poll
                    self.fault = "flaps: %s failed (%s)" % (bank.label, error)
                return False
            left = bank.count
            while left:
                take = tiles - shift
                if take > left:
                    take = left
                part = closed & ((1 << take) - 1)
                raw_open[row] |= part << shift
                closed >>= take
                left -= take
                shift += take
                if shift == tiles:
                    raw_open[row] ^= self._row_full  # closed bits -> open bits
                    row += 1
                    shift = 0
        self.fault = self._chatter
        return True

    def _watch_chatter(self, now_ms):
        """Set the chatter fault from the first row with a switch bouncing for _CHATTER_MS."""
        self._chatter_checked = now_ms
        bits = 0
        for row in range(self.row_count):
            mask = self.rows[row].unsettled(now_ms, _CHATTER_MS)
            if mask:
                bits = (row << MAX_TILES) | mask
                break
        if bits != self._chatter_bits:
            self._chatter_bits = bits
            self._chatter = None
            if bits:
                flap = 1
                while not mask & 1:
                    mask >>= 1
                    flap += 1
                where = "row %d flap %d" % (row + 1, flap) if self.row_count > 1 else "flap %d" % flap
                self._chatter = ("flaps: %s keeps bouncing: a loose wire, or the flap resting half-way?"
                                 % where)
            self.fault = self._chatter

    def read_open_mask(self, row=0):
        """Read the switches now, undebounced; returns row's raw open mask."""
        if not self._read_raw():
            return self.rows[row].raw
        return self._raw_open[row]

    def update(self, now_ms):
        """Poll every switch (call every few ms); returns row 0's debounced open mask."""
        if self._read_raw():
            for row in range(self.row_count):
                self.rows[row].update(self._raw_open[row], now_ms)
            if time.ticks_diff(now_ms, self._chatter_checked) >= _CHATTER_CHECK_MS:
                self._watch_chatter(now_ms)
        else:
            for row in range(self.row_count):
                self.rows[row].changed = 0
        return self.rows[0].stable

    def open_mask(self, row=0):
        return self.rows[row].stable

    def raw_open_mask(self, row=0):
        return self.rows[row].raw

    def changed_mask(self, row=0):
        return self.rows[row].changed

    def unsettled_mask(self, now_ms, min_ms, row=0):
        return self.rows[row].unsettled(now_ms, min_ms)

"""The box's flap switches: banks read in order and debounced into one open mask per row.

Inputs are numbered across the banks in order (the first bank's first input is tile 1 of
row 0); each row has `tiles` inputs. An open mask has bit (tile - 1) set for a flap that is
up (its switch open). The flaps are the truth about the board, so a bus error never
invents a move: the last reading is kept and `fault` says what failed. A switch that keeps
bouncing for a second (a loose wire, a worn contact, a flap resting half-way) is a fault too,
naming its flap, until it settles: its tile cannot change state meanwhile.

A bank has `count` inputs, a `label` naming it in a fault, and read_closed() -> a mask with
bit i set when input i's switch is closed (its flap shut). The GPIO bank, which most boards
use, is here; a 74HC165 chain (hal.hc165) and an MCP23017 (hal.expander_bank) have modules of
their own, loaded only when board.json names them. Pins and buses are built by the caller.
"""

from time import ticks_diff

from micropython import const

_CHATTER_MS = const(1000)  # bouncing this long is no flip of a flap: a fault
_CHATTER_CHECK_MS = const(100)  # how often update() looks for it


class GpioBank:
    """One switch per input Pin (already configured with its pull); input i is pins[i]."""

    label = "GPIO bank"

    def __init__(self, pins, active_low=True):
        self.pins = pins
        self.count = len(pins)
        self._closed_level = 0 if active_low else 1

    def read_closed(self):
        closed = 0
        level = self._closed_level
        bit = 1
        for pin in self.pins:
            if pin.value() == level:
                closed |= bit
            bit <<= 1
        return closed


class Debouncer:
    """Per-bit debouncing of `width` switches (at most 30, so masks stay small ints): a bit
    changes only after debounce_ms of quiet, each bit on its own timer, so one chattering
    switch never delays the others. Allocation-free after construction.

    update(raw_mask, now_ms) -> the stable mask. A raw change is reported only once the raw
    level has held for debounce_ms, so a bounce never shows up as a change. `raw`, `stable`
    and `changed` (bits flipped by the last update) are public; unsettled() finds switches
    that keep bouncing and never settle (chatter, a loose wire).
    """

    def __init__(self, width, debounce_ms, initial_mask=0):
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
        pending = flipped | raw_mask ^ self.stable  # (few locals and a shallow stack: a Pico's
        self.raw = raw_mask  # call then allocates no frame on the heap: issue 45)
        self.changed = 0
        index = 0
        while pending:
            if pending & 1:
                bit = 1 << index
                if flipped & bit:
                    # Seen quiet for debounce_ms by the last sample: a new run (a slow loop's
                    # gap between two samples is no quiet).
                    if ticks_diff(self._sampled, self._raw_since[index]) >= self.debounce_ms:
                        self._bouncing_since[index] = now_ms
                    self._raw_since[index] = now_ms
                elif (raw_mask ^ self.stable) & bit and ticks_diff(now_ms, self._raw_since[index]) >= self.debounce_ms:
                    self.stable ^= bit  # (this bit's disagreement: the stable mask's other bits
                    self.changed |= bit  # are not changed before their turn)
            pending >>= 1
            index += 1
        self._sampled = now_ms
        return self.stable

    def unsettled(self, now_ms, min_ms):
        """Bits still bouncing after min_ms: each change came within debounce_ms of the last.

        A healthy switch settles within a few ms; one that chatters for seconds is a loose
        wire, a worn contact or a flap resting half-way, and its tile never changes state.
        """
        found = 0
        for index in range(self.width):
            if (ticks_diff(now_ms, self._raw_since[index]) < self.debounce_ms
                    and ticks_diff(now_ms, self._bouncing_since[index]) >= min_ms):
                found |= 1 << index
        return found


class FlapSwitches:
    """update(now_ms) -> row 0's stable open mask; open_mask(row) is a row's, debounced.

    rows[r] is row r's Debouncer: its raw (as last read), changed (bits that flipped in the
    last update) and unsettled(now_ms, min_ms) (a switch whose raw level keeps disagreeing:
    chatter, a loose wire, a flap resting half-way). A switch stuck shut shows up to the app
    as a tile that never opens when reset.
    """

    def __init__(self, banks, debounce_ms=20, rows=1):
        tiles = 0
        for bank in banks:
            tiles += bank.count
        tiles //= rows  # equal rows of at most game.tiles.MAX_TILES: hal.board_config checks it
        self.banks = banks
        self.tiles = tiles
        self.row_count = rows
        self.fault = None
        self._chatter = None  # the fault message of a bouncing switch, or None
        self._chatter_bits = 0  # its row and mask, so a lasting chatter allocates nothing
        self._chatter_checked = 0
        self._flipped_ms = 0  # when a switch last changed level (before then none is bouncing)
        self._raw_open = [0] * rows
        self.rows = []
        for _ in range(rows):  # a loop, not a comprehension: each of those is a function of its own
            self.rows.append(Debouncer(tiles, debounce_ms))
        self.update(0)  # the first reading, which each row's stable mask starts from
        if self.fault is not None:
            raise OSError(self.fault)
        for debouncer in self.rows:
            debouncer.stable = debouncer.raw

    def update(self, now_ms):
        """Poll every switch (call every few ms); returns row 0's debounced open mask.

        A bank that fails keeps the last reading (no row changes) and sets `fault`; every
        _CHATTER_CHECK_MS the first row with a switch bouncing for _CHATTER_MS sets it too."""
        raw_open = self._raw_open
        tiles = self.tiles
        rows = self.row_count
        # Every bank into raw_open, in order: input i is tile i % tiles + 1 of row i // tiles.
        row = 0
        shift = 0
        closed_row = 0  # the row's closed switches read so far
        for bank in self.banks:
            try:
                closed = bank.read_closed()
            except OSError as error:
                if self.fault is None:  # allocate the message once, not every poll
                    self.fault = "flaps: %s failed (%s)" % (bank.label, error)
                for index in range(rows):
                    self.rows[index].changed = 0
                return self.rows[0].stable
            left = bank.count
            while left:
                take = tiles - shift
                if take > left:
                    take = left
                closed_row |= (closed & ((1 << take) - 1)) << shift
                closed >>= take
                left -= take
                shift += take
                if shift == tiles:
                    raw_open[row] = closed_row ^ ((1 << tiles) - 1)  # closed bits -> open bits
                    row += 1
                    shift = 0
                    closed_row = 0
        self.fault = self._chatter
        for index in range(rows):
            debouncer = self.rows[index]
            if debouncer.raw != raw_open[index]:
                self._flipped_ms = now_ms
            debouncer.update(raw_open[index], now_ms)
        if ticks_diff(now_ms, self._chatter_checked) >= _CHATTER_CHECK_MS:  # chatter?
            self._chatter_checked = now_ms
            if not self._chatter_bits and ticks_diff(now_ms, self._flipped_ms) >= self.rows[0].debounce_ms:
                return self.rows[0].stable  # no switch changed for debounce_ms: none is bouncing
            bits = 0
            for row in range(rows):
                mask = self.rows[row].unsettled(now_ms, _CHATTER_MS)
                if mask:
                    bits = (row << tiles) | mask
                    break
            if bits != self._chatter_bits:
                self._chatter_bits = bits
                self._chatter = None
                if bits:
                    flap = 1
                    while not mask & 1:
                        mask >>= 1
                        flap += 1
                    where = "row %d flap %d" % (row + 1, flap) if rows > 1 else "flap %d" % flap
                    self._chatter = ("flaps: %s keeps bouncing: a loose wire, or the flap resting half-way?"
                                     % where)
                self.fault = self._chatter
        return self.rows[0].stable

    def open_mask(self, row=0):
        return self.rows[row].stable

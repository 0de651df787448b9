"""One player's turn as a state machine fed by events: roll, tile shut, tile reopened.

The turn knows a pending move (tiles shut since the roll, still open to take-back) from a
committed one (taken when the next roll is made, `commit()` is called, or the move shuts the
box). It never assumes a flap moved: every event returns a result code saying what it meant,
and an illegal event changes nothing. Events allocate nothing. The codes in words, for replaying
a log, are tools.replay.turn_names' (not on the board). What a roll may shut is MoveRules' (the
sum rule, below) or game.moves' (the rules that go by the dice's numbers).

The codes no firmware module outside this one tests for have private names: a const whose name
begins with an underscore is no module attribute on the board, so its name costs no heap there.
tools.replay.turn_names gives them their public names on the host.
"""

from micropython import const

from game.tables import table_for
from game.tiles import bit, tile_sum

_MOVE_ANY = const(0)  # game.rules' (a copy: see there)
MAX_DICE = const(4)  # the most values a roll has (roll's a to d): every random source's buffer
_SOURCE_CARDS = const(3)

# Turn states.
AWAIT_ROLL = const(0)
AWAIT_MOVE = const(1)
OVER = const(2)

# How a turn ended.
_END_NONE = const(0)
END_SHUT = const(1)
_END_NO_MOVE = const(2)
_END_UNLUCKY_7 = const(3)
END_FIRST_ROLL_LOST = const(4)  # the last: game.snapshot bounds a saved turn's end by it

# Event results: accepted...
ROLLED = const(0)
FREE_THROW = const(1)
ENDED = const(2)
PENDING = const(3)
_MOVE_LEGAL = const(4)
MOVE_COMPLETE = const(5)
_TAKEN_BACK = const(6)
COMMITTED = const(7)
# ...and refused, with nothing changed.
_E_TURN_OVER = const(16)
_E_ROLL_FIRST = const(17)
_E_ILLEGAL_TILE = const(18)
_E_ALREADY_SHUT = const(19)
_E_ALREADY_OPEN = const(20)
_E_COMMITTED = const(21)
_E_MOVE_DUE = const(22)
_E_DICE_COUNT = const(23)
_E_ONE_DIE = const(24)
_E_NOTHING_TO_COMMIT = const(25)
_ERROR_FIRST = const(_E_TURN_OVER)
# The results after which the App saves the match (game.snapshot says why).
SAVES_AFTER = (ROLLED, FREE_THROW, ENDED, COMMITTED)


def is_error(result):
    """Was an event refused?"""
    return result >= _ERROR_FIRST


class MoveRules:
    """Which sets of tiles a roll may shut under the sum rule (VARIANTS.md section 4): any open
    tiles adding up to the roll's total, checked against the legality table. The rules that go
    by the numbers the dice show are game.moves' DiceMoveRules, loaded for their games only.

    A roll is described by its total, the mask of tiles its dice show (`die_mask`), whether
    every die shows a distinct existing tile (`dice_distinct`), and the tiles the move must
    include (`required`: tile 2 or 3 on the first roll under 2-to-go/3-to-go). Every check is
    allocation-free; only `legal_moves`, used for hints, builds a list.
    """

    def __init__(self, rules, table):
        self.table = table

    def is_legal(self, open_mask, shut_mask, total, die_mask, dice_distinct, required):
        """Is shutting exactly `shut_mask` a whole legal move for this roll?"""
        if shut_mask == 0 or shut_mask & ~open_mask or required & ~shut_mask:
            return False
        return tile_sum(shut_mask) == total

    def can_extend(self, open_mask, pending, total, die_mask, dice_distinct, required):
        """Can the tiles shut so far (`pending`) still grow into a legal move?"""
        pending |= required  # (the tiles needed; few locals: a Pico's call allocates no frame)
        if pending & ~open_mask:
            return False
        total -= tile_sum(pending)  # (the total left)
        if total == 0:
            return pending != 0
        return total > 0 and self.table.can_shut(open_mask & ~pending, total)

    # Is `pending` legal with no larger legal move containing it (nothing left to add)? Under
    # the sum rule a legal move is always complete: any tile more would overshoot the total.
    is_complete = is_legal

    def legal_moves(self, open_mask, total, die_mask, dice_distinct, required):
        """Every legal move for this roll, as masks (allocates: for hints, not events)."""
        moves = self.table.shut_sets(open_mask, total)
        if required:
            holding = []
            for move in moves:
                if move & required == required:
                    holding.append(move)
            return holding
        return moves


def _end(turn, how):
    """`turn` is over, ended `how`. (A function, not Turn's method: Turn's class keeps 17 names,
    a table of 17 slots, not 23: 48 bytes less for as long as the box runs.)"""
    turn.state = OVER
    turn.ended = how
    turn.pending = 0
    return ENDED


class Turn:
    """A turn on one row of tiles; reuse it across turns with `start()`."""

    def __init__(self, rules, table=None, open_mask=None):
        self.rules = rules
        self.table = table if table is not None else table_for(rules)
        if rules.move == _MOVE_ANY:
            self.move_rules = MoveRules(rules, self.table)
        else:  # thai, exact match, single die, young players'
            from game.moves import DiceMoveRules

            self.move_rules = DiceMoveRules(rules, self.table)
        self.dice = bytearray(MAX_DICE)
        self.start(open_mask)

    def start(self, open_mask=None):
        """Begin a turn with these tiles open (the rules' start position by default)."""
        self.open_mask = self.rules.start_mask() if open_mask is None else open_mask
        self.start_mask = self.open_mask
        self.pending = 0
        self.rolls = 0
        self.moves_made = 0
        self.one_die = False
        self.dice_count = 0
        self.total = 0
        self.die_mask = 0
        self.dice_distinct = False
        self.required = 0
        self.ended = _END_NONE
        self.state = AWAIT_ROLL if self.open_mask else OVER
        if not self.open_mask:
            self.ended = END_SHUT

    # -- rolling -----------------------------------------------------------------------------
    def one_die_allowed(self):
        """May the player choose a single die for the next roll?"""
        return self.state != OVER and self.rules.one_die_allowed(self.open_mask & ~self.pending)

    def choose_one_die(self, one_die):
        """Choose one die (True) or the full set (False) for the next roll."""
        if one_die and not self.one_die_allowed():
            return _E_ONE_DIE
        self.one_die = one_die
        return ROLLED

    def dice_expected(self):
        """How many values the next roll must have."""
        if self.rules.source == _SOURCE_CARDS:
            return 1
        return 1 if self.one_die else self.rules.dice

    def roll(self, a, b=None, c=None, d=None):
        """A roll showing these dice (or domino halves, or one card). Commits a pending move."""
        if self.state == OVER:
            return _E_TURN_OVER
        if self.state == AWAIT_MOVE:
            if not self._pending_legal():
                return _E_MOVE_DUE
            self._commit()
            if self.state == OVER:
                return _E_TURN_OVER
        count = 1 if b is None else 2 if c is None else 3 if d is None else 4
        if count != self.dice_expected():
            return _E_DICE_COUNT
        dice = self.dice
        dice[0] = a
        dice[1] = 0 if b is None else b
        dice[2] = 0 if c is None else c
        dice[3] = 0 if d is None else d
        tiles = self.rules.tiles
        total = 0
        die_mask = 0
        for index in range(count):
            value = dice[index]
            total += value
            if 1 <= value <= tiles:
                die_mask |= bit(value)
        self.dice_count = count
        self.total = total
        self.die_mask = die_mask
        distinct = 0
        mask = die_mask
        while mask:
            distinct += 1
            mask &= mask - 1
        self.dice_distinct = distinct == count
        self.rolls += 1
        self.one_die = False
        must = self.rules.must_first
        self.required = bit(must) if must and self.rolls == 1 else 0
        if self.rules.unlucky_7 and total == 7:
            return _end(self, _END_UNLUCKY_7)
        if total == 0:
            return FREE_THROW
        if not self.move_rules.can_extend(
            self.open_mask, 0, total, die_mask, self.dice_distinct, self.required
        ):
            if self.required:
                return _end(self, END_FIRST_ROLL_LOST)
            if self.rules.double_rethrow and count == 2 and dice[0] == dice[1]:
                return FREE_THROW
            return _end(self, _END_NO_MOVE)
        self.state = AWAIT_MOVE
        return ROLLED

    # -- tiles -------------------------------------------------------------------------------
    def tile_shut(self, tile):
        """A flap was shut. Returns PENDING, _MOVE_LEGAL, MOVE_COMPLETE, COMMITTED or an error."""
        tile = bit(tile)  # (one local for the tile and its bit: a Pico's call then allocates no frame on the heap)
        if self.state == OVER:
            return _E_TURN_OVER
        if tile & ~self.open_mask or tile & self.pending:
            return _E_ALREADY_SHUT
        if self.state == AWAIT_ROLL:
            return _E_ROLL_FIRST
        pending = self.pending | tile
        if not self.move_rules.can_extend(
            self.open_mask, pending, self.total, self.die_mask, self.dice_distinct, self.required
        ):
            return _E_ILLEGAL_TILE
        self.pending = pending
        if pending == self.open_mask and self._pending_legal():
            self._commit()
            return COMMITTED
        return self.move_state()

    def tile_reopened(self, tile):
        """A flap was opened. Only a tile of the pending move may be taken back."""
        tile_bit = bit(tile)
        if tile_bit & self.pending:
            self.pending &= ~tile_bit
            return _TAKEN_BACK
        if tile_bit & self.open_mask:
            return _E_ALREADY_OPEN
        return _E_COMMITTED

    def move_state(self):
        """PENDING, _MOVE_LEGAL (may still grow) or MOVE_COMPLETE, for the tiles shut so far."""
        moves = self.move_rules
        if moves.is_complete(
            self.open_mask, self.pending, self.total, self.die_mask, self.dice_distinct, self.required
        ):
            return MOVE_COMPLETE
        if self._pending_legal():
            return _MOVE_LEGAL
        return PENDING

    def commit(self):
        """Take the pending move as final (a button press, or before the next roll)."""
        if self.state != AWAIT_MOVE or not self._pending_legal():
            return _E_NOTHING_TO_COMMIT
        self._commit()
        return COMMITTED

    def _pending_legal(self):
        return self.move_rules.is_legal(
            self.open_mask, self.pending, self.total, self.die_mask, self.dice_distinct, self.required
        )

    def _commit(self):
        self.open_mask &= ~self.pending
        self.pending = 0
        self.moves_made += 1
        if self.open_mask:
            self.state = AWAIT_ROLL
        else:
            _end(self, END_SHUT)

    # -- questions ---------------------------------------------------------------------------
    def legal_moves(self):
        """Every legal move for the current roll, as masks (allocates: for hints)."""
        if self.state != AWAIT_MOVE:
            return []
        return self.move_rules.legal_moves(
            self.open_mask, self.total, self.die_mask, self.dice_distinct, self.required
        )

    def legal_tiles(self):
        """Tiles that may be shut next, given those already shut (for lighting the LEDs)."""
        if self.state != AWAIT_MOVE:
            return 0
        # The tiles up to the total: no move rule shuts one above it (asking for each of the
        # 24 tiles of the-300 took a Pico 8.6 ms of the dice landing's tick: issue 45).
        # Each tile that cannot join the move is taken out of `free` (few locals: a Pico's call
        # then allocates no frame on the heap, whose search for room took up to 0.5 ms).
        free = self.open_mask & ~self.pending & ((1 << self.total) - 1)
        tile_bit = 1
        while tile_bit <= free:
            if free & tile_bit and not self.move_rules.can_extend(
                self.open_mask, self.pending | tile_bit, self.total, self.die_mask,
                self.dice_distinct, self.required,
            ):
                free &= ~tile_bit
            tile_bit <<= 1
        return free

    def score(self):
        """The turn's penalty score under the rules (meaningful once the turn is over)."""
        return self.rules.score(self.open_mask)

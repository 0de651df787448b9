"""A player's chance of winning per open mask: the turn's dynamic programme against the round's
end values, so the box's hints play to win rather than to score.

A turn ending on score s is worth, with the best score so far X shared by k players and m
players still to throw after this one (tools/coach/round_win.py and gen_win_ends.py): below X
G[m][s, 1], on X G[m][X, k + 1], above it nothing; a shut box wins at once; with no score yet
every score leads and a first-roll loss is worth L[m][k + 1]. For the last player (m = 0) G is
1 and a tie shares the win as the rules' tie rule pays; for the others `begin` reads G[m]'s
column and the two values from win_ends.bin (game.win_ends, imported only then: only that, of
the table for the rules in play).
Other goals (game.at_stake's) set other end values for the same programme: a score to stay
below (max-penalty) or to beat with the match's totals (the last throw of a tournament), where
a shut box scores 0.

The chances are whole numbers of 1/WIN_ONE, one per open mask reachable from the start.
Everything is done in slices (`step`), so the App's loop never waits long: once per rule set
game.win_table's buffers and outcome table (that module loaded for it and let go); once per
`begin` the round's column of win_ends.bin (game.win_ends, for the App a few reads a slice) and
the end value of each score; then the masks, game.win_kernel's `fill` (viper on a board).
"""

from micropython import const

_WIN_ONE = const(65535)  # game.strategy's WIN_ONE (a copy: see there)
_END_SHUT = const(1)  # game.turn's (a copy: see there)
_END_FIRST_ROLL_LOST = const(4)
_SCORE_DIGITAL = const(2)  # game.rules' (a copy: see there)
_TIES_FULL = const(1)
_GOAL_ROUND = const(1)  # game.at_stake's (a copy: see there)
_GOAL_MATCH = const(2)
_PREPARE_PER_STEP = const(24)  # slots whose end value is worked out per step
_ONE_DIE_AT = const(3)  # game.win_kernel's: the outcome table's words for one die (0xFFFF: to do)
_SCRATCH = const(96)  # bytes per read of win_ends.bin's stream at most (a slice: game.win_ends' _read)

_TYPE_CHECKING = const(0)  # a const: mpy-cross leaves out what it guards
if _TYPE_CHECKING:
    from typing import Any

ENDS_FILE = None  # win_ends.bin beside game.win_ends (the tests point it at tables of their own)


class WinChance:
    """P(win) per open mask for a player of a round of `rules` (a Turn's rules)."""

    if _TYPE_CHECKING:  # buffers handed to game.win_kernel's fill, viper's ptr16 and ptr8 there
        chances: Any
        ends: Any
        table: Any
        one_die: Any
        _reading: Any  # None, 0, or game.win_ends' read_steps (a generator)
        building: Any  # None, 1, 0, or game.win_table's _Building
        _read_for: Any

    def __init__(self, rules):
        self.rules = rules
        self.start = rules.start_mask()
        # made with the outcome table (game.win_table), once per rule set:
        self.chances = None  # per open mask, 0..WIN_ONE (an array of 16 bits)
        self.one_die = None  # a bit per mask: one die the better roll
        self.ends = None  # per slot (a score; digital: an open mask): a turn ending there
        self.table = None  # the outcome table (game.win_kernel), once it is ready
        self.masks_per_step = 1  # game.win_kernel's CHECKS_PER_STEP over the table's moves
        self.building = None  # game.win_table's work (1, 0: game.win_kernel, game.win_table imported)
        self._ends_done = 0  # slots whose end value is known for this `begin` (while the end
        #                      values are read: the read's slices so far, one name fewer to load)
        self.sure = 0  # the slots 1 to this are a sure win (game.win_kernel's fill skips them)
        self.lead = b""  # G[m][slot, 1] per slot (2 bytes LE) once `begin` reads one, m > 0
        self.to_beat = -2  # -1: no score counts yet; -2: no round begun
        self.tied = 0  # -1: not a round's (a shut box scores 0)
        self.after = 0  # > 0: a score below to_beat is worth `lead` (else WIN_ONE)
        self.level = 0  # a turn ending on to_beat
        self.lost = 0  # a first-roll loss
        self.next_mask = 0  # the next mask to compute; 0: none (all done, or no round begun)
        self.first_chance = 0  # the first roll under 2-to-go/3-to-go (from the start mask)
        self.first_one_die = False
        self.ready = False
        self._read_for = None  # (to_beat, tied, after): the end values `step` reads next
        self._reading = None  # game.win_ends' read_steps under way (0: about to be)

    def begin(self, to_beat, tied, after=0, goal=_GOAL_ROUND, at_once=True):
        """Start over for a player of a single round: `to_beat` the best score so far (-1: none
        yet), `tied` the players on it (or, with none, those who lost their first roll), `after`
        the players still to throw after this one (game.at_stake's stake_of gives them); nothing
        to do if it is the round `begin` had last (still computing or ready). False (and nothing
        to compute) when the table of end values has no such round for these rules. Another
        `goal`: a score below `to_beat` wins (or stays in) in a round played out, one on it is
        worth a win shared with `tied` others (the match's) or nothing (staying in); a shut box
        scores 0, a first-roll loss loses. With at_once False the table of end values is read
        by `step`, a slice at a time (the App's), and True is returned before it is known
        whether the table has the round: if it has not, `step` ends with `to_beat` -2."""
        if goal == _GOAL_ROUND and self.to_beat == to_beat and self.tied == tied and self.after == after:
            return True
        if self._reading:  # a read under way (0: its module just imported)
            self._reading.close()  # another round's read, left for this one
        self._reading = None
        self._read_for = None
        share = _WIN_ONE if self.rules.ties == _TIES_FULL else (_WIN_ONE + (tied + 1) // 2) // (tied + 1)
        lost = 0
        if goal != _GOAL_ROUND:
            tied = -1
            after = 0
            if goal != _GOAL_MATCH:
                share = 0
        elif after == 0:
            lost = share if to_beat < 0 else 0
        else:
            self.to_beat = to_beat
            self.tied = tied
            self.after = after
            self.ready = False
            self.next_mask = 0
            self._read_for = (to_beat, tied, after)
            if at_once:
                while self._read_for is not None:
                    self._read_slice()
                return self.to_beat != -2
            return True
        self._start(to_beat, tied, after, share, lost)
        return True

    def _start(self, to_beat, tied, after, level, lost):  # (level: what a tie shares)
        self.to_beat = to_beat
        self.tied = tied
        self.after = after
        self.level = level if to_beat >= 0 else 0
        self.lost = lost
        self._ends_done = 0
        self.sure = 0
        self.next_mask = self.start & -self.start  # the smallest submask of the start
        self.ready = False

    def _read_slice(self):
        """A slice of the reading of the round's end values (game.win_ends' read_steps, the
        module imported in a slice of its own), then the round begins, or there is none
        (`to_beat` -2: the next `begin` reads again)."""
        reading = self._reading
        if reading is None:  # what game.win_ends imports, in a slice of its own
            import game.policy_file  # noqa: F401

            self._reading = 0
            return
        if reading == 0:
            from game.win_ends import read_steps

            to_beat, tied, after = self._read_for
            self._reading = read_steps(self, ENDS_FILE, to_beat, tied, after, bytearray(_SCRATCH))
            self._ends_done = 0
            return
        try:
            self._ends_done += 1
            next(reading)
            return
        except StopIteration as done:
            found = done.value
        self._reading = None
        to_beat, tied, after = self._read_for
        self._read_for = None
        if found is None:
            self.to_beat = -2  # matches no round
            return
        share, lost = found
        self._start(to_beat, tied, after, share, 0 if to_beat >= 0 else lost)

    def chance(self, mask):
        """The chance of winning from an open mask before the roll, 0..WIN_ONE."""
        return self.chances[mask]

    def one_die_at(self, mask):
        return (self.one_die[mask >> 3] >> (mask & 7)) & 1 == 1

    def ending(self, mask, how):
        """What a turn ending so with these tiles open (`mask`) is worth to the player, 0..WIN_ONE."""
        if how == _END_SHUT and self.tied >= 0:
            return _WIN_ONE
        if how == _END_FIRST_ROLL_LOST:
            return self.lost
        rules = self.rules
        return self._ending_at(mask if rules.scoring == _SCORE_DIGITAL else rules.score(mask))

    def _ending_at(self, score):
        """What a turn ending on a slot (`score`: its score; digital: its open mask) is worth.
        (Its parameters and methods are names looked up as the module loads: issue 45.)"""
        slot = score
        if self.rules.scoring == _SCORE_DIGITAL:
            score = self.rules.score(slot)
        to_beat = self.to_beat
        if to_beat >= 0 and score >= to_beat:
            return 0 if score > to_beat else self.level
        if not self.after:
            return _WIN_ONE
        return self.lead[2 * slot] | (self.lead[2 * slot + 1] << 8)

    def step(self, count=1, room_us=0, clock=None):
        """Do `count` slices of the work (game.win_table's, a few end values, or some masks,
        each about as long), then the first roll under 2-to-go/3-to-go; True once all are done.
        At each mask the better of all the dice and one die (ties: all). With `room_us` and
        `clock` (the App's: the room a tick has for the coach, and its `time` module, which an
        import here would look for on the file system each call: 10 ms of a Pico's), a slice
        follows another only when it is of the same kind (the outcome table's rolls, reads of
        the end values past the file's opening and first read, end values, masks) and the two
        fit the room as the last took: one that imports a module, opens the file or makes the
        buffers comes first in a step."""
        ticks_us = getattr(clock, "ticks_us", None) if room_us else None  # (CPython's: none)
        started = last = ticks_us() if ticks_us else 0
        kind = 0  # the last slice's (0: none yet)
        while count > 0 and not self.ready:
            count -= 1
            if room_us:
                now = ticks_us() if ticks_us else 0
                after = self._kind()
                if kind and (kind < 0 or after != kind or ticks_us and clock.ticks_diff(now, started)
                             + clock.ticks_diff(now, last) > room_us):
                    break
                kind = after
                last = now
            if not self._slice():
                return False
        return self.ready

    def _kind(self):
        """The kind of the next slice, a positive number when slices of it are many and alike."""
        building = self.building
        if self.table is None:  # game.win_kernel imported, game.win_table, the rolls planned, the
            # buffers made (a Turn: its legality table), one die's masks, then the rolls alike
            if not building or building == 1 or building.turn is None or building.table[_ONE_DIE_AT] == 0xFFFF:
                return -1
            return 1
        if self._read_for is not None:  # past the imports, the file's opening, its first read
            return 2 if self._reading and self._ends_done > 2 else -1
        return 3 if self._ends_done < len(self.ends) else 4

    def _slice(self):
        """One slice of `step`'s work; False when no round is begun."""
        if self.table is None:
            building = self.building
            if building is None:  # game.win_kernel imported in a slice of its own
                import game.win_kernel  # noqa: F401

                self.building = 1
            elif building == 1:  # then game.win_table, in another
                import game.win_table  # noqa: F401

                self.building = 0
            else:
                from game.win_table import prepare

                prepare(self)
        elif self._read_for is not None:
            self._read_slice()
        elif self.next_mask == 0:
            return False  # no round begun
        elif self._ends_done < len(self.ends):  # the end value of a few more slots
            slot = self._ends_done
            last = slot + _PREPARE_PER_STEP
            if last > len(self.ends):
                last = len(self.ends)
            while slot < last:
                value = self._ending_at(slot)
                self.ends[slot] = value
                if value == _WIN_ONE and slot == self.sure + 1:
                    self.sure = slot
                slot += 1
            self._ends_done = slot
        else:
            # loaded with the first masks: a round's `begin` needs none
            from game.win_kernel import fill

            self.next_mask = fill(self.chances, self.ends, self.table, self.one_die,
                                  self.next_mask, self.start, self.masks_per_step, self.sure)
            if self.next_mask == 0:
                must_first = self.rules.must_first
                if must_first:  # the first roll under 2-to-go/3-to-go
                    self.ends[0] = self.lost  # a stuck first roll (never a slot: slot 0 is a shut box)
                    found = fill(self.chances, self.ends, self.table, self.one_die,
                                 self.start, 1 << (must_first - 1), 0, 0)
                    self.first_chance = found >> 2
                    self.first_one_die = found & 2 != 0
                self.ready = True
        return True

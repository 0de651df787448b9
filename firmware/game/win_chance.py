"""A player's chance of winning per open mask: the turn's dynamic programme against the round's
end values, so the box's hints play to win rather than to score.

A turn ending on score s is worth, with the best score so far X shared by k players and m
players still to throw after this one (tools/round_win.py, tools/gen_win_ends.py): below X
G[m][s, 1], on X G[m][X, k + 1], above it nothing; a shut box wins at once; with no score yet
every score leads and a first-roll loss is worth L[m][k + 1]. For the last player (m = 0) G is
1 and a tie shares the win as the rules' tie rule pays; for the others `begin` reads G[m]'s
column and the two values from win_ends.bin (game.win_ends, imported only then: only that, of
the table for the rules in play).
Other goals (game.at_stake's) set other end values for the same programme: a score to stay
below (max-penalty) or to beat with the match's totals (the last throw of a tournament), where
a shut box scores 0.

The chances are whole numbers of 1/WIN_ONE in a buffer allocated once per rule set, computed a
few masks at a time (`step`) so the App's loop never blocks; each roll's outcomes are asked of
a Turn of the firmware's own, as the host's solver does (made for the computing, let go once
every mask is done).
"""

from micropython import const

from game.strategy import WIN_ONE
from game.turn import END_FIRST_ROLL_LOST, END_SHUT, ENDED, FREE_THROW, ROLLED, Turn

_MOVE_ANY = const(0)  # game.rules' (a copy: see there)
_SCORE_DIGITAL = const(2)
_TIES_FULL = const(1)
_GOAL_ROUND = const(1)  # game.at_stake's (a copy: see there)
_GOAL_MATCH = const(2)

ENDS_FILE = None  # win_ends.bin beside game.win_ends (the tests point it at tables of their own)


class WinChance:
    """P(win) per open mask for a player of a round of `rules` (a Turn's rules)."""

    def __init__(self, rules):
        self.rules = rules
        size = 1 << rules.tiles
        self.chances = bytearray(2 * size)
        self.one_die = bytearray((size + 7) // 8)
        self.lead = b""  # G[m][slot, 1] per slot (2 bytes LE) once `begin` reads one, m > 0
        self.turn = None  # the Turn that tries each roll, while the chances are computed
        self.to_beat = -2  # -1: no score counts yet; -2: no round begun
        self.tied = 0  # -1: not a round's (a shut box scores 0)
        self.after = 0  # > 0: a score below to_beat is worth `lead` (else WIN_ONE)
        self.level = 0  # a turn ending on to_beat
        self.lost = 0  # a first-roll loss
        self.next_mask = size  # nothing to compute until `begin`
        self.first_chance = 0  # the first roll under 2-to-go/3-to-go (from the start mask)
        self.first_one_die = False
        self.ready = False

    def begin(self, to_beat, tied, after=0, goal=_GOAL_ROUND):
        """Start over for a player of a single round: `to_beat` the best score so far (-1: none
        yet), `tied` the players on it (or, with none, those who lost their first roll), `after`
        the players still to throw after this one (game.at_stake's stake_of gives them); nothing
        to do if it is the round `begin` had last (still computing or ready). False (and nothing
        to compute) when the table of end values has no such round for these rules. Another
        `goal`: a score below `to_beat` wins (or stays in) in a round played out, one on it is
        worth a win shared with `tied` others (the match's) or nothing (staying in); a shut box
        scores 0, a first-roll loss loses."""
        if goal == _GOAL_ROUND and self.to_beat == to_beat and self.tied == tied and self.after == after:
            return True
        share = WIN_ONE if self.rules.ties == _TIES_FULL else (WIN_ONE + (tied + 1) // 2) // (tied + 1)
        lost = 0
        if goal != _GOAL_ROUND:
            tied = -1
            after = 0
            if goal != _GOAL_MATCH:
                share = 0
        elif after == 0:
            lost = share if to_beat < 0 else 0
        else:
            from game.win_ends import read_ends

            found = read_ends(self, ENDS_FILE, to_beat, tied, after)
            if found is None:
                self.to_beat = -2  # matches no round: the next `begin` reads again
                self.ready = False
                self.turn = None
                return False
            share, lost = found
            if to_beat >= 0:
                lost = 0
        self.to_beat = to_beat
        self.tied = tied
        self.after = after
        self.level = share if to_beat >= 0 else 0
        self.lost = lost
        self.chances[0] = WIN_ONE & 255
        self.chances[1] = WIN_ONE >> 8
        self.next_mask = 1
        self.ready = False
        return True

    def chance(self, mask):
        """The chance of winning from an open mask before the roll, 0..WIN_ONE."""
        return self.chances[2 * mask] | (self.chances[2 * mask + 1] << 8)

    def one_die_at(self, mask):
        return (self.one_die[mask >> 3] >> (mask & 7)) & 1 == 1

    def ending(self, open_mask, how):
        """What a turn ending so with these tiles open is worth to the player, 0..WIN_ONE."""
        if how == END_SHUT and self.tied >= 0:
            return WIN_ONE
        if how == END_FIRST_ROLL_LOST:
            return self.lost
        rules = self.rules
        score = rules.score(open_mask)
        to_beat = self.to_beat
        if to_beat >= 0 and score >= to_beat:
            return 0 if score > to_beat else self.level
        if not self.after:
            return WIN_ONE
        slot = 2 * open_mask if rules.scoring == _SCORE_DIGITAL else 2 * score
        return self.lead[slot] | (self.lead[slot + 1] << 8)

    def step(self, count):
        """Compute up to `count` more masks, then the first roll under 2-to-go/3-to-go (from
        the start mask); True once all are done. At each the better of all the dice and one die
        (ties: all)."""
        rules = self.rules
        size = 1 << rules.tiles
        turn = self.turn
        if turn is None and not self.ready:
            turn = self.turn = Turn(rules)
        while count > 0 and not self.ready:
            mask = self.next_mask
            first = mask == size
            if first:
                self.ready = True
                self.turn = None
                if not rules.must_first:
                    break
                mask = rules.start_mask()
            chance = self._roll(turn, mask, first, rules.dice)
            one = 0
            if rules.dice > 1 and rules.one_die_allowed(mask):
                alone = self._roll(turn, mask, first, 1)
                if alone > chance:
                    chance = alone
                    one = 1
            if first:
                self.first_chance = chance
                self.first_one_die = one == 1
            else:
                self.chances[2 * mask] = chance & 255
                self.chances[2 * mask + 1] = chance >> 8
                bit = 1 << (mask & 7)
                self.one_die[mask >> 3] = (self.one_die[mask >> 3] & ~bit) | (bit * one)
                self.next_mask = mask + 1
            count -= 1
        return self.ready

    def _roll(self, turn, mask, first, count):
        """The chance of winning when rolling `count` dice at a mask, the best move after each
        roll; free throws are thrown again (left out of the average). Where only the total
        matters (any combination, no free throws on doubles) each total is rolled once (as the
        pair that has 1 or the top face in it)."""
        rules = self.rules
        faces = rules.faces
        one = count != rules.dice
        by_total = rules.move == _MOVE_ANY and not rules.double_rethrow
        top = faces if count > 1 else 0  # the second die's faces (0: none)
        weighed = 0
        free = 0
        for a in range(1, faces + 1):
            for b in range(a if top else 0, top + 1):
                weight = 1
                if b:
                    if by_total:
                        if a > 1 and b < faces:
                            continue
                        weight = faces - abs(a + b - faces - 1)
                    elif a != b:
                        weight = 2
                turn.start(mask)
                if not first:
                    turn.rolls = 1
                if one:
                    turn.choose_one_die(True)
                result = turn.roll(a, b) if b else turn.roll(a)
                if result == FREE_THROW:
                    free += weight
                    continue
                best = 0
                if result == ENDED:
                    best = self.ending(turn.open_mask, turn.ended)
                elif result == ROLLED:
                    for move in turn.legal_moves():
                        after = self.chance(mask & ~move)
                        if after > best:
                            best = after
                weighed += weight * best
        outcomes = faces ** count - free
        return (weighed + outcomes // 2) // outcomes

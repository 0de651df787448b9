"""The last player's chance of winning a single round, per open mask, against the score to beat.

Once everyone else has thrown, the best play for the last player is one dynamic programme over
the open tiles (tools/round_win.py, after = 0): a turn ending below the score to beat wins, on
it shares the win with those tied (as the rules' tie rule pays), above it or by a first-roll
loss loses; a shut box wins. The chances are whole numbers of 1/WIN_ONE in a buffer allocated
once per rule set, computed a few masks at a time (`step`) so the App's loop never blocks; each
roll's outcomes are asked of the firmware's own Turn, as the host's solver does.
"""

from game.rules import MOVE_ANY, TIES_FULL
from game.strategy import WIN_ONE
from game.turn import END_FIRST_ROLL_LOST, END_SHUT, ENDED, FREE_THROW, ROLLED, Turn


class WinChance:
    """P(win) per open mask for the last player of a round of `rules` (a Turn's rules)."""

    def __init__(self, rules):
        self.rules = rules
        size = 1 << rules.tiles
        self.chances = bytearray(2 * size)
        self.one_die = bytearray((size + 7) // 8)
        self.turn = Turn(rules)
        self.by_total = rules.move == MOVE_ANY and not rules.double_rethrow
        self.to_beat = -1
        self.tied = 0
        self.next_mask = size  # nothing to compute until `begin`
        self.first_chance = 0  # the first roll under 2-to-go/3-to-go (from the start mask)
        self.first_one_die = False
        self.ready = False

    def begin(self, to_beat, tied):
        """Start over for a score to beat that `tied` players share (none done yet)."""
        self.to_beat = to_beat
        self.tied = tied
        self.chances[0] = WIN_ONE & 255
        self.chances[1] = WIN_ONE >> 8
        self.next_mask = 1
        self.ready = False

    def chance(self, mask):
        """The chance of winning from an open mask before the roll, 0..WIN_ONE."""
        return self.chances[2 * mask] | (self.chances[2 * mask + 1] << 8)

    def one_die_at(self, mask):
        return (self.one_die[mask >> 3] >> (mask & 7)) & 1 == 1

    def ending(self, end_mask, how):
        """What a turn ending so is worth to the last player, 0..WIN_ONE."""
        if how == END_SHUT:
            return WIN_ONE
        if how == END_FIRST_ROLL_LOST:
            return 0
        score = self.rules.score(end_mask)
        if score < self.to_beat:
            return WIN_ONE
        if score > self.to_beat:
            return 0
        if self.rules.ties == TIES_FULL:
            return WIN_ONE
        share = self.tied + 1
        return (WIN_ONE + share // 2) // share

    def step(self, budget):
        """Compute up to `budget` more masks; True once every mask (and a first roll) is done."""
        if self.ready:
            return True
        rules = self.rules
        last = (1 << rules.tiles) - 1
        while budget > 0 and self.next_mask <= last:
            mask = self.next_mask
            chance, one = self._decide(mask, False)
            self.chances[2 * mask] = chance & 255
            self.chances[2 * mask + 1] = chance >> 8
            bit = 1 << (mask & 7)
            if one:
                self.one_die[mask >> 3] |= bit
            else:
                self.one_die[mask >> 3] &= ~bit
            self.next_mask = mask + 1
            budget -= 1
        if self.next_mask > last and budget > 0:
            if rules.must_first:
                self.first_chance, self.first_one_die = self._decide(rules.start_mask(), True)
            self.ready = True
        return self.ready

    def _decide(self, mask, first):
        """(chance, one die?) at a mask: the better of all the dice and one die (ties: all)."""
        rules = self.rules
        chance = self._roll(mask, first, rules.dice)
        if rules.dice > 1 and rules.one_die_allowed(mask):
            alone = self._roll(mask, first, 1)
            if alone > chance:
                return alone, True
        return chance, False

    def _roll(self, mask, first, count):
        """The chance of winning when rolling `count` dice at a mask, the best move after each
        roll; free throws are thrown again (left out of the average). Where only the total
        matters (any combination, no free throws on doubles) each total is rolled once."""
        faces = self.rules.faces
        one = count != self.rules.dice
        weighed = 0
        free = 0
        if count == 1:
            for a in range(1, faces + 1):
                weighed, free = self._outcome(mask, first, one, weighed, free, 1, a, 0)
        elif self.by_total:
            for total in range(2, 2 * faces + 1):
                a = total - faces if total > faces else 1
                weight = faces - (total - faces - 1 if total > faces + 1 else faces + 1 - total)
                weighed, free = self._outcome(mask, first, one, weighed, free, weight, a, total - a)
        else:
            for a in range(1, faces + 1):
                for b in range(a, faces + 1):
                    weight = 1 if a == b else 2
                    weighed, free = self._outcome(mask, first, one, weighed, free, weight, a, b)
        outcomes = faces ** count - free
        return (weighed + outcomes // 2) // outcomes

    def _outcome(self, mask, first, one, weighed, free, weight, a, b):
        """(weighed, free) with one roll of the dice a (and b, unless 0) added."""
        turn = self.turn
        turn.start(mask)
        if not first:
            turn.rolls = 1
        if one:
            turn.choose_one_die(True)
        result = turn.roll(a) if b == 0 else turn.roll(a, b)
        if result == FREE_THROW:
            return weighed, free + weight
        if result == ENDED:
            return weighed + weight * self.ending(turn.open_mask, turn.ended), free
        best = 0
        if result == ROLLED:
            for move in turn.legal_moves():
                after = self.chance(mask & ~move)
                if after > best:
                    best = after
        return weighed + weight * best, free

"""A player's chance of winning per open mask: the turn's dynamic programme against the round's
end values, so the box's hints play to win rather than to score.

A turn ending on score s is worth, with the best score so far X shared by k players and m
players still to throw after this one (tools/round_win.py, tools/gen_win_ends.py): below X
G[m][s, 1], on X G[m][X, k + 1], above it nothing; a shut box wins at once; with no score yet
every score leads and a first-roll loss is worth L[m][k + 1]. For the last player (m = 0) G is
1 and a tie shares the win as the rules' tie rule pays; for the others `begin` reads G[m]'s
column and the two values from win_ends.bin (game.win_ends, imported only then: only that, of
the table for the rules in play).
`aim` sets other end values for the same programme: a score to stay below (max-penalty) or to
beat with the match's totals (the last throw of a tournament), where a shut box scores 0.

The chances are whole numbers of 1/WIN_ONE in a buffer allocated once per rule set, computed a
few masks at a time (`step`) so the App's loop never blocks; each roll's outcomes are asked of
the firmware's own Turn, as the host's solver does.
"""

from micropython import const

from game.strategy import WIN_ONE
from game.turn import END_FIRST_ROLL_LOST, END_SHUT, ENDED, FREE_THROW, ROLLED, Turn

_MOVE_ANY = const(0)  # game.rules' (a copy: see there)
_SCORE_DIGITAL = const(2)
_TIES_FULL = const(1)

_HERE = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
ENDS_FILE = _HERE + "/tables/win_ends.bin"  # (the tests point it at tables of their own)
_GOAL_ROUND = const(1)  # game.at_stake's GOAL_ROUND and GOAL_MATCH
_GOAL_MATCH = const(2)
class WinChance:
    """P(win) per open mask for a player of a round of `rules` (a Turn's rules)."""

    def __init__(self, rules):
        self.rules = rules
        size = 1 << rules.tiles
        self.chances = bytearray(2 * size)
        self.one_die = bytearray((size + 7) // 8)
        self.lead = bytearray(0)  # G[m][slot, 1] per slot (2 bytes LE) once `begin` reads one, m > 0
        self.turn = Turn(rules)
        self.by_total = rules.move == _MOVE_ANY and not rules.double_rethrow
        self.digital = rules.scoring == _SCORE_DIGITAL  # a column per end mask (game.win_ends.slot_of)
        self.to_beat = -1  # -1: no score counts yet
        self.tied = 0
        self.after = 0
        self.level = 0  # a turn ending on to_beat
        self.lost = 0  # a first-roll loss
        self.leads = False  # a score below to_beat is worth `lead` (else WIN_ONE)
        self.shut_wins = True  # a shut box wins at once (else it scores 0)
        self.next_mask = size  # nothing to compute until `begin` or `aim`
        self.first_chance = 0  # the first roll under 2-to-go/3-to-go (from the start mask)
        self.first_one_die = False
        self.ready = False

    def start(self, stake):
        """Start over for game.at_stake's stake_of (nothing to do if it is the round `begin` had last, still
        computing or ready); False when there is no table for it."""
        goal, to_beat, tied, after = stake
        if goal == _GOAL_ROUND:
            if self.shut_wins and self.to_beat == to_beat and self.tied == tied and self.after == after:
                return True
            return self.begin(to_beat, tied, after)
        self.aim(to_beat, self._share(tied) if goal == _GOAL_MATCH else 0)
        return True

    def _share(self, tied):
        """What a win shared with `tied` others is worth, as the tie rule pays it."""
        if self.rules.ties == _TIES_FULL:
            return WIN_ONE
        return (WIN_ONE + (tied + 1) // 2) // (tied + 1)

    def begin(self, to_beat, tied, after=0):
        """Start over for a player of a single round: `to_beat` the best score so far (-1: none
        yet), `tied` the players on it (or, with none, those who lost their first roll), `after`
        the players still to throw after this one. False (and nothing to compute) when the
        table of end values has no such round for these rules."""
        share = self._share(tied)
        self.after = after
        self.leads = after > 0
        if after == 0:
            level = lost = share
        else:
            from game.win_ends import read_ends

            found = read_ends(self, ENDS_FILE, to_beat, tied, after)
            if found is None:
                self.to_beat = -2  # matches no round: `start` begins again
                self.ready = False
                return False
            level, lost = found
        self.to_beat = to_beat
        self.tied = tied
        self.level = level if to_beat >= 0 else 0
        self.lost = lost if to_beat < 0 else 0
        self.shut_wins = True
        self._restart()
        return True

    def aim(self, to_beat, level):
        """Start over for a player who wins (or stays in) with a score below `to_beat`, with
        `level` on it, in a round played out: a shut box scores 0, a first-roll loss loses."""
        self.to_beat = to_beat
        self.level = level
        self.lost = 0
        self.leads = False
        self.shut_wins = False
        self._restart()

    def _restart(self):
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
        """What a turn ending so is worth to the player, 0..WIN_ONE."""
        if how == END_SHUT and self.shut_wins:
            return WIN_ONE
        if how == END_FIRST_ROLL_LOST:
            return self.lost
        score = self.rules.score(end_mask)
        to_beat = self.to_beat
        if to_beat >= 0 and score >= to_beat:
            return 0 if score > to_beat else self.level
        if not self.leads:
            return WIN_ONE
        slot = 2 * end_mask if self.digital else 2 * score
        return self.lead[slot] | (self.lead[slot + 1] << 8)

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

"""Which sets of tiles a roll may shut, under each move rule of VARIANTS.md section 4.

A roll is described by its total, the mask of tiles its dice show (`die_mask`), whether every
die shows a distinct existing tile (`dice_distinct`), and the tiles the move must include
(`required`: tile 2 or 3 on the first roll under 2-to-go/3-to-go). Every check here is
allocation-free; only `legal_moves`, used for hints, builds a list.
"""

from game.rules import MOVE_ANY, MOVE_EXACT, MOVE_SINGLE_DIE, MOVE_THAI
from game.tiles import COUNT_OF_BYTE, SUM_OF_BYTE, bit, tile_count, tile_sum


class MoveRules:
    """The move rule of a rule set, checked against its legality table."""

    def __init__(self, rules, table):
        self.rule = rules.move
        self.second_die_optional = rules.second_die_optional
        self.tiles = rules.tiles
        self.table = table

    def _candidates(self, open_mask, total, die_mask):
        """Tiles a non-sum rule may touch: the dice's tiles and the total's tile, if open."""
        total_bit = bit(total) if 1 <= total <= self.tiles else 0
        return (die_mask | total_bit) & open_mask

    def is_legal(self, open_mask, shut_mask, total, die_mask, dice_distinct, required):
        """Is shutting exactly `shut_mask` a whole legal move for this roll?"""
        if shut_mask == 0 or shut_mask & ~open_mask or required & ~shut_mask:
            return False
        rule = self.rule
        if rule == MOVE_ANY:  # tile_sum inlined: this is the per-flap-event check
            sums = SUM_OF_BYTE
            counts = COUNT_OF_BYTE
            high = shut_mask >> 8
            top = high >> 8
            return (sums[shut_mask & 255] + sums[high & 255] + (counts[high & 255] << 3)
                    + sums[top] + (counts[top] << 4)) == total
        if shut_mask & ~self._candidates(open_mask, total, die_mask):
            return False
        if 1 <= total <= self.tiles and shut_mask == bit(total):
            return True
        if rule == MOVE_THAI:
            return tile_count(shut_mask) == 1
        if shut_mask & ~die_mask:
            return False
        if rule == MOVE_EXACT:
            return dice_distinct and shut_mask == die_mask
        if rule == MOVE_SINGLE_DIE and not self.second_die_optional:
            return shut_mask == die_mask & open_mask
        return True

    def can_extend(self, open_mask, pending, total, die_mask, dice_distinct, required):
        """Can the tiles shut so far (`pending`) still grow into a legal move?"""
        if pending & ~open_mask:
            return False
        if self.rule == MOVE_ANY:
            need = pending | required
            if need & ~open_mask:
                return False
            left = total - tile_sum(need)
            if left == 0:
                return need != 0
            return left > 0 and self.table.can_shut(open_mask & ~need, left)
        return self._superset(open_mask, pending, total, die_mask, dice_distinct, required, False)

    def is_complete(self, open_mask, pending, total, die_mask, dice_distinct, required):
        """Is `pending` legal with no larger legal move containing it (nothing left to add)?"""
        if not self.is_legal(open_mask, pending, total, die_mask, dice_distinct, required):
            return False
        if self.rule == MOVE_ANY:
            return True
        return not self._superset(open_mask, pending, total, die_mask, dice_distinct, required, True)

    def any_legal(self, open_mask, total, die_mask, dice_distinct, required):
        """Does this roll allow any move at all?"""
        return self.can_extend(open_mask, 0, total, die_mask, dice_distinct, required)

    def _superset(self, open_mask, pending, total, die_mask, dice_distinct, required, strict):
        """Is there a legal move containing `pending` (strictly larger if `strict`)?"""
        candidates = self._candidates(open_mask, total, die_mask)
        if pending & ~candidates:
            return False
        subset = candidates
        while subset:
            if subset & pending == pending and not (strict and subset == pending):
                if self.is_legal(open_mask, subset, total, die_mask, dice_distinct, required):
                    return True
            subset = (subset - 1) & candidates
        return False

    def legal_moves(self, open_mask, total, die_mask, dice_distinct, required):
        """Every legal move for this roll, as masks (allocates: for hints, not events)."""
        if self.rule == MOVE_ANY:
            moves = self.table.shut_sets(open_mask, total)
            if required:
                moves = [move for move in moves if move & required == required]
            return moves
        moves = []
        candidates = self._candidates(open_mask, total, die_mask)
        subset = candidates
        while subset:
            if self.is_legal(open_mask, subset, total, die_mask, dice_distinct, required):
                moves.append(subset)
            subset = (subset - 1) & candidates
        return moves

"""The move rules that go by the numbers the dice show (VARIANTS.md section 4): thai (one tile,
the total or a die's), exact match (each die's tile, dice distinct), single die (the dice's
tiles, or the total's tile) and young players' (any of those). Imported only when a Turn of one
of them is made (game.turn imports this module, never the reverse); the sum rule, every other
game's, is game.turn's MoveRules (its docstring says how a roll is described, and DiceMoveRules
answers the same four questions). Allocation-free but for `legal_moves`.
"""

from micropython import const

from game.tiles import bit, tile_count

_MOVE_EXACT = const(2)  # game.rules' (a copy: see there)
_MOVE_SINGLE_DIE = const(3)
_MOVE_THAI = const(1)
# What each rule lets a roll shut, as the turn's screen says it (app.screens' show_turn: two
# lines, each ended by "|", of at most 16 characters), by rule: thai, exact match, single die
# (the second die's tile too, when open), single die with the second optional and young players.
INSTRUCTIONS = ("Shut one tile:|total or a die|", "Shut the total|or both dice|",
                "Shut the total|or every die|", "Shut the total|or one/both dice|")
for _char in "".join(INSTRUCTIONS):  # each character interned here, at a match's start, not by
    pass  # the frame that draws it (app.screens' MESSAGE_LINES, likewise)
del _char


class DiceMoveRules:
    """Thai, exact match, single die or young players': moves among the tiles the dice and
    the total show."""

    def __init__(self, rules, table):
        self.table = table
        self.rule = rules.move
        self.second_die_optional = rules.second_die_optional
        self.tiles = rules.tiles
        rule = rules.move
        self.instruction = INSTRUCTIONS[  # what a roll may shut, for the turn's screen
            rule - 1 if rule < _MOVE_SINGLE_DIE or (
                rule == _MOVE_SINGLE_DIE and not rules.second_die_optional) else 3]

    def _candidates(self, open_mask, total, die_mask):
        """Tiles these rules may touch: the dice's tiles and the total's tile, if open."""
        total_bit = bit(total) if 1 <= total <= self.tiles else 0
        return (die_mask | total_bit) & open_mask

    def is_legal(self, open_mask, shut_mask, total, die_mask, dice_distinct, required):
        if shut_mask == 0 or shut_mask & ~open_mask or required & ~shut_mask:
            return False
        if shut_mask & ~self._candidates(open_mask, total, die_mask):
            return False
        if 1 <= total <= self.tiles and shut_mask == bit(total):
            return True
        rule = self.rule
        if rule == _MOVE_THAI:
            return tile_count(shut_mask) == 1
        if shut_mask & ~die_mask:
            return False
        if rule == _MOVE_EXACT:
            return dice_distinct and shut_mask == die_mask
        if rule == _MOVE_SINGLE_DIE and not self.second_die_optional:
            return shut_mask == die_mask & open_mask
        return True

    def can_extend(self, open_mask, pending, total, die_mask, dice_distinct, required):
        if pending & ~open_mask:
            return False
        return self._superset(open_mask, pending, total, die_mask, dice_distinct, required, False)

    def is_complete(self, open_mask, pending, total, die_mask, dice_distinct, required):
        if not self.is_legal(open_mask, pending, total, die_mask, dice_distinct, required):
            return False
        return not self._superset(open_mask, pending, total, die_mask, dice_distinct, required, True)

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
        moves = []
        candidates = self._candidates(open_mask, total, die_mask)
        subset = candidates
        while subset:
            if self.is_legal(open_mask, subset, total, die_mask, dice_distinct, required):
                moves.append(subset)
            subset = (subset - 1) & candidates
        return moves

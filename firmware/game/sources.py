"""The random source a rule set names (VARIANTS.md section 8), feeding its draw to a Turn, and
the electronic dice, the source of every game but those of real dice entered by hand,
dominoes and cards (game.hand_dice, game.dominoes, game.cards: each loaded for its games only).

    source = source_for(rules, rng)  # (game.match's: a match starts with it)
    count = source.draw(turn.dice_expected())  # 0: hand-entered dice not all in yet
    if count:
        result = feed(turn, source.values, count)

Every source fills its preallocated `values` (up to game.turn's MAX_DICE) and `draw(count)` returns how
many it filled. Drawing allocates nothing.
"""

from game.turn import MAX_DICE


class ElectronicDice:
    """Dice of `faces` faces (6 or 20) rolled from a generator with `below()` (no modulo bias)."""

    SAVED = (("rng", "rng", "g", ""),)  # what game.snapshot keeps

    def __init__(self, rng, faces):
        self.rng = rng
        self.faces = faces
        self.values = bytearray(MAX_DICE)

    def draw(self, count):
        """Roll `count` dice (1..4) into `values`; returns count."""
        values = self.values
        for index in range(MAX_DICE):
            values[index] = self.rng.below(self.faces) + 1 if index < count else 0
        return count


def feed(turn, values, count):
    """`turn.roll()` with the first `count` values, without building an argument tuple."""
    if count == 1:
        return turn.roll(values[0])
    if count == 2:
        return turn.roll(values[0], values[1])
    if count == 3:
        return turn.roll(values[0], values[1], values[2])
    return turn.roll(values[0], values[1], values[2], values[3])

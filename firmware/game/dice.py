"""Dice as random sources: electronic dice rolled by the generator (real dice entered by hand
are game.hand_dice's, loaded only for a game of them).

Every source fills its preallocated `values` (up to four) and `draw(count)` returns how many
it filled; `sources.feed` passes them to `Turn.roll`. Drawing allocates nothing.
"""

from micropython import const

MAX_DICE = const(4)


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

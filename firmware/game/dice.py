"""Dice as random sources: electronic dice rolled by the generator, real dice entered by hand.

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


class HandDice:
    """Real dice thrown on the table and entered on the box one die at a time."""

    SAVED = (("hand", "values", "N", "faces"),)  # what game.snapshot keeps

    def __init__(self, faces):
        self.faces = faces
        self.values = bytearray(MAX_DICE)

    def enter(self, index, value):
        """Set die `index` (0..3) to `value`; False, with nothing changed, unless 1..faces."""
        if index < 0 or index >= MAX_DICE or value < 1 or value > self.faces:
            return False
        self.values[index] = value
        return True

    def clear(self):
        """Forget every entered die."""
        values = self.values
        for index in range(MAX_DICE):
            values[index] = 0

    def entered(self):
        """How many dice, from the first, have been entered."""
        values = self.values
        count = 0
        while count < MAX_DICE and values[count]:
            count += 1
        return count

    def draw(self, count):
        """The entered roll if exactly `count` dice are entered (returns count), else 0."""
        if self.entered() != count:
            return 0
        return count

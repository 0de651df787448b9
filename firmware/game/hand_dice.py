"""Real dice thrown on the table and entered on the box one die at a time: the random source
of a manual-dice game (game.sources imports it only for one). Like game.sources' electronic
dice, it fills its preallocated `values` and `draw(count)` returns how many it filled,
allocating nothing.
"""

from game.turn import MAX_DICE


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

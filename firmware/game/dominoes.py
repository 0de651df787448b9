"""A bag of dominoes standing in for two dice: double-one to double-six, drawn without
replacement; optionally double-blank (a total of 0: the turn gives a free throw) and zero-one."""

from game.bag import Bag
from game.turn import MAX_DICE


def domino_set(with_blanks):
    """The pieces as bytes, high nibble and low nibble the two halves (low <= high)."""
    pieces = bytearray()
    if with_blanks:
        pieces.append(0x00)
        pieces.append(0x10)
    for high in range(1, 7):
        for low in range(1, high + 1):
            pieces.append((high << 4) | low)
    return bytes(pieces)


class DominoBag(Bag):
    """21 dominoes (23 with the blanks); a draw gives two halves, like a roll of 2d6."""

    def __init__(self, rng, with_blanks=False):
        Bag.__init__(self, rng, domino_set(with_blanks))
        self.values = bytearray(MAX_DICE)

    def draw(self, count=2):
        """Draw one domino into `values` (its two halves); returns 2. `count` is always 2."""
        piece = self.draw_piece()
        self.values[0] = piece >> 4
        self.values[1] = piece & 15
        return 2

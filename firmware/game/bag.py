"""Drawing without replacement from a fixed set of pieces (dominoes, cards), refilled when empty.

The pieces live in one bytearray: the drawn ones are swapped to the end, so a draw and a
refill allocate nothing and every piece still in the bag is equally likely.
"""


class Bag:
    """A bag of byte-sized pieces drawn at random with a generator's `below()`."""

    SAVED = (("rng", "rng", "g", ""), ("bag", "pieces", "x", ""), ("left", "remaining", "u", "pieces"))  # game.snapshot

    def __init__(self, rng, pieces):
        self.rng = rng
        self.pieces = bytearray(pieces)
        self.remaining = len(self.pieces)

    def refill(self):
        """Put every drawn piece back (a new shuffle)."""
        self.remaining = len(self.pieces)

    def draw_piece(self):
        """Take one piece at random; an empty bag is refilled first."""
        if self.remaining == 0:
            self.refill()
        pieces = self.pieces
        index = self.rng.below(self.remaining)
        last = self.remaining - 1
        piece = pieces[index]
        pieces[index] = pieces[last]
        pieces[last] = piece
        self.remaining = last
        return piece

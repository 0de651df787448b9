"""A card deck standing in for the dice: each card is one whole roll, drawn without replacement
and reshuffled when the deck runs out. Ace to six and two agreed face cards counting 11 and 12
(32 cards); with `high`, also seven to ten (48 cards). VARIANTS.md section 8."""

from micropython import const

from game.bag import Bag
from game.turn import MAX_DICE

SUITS = const(4)


def card_values(high):
    """One byte per card: its value (ace = 1), every value in four suits."""
    cards = bytearray()
    for value in range(1, 13):
        if value <= 6 or value >= 11 or high:
            for _suit in range(SUITS):
                cards.append(value)
    return bytes(cards)


class CardDeck(Bag):
    """A shuffled deck; a draw puts one card's value in `values[0]`."""

    def __init__(self, rng, high=False):
        Bag.__init__(self, rng, card_values(high))
        self.values = bytearray(MAX_DICE)

    def draw(self, count=1):
        """Draw one card into `values`; returns 1. `count` is always 1."""
        self.values[0] = self.draw_piece()
        return 1

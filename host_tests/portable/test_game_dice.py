"""Random sources on any runtime: the generator, electronic and hand-entered dice, dominoes,
cards; every draw allocation-free on MicroPython.

Plain functions and asserts only, so the same module runs under pytest and on MicroPython.
"""

from game.cards import CardDeck
from game.dominoes import DominoBag
from game.hand_dice import HandDice
from game.presets import preset
from game.prng import Xorshift32
from game.sources import ElectronicDice, feed
from game.turn import ROLLED, Turn
from measure import ON_MICROPYTHON, allocated_by


def test_generator_is_xorshift32():
    state = 2463534242
    rng = Xorshift32(state)
    for _ in range(100):
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        assert rng.next16() == state >> 16
        assert rng.low == state & 0xFFFF


def test_d6_is_uniform_by_chi_square():
    dice = ElectronicDice(Xorshift32(99), 6)
    counts = [0] * 6
    for _ in range(6000):
        dice.draw(1)
        counts[dice.values[0] - 1] += 1
    chi_square = sum((count - 1000) ** 2 / 1000 for count in counts)
    assert chi_square < 20.515, counts  # 5 degrees of freedom, p = 0.001


def test_dominoes_are_drawn_without_replacement_and_refilled():
    bag = DominoBag(Xorshift32(5), True)
    seen = []
    for _ in range(23):
        bag.draw()
        seen.append(bag.values[0] * 16 + bag.values[1])
    assert len(set(seen)) == 23 and 0 in seen and 0x10 in seen and 0x66 in seen
    bag.draw()
    assert bag.remaining == 22


def test_cards_are_drawn_without_replacement():
    deck = CardDeck(Xorshift32(6), True)
    counts = [0] * 13
    for _ in range(48):
        deck.draw()
        counts[deck.values[0]] += 1
    assert counts == [0] + [4] * 12


def test_hand_dice_are_validated():
    dice = HandDice(6)
    assert not dice.enter(0, 7) and not dice.enter(0, 0)
    assert dice.enter(0, 2) and dice.draw(2) == 0
    assert dice.enter(1, 5) and dice.draw(2) == 2
    turn = Turn(preset("classic"))
    assert feed(turn, dice.values, 2) == ROLLED and turn.total == 7


def test_draws_allocate_nothing():
    if not ON_MICROPYTHON:
        return  # gc.mem_alloc() exists only on MicroPython
    rng = Xorshift32(7)
    dice = ElectronicDice(rng, 20)
    four = ElectronicDice(rng, 6)
    bag = DominoBag(rng, True)
    deck = CardDeck(rng, True)

    def draws():
        rng.mix(0x3FFFFFFF)
        dice.draw(1)
        four.draw(4)
        bag.draw()
        deck.draw()

    assert allocated_by(draws, 500) == 0

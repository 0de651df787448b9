"""Random sources as game data: dominoes and cards drawn without replacement, hand-entered
dice validated, each source's values taken by the Turn."""

from collections import Counter

from game.cards import CardDeck
from game.config import rules_from_config
from game.dominoes import DominoBag
from game.hand_dice import HandDice
from game.match import source_for
from game.presets import preset
from game.prng import Xorshift32
from game.sources import ElectronicDice, feed
from game.tile_masks import mask_of
from game.turn import AWAIT_MOVE, ENDED, FREE_THROW, ROLLED, Turn


def domino_draws(bag, count):
    draws = []
    for _ in range(count):
        assert bag.draw() == 2
        draws.append((bag.values[0], bag.values[1]))
    return draws


def test_domino_bag_gives_double_one_to_double_six_each_once_then_refills():
    bag = DominoBag(Xorshift32(1))
    first = domino_draws(bag, 21)
    expected = {(high, low) for high in range(1, 7) for low in range(1, high + 1)}
    assert set(first) == expected and len(first) == 21
    assert bag.remaining == 0
    second = domino_draws(bag, 21)  # the bag refilled itself when empty
    assert set(second) == expected
    assert first != second  # a new shuffle


def test_domino_blanks_add_double_blank_and_zero_one():
    draws = domino_draws(DominoBag(Xorshift32(2), with_blanks=True), 23)
    assert len(set(draws)) == 23 and (0, 0) in draws and (1, 0) in draws


def test_double_blank_is_a_free_throw_and_zero_one_a_roll_of_one():
    rules = rules_from_config({"source": "dominoes", "dominoes_blank": True, "one_die": "never"})
    turn = Turn(rules)
    assert turn.roll(0, 0) == FREE_THROW
    assert turn.roll(1, 0) == ROLLED and turn.total == 1
    turn = Turn(rules, open_mask=mask_of([5, 9]))
    assert turn.roll(1, 0) == ENDED  # zero-one ends the turn once tile 1 is gone


def test_refill_puts_every_drawn_domino_back():
    bag = DominoBag(Xorshift32(3))
    domino_draws(bag, 5)
    bag.refill()
    assert bag.remaining == 21 and len(set(domino_draws(bag, 21))) == 21


def test_card_deck_ace_to_six_and_two_faces_is_32_cards_each_value_in_four_suits():
    deck = CardDeck(Xorshift32(4))
    values = []
    for _ in range(32):
        assert deck.draw() == 1
        values.append(deck.values[0])
    assert Counter(values) == {value: 4 for value in (1, 2, 3, 4, 5, 6, 11, 12)}
    assert deck.remaining == 0
    deck.draw()
    assert deck.remaining == 31  # reshuffled when empty


def test_card_deck_with_high_cards_has_seven_to_ten_and_two_faces_as_11_and_12():
    deck = CardDeck(Xorshift32(5), high=True)
    values = []
    for _ in range(48):
        deck.draw()
        values.append(deck.values[0])
    assert Counter(values) == {value: 4 for value in range(1, 13)}


def test_every_domino_is_equally_likely_first_out_of_the_bag():
    # 21000 fresh bags: each domino is expected first 1000 times. Chi-square, 20 degrees of
    # freedom, critical value 45.315 at p = 0.001.
    rng = Xorshift32(6)
    counts = Counter()
    bag = DominoBag(rng)
    for _ in range(21000):
        bag.refill()
        counts[tuple(domino_draws(bag, 1)[0])] += 1
    assert len(counts) == 21
    assert sum((count - 1000) ** 2 / 1000 for count in counts.values()) < 45.315


def test_hand_dice_accept_only_real_faces_and_a_complete_roll():
    dice = HandDice(6)
    assert not dice.enter(0, 0) and not dice.enter(0, 7) and not dice.enter(4, 3)
    assert dice.draw(2) == 0  # nothing entered yet
    assert dice.enter(0, 3)
    assert dice.draw(2) == 0  # one of two
    assert dice.enter(1, 6)
    assert dice.draw(1) == 0  # two entered, one expected: not this roll
    assert dice.draw(2) == 2 and list(dice.values[:2]) == [3, 6]
    dice.clear()
    assert dice.entered() == 0
    d20 = HandDice(20)
    assert d20.enter(0, 20) and not d20.enter(0, 21)


def test_source_for_each_source_and_its_values_feed_the_turn():
    rng = Xorshift32(7)
    cases = (
        ({"preset": "classic"}, ElectronicDice, 2),
        ({"preset": "the-300"}, ElectronicDice, 4),
        ({"preset": "2012"}, ElectronicDice, 1),
        ({"source": "manual-dice"}, HandDice, 2),
        ({"source": "dominoes", "one_die": "never"}, DominoBag, 2),
        ({"source": "cards", "cards_high": True, "one_die": "never"}, CardDeck, 1),
    )
    for config, kind, count in cases:
        rules = rules_from_config(config)
        source = source_for(rules, rng)
        assert type(source) is kind
        turn = Turn(rules)
        if kind is HandDice:
            source.enter(0, 4)
            source.enter(1, 4)
        drawn = source.draw(turn.dice_expected())
        assert drawn == count == turn.dice_expected()
        assert feed(turn, source.values, drawn) in (ROLLED, ENDED, FREE_THROW)
        assert turn.rolls == 1 and turn.total == sum(source.values[:drawn])


def test_one_die_chosen_draws_one_electronic_die():
    rules = preset("classic")
    turn = Turn(rules, open_mask=mask_of([1, 2]))
    source = source_for(rules, Xorshift32(8))
    turn.choose_one_die(True)
    assert source.draw(turn.dice_expected()) == 1
    assert feed(turn, source.values, 1) in (ROLLED, ENDED)
    assert turn.dice_count == 1


def test_a_d20_can_show_every_face_and_4d6_fills_four_values():
    source = ElectronicDice(Xorshift32(9), 20)
    seen = set()
    for _ in range(2000):
        source.draw(1)
        seen.add(source.values[0])
    assert seen == set(range(1, 21))
    four = ElectronicDice(Xorshift32(10), 6)
    four.draw(4)
    assert all(1 <= value <= 6 for value in four.values)
    turn = Turn(preset("the-300"))
    assert feed(turn, four.values, 4) == ROLLED and turn.state == AWAIT_MOVE

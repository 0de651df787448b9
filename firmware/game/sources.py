"""The random source a rule set names (VARIANTS.md section 8), and feeding its draw to a Turn.

    source = source_for(rules, rng)
    count = source.draw(turn.dice_expected())  # 0: hand-entered dice not all in yet
    if count:
        result = feed(turn, source.values, count)
"""

from micropython import const

_SOURCE_MANUAL = const(1)  # game.rules' (a copy: see there)
_SOURCE_DOMINOES = const(2)
_SOURCE_CARDS = const(3)


def source_for(rules, rng):
    """Electronic dice, hand-entered dice, a domino bag or a card deck, as `rules.source` says
    (its module imported only when a game of it starts)."""
    if rules.source == _SOURCE_MANUAL:
        from game.hand_dice import HandDice

        return HandDice(rules.faces)
    if rules.source == _SOURCE_DOMINOES:
        from game.dominoes import DominoBag

        return DominoBag(rng, rules.dominoes_blank)
    if rules.source == _SOURCE_CARDS:
        from game.cards import CardDeck

        return CardDeck(rng, rules.cards_high)
    from game.dice import ElectronicDice

    return ElectronicDice(rng, rules.faces)


def feed(turn, values, count):
    """`turn.roll()` with the first `count` values, without building an argument tuple."""
    if count == 1:
        return turn.roll(values[0])
    if count == 2:
        return turn.roll(values[0], values[1])
    if count == 3:
        return turn.roll(values[0], values[1], values[2])
    return turn.roll(values[0], values[1], values[2], values[3])

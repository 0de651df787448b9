"""Match formats built from rounds (VARIANTS.md section 6): `start_match` for every format,
which imports each format's module only when a match of it starts (game.race, game.long_game,
game.rows); the others are game.rounds' RoundMatch, which with BaseMatch and Round is what every
format builds on (the formats import game.rounds, never this module). `source_for`, the random
source a match draws from (game.sources' electronic dice, or the module of hand-entered dice,
dominoes or cards), is here too: a match starts with both (app.phases, game.snapshot_load), and
play holds neither.

single round · fixed number of rounds (penalties summed) · tournament (rounds until someone's
total reaches rules.target; lowest total wins) · maximum penalty (a player whose total reaches
rules.max_penalty, or exceeds it with rules.drop_on_exceed, drops out; the last one standing
wins; if the last players all drop out in the same round, the lowest total among them wins).
Ties share the win. The first player moves one seat on each round.

Attributes the app reads after each `end_turn()` of any format:
    current, row, turn   the player to play, their flap row and the Turn to feed (players
                         taking turns); -1, -1, None when everyone throws at once or it is over
    totals               each player's penalty total (race and long game: what they have left)
    dropped              1 for each player out of the match (maximum penalty)
    rounds_played        complete rounds so far
    round_wins           rounds each player has won
    ledger               the chips (game.stakes.Ledger), or None without stakes
"""

from micropython import const

from game.rounds import Round, RoundMatch, round_winners  # noqa: F401 (Round, round_winners: the tools' names here)
from game.sources import ElectronicDice

_MATCH_LONG_GAME = const(4)  # game.rules' (a copy: see there)
_MATCH_RACE = const(5)
_ROWS_SIMULTANEOUS = const(1)
_SOURCE_MANUAL = const(1)
_SOURCE_DOMINOES = const(2)
_SOURCE_CARDS = const(3)


def start_match(rules, players, first=0, table=None, ledger=None):
    """A new match of `rules.match` for players 0..players-1; `first` throws first.

    Pass the `ledger` of a previous match to carry the chips over. A format's own module is
    imported only when a match of it starts.
    """
    if rules.match == _MATCH_RACE:
        from game.race import Race

        return Race(rules, players, first, table, ledger)
    if rules.match == _MATCH_LONG_GAME:
        from game.long_game import LongGame

        return LongGame(rules, players, first, table, ledger)
    if rules.rows_mode == _ROWS_SIMULTANEOUS:
        from game.rows import RowsMatch

        return RowsMatch(rules, players, first, table, ledger)
    return RoundMatch(rules, players, first, table, ledger)


def source_for(rules, rng):
    """Electronic dice, hand-entered dice, a domino bag or a card deck, as `rules.source` says
    (the last three's module imported only when a game of it starts)."""
    if rules.source == _SOURCE_MANUAL:
        from game.hand_dice import HandDice

        return HandDice(rules.faces)
    if rules.source == _SOURCE_DOMINOES:
        from game.dominoes import DominoBag

        return DominoBag(rng, rules.dominoes_blank)
    if rules.source == _SOURCE_CARDS:
        from game.cards import CardDeck

        return CardDeck(rng, rules.cards_high)
    return ElectronicDice(rng, rules.faces)

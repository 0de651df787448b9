"""Stakes on any runtime: the pool and Canoga worked by hand, and chips conserved over many
seeded random rounds.

Plain functions and asserts only, so the same module runs under pytest and on MicroPython.
"""

from game.config import rules_from_config
from game.prng import Xorshift32
from game.stakes import Ledger


def ledger(config, players):
    return Ledger(rules_from_config(config), players)


def test_pool_winner_takes_it_and_a_shut_box_earns_double():
    book = ledger({"stakes": "pool", "ante": 5}, 3)
    book.ante([0, 1, 2])
    book.settle([0, 1, 2], [20, 12, 30], [1], False)
    assert book.chips == [95, 110, 95]  # pool of 15 to player 1
    book.ante([1, 2, 0])
    book.settle([1, 2, 0], [None, 9, 0], [2], True)
    # Pool 15 plus a second ante of 5 from players 0 and 1: player 2 gains 20.
    assert book.chips == [85, 100, 115] and book.pot == 0


def test_pool_split_odd_chip_goes_to_the_first_winner_to_play():
    book = ledger({"stakes": "pool", "ante": 5}, 3)
    book.ante([2, 0, 1])
    book.settle([2, 0, 1], [8, 30, 8], [0, 2], False)
    assert book.chips == [95 + 7, 95, 95 + 8]


def test_canoga_difference_doubling_and_the_kitty():
    book = ledger({"stakes": "canoga", "ante": 2}, 3)
    book.ante([0, 1, 2])
    book.settle([0, 1, 2], [11, 15, 20], [0], False)
    assert book.chips == [111, 94, 89] and book.pot == 6
    book.ante([1, 2, 0])
    book.settle([1, 2, 0], [5, 0, 3], [1], True)
    # Kitty 12 to player 1, plus 2 x 5 from player 0 and 2 x 3 from player 2.
    assert book.chips == [109 - 10, 92 + 12 + 16, 87 - 6] and book.pot == 0


def test_canoga_ties_multiplied_and_a_broke_loser_pays_what_they_have():
    book = ledger({"stakes": "canoga", "ante": 1, "chips": 6, "ties": "full"}, 3)
    book.ante([0, 1, 2])
    book.settle([0, 1, 2], [4, 4, 9], [0, 1], False)
    # Player 2 owes 5 to each winner (10) and has 5 left: 3 to player 0, 2 to player 1.
    assert book.chips == [8, 7, 0] and book.pot == 3


def test_chips_are_conserved_over_random_rounds():
    rng = Xorshift32(2024)
    for config in ({"stakes": "pool", "ties": "split"}, {"stakes": "pool", "ties": "full"},
                   {"stakes": "canoga", "ties": "split"}, {"stakes": "canoga", "ties": "full"}):
        config["chips"] = 30
        config["ante"] = 3
        book = ledger(config, 4)
        for _ in range(200):
            order = [0, 1, 2, 3]
            scores = [rng.below(40) for _ in order]
            best = min(scores)
            winners = [player for player in order if scores[player] == best]
            book.ante(order)
            book.settle(order, scores, winners, best == 0)
            assert book.total() == 120 and min(book.chips) >= 0

"""Stakes in chips, worked by hand: the pool (003) and Canoga (002)."""

from game.config import rules_from_config
from game.stakes import Ledger


def ledger(stakes, players=3, ante=5, chips=100, ties="split"):
    rules = rules_from_config({"stakes": stakes, "ante": ante, "chips": chips, "ties": ties})
    return Ledger(rules, players)


def play_round(book, order, scores, winners, shut=False):
    book.ante(order)
    book.settle(order, scores, winners, shut)


def test_pool_winner_takes_the_pool():
    book = ledger("pool")
    play_round(book, [0, 1, 2], [20, 12, 30], [1])
    # Each antes 5: pool 15, all to player 1.
    assert book.chips == [95, 110, 95] and book.pot == 0


def test_pool_shutting_the_box_earns_double_the_stake_from_every_player():
    book = ledger("pool")
    play_round(book, [0, 1, 2], [20, 0, None], [1], shut=True)
    # Pool 15, and players 0 and 2 (who never threw) each pay a second ante of 5: 25,
    # so player 1 gains 20 (double the stake of 5 from each of two players).
    assert book.chips == [90, 120, 90]


def test_pool_tie_split_gives_the_odd_chip_to_the_winner_who_played_first():
    book = ledger("pool")
    play_round(book, [1, 2, 0], [12, 30, 12], [0, 2])
    # Pool 15 split two ways: 7 each and the odd chip to player 2, who played before player 0.
    assert book.chips == [95 + 7, 95, 95 + 8] and book.pot == 0


def test_pool_tie_paid_in_full_makes_the_loser_pay_each_winner():
    book = ledger("pool", ties="full")
    play_round(book, [0, 1, 2], [12, 30, 12], [0, 2])
    # The loser owes one ante to each of two winners: 10, of which 5 is already in the pool.
    # Pool 20 split: each winner takes back 5 and wins 5.
    assert book.chips == [105, 90, 105]


def test_pool_a_player_without_chips_pays_what_they_have():
    book = ledger("pool", ante=5, chips=7)
    play_round(book, [0, 1, 2], [0, 9, 9], [0], shut=True)
    # Antes 5 each (pool 15); a shut box doubles: players 1 and 2 owe 5 more but have 2 each.
    assert book.chips == [7 - 5 + 19, 0, 0] and book.total() == 21


def test_canoga_each_loser_pays_the_winner_the_difference_and_the_kitty_stays():
    book = ledger("canoga", ante=2)
    play_round(book, [0, 1, 2], [11, 15, 20], [0])
    # Ante 2 each to the kitty (6). Losers pay 15 - 11 = 4 and 20 - 11 = 9 to player 0.
    assert book.chips == [98 + 13, 98 - 4, 98 - 9] and book.pot == 6


def test_canoga_a_shut_box_doubles_the_payout_and_takes_the_kitty():
    book = ledger("canoga", ante=2)
    play_round(book, [0, 1, 2], [11, 15, 20], [0])  # as above: kitty 6
    play_round(book, [1, 2, 0], [None, 10, 0], [2], shut=True)
    # Kitty 6 + 6 = 12. Player 1 pays 2 x 10 = 20; player 0 never threw: the untouched board
    # scores 45, so 2 x 45 = 90 (they have 111 - 2 = 109).
    assert book.chips == [109 - 90, 94 - 2 - 20, 89 - 2 + 20 + 90 + 12] and book.pot == 0
    assert book.total() == 300


def test_canoga_tie_split_shares_the_difference():
    book = ledger("canoga", ante=1)
    play_round(book, [0, 1, 2], [10, 10, 15], [0, 1])
    # The loser pays 5 once; split 2 and 3, the odd chip to player 0 who played first.
    assert book.chips == [99 + 3, 99 + 2, 99 - 5] and book.pot == 3


def test_canoga_tie_multiplied_pays_the_difference_to_each_winner():
    book = ledger("canoga", ante=1, ties="full")
    play_round(book, [0, 1, 2], [10, 10, 15], [0, 1])
    assert book.chips == [99 + 5, 99 + 5, 99 - 10]


def test_canoga_a_loser_who_cannot_pay_pays_what_they_have():
    book = ledger("canoga", players=2, ante=2, chips=10)
    play_round(book, [0, 1], [3, 30], [0])
    # Player 1 owes 27 after the ante and has 8.
    assert book.chips == [16, 0] and book.pot == 4 and book.total() == 20
    play_round(book, [1, 0], [5, 0], [1], shut=True)
    # Player 1 antes nothing (has nothing) yet wins: player 0 pays 2 x 5 = 10 of their 14
    # after the ante, and player 1 takes the kitty of 4 + 2 = 6.
    assert book.chips == [4, 16] and book.pot == 0

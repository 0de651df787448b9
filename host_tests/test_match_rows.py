"""Several flap rows on one box (003): players take turns on their own rows with one pair of
dice, or everyone throws at once, each row with its own Turn."""

import pytest
from game.config import rules_from_config
from game.match import start_match
from turn_script import play

FAIL = ((1, 2), ())  # a 3 with tiles 4-9 up


def test_taking_turns_each_player_plays_their_own_row():
    match = start_match(rules_from_config({"start": "3-down", "rows": 2}), 4)
    rows = []
    for _player in range(4):
        rows.append((match.current, match.row))
        assert match.turn_on(match.row) is match.turn and match.turn_on(1 - match.row) is None
        play(match.turn, FAIL)
        match.end_turn()
    assert rows == [(0, 0), (1, 1), (2, 0), (3, 1)]
    assert match.over and match.winners() == [0, 1, 2, 3]


def test_everyone_at_once_the_round_ends_when_every_row_is_over():
    rules = rules_from_config({"start": "3-down", "rows": 3, "rows_mode": "simultaneous"})
    match = start_match(rules, 3)
    assert match.current == -1 and match.turn is None
    rows = [match.turn_on(row) for row in range(3)]
    rows[0].roll(4, 5)
    rows[1].roll(3, 3)
    rows[0].tile_shut(9)
    rows[1].tile_shut(6)
    play(rows[2], FAIL)  # 39
    assert not match.end_turn(2)
    play(rows[0], FAIL)  # 30
    assert not match.end_turn(0)
    assert not match.end_turn(0)  # reporting a row twice changes nothing
    play(rows[1], ((2, 2), (4,)), FAIL)  # 39 - 10 = 29
    assert match.end_turn(1)
    assert match.totals == [30, 29, 39] and match.winners() == [1]


def test_everyone_at_once_a_shut_box_ends_a_single_round_and_the_other_rows_stop():
    rules = rules_from_config({"start": "lucky-7", "rows": 2, "rows_mode": "simultaneous",
                               "stakes": "canoga", "ante": 1})
    match = start_match(rules, 2)
    other = match.turn_on(0)
    other.roll(2, 2)  # row 0 is still throwing when row 1 shuts its box
    play(match.turn_on(1), ((3, 4), (7,)))
    assert match.end_turn(1)
    # Row 0 stops with 7 up: it pays 2 x 7 to row 1, which also takes the kitty of 2.
    assert match.winners() == [1] and match.last_scores == [7, 0]
    assert match.ledger.chips == [99 - 14, 99 + 14 + 2]


def test_everyone_at_once_in_fixed_rounds_the_other_rows_play_on_after_a_shut_box():
    rules = rules_from_config({"preset": "fixed-rounds", "rounds": 1, "start": "lucky-7", "rows": 2,
                               "rows_mode": "simultaneous"})
    match = start_match(rules, 2)
    play(match.turn_on(1), ((3, 4), (7,)))
    assert not match.end_turn(1)
    play(match.turn_on(0), ((5, 2), (7,)))
    assert match.end_turn(0) and match.winners() == [0, 1]


def test_everyone_at_once_needs_a_row_per_player():
    rules = rules_from_config({"rows": 2, "rows_mode": "simultaneous"})
    with pytest.raises(ValueError, match="2 rows"):
        start_match(rules, 3)

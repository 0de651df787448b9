"""The young players' race: each player's own row persists across turns; first to shut all wins."""

import pytest
from game.config import rules_from_config
from game.match import start_match
from game.presets import preset
from game.tile_masks import mask_of
from game.turn import OVER
from turn_script import play


def test_race_rows_persist_and_the_first_to_shut_their_row_wins():
    race = start_match(rules_from_config({"preset": "young-players", "start": "3-down"}), 2)
    assert (race.current, race.row) == (0, 0)
    play(race.turn, ((4, 5), (9,)), ((1, 1), ()))  # a 2 with 4-9 up: no total, no die tile
    assert not race.end_turn()
    assert (race.current, race.row) == (1, 1) and race.totals == [30, 39]
    play(race.turn, ((3, 3), (6,)), ((1, 2), ()))
    race.end_turn()
    assert race.rounds_played == 1
    # Player 0's row still has 4-8 up: the turn starts from it, not from a fresh board.
    assert race.turn.open_mask == mask_of([4, 5, 6, 7, 8])
    play(race.turn, ((4, 4), (8,)), ((3, 4), (7,)), ((1, 1), ()))  # 4, 5, 6 left
    race.end_turn()
    play(race.turn, ((1, 1), ()))  # player 1 gets nowhere
    race.end_turn()
    # Young players' rule: 4 + 2 shuts the 6; then 4 and 5 shut both dice's tiles.
    play(race.turn, ((4, 2), (6,)), ((4, 5), (4, 5)))
    assert race.end_turn()
    assert race.winners() == [0] and race.totals == [0, 33] and race.rounds_played == 2


def test_race_with_everyone_throwing_at_once_waits_for_every_row():
    rules = rules_from_config({"preset": "young-players", "start": "lucky-7", "rows_mode": "simultaneous"})
    race = start_match(rules, 2)
    assert race.current == -1 and race.turn is None
    row0, row1 = race.turn_on(0), race.turn_on(1)
    play(row0, ((2, 2), ()))
    assert not race.end_turn(0)
    assert race.turn_on(0) is None  # row 0 waits for row 1
    play(row1, ((1, 1), ()))
    race.end_turn(1)
    assert race.rounds_played == 1 and race.turn_on(0) is row0 and row0.state != OVER
    play(row1, ((6, 1), (7,)))
    assert race.end_turn(1) and race.winners() == [1]


def test_race_chips_go_to_the_winner():
    rules = rules_from_config({"preset": "young-players", "start": "lucky-7", "stakes": "pool", "ante": 4})
    race = start_match(rules, 2)
    play(race.turn, ((3, 4), (7,)))
    assert race.end_turn()
    # Pool 8; the winner shut their row, so the loser pays a second ante: 100 - 8, 100 + 8.
    assert race.ledger.chips == [108, 92]


def test_race_needs_a_row_per_player():
    with pytest.raises(ValueError, match="own row"):
        start_match(preset("young-players"), 3)

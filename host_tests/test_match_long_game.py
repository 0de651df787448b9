"""The long game for two (003): the second player uncovers what the first covered; doubles throw
again; the first to shut or uncover the whole box wins; otherwise play alternates."""

import pytest
from game.config import rules_from_config
from game.match import start_match
from game.presets import preset
from game.tile_masks import mask_of
from game.turn import FREE_THROW, OVER, is_error


def play(turn, *steps, ends=True):
    """Feed rolls and moves; the turn must be over afterwards unless `ends` is False."""
    results = []
    for dice, tiles in steps:
        results.append(turn.roll(*dice))
        assert not is_error(results[-1]), dice
        for tile in tiles:
            assert not is_error(turn.tile_shut(tile)), tile
    assert (turn.state == OVER) == ends
    return results


def test_the_second_player_uncovers_the_whole_box_and_wins():
    game = start_match(preset("long-game"), 2)
    assert game.current == 0 and game.turn.open_mask == mask_of(range(1, 10))
    results = play(game.turn, ((6, 3), (9,)), ((4, 4), (8,)), ((3, 4), (7,)), ((6, 6), (6, 5, 1)),
                   ((1, 1), (2,)), ((6, 6), ()), ((6, 5), ()))
    assert results[-2] == FREE_THROW  # 12 with 3 and 4 up: a double throws again
    assert not game.end_turn()
    assert game.up_mask == mask_of([3, 4]) and game.totals == [7, 38]
    # Player 1 works on the covered tiles: 1, 2, 5, 6, 7, 8, 9.
    assert game.current == 1 and game.turn.open_mask == mask_of([1, 2, 5, 6, 7, 8, 9])
    play(game.turn, ((4, 5), (9,)), ((3, 3), (6,)), ((6, 6), (7, 5)), ((5, 5), (8, 2)), ends=False)
    assert game.turn.one_die_allowed()  # only tile 1 left to uncover: one die allowed
    game.turn.choose_one_die(True)
    play(game.turn, ((1,), (1,)))
    assert game.end_turn()
    assert game.winners() == [1] and game.up_mask == mask_of(range(1, 10))


def test_when_both_fail_play_alternates_from_the_board_as_left():
    game = start_match(rules_from_config({"preset": "long-game", "start": "3-down"}), 2)
    play(game.turn, ((1, 2), ()))  # nothing shut: 4-9 up, 1-3 covered
    game.end_turn()
    assert game.turn.open_mask == mask_of([1, 2, 3])
    play(game.turn, ((1, 2), (1, 2)), ((5, 6), ()))  # uncovers 1 and 2; 11 cannot uncover 3
    game.end_turn()
    assert game.current == 0 and game.rounds_played == 1
    assert game.turn.open_mask == mask_of([1, 2, 4, 5, 6, 7, 8, 9])  # the board as left
    play(game.turn, ((4, 5), (9,)), ((1, 2), (1, 2)), ((1, 2), ()))
    game.end_turn()
    assert game.up_mask == mask_of([4, 5, 6, 7, 8]) and game.totals == [30, 15]
    assert game.turn.open_mask == mask_of([1, 2, 3, 9]) and not game.over


def test_with_nothing_to_uncover_the_first_player_throws_again():
    rules = rules_from_config({"preset": "long-game", "move": "exact-match", "double_rethrow": False})
    game = start_match(rules, 2)
    play(game.turn, ((5, 5), ()))  # exact match: no tile 10, and a double is not two tiles
    assert not game.end_turn()
    assert game.current == 0 and game.turn.open_mask == mask_of(range(1, 10))


def test_the_first_player_shutting_the_box_wins_and_takes_double_stakes():
    rules = rules_from_config({"preset": "long-game", "start": "lucky-7", "stakes": "pool", "ante": 5})
    game = start_match(rules, 2, first=1)
    assert game.current == 1
    play(game.turn, ((3, 4), (7,)))
    assert game.end_turn() and game.winners() == [1]
    assert game.ledger.chips == [90, 110]


def test_the_long_game_is_for_two():
    with pytest.raises(ValueError, match="two players"):
        start_match(preset("long-game"), 3)

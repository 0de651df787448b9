"""Match formats on any runtime: scripted matches with hand-worked totals, and every preset
played to its end with seeded random rolls.

Plain functions and asserts only, so the same module runs under pytest and on MicroPython.
"""

import gc

from game.config import rules_from_config
from game.match import source_for, start_match
from game.presets import PRESET_NAMES, preset
from game.prng import Xorshift32
from game.rules import MATCH_LONG_GAME, MATCH_RACE
from game.sources import feed
from game.tile_masks import mask_of
from game.tiles import tiles_of
from game.turn import AWAIT_MOVE, OVER

FAIL = (1, 2)  # a 3 with tiles 4-9 up ends the turn at once


def play(turn, *steps):
    """Each step is a roll followed by the tiles to shut; the turn must then be over."""
    for step in steps:
        dice, tiles = step
        turn.roll(*dice)
        for tile in tiles:
            turn.tile_shut(tile)
    assert turn.state == OVER


def test_single_round_lowest_score_wins():
    match = start_match(rules_from_config({"start": "3-down"}), 3)
    play(match.turn, (FAIL, ()))  # 39
    match.end_turn()
    play(match.turn, ((4, 5), (9,)), (FAIL, ()))  # 30
    match.end_turn()
    play(match.turn, ((3, 3), (6,)), (FAIL, ()))  # 33
    assert match.end_turn()
    assert match.winners() == [1] and match.totals == [39, 30, 33]


def test_fixed_rounds_sum_and_rotate():
    match = start_match(rules_from_config({"preset": "fixed-rounds", "rounds": 2, "start": "3-down"}), 2)
    for steps in ([(FAIL, ())], [((4, 5), (9,)), (FAIL, ())], [(FAIL, ())],
                  [((6, 3), (9,)), ((4, 4), (8,)), (FAIL, ())]):
        play(match.turn, *steps)
        match.end_turn()
    # Player 0: 39 + 22 = 61; player 1: 30 + 39 = 69 (player 1 opened round 2).
    assert match.over and match.totals == [61, 69] and match.winners() == [0]


def test_max_penalty_drops_out_and_the_last_one_standing_wins():
    match = start_match(rules_from_config({"preset": "max-penalty", "start": "3-down"}), 2)
    for steps in ([(FAIL, ())], [((4, 5), (9,)), (FAIL, ())], [((6, 6), (8, 4)), (FAIL, ())],
                  [((4, 5), (9,)), ((4, 4), (8,)), ((3, 4), (7,)), ((3, 3), (6,)), ((2, 3), (5,)),
                   (FAIL, ())]):
        play(match.turn, *steps)
        match.end_turn()
    # Player 0: 39 + 4 = 43 stays in; player 1: 30 + 27 = 57 drops out.
    assert list(match.dropped) == [0, 1] and match.winners() == [0]


def test_lucky_7_first_to_roll_a_7_wins():
    match = start_match(preset("lucky-7"), 3)
    play(match.turn, ((2, 2), ()))
    match.end_turn()
    play(match.turn, ((3, 4), (7,)))
    assert match.end_turn() and match.winners() == [1]


def test_race_rows_persist():
    race = start_match(rules_from_config({"preset": "young-players", "start": "3-down"}), 2)
    play(race.turn, ((4, 5), (4, 5)), ((1, 1), ()))  # young players: both dice's tiles
    race.end_turn()
    play(race.turn, ((1, 1), ()))
    race.end_turn()
    assert race.turn.open_mask == mask_of([6, 7, 8, 9])
    play(race.turn, ((4, 5), (9,)), ((3, 5), (8,)), ((3, 4), (7,)), ((3, 3), (6,)))
    assert race.end_turn() and race.winners() == [0]


def test_long_game_second_player_uncovers():
    game = start_match(rules_from_config({"preset": "long-game", "start": "3-down"}), 2)
    play(game.turn, (FAIL, ()))
    game.end_turn()
    assert game.current == 1 and game.turn.open_mask == mask_of([1, 2, 3])
    play(game.turn, ((1, 2), (3,)), ((1, 2), (1, 2)))  # 3 alone, then 1 + 2: all uncovered
    assert game.end_turn() and game.winners() == [1]


def test_everyone_at_once_rows():
    rules = rules_from_config({"start": "3-down", "rows": 2, "rows_mode": "simultaneous"})
    match = start_match(rules, 2)
    play(match.turn_on(1), ((4, 4), (8,)), (FAIL, ()))
    assert not match.end_turn(1)
    play(match.turn_on(0), (FAIL, ()))
    assert match.end_turn(0) and match.winners() == [1]


def play_randomly(match, rng):
    rules = match.rules
    source = source_for(rules, rng)
    turns = 0
    while not match.over:
        assert turns < 2000
        turns += 1
        row = match.row
        if match.simultaneous:
            row = 0
            while match.turn_on(row) is None:
                row += 1
        turn = match.turn_on(row)
        while turn.state != OVER:
            count = source.draw(turn.dice_expected())
            if not count:  # hand-entered dice: enter a throw
                for index in range(turn.dice_expected()):
                    source.enter(index, rng.below(source.faces) + 1)
                count = source.draw(turn.dice_expected())
                source.clear()
            feed(turn, source.values, count)
            if turn.state == AWAIT_MOVE:
                moves = turn.legal_moves()
                for tile in tiles_of(moves[rng.below(len(moves))]):
                    turn.tile_shut(tile)
                turn.commit()
        match.end_turn(row)


def test_every_preset_plays_to_the_end():
    rng = Xorshift32(77)
    for name in PRESET_NAMES:
        gc.collect()  # one match at a time, as on the box: free the last one's tables
        rules = preset(name)
        players = 2 if rules.match in (MATCH_LONG_GAME, MATCH_RACE) else 3
        match = start_match(rules, players)
        play_randomly(match, rng)
        assert match.winners(), name
        if match.ledger is not None:
            assert match.ledger.total() == players * rules.chips

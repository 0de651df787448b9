"""Match formats built from rounds, played to the end with scripted rolls and hand-worked
totals: single round, fixed rounds, tournament, maximum penalty; lucky 7; stakes in a match.
A shut box ends a single round at once; in the formats that sum scores everyone still throws.

Most scripts start from "3-down" (tiles 4-9 up, 39 points) so a roll of 1+1 ends a turn at once.
"""

from game.config import rules_from_config
from game.match import start_match
from turn_script import play


def turn_of(match, player, *steps):
    assert match.current == player
    play(match.turn, *steps)
    return match.end_turn()


FAIL = ((1, 1), ())  # a 2 with tiles 4-9 up: the turn ends at once


def test_single_round_lowest_score_wins():
    match = start_match(rules_from_config({"start": "3-down"}), 3)
    assert not turn_of(match, 0, FAIL)  # 39
    assert not turn_of(match, 1, ((4, 5), (9,)), FAIL)  # 39 - 9 = 30
    assert turn_of(match, 2, ((3, 3), (6,)), ((1, 2), ()))  # 39 - 6 = 33
    assert match.over and match.winners() == [1]
    assert match.totals == [39, 30, 33] and match.rounds_played == 1
    assert match.current == -1 and match.turn is None


def test_fixed_rounds_sum_the_penalties_and_the_first_player_moves_on():
    match = start_match(rules_from_config({"preset": "fixed-rounds", "rounds": 2, "start": "3-down"}), 2)
    turn_of(match, 0, FAIL)  # round 1: 39
    turn_of(match, 1, ((4, 5), (9,)), FAIL)  # 30
    assert match.rounds_played == 1 and match.last_winners == [1]
    turn_of(match, 1, FAIL)  # round 2, player 1 first: 30 + 39 = 69
    assert turn_of(match, 0, ((6, 3), (9,)), ((4, 4), (8,)), FAIL)  # 39 - 17 = 22: 61
    assert match.totals == [61, 69] and match.round_wins == [1, 1]
    assert match.winners() == [0]


def test_tournament_plays_whole_rounds_until_someone_reaches_the_target():
    match = start_match(rules_from_config({"preset": "tournament", "target": 50, "start": "3-down"}), 2)
    turn_of(match, 0, FAIL)
    turn_of(match, 1, FAIL)
    assert not match.over and match.totals == [39, 39]  # nobody at 50 yet
    assert not turn_of(match, 1, ((4, 5), (9,)), FAIL)  # 69: past 50, but player 0 still plays
    assert turn_of(match, 0, FAIL)  # 78
    assert match.winners() == [1] and match.rounds_played == 2


def test_tournament_tied_lowest_totals_share_the_win():
    match = start_match(rules_from_config({"preset": "tournament", "target": 30, "start": "3-down"}), 3)
    turn_of(match, 0, ((4, 5), (9,)), FAIL)  # 30
    turn_of(match, 1, FAIL)  # 39
    assert turn_of(match, 2, ((6, 3), (9,)), FAIL)  # 30
    assert match.winners() == [0, 2]


def test_max_penalty_the_last_one_standing_wins():
    match = start_match(rules_from_config({"preset": "max-penalty", "start": "3-down"}), 2)
    turn_of(match, 0, FAIL)  # 39
    turn_of(match, 1, ((4, 5), (9,)), FAIL)  # 30
    assert list(match.dropped) == [0, 0]
    turn_of(match, 1, ((6, 6), (8, 4)), FAIL)  # 39 - 12 = 27: 57, past 45
    # Player 0 shuts 9, 8, 7, 6, 5 (35) and keeps 4: 39 + 4 = 43, under 45.
    assert turn_of(match, 0, ((4, 5), (9,)), ((4, 4), (8,)), ((3, 4), (7,)), ((3, 3), (6,)),
                   ((2, 3), (5,)), FAIL)
    assert match.totals == [43, 57] and list(match.dropped) == [0, 1]
    assert match.winners() == [0]


def test_max_penalty_dropped_players_no_longer_play():
    match = start_match(rules_from_config({"preset": "max-penalty", "max_penalty": 60, "start": "3-down"}), 3)
    turn_of(match, 0, FAIL)  # 39
    turn_of(match, 1, ((4, 5), (9,)), FAIL)  # 30
    turn_of(match, 2, ((6, 6), (8, 4)), FAIL)  # 27
    turn_of(match, 1, FAIL)  # round 2: 69, out
    turn_of(match, 2, ((4, 5), (9,)), FAIL)  # 57
    turn_of(match, 0, ((4, 5), (9,)), ((4, 4), (8,)), FAIL)  # 39 + 22 = 61, out
    assert list(match.dropped) == [1, 1, 0] and match.over and match.winners() == [2]


def test_max_penalty_when_everyone_left_drops_in_one_round_the_lowest_of_them_wins():
    match = start_match(rules_from_config({"preset": "max-penalty", "start": "3-down"}), 3)
    turn_of(match, 0, FAIL)  # 39
    turn_of(match, 1, ((4, 5), (9,)), FAIL)  # 30
    turn_of(match, 2, ((6, 6), (8, 4)), FAIL)  # 27
    turn_of(match, 1, FAIL)  # 69
    turn_of(match, 2, ((4, 5), (9,)), FAIL)  # 57
    assert turn_of(match, 0, ((3, 3), (6,)), FAIL)  # 72
    assert list(match.dropped) == [1, 1, 1] and match.winners() == [2]


def reach_45_exactly(drop_on_exceed):
    match = start_match(rules_from_config(
        {"preset": "max-penalty", "start": "3-down", "drop_on_exceed": drop_on_exceed}), 2)
    turn_of(match, 0, FAIL)  # 39
    turn_of(match, 1, FAIL)  # 39
    turn_of(match, 1, FAIL)  # 78: out either way
    # Player 0 keeps only tile 6: 39 + 6 = 45 exactly.
    turn_of(match, 0, ((4, 5), (9,)), ((4, 4), (8,)), ((3, 4), (7,)), ((2, 3), (5,)),
            ((2, 2), (4,)), FAIL)
    assert match.totals == [45, 78] and match.winners() == [0]
    return list(match.dropped)


def test_max_penalty_reaching_the_limit_drops_out():
    assert reach_45_exactly(False) == [1, 1]  # both out: player 0 has the lower total


def test_max_penalty_on_exceeding_only_a_total_above_the_limit_drops_out():
    assert reach_45_exactly(True) == [0, 1]


def test_lucky_7_the_first_to_roll_a_7_wins_and_the_rest_do_not_play():
    match = start_match(rules_from_config({"preset": "lucky-7"}), 3)
    assert not turn_of(match, 0, ((2, 2), ()))  # only tile 7 up: a 4 ends the turn
    assert turn_of(match, 1, ((3, 4), (7,)))  # shutting tile 7 shuts the box
    assert match.winners() == [1] and match.last_scores == [7, 0, None]


def test_canoga_match_settles_the_round_in_chips():
    match = start_match(rules_from_config({"preset": "canoga", "start": "3-down"}), 3)
    turn_of(match, 0, FAIL)  # 39
    turn_of(match, 1, ((4, 5), (9,)), FAIL)  # 30
    turn_of(match, 2, ((3, 3), (6,)), ((1, 2), ()))  # 33
    # Ante 1 each to the kitty (3); player 0 pays 39 - 30 = 9, player 2 pays 3.
    assert match.ledger.chips == [99 - 9, 99 + 12, 99 - 3] and match.ledger.pot == 3


def test_pool_over_fixed_rounds_is_settled_each_round_and_a_shut_box_pays_double():
    rules = rules_from_config({"preset": "fixed-rounds", "rounds": 2, "start": "lucky-7",
                               "stakes": "pool", "ante": 2, "chips": 20})
    match = start_match(rules, 2)
    turn_of(match, 0, ((1, 1), ()))  # 7
    turn_of(match, 1, ((6, 6), ()))  # 7: a tie, the pool of 4 split back...
    assert match.ledger.chips == [18, 18] and match.ledger.pot == 4  # ...and round 2's antes in
    assert not turn_of(match, 1, ((3, 4), (7,)))  # round 2: player 1 shuts the box...
    assert turn_of(match, 0, ((2, 3), ()))  # ...and player 0 still throws: scores add up
    # Pool 4, and player 0 pays a second ante for the shut box: player 1 wins 4.
    assert match.ledger.chips == [16, 24] and match.totals == [14, 7]
    assert match.last_scores == [7, 0] and match.over and match.winners() == [1]


def test_chips_carry_over_to_the_next_match():
    rules = rules_from_config({"preset": "lucky-7", "stakes": "pool", "ante": 3, "chips": 10})
    first = start_match(rules, 2)
    turn_of(first, 0, ((3, 4), (7,)))
    assert first.ledger.chips == [16, 4]
    second = start_match(rules, 2, first=1, ledger=first.ledger)
    turn_of(second, 1, ((3, 4), (7,)))
    assert second.ledger.chips == [10, 10]


def test_players_reaching_the_maximum_drop_out_one_by_one_and_the_last_standing_wins():
    match = start_match(rules_from_config({"preset": "max-penalty", "start": "3-down"}), 3)
    turn_of(match, 0, FAIL)  # 39
    turn_of(match, 1, ((4, 5), (9,)), FAIL)  # 30
    turn_of(match, 2, ((6, 6), (8, 4)), FAIL)  # 27
    turn_of(match, 1, FAIL)  # 69, out
    turn_of(match, 2, ((4, 5), (9,)), ((4, 4), (8,)), ((3, 4), (7,)), FAIL)  # 27 + 15 = 42
    turn_of(match, 0, ((4, 5), (9,)), ((4, 4), (8,)), ((3, 4), (7,)), ((3, 3), (6,)), FAIL)  # 48, out
    assert match.winners() == [2] and match.dropped == bytearray([1, 1, 0])
    assert match.totals == [48, 69, 42]


def test_a_shut_box_in_a_summed_format_scores_0_and_the_others_still_throw():
    match = start_match(rules_from_config({"preset": "tournament", "target": 10, "start": "lucky-7"}), 3)
    turn_of(match, 0, ((1, 2), ()))  # 7
    turn_of(match, 1, ((3, 4), (7,)))  # 0: the round goes on
    assert match.rounds_played == 0
    assert not turn_of(match, 2, ((6, 1), (7,)))  # 0 too: both share the round; nobody has 10
    assert match.last_winners == [1, 2] and match.round_wins == [0, 1, 1]
    assert match.totals == [7, 0, 0] and match.current == 1  # player 1 opens round 2

"""A round of several players: lowest score wins, ties share, shutting the box wins at once
(the winners as the match finds them: round_winners over the Round's scores)."""

from game.presets import preset
from game.rounds import Round, round_winners
from game.turn import OVER


def play_turn(round_, rolls_and_moves):
    """Feed one turn: a list of (dice, tiles to shut) ending with a roll that ends it."""
    turn = round_.turn
    for dice, tiles in rolls_and_moves:
        turn.roll(*dice)
        for tile in tiles:
            turn.tile_shut(tile)
    assert turn.state == OVER
    return round_.end_turn()


def winners(round_):
    return round_winners(range(round_.players), round_.scores, round_.lost)


def test_lowest_score_wins_after_every_player_has_played():
    round_ = Round(preset("3-down-extreme"), players=3)  # tiles 4-9 up: 39
    assert not play_turn(round_, [((1, 1), ())])  # 2 cannot be shut: 39
    assert round_.current == 1
    assert not play_turn(round_, [((4, 5), (9,)), ((1, 1), ())])  # 39 - 9 = 30
    assert play_turn(round_, [((3, 3), (6,)), ((1, 2), ())])  # 39 - 6 = 33
    assert round_.scores == [39, 30, 33]
    assert winners(round_) == [1]


def test_shutting_the_box_wins_at_once_and_the_rest_do_not_play():
    round_ = Round(preset("lucky-7"), players=4)
    assert not play_turn(round_, [((2, 2), ())])
    assert play_turn(round_, [((3, 4), (7,))])
    assert round_.shut_by == 1 and winners(round_) == [1]
    assert round_.scores == [7, 0, None, None]


def test_tied_lowest_scores_share_the_win():
    round_ = Round(preset("lucky-7"), players=3)
    for _ in range(3):
        play_turn(round_, [((1, 1), ())])
    assert winners(round_) == [0, 1, 2]


def test_a_first_roll_loss_cannot_win_while_another_player_scored():
    round_ = Round(preset("2-to-go"), players=2)
    play_turn(round_, [((1, 3), ())])  # a first 4 loses at once
    play_turn(round_, [((6, 6), (9, 2, 1)), ((1, 1), ())])  # 12 = 9 + 2 + 1, then 2 cannot be shut
    assert round_.lost[0] == 1 and round_.scores == [45, 33]
    assert winners(round_) == [1]

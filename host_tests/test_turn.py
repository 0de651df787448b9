"""The turn state machine: pending and committed moves, take-backs, refusals, the end."""

from game.presets import changed, preset
from game.tile_masks import mask_of
from game.tiles import tiles_of
from game.turn import (
    AWAIT_MOVE,
    AWAIT_ROLL,
    COMMITTED,
    END_SHUT,
    ENDED,
    FREE_THROW,
    MOVE_COMPLETE,
    OVER,
    PENDING,
    ROLLED,
    Turn,
    is_error,
)

from tools.replay.turn_names import (
    E_ALREADY_OPEN,
    E_ALREADY_SHUT,
    E_COMMITTED,
    E_DICE_COUNT,
    E_ILLEGAL_TILE,
    E_MOVE_DUE,
    E_NOTHING_TO_COMMIT,
    E_ROLL_FIRST,
    E_TURN_OVER,
    END_NO_MOVE,
    MOVE_LEGAL,
    TAKEN_BACK,
)


def test_a_tile_shut_before_the_roll_is_refused():
    turn = Turn(preset("classic"))
    assert turn.tile_shut(3) == E_ROLL_FIRST
    assert turn.open_mask == mask_of(range(1, 10))


def test_shutting_tiles_that_add_up_completes_the_move_which_the_next_roll_commits():
    turn = Turn(preset("classic"))
    turn.roll(4, 4)
    assert turn.tile_shut(5) == PENDING
    assert turn.tile_shut(3) == MOVE_COMPLETE
    assert turn.open_mask == mask_of(range(1, 10))  # still pending: may be taken back
    assert turn.roll(1, 1) == ROLLED
    assert tiles_of(turn.open_mask) == [1, 2, 4, 6, 7, 8, 9]


def test_an_honest_take_back_before_commit_is_allowed():
    turn = Turn(preset("classic"))
    turn.roll(4, 4)
    turn.tile_shut(8)
    assert turn.tile_reopened(8) == TAKEN_BACK
    assert turn.tile_shut(7) == PENDING and turn.tile_shut(1) == MOVE_COMPLETE


def test_reopening_a_committed_tile_is_refused():
    turn = Turn(preset("classic"))
    turn.roll(4, 4)
    turn.tile_shut(8)
    assert turn.commit() == COMMITTED
    assert turn.tile_reopened(8) == E_COMMITTED
    assert turn.tile_reopened(3) == E_ALREADY_OPEN
    assert turn.state == AWAIT_ROLL


def test_a_tile_that_cannot_join_a_legal_move_is_refused_and_not_recorded():
    turn = Turn(preset("classic"))
    turn.roll(1, 3)
    assert turn.tile_shut(9) == E_ILLEGAL_TILE
    assert turn.pending == 0
    assert turn.tile_shut(3) == PENDING
    assert turn.tile_shut(2) == E_ILLEGAL_TILE  # 3 + 2 passes 4
    assert turn.tile_shut(1) == MOVE_COMPLETE


def test_a_tile_already_shut_is_refused():
    turn = Turn(preset("classic"), open_mask=mask_of([1, 2, 3]))
    turn.roll(1, 2)
    assert turn.tile_shut(9) == E_ALREADY_SHUT
    turn.tile_shut(3)
    assert turn.tile_shut(3) == E_ALREADY_SHUT


def test_rolling_with_an_incomplete_move_is_refused():
    turn = Turn(preset("classic"))
    turn.roll(4, 4)
    assert turn.roll(1, 1) == E_MOVE_DUE  # a move exists: it must be made
    turn.tile_shut(5)
    assert turn.roll(1, 1) == E_MOVE_DUE
    assert turn.state == AWAIT_MOVE


def test_the_wrong_number_of_dice_is_refused():
    turn = Turn(preset("classic"))
    assert turn.roll(4) == E_DICE_COUNT
    assert turn.roll(1, 2, 3) == E_DICE_COUNT
    assert turn.rolls == 0


def test_the_turn_ends_when_a_roll_allows_no_move_and_scores_the_open_tiles():
    turn = Turn(preset("classic"), open_mask=mask_of([9]))
    assert turn.roll(1, 1) == ENDED
    assert turn.state == OVER and turn.ended == END_NO_MOVE and turn.score() == 9
    assert turn.roll(4, 5) == E_TURN_OVER and turn.tile_shut(9) == E_TURN_OVER


def test_shutting_the_last_tiles_commits_at_once_and_shuts_the_box():
    turn = Turn(preset("classic"), open_mask=mask_of([4, 5]))
    turn.roll(4, 5)
    assert turn.tile_shut(4) == PENDING
    assert turn.tile_shut(5) == COMMITTED
    assert turn.state == OVER and turn.ended == END_SHUT and turn.score() == 0


def test_optional_second_die_leaves_a_legal_move_that_may_still_grow():
    turn = Turn(changed(preset("single-die"), second_die_optional=True))
    turn.roll(2, 5)
    assert turn.tile_shut(2) == MOVE_LEGAL
    assert turn.tile_shut(5) == MOVE_COMPLETE
    assert turn.tile_reopened(5) == TAKEN_BACK
    assert turn.commit() == COMMITTED
    assert tiles_of(turn.open_mask) == [1, 3, 4, 5, 6, 7, 8, 9]


def test_commit_without_a_legal_move_is_refused():
    turn = Turn(preset("classic"))
    assert turn.commit() == E_NOTHING_TO_COMMIT
    turn.roll(3, 3)
    turn.tile_shut(5)
    assert turn.commit() == E_NOTHING_TO_COMMIT


def test_legal_tiles_light_what_may_be_shut_next():
    turn = Turn(preset("classic"), open_mask=mask_of([1, 2, 3, 6, 9]))
    turn.roll(3, 3)
    assert tiles_of(turn.legal_tiles()) == [1, 2, 3, 6]
    turn.tile_shut(3)
    assert tiles_of(turn.legal_tiles()) == [1, 2]


def test_a_double_blank_domino_is_a_free_throw():
    rules = changed(preset("classic"), source=2, dominoes_blank=True)
    turn = Turn(rules)
    assert turn.roll(0, 0) == FREE_THROW and turn.state == AWAIT_ROLL


def test_an_unplayable_double_is_thrown_again_in_the_long_game():
    turn = Turn(preset("long-game"), open_mask=mask_of([1, 3]))
    assert turn.roll(6, 6) == FREE_THROW and turn.state == AWAIT_ROLL
    assert turn.roll(5, 6) == ENDED


def test_errors_are_told_apart_from_accepted_events():
    assert is_error(E_ILLEGAL_TILE) and is_error(E_TURN_OVER)
    assert not is_error(ROLLED) and not is_error(COMMITTED) and not is_error(MOVE_COMPLETE)


def test_every_end_and_refusal_has_a_name_and_the_last_end_bounds_a_saved_turn():
    import game.turn as turn_module

    from tools.replay.turn_names import END_NAMES, RESULT_NAMES

    # Public or private (a code no other firmware module tests for: tools.replay.turn_names names it).
    ends = [value for name, value in vars(turn_module).items() if name.lstrip("_").startswith("END_")]
    assert sorted(ends) == list(range(len(END_NAMES))) and max(ends) == turn_module.END_FIRST_ROLL_LOST
    refusals = {value for name, value in vars(turn_module).items() if name.lstrip("_").startswith("E_")}
    assert len(refusals) == 10 and refusals <= set(RESULT_NAMES)
    assert all(is_error(code) == (code in refusals) for code in RESULT_NAMES)

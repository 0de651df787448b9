"""One test per rule of VARIANTS.md sections 1-5, named after it, and its worked examples."""

import pytest
from game.config import rules_from_config
from game.presets import PRESET_NAMES, changed, preset
from game.rule_names import as_names
from game.rules import Rules
from game.tables import table_for
from game.tile_masks import mask_of
from game.tiles import full_mask, tiles_of
from game.turn import (
    END_FIRST_ROLL_LOST,
    END_SHUT,
    ENDED,
    OVER,
    ROLLED,
    Turn,
)

from tools.replay.turn_names import END_NO_MOVE, END_UNLUCKY_7


def turn_with(rules, open_tiles):
    return Turn(rules, open_mask=mask_of(open_tiles))


# -- worked examples ---------------------------------------------------------------------------

def test_example_open_2_3_5_a_roll_of_4_ends_the_turn_scoring_10():
    turn = turn_with(preset("classic"), [2, 3, 5])
    assert turn.roll(1, 3) == ENDED
    assert turn.ended == END_NO_MOVE and turn.score() == 10


def test_example_open_2_3_5_rolls_2_3_5_7_8_10_continue():
    for dice in ((1, 1), (1, 2), (2, 3), (3, 4), (4, 4), (5, 5)):
        turn = turn_with(preset("classic"), [2, 3, 5])
        assert turn.roll(*dice) == ROLLED, dice


def test_example_open_1_5_9_a_roll_of_4_ends_the_turn_scoring_15():
    turn = turn_with(preset("classic"), [1, 5, 9])
    assert turn.roll(2, 2) == ENDED
    assert turn.score() == 15


def test_example_a_roll_of_8_with_all_tiles_open_may_shut_six_sets():
    turn = Turn(preset("classic"))
    turn.roll(3, 5)
    moves = sorted(sorted(tiles_of(move)) for move in turn.legal_moves())
    assert moves == [[1, 2, 5], [1, 3, 4], [1, 7], [2, 6], [3, 5], [8]]


def test_example_digital_scoring_of_open_2_5_7_is_257():
    assert preset("digital").score(mask_of([2, 5, 7])) == 257


# -- 1. tiles ----------------------------------------------------------------------------------

def test_box_setups_have_their_tiles_and_dice():
    expected = {"classic": (9, 2, 6), "ten": (10, 2, 6), "full-house": (12, 2, 6), "2012": (12, 1, 20),
                "the-300": (24, 4, 6)}
    for name, (tiles, dice, faces) in expected.items():
        rules = preset(name)
        assert (rules.tiles, rules.dice, rules.faces) == (tiles, dice, faces)
        assert rules.start_mask() == full_mask(tiles)


def test_the_300_shuts_a_tile_above_12_with_four_dice():
    turn = Turn(preset("the-300"))
    assert turn.roll(6, 6, 6, 5) == ROLLED
    assert set(map(lambda m: tuple(tiles_of(m)), turn.legal_moves())) >= {(23,), (1, 22), (11, 12)}


def test_2012_rolls_one_twenty_sided_die():
    turn = Turn(preset("2012"))
    assert turn.roll(3, 4) != ROLLED  # two values: wrong number of dice
    assert turn.roll(20) == ROLLED
    assert [tiles_of(m) for m in turn.legal_moves()][0] == [8, 12]


# -- 2. starting position ----------------------------------------------------------------------

def test_start_all_up_3_down_odd_even_lucky_7():
    assert tiles_of(preset("classic").start_mask()) == list(range(1, 10))
    assert tiles_of(preset("3-down-extreme").start_mask()) == [4, 5, 6, 7, 8, 9]
    assert tiles_of(preset("against-all-odds").start_mask()) == [1, 3, 5, 7, 9]
    assert tiles_of(preset("even-stevens").start_mask()) == [2, 4, 6, 8]
    assert tiles_of(preset("lucky-7").start_mask()) == [7]


def test_lucky_7_the_first_to_roll_a_7_shuts_the_box_and_wins():
    turn = Turn(preset("lucky-7"))
    assert turn.roll(3, 4) == ROLLED
    turn.tile_shut(7)
    assert turn.state == OVER and turn.ended == END_SHUT
    other = Turn(preset("lucky-7"))
    assert other.roll(3, 3) == ENDED and other.score() == 7


# -- 3. when one die may be rolled -------------------------------------------------------------

def test_one_die_when_7_and_above_are_shut():
    rules = preset("classic")
    assert not rules.one_die_allowed(mask_of([1, 2, 9]))
    assert rules.one_die_allowed(mask_of([1, 2, 6]))
    assert not preset("full-house").one_die_allowed(mask_of([1, 12]))


def test_two_dice_only_ends_the_turn_with_tile_1_alone():
    rules = preset("two-dice-only")
    assert not rules.one_die_allowed(mask_of([1]))
    turn = turn_with(rules, [1])
    assert turn.choose_one_die(True) != ROLLED
    assert turn.roll(1, 1) == ENDED and turn.score() == 1


def test_one_die_only_when_tile_1_alone_is_open():
    rules = preset("one-die-last-tile")
    assert rules.one_die_allowed(mask_of([1]))
    assert not rules.one_die_allowed(mask_of([1, 2]))


def test_one_die_when_open_tiles_sum_to_6_or_less():
    rules = preset("low-sum-one-die")
    assert rules.one_die_allowed(mask_of([1, 5]))
    assert not rules.one_die_allowed(mask_of([2, 5]))


def test_the_one_die_choice_is_never_forced_and_takes_one_value():
    turn = turn_with(preset("classic"), [1, 2, 3])
    assert turn.roll(1, 2) == ROLLED  # two dice are still allowed
    turn = turn_with(preset("classic"), [1, 2, 3])
    assert turn.choose_one_die(True) == ROLLED
    assert turn.roll(1, 2) != ROLLED and turn.roll(3) == ROLLED


# -- 4. which tiles a roll may shut ------------------------------------------------------------

def moves_for(name, open_tiles, dice):
    turn = turn_with(preset(name), open_tiles)
    turn.roll(*dice)
    return sorted(tiles_of(move) for move in turn.legal_moves())


def test_thai_shuts_exactly_one_tile_a_die_or_the_total():
    assert moves_for("thai", range(1, 10), (2, 3)) == [[2], [3], [5]]
    turn = turn_with(preset("thai"), [1, 4, 6])
    assert turn.roll(2, 3) == ENDED


def test_exact_match_shuts_the_total_or_both_dice():
    assert moves_for("exact-match", range(1, 10), (2, 3)) == [[2, 3], [5]]
    assert moves_for("exact-match", [2, 4, 6], (2, 2)) == [[4]]  # a double cannot score both dice
    assert moves_for("exact-match", [2, 4, 6], (2, 3)) == []


def test_single_die_is_enough_with_the_second_die_mandatory():
    assert moves_for("single-die", range(1, 10), (2, 3)) == [[2, 3], [5]]
    assert moves_for("single-die", [2, 7, 9], (2, 3)) == [[2]]


def test_single_die_is_enough_with_the_second_die_optional():
    rules = changed(preset("single-die"), second_die_optional=True)
    turn = Turn(rules)
    turn.roll(2, 3)
    assert sorted(tiles_of(m) for m in turn.legal_moves()) == [[2], [2, 3], [3], [5]]


def test_young_players_shut_the_total_or_one_or_both_dice():
    assert moves_for("young-players", range(1, 10), (6, 2)) == [[2], [2, 6], [6], [8]]


def test_2_to_go_tile_2_must_be_in_the_first_move_and_a_first_4_loses():
    turn = Turn(preset("2-to-go"))
    assert turn.roll(1, 3) == ENDED and turn.ended == END_FIRST_ROLL_LOST
    turn = Turn(preset("2-to-go"))
    turn.roll(3, 5)
    assert sorted(tiles_of(m) for m in turn.legal_moves()) == [[1, 2, 5], [2, 6]]
    turn.tile_shut(6)
    turn.tile_shut(2)
    assert turn.roll(2, 2) == ROLLED  # later rolls are free: 4 or 3+1
    assert [4] in [tiles_of(m) for m in turn.legal_moves()]


def test_3_to_go_a_first_roll_of_2_loses():
    turn = Turn(preset("3-to-go"))
    assert turn.roll(1, 1) == ENDED and turn.ended == END_FIRST_ROLL_LOST
    for dice in ((1, 2), (2, 2), (6, 6)):
        assert Turn(preset("3-to-go")).roll(*dice) == ROLLED


def test_unlucky_7_a_rolled_7_ends_the_turn_at_once():
    turn = Turn(preset("unlucky-7"))
    assert turn.roll(3, 4) == ENDED and turn.ended == END_UNLUCKY_7
    assert turn.score() == 45


# -- 5. scoring --------------------------------------------------------------------------------

def test_golf_scores_the_sum_of_open_tiles():
    assert preset("classic").score(mask_of([2, 3, 5])) == 10


def test_missionary_scores_the_number_of_open_tiles():
    assert preset("missionary").score(mask_of([1, 8, 9])) == 3


def test_digital_reads_open_tiles_ascending_as_one_number():
    assert preset("digital").score(mask_of([1, 2, 5])) == 125
    assert changed(preset("digital"), tiles=12).score(mask_of([1, 10, 12])) == 11012


def test_every_preset_name_builds_rules_and_a_table():
    for name in PRESET_NAMES:
        rules = preset(name)
        assert table_for(rules).can_shut(rules.start_mask(), min(rules.max_roll(), 7)) in (True, False)
    assert len(PRESET_NAMES) == 26


def test_rules_axes_round_trip_through_their_names():
    for name in PRESET_NAMES:
        rules = preset(name)
        assert rules_from_config(as_names(rules)) == rules
    assert as_names(preset("thai"))["move"] == "thai"


def test_an_unknown_rule_axis_is_refused_by_name():
    with pytest.raises(TypeError, match="unknown rule axis: colour, flavour"):
        Rules(tiles=12, flavour=1, colour=2)


def test_a_changed_copy_keeps_every_other_axis():
    thai = preset("thai")
    bigger = changed(thai, tiles=12)
    assert bigger.tiles == 12 and thai.tiles == 9
    assert changed(bigger, tiles=9) == thai and bigger != thai

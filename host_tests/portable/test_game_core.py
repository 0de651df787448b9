"""The game core on any runtime: tiles, rules, presets, config, tables, moves, turn, round.

Plain functions and asserts only, so the same module runs under pytest and on MicroPython.
"""

from game.config import ConfigError, rules_from_config
from game.presets import PRESET_NAMES, preset
from game.rounds import Round, round_winners
from game.tables import LegalityTable
from game.tile_masks import mask_of
from game.tiles import bit, tile_count, tile_sum, tiles_of
from game.turn import COMMITTED, ENDED, MOVE_COMPLETE, PENDING, ROLLED, Turn
from measure import ON_MICROPYTHON, allocated_by

TAKEN_BACK = 6  # game.turn's _TAKEN_BACK: private on the board (tools.replay.turn_names names it)


def test_tile_helpers():
    assert bit(1) == 1 and bit(9) == 256
    assert tiles_of(mask_of([2, 5, 24])) == [2, 5, 24]
    assert tile_sum(mask_of(range(1, 25))) == 300
    assert tile_count(mask_of([1, 13, 24])) == 3


def test_table_answers_the_worked_examples():
    table = LegalityTable(9, 12)
    assert not table.can_shut(mask_of([2, 3, 5]), 4)
    for total in (2, 3, 5, 7, 8, 10):
        assert table.can_shut(mask_of([2, 3, 5]), total)
    assert len(table.shut_sets(mask_of(range(1, 10)), 8)) == 6


def test_table_for_24_tiles_adds_one_high_tile():
    table = LegalityTable(24, 24)
    assert table.can_shut(bit(24), 24)
    assert table.can_shut(bit(13) | bit(11), 24)
    assert not table.can_shut(bit(13) | bit(14), 24)


def test_every_preset_builds():
    for name in PRESET_NAMES:
        rules = preset(name)
        assert rules.start_mask()
    assert len(PRESET_NAMES) == 26


def test_config_refuses_a_conflict_by_name():
    try:
        rules_from_config({"preset": "thai", "one_die": "high-tiles-shut"})
    except ConfigError as error:
        assert "thai" in str(error) and "one_die" in str(error)
    else:
        raise AssertionError("conflict accepted")
    assert rules_from_config({"preset": "classic", "tiles": 12}).tiles == 12


def test_turn_pending_take_back_and_commit():
    turn = Turn(preset("classic"))
    assert turn.roll(4, 4) == ROLLED
    assert turn.tile_shut(5) == PENDING
    assert turn.tile_reopened(5) == TAKEN_BACK
    assert turn.tile_shut(8) == MOVE_COMPLETE
    assert turn.commit() == COMMITTED
    assert turn.roll(2, 2) == ROLLED


def test_turn_ends_and_scores():
    turn = Turn(preset("classic"), open_mask=mask_of([2, 3, 5]))
    assert turn.roll(1, 3) == ENDED
    assert turn.score() == 10
    assert preset("digital").score(mask_of([2, 5, 7])) == 257


def test_round_lowest_score_wins():
    round_ = Round(preset("3-down-extreme"), players=2)
    round_.turn.roll(1, 1)
    round_.end_turn()
    round_.turn.roll(4, 5)
    round_.turn.tile_shut(9)
    round_.turn.roll(1, 1)
    assert round_.end_turn()
    assert round_.scores == [39, 30] and round_winners(range(2), round_.scores, round_.lost) == [1]


def test_flap_events_and_lookups_allocate_nothing():
    if not ON_MICROPYTHON:
        return  # gc.mem_alloc() exists only on MicroPython
    turn = Turn(preset("classic"))
    turn.roll(4, 4)
    table = turn.table

    def flap_events():
        turn.tile_shut(5)
        turn.tile_shut(3)
        turn.tile_reopened(3)
        turn.tile_reopened(5)
        turn.legal_tiles()
        table.can_shut(0x1FF, 11)

    assert allocated_by(flap_events, 500) == 0


def test_a_roll_allocates_nothing():
    if not ON_MICROPYTHON:
        return
    turn = Turn(preset("classic"))

    def roll_and_restart():
        turn.start()
        turn.roll(3, 5)
        turn.tile_shut(8)
        turn.roll(6, 6)

    assert allocated_by(roll_and_restart, 500) == 0

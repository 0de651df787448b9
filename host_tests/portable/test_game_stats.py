"""Lifetime statistics (game.stats, read back by game.stats_load) on any runtime: scripted matches merged with hand-worked
figures, a merge repeated after a power cut counted once, the bounded size, and bad saved
statistics refused naming the field.

Plain functions and asserts only, so the same module runs under pytest and on MicroPython.
"""

import json

from game.config import rules_from_config
from game.gamelog import MatchTally
from game.match import source_for, start_match
from game.presets import PRESET_NAMES, preset
from game.prng import Xorshift32
from game.snapshot import snapshot
from game.snapshot_load import restore
from game.stats import (
    CUSTOM,
    MAX_BYTES,
    PLAYER_COUNTS,
    Stats,
    preset_name,
)
from game.stats_load import StatsError, stats_from_dict
from game.turn import OVER, is_error

FAIL = (1, 2)  # a 3 with tiles 4-9 up ends the turn at once
COUNT_MAX = 0x3FFFFFFF


def take_turn(match, tally, *steps):
    """Feed (dice, tiles) steps to the turn in play, then count and record the ended turn."""
    turn = match.turn
    for dice, tiles in steps:
        assert not is_error(turn.roll(*dice)), dice
        for tile in tiles:
            assert not is_error(turn.tile_shut(tile)), tile
    assert turn.state == OVER
    tally.add_turn(turn)
    return match.end_turn()


SHUT_ALL = (((6, 3), (9,)), ((4, 4), (8,)), ((3, 4), (7,)), ((3, 3), (6,)), ((2, 3), (5,)),
            ((2, 2), (4,)), ((1, 2), (3,)), ((2,), (2,)), ((1,), (1,)))


def three_down_match(stats):
    """3-down-extreme for two: 39 (a first 3 ends it), then 30 (9, then a 3). Player 1 wins."""
    match = start_match(preset("3-down-extreme"), 2)
    tally = MatchTally(stats.last_serial + 1)
    take_turn(match, tally, (FAIL, ()))
    assert take_turn(match, tally, ((4, 5), (9,)), (FAIL, ()))
    return match, tally


def test_a_finished_match_adds_a_game_its_rounds_turns_and_best_scores():
    stats = Stats()
    match, tally = three_down_match(stats)
    assert stats.add_match(match, tally)
    figures = stats.summary("3-down-extreme")
    assert figures == {"games": 1, "rounds": 1, "turns": 2, "shut": 0, "best_score": 30,
                       "best_total": 30, "shut_rate": 0.0}
    assert stats.games_by_players == [0, 1, 0, 0, 0, 0, 0, 0]


def test_shutting_the_box_counts_and_sets_the_rate_and_a_best_of_zero():
    stats = Stats()
    for _game in range(2):
        match, tally = three_down_match(stats)
        stats.add_match(match, tally)
    match = start_match(preset("3-down-extreme"), 3)
    tally = MatchTally(stats.last_serial + 1)
    assert take_turn(match, tally, *SHUT_ALL[:6])  # tiles 4-9: shut, the others do not throw
    assert stats.add_match(match, tally)
    figures = stats.summary("3-down-extreme")
    assert figures["games"] == 3 and figures["turns"] == 5 and figures["shut"] == 1
    assert figures["best_score"] == 0 and figures["best_total"] == 0
    assert abs(figures["shut_rate"] - 0.2) < 1e-9
    assert stats.games_by_players[:3] == [0, 2, 1]


def test_a_match_still_playing_is_not_merged():
    stats = Stats()
    match = start_match(preset("3-down-extreme"), 2)
    tally = MatchTally(stats.last_serial + 1)
    take_turn(match, tally, (FAIL, ()))
    assert not stats.add_match(match, tally)
    assert stats.by_preset == {} and stats.last_serial == 0


def test_a_merge_repeated_after_a_power_cut_counts_once():
    stats = Stats()
    match, tally = three_down_match(stats)
    assert stats.add_match(match, tally)
    saved = json.loads(json.dumps(stats.to_dict()))
    after_boot = stats_from_dict(saved)
    assert not after_boot.add_match(match, tally)  # the snapshot still held the finished match
    assert after_boot.summary("3-down-extreme")["games"] == 1
    assert after_boot.last_serial == tally.serial  # the next match is numbered after it


def test_the_race_counts_turns_but_has_no_best_total():
    race = start_match(rules_from_config({"preset": "young-players", "start": "3-down"}), 2)
    stats = Stats()
    tally = MatchTally(stats.last_serial + 1)
    take_turn(race, tally, ((4, 5), (4, 5)), ((1, 1), ()))
    take_turn(race, tally, ((1, 1), ()))
    assert take_turn(race, tally, ((4, 5), (9,)), ((3, 5), (8,)), ((3, 4), (7,)), ((3, 3), (6,)))
    assert preset_name(race.rules) == CUSTOM
    assert stats.add_match(race, tally)
    figures = stats.summary(CUSTOM)
    assert figures["turns"] == 3 and figures["shut"] == 1 and figures["best_score"] == 0
    assert figures["best_total"] == -1 and figures["rounds"] == 1


def test_rules_are_named_after_their_preset_or_custom():
    for name in PRESET_NAMES:
        assert preset_name(preset(name)) == name
    assert preset_name(rules_from_config({"preset": "fixed-rounds", "rounds": 3})) == CUSTOM


def test_more_players_than_counted_count_as_the_most():
    stats = Stats()
    match = start_match(preset("3-down-extreme"), PLAYER_COUNTS + 3)
    tally = MatchTally(stats.last_serial + 1)
    take_turn(match, tally, *SHUT_ALL[:6])
    assert stats.add_match(match, tally, "3-down-extreme")
    assert stats.games_by_players[PLAYER_COUNTS - 1] == 1


def test_counters_stop_at_the_largest_small_int():
    stats = Stats()
    match, tally = three_down_match(stats)
    tally.turns = COUNT_MAX
    stats.add_match(match, tally)
    match, tally = three_down_match(stats)
    stats.add_match(match, tally)
    assert stats.summary("3-down-extreme")["turns"] == COUNT_MAX


def test_statistics_round_trip_through_json():
    stats = Stats()
    match, tally = three_down_match(stats)
    stats.add_match(match, tally)
    again = stats_from_dict(json.loads(json.dumps(stats.to_dict())))
    assert again.to_dict() == stats.to_dict()
    assert again.summary("3-down-extreme") == stats.summary("3-down-extreme")


def test_statistics_of_every_preset_at_their_largest_stay_under_max_bytes():
    stats = Stats()
    for name in PRESET_NAMES + (CUSTOM,):
        stats.by_preset[name] = [COUNT_MAX] * 6
    stats.games_by_players = [COUNT_MAX] * PLAYER_COUNTS
    stats.last_serial = COUNT_MAX
    size = len(json.dumps(stats.to_dict(), separators=(",", ":")))
    assert size <= MAX_BYTES < 4096, size


def test_bad_statistics_name_the_field():
    good = Stats()
    match, tally = three_down_match(good)
    good.add_match(match, tally)
    cases = (
        ("v", 2, "v"),
        ("last", -1, "last"),
        ("players", [0] * 7, "players"),
        ("players", [0, 0, 0, "1", 0, 0, 0, 0], "players[3]"),
        ("presets", [], "presets"),
        ("presets", {"3-down-extreme": [1, 1, 1, 1, -2, 0]}, "presets.3-down-extreme[4]"),
        ("presets", {"3-down-extreme": [1, 1, -1, 1, 0, 0]}, "presets.3-down-extreme[2]"),
        ("presets", {"classic": [True, 1, 1, 1, 0, 0]}, "presets.classic[0]"),
    )
    for key, value, field in cases:
        saved = good.to_dict()
        saved[key] = value
        try:
            stats_from_dict(saved)
        except StatsError as error:
            assert error.field == field, (key, value, error.field)
            assert isinstance(error, ValueError)
        else:
            raise AssertionError("accepted %s = %r" % (key, value))


def test_games_this_firmware_does_not_know_are_kept_as_they_were_through_merges():
    saved = Stats().to_dict()
    newer = {"a-newer-game": [12, 30, 90, 5, 3, 40, 7], "retired-preset": [1, 1, 1, 0, 3, 3],
             "odd": {"games": 2}}
    saved["presets"] = dict(newer, classic=[2, 2, 5, 1, 0, 4])
    stats = stats_from_dict(json.loads(json.dumps(saved)))
    assert list(stats.by_preset) == ["classic"] and stats.summary("classic")["turns"] == 5
    assert stats.unknown == newer and stats.unknown_note().startswith("13 ")
    assert stats.unknown_note() == "13 games of games this firmware does not know"
    match, tally = three_down_match(stats)
    assert stats.add_match(match, tally)
    merged = stats_from_dict(json.loads(json.dumps(stats.to_dict())))
    assert merged.unknown == newer and merged.summary("3-down-extreme")["games"] == 1
    assert merged.summary("classic")["games"] == 2
    assert Stats().unknown_note() is None


def test_a_tally_round_trips_as_a_list():
    rules = preset("classic")
    tally = MatchTally(7)
    tally.turns, tally.shut, tally.best_score = 12, 2, 0
    state = snapshot(start_match(rules, 2), source_for(rules, Xorshift32(1)), tally)
    assert state["tally"] == [7, 12, 2, 0]
    again = MatchTally()
    restore(state, again)
    assert [again.serial, again.turns, again.shut, again.best_score] == [7, 12, 2, 0]

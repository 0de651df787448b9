"""What the app relies on after a restore (CPython; the same code runs on MicroPython in the
portable module): where the flaps should be (`expected_open_mask`), a pending move restored,
an ended turn still to record, the tally restored with the match, and when to save."""


from game.config import rules_from_config
from game.gamelog import MatchTally
from game.match import source_for, start_match
from game.presets import preset
from game.prng import Xorshift32
from game.snapshot import saves_after, snapshot
from game.snapshot_format import MAX_PLAYERS
from game.snapshot_load import expected_open_mask, restore
from game.tile_masks import mask_of
from game.turn import (
    AWAIT_MOVE,
    COMMITTED,
    ENDED,
    FREE_THROW,
    MOVE_COMPLETE,
    OVER,
    PENDING,
    ROLLED,
)
from test_game_snapshot import Table, new_match

from tools.replay.turn_names import MOVE_LEGAL, TAKEN_BACK


def test_the_tally_travels_with_the_match():
    match, source, tally = new_match(preset("classic"), 2, 9)
    table = Table(3)
    while match.rounds_played == 0:
        table.step(match, source, tally)
    restored_tally = MatchTally()
    restore(snapshot(match, source, tally), restored_tally)
    for name in MatchTally.FIELDS:
        assert getattr(restored_tally, name) == getattr(tally, name)
    assert tally.turns >= 1


def test_expected_open_mask_holds_committed_tiles_and_the_pending_move_comes_back():
    match = start_match(preset("classic"), 2)
    turn = match.turn
    turn.roll(4, 5)
    turn.tile_shut(9)
    turn.commit()
    turn.roll(3, 4)
    turn.tile_shut(3)  # pending: 3 of a 3 + 4
    source = source_for(match.rules, Xorshift32(1))
    restored, _source = restore(snapshot(match, source))
    assert expected_open_mask(restored, 0) == mask_of([1, 2, 3, 4, 5, 6, 7, 8])
    assert restored.turn.pending == mask_of([3]) and restored.turn.state == AWAIT_MOVE
    assert restored.turn.total == 7 and restored.turn.tile_shut(4) == MOVE_COMPLETE


def test_expected_open_mask_of_the_long_game_uncoverer_is_the_tiles_up():
    game = start_match(rules_from_config({"preset": "long-game", "start": "3-down"}), 2)
    game.turn.roll(1, 2)  # a 3 with tiles 4-9 up: no move
    game.end_turn()
    source = source_for(game.rules, Xorshift32(1))
    restored, _source = restore(snapshot(game, source))
    assert restored.current == 1 and restored.turn.open_mask == mask_of([1, 2, 3])
    assert expected_open_mask(restored, 0) == mask_of([4, 5, 6, 7, 8, 9])


def test_expected_open_mask_of_race_rows_and_untracked_rows():
    race = start_match(rules_from_config({"preset": "young-players", "rows": 3}), 2)
    race.turn.roll(4, 5)
    race.turn.tile_shut(9)
    race.turn.commit()
    race.turn.roll(2, 3)
    race.turn.tile_shut(5)  # pending
    source = source_for(race.rules, Xorshift32(1))
    restored, _source = restore(snapshot(race, source))
    assert expected_open_mask(restored, 0) == mask_of([1, 2, 3, 4, 5, 6, 7, 8])
    assert expected_open_mask(restored, 1) == mask_of(range(1, 10))  # player 1's row, waiting
    assert expected_open_mask(restored, 2) is None  # a row nobody plays
    classic = start_match(rules_from_config({"rows": 2}), 3)
    assert expected_open_mask(classic, 0) == mask_of(range(1, 10))
    assert expected_open_mask(classic, 1) is None  # taking turns: only the player's row


def test_a_restored_turn_that_ended_is_recorded_by_end_turn():
    rules = rules_from_config({"preset": "fixed-rounds", "start": "3-down"})
    match, source, _tally = new_match(rules, 2, 4)
    assert match.turn.roll(1, 2) == ENDED  # a 3 with tiles 4-9 up
    restored, restored_source = restore(snapshot(match, source))
    assert restored.turn.state == OVER and restored.current == match.current
    match.end_turn()
    restored.end_turn()
    assert snapshot(restored, restored_source) == snapshot(match, source)
    assert restored.current != 4 % 2 and restored.totals == [0, 0]


def test_the_app_saves_after_rolls_and_commits_only():
    for result in (ROLLED, FREE_THROW, ENDED, COMMITTED):
        assert saves_after(result)
    for result in (PENDING, MOVE_LEGAL, MOVE_COMPLETE, TAKEN_BACK, 18):
        assert not saves_after(result)


def test_more_players_than_a_snapshot_holds_is_refused_when_saving():
    match = start_match(preset("classic"), MAX_PLAYERS + 1)
    try:
        snapshot(match, source_for(match.rules, Xorshift32(1)))
    except ValueError as error:
        assert str(MAX_PLAYERS) in str(error)
    else:
        raise AssertionError("a snapshot of too many players was made")

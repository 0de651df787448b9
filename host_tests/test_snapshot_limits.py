"""The snapshot's limits on CPython: its largest size for 8 players on 24 tiles, and any field
of a saved match set to a wrong value is refused with SnapshotError or restored, never a crash.
(The JSON and the checks are the same code on MicroPython; the portable module runs there.)"""

import json

from game.config import rules_from_config
from game.gamelog import MatchTally
from game.match import source_for, start_match
from game.prng import Xorshift32
from game.snapshot import encode, snapshot
from game.snapshot_format import MAX_BYTES, MAX_PLAYERS
from game.snapshot_load import SnapshotError, restore
from test_game_snapshot import Table, new_match

SMALL_INT_MAX = 0x3FFFFFFF  # the tally's counters stop here
BAD_VALUES = (None, -5, "x", [], {}, True, 1.5, 1 << 40)


def biggest_snapshot(config, players):
    """The length of a snapshot of `config` with every number at the largest a match reaches:
    99 rounds of the worst score, every chip in one place, every turn counter at 99."""
    rules = rules_from_config(config)
    match = start_match(rules, players)
    source = source_for(rules, Xorshift32(3))
    tally = MatchTally(SMALL_INT_MAX)
    tally.turns = tally.shut = tally.best_score = SMALL_INT_MAX
    state = snapshot(match, source, tally)
    worst_score = rules.score(rules.all_tiles())
    everyone = list(range(players))
    chips = players * rules.chips
    state.update(totals=[worst_score * rules.rounds] * players, wins=[99] * players, rounds=99,
                 winners=everyone, ledger={"pot": chips, "chips": [chips] * players,
                                              "anted": [rules.ante] * players})
    if "round" in state:
        state.update(scores=[worst_score] * players, last=[worst_score] * players,
                     last_winners=everyone)
        saved_round = state["round"]
        saved_round["scores"] = [worst_score] * len(saved_round["scores"])
        turns = saved_round["turns"] if "turns" in saved_round else [saved_round["turn"]]
        for turn in turns:
            if turn is not None:
                turn[:] = [rules.all_tiles() if index in (2, 3, 9, 11) else 99 for index in range(len(turn))]
    return len(json.dumps(state, separators=(",", ":")))


def test_a_snapshot_of_eight_players_on_24_tiles_stays_under_max_bytes():
    worst = {"preset": "the-300", "scoring": "digital", "match": "fixed-rounds", "rounds": 99,
             "stakes": "canoga", "chips": 9999, "ante": 999, "ties": "full", "start": "3-down",
             "one_die": "sum-6-or-less", "drop_on_exceed": True, "second_die_optional": True,
             "unlucky_7": True, "target": 999, "max_penalty": 999}
    take_turns = biggest_snapshot(worst, MAX_PLAYERS)
    at_once = biggest_snapshot(dict(worst, rows=4, rows_mode="simultaneous"), 4)
    cards = biggest_snapshot(dict(worst, source="cards", cards_high=True, one_die="never"), MAX_PLAYERS)
    assert max(take_turns, at_once, cards) <= MAX_BYTES < 4096, (take_turns, at_once, cards)
    classic = len(encode(*new_match(rules_from_config({}), 4, 1)))
    assert classic < 500, classic


def node_paths(value, path=()):
    """The path (keys and indices) of every value below the top of a parsed snapshot."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key in value:
            found.extend(node_paths(value[key], path + (key,)))
    elif isinstance(value, list):
        for index in range(len(value)):
            found.extend(node_paths(value[index], path + (index,)))
    return found


def set_at(state, path, value):
    holder = state
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value


def test_any_field_set_to_a_wrong_value_is_refused_or_restored_never_a_crash():
    refusals = 0
    for config in ({"preset": "max-penalty", "stakes": "pool"},
                   {"preset": "young-players", "rows": 2, "rows_mode": "simultaneous"},
                   {"preset": "long-game", "source": "dominoes", "dominoes_blank": True, "one_die": "never"},
                   {"source": "manual-dice", "rows": 3, "rows_mode": "simultaneous", "stakes": "canoga"}):
        match, source, tally = new_match(rules_from_config(config), 2, 31)
        table = Table(31)
        for _step in range(25):
            table.step(match, source, tally)
        text = encode(match, source, tally)
        paths = node_paths(json.loads(text))
        assert len(paths) > 50
        for path in paths:
            for bad in BAD_VALUES:
                state = json.loads(text)
                set_at(state, path, bad)
                try:
                    restore(state, MatchTally())
                except SnapshotError as error:
                    refusals += 1
                    assert error.field and str(error).startswith("snapshot ")
    assert refusals > 1000

"""Round trips of whole matches on CPython: a random match of every preset and of random house
rules (every format, stake and source, up to 8 players), cut at random steps (snapshot to JSON
text, restore with the half-made moves), ends exactly as the same match played without a cut: the same
steps, results, dice, standings, chips and tally."""

import pathlib
import sys

from game import rules as R
from game.config import ConfigError, rules_from_config
from game.presets import PRESET_NAMES
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "portable"))
from test_game_snapshot import play, players_for  # noqa: E402

CUT_POINTS = st.lists(st.floats(0, 1), min_size=1, max_size=4)


def check_cuts(rules, wanted_players, seed, cut_points):
    players = players_for(rules, wanted_players)
    uncut = play(rules, players, seed)
    cuts = {int(point * uncut[0]) for point in cut_points}
    assert play(rules, players, seed, cuts) == uncut, sorted(cuts)


@settings(max_examples=500, deadline=None, derandomize=True)
@given(st.sampled_from(PRESET_NAMES), st.integers(1, 8), st.integers(1, 2**32 - 1), CUT_POINTS)
def test_every_preset_cut_anywhere_ends_as_if_uncut(name, players, seed, cut_points):
    check_cuts(rules_from_config({"preset": name}), players, seed, cut_points)


HOUSE_RULES = st.fixed_dictionaries({}, optional={
    "tiles": st.sampled_from((9, 10, 12)),
    "start": st.sampled_from(R.START_NAMES),
    "one_die": st.sampled_from(R.ONE_DIE_NAMES),
    "move": st.sampled_from(R.MOVE_NAMES),
    "second_die_optional": st.booleans(),
    "must_first": st.sampled_from((0, 2, 3)),
    "scoring": st.sampled_from(R.SCORE_NAMES),
    "unlucky_7": st.booleans(),
    "double_rethrow": st.booleans(),
    "match": st.sampled_from(R.MATCH_NAMES),
    "rounds": st.integers(1, 4),
    "target": st.integers(20, 120),
    "max_penalty": st.integers(10, 60),
    "drop_on_exceed": st.booleans(),
    "stakes": st.sampled_from(R.STAKES_NAMES),
    "chips": st.integers(5, 60),
    "ante": st.integers(0, 5),
    "ties": st.sampled_from(R.TIES_NAMES),
    "source": st.sampled_from(R.SOURCE_NAMES),
    "dominoes_blank": st.booleans(),
    "cards_high": st.booleans(),
    "rows": st.integers(1, 4),
    "rows_mode": st.sampled_from(R.ROWS_NAMES),
})


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(HOUSE_RULES, st.integers(1, 8), st.integers(1, 2**32 - 1), CUT_POINTS)
def test_any_house_rules_cut_anywhere_end_as_if_uncut(config, players, seed, cut_points):
    if config.get("scoring") == "digital" and config.get("match") in ("tournament", "max-penalty"):
        config["scoring"] = "golf"  # digital totals pass any target at once: valid, just short
    try:
        rules = rules_from_config(config)
    except ConfigError:
        return
    check_cuts(rules, players, seed, cut_points)

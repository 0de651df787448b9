"""Round trips of whole matches on CPython: a random match of every preset and of random house
rules (every format, stake and source, up to 8 players), cut at random steps (snapshot to JSON
text, restore with the half-made moves), ends exactly as the same match played without a cut: the same
steps, results, dice, standings, chips and tally."""


from game.config import rules_from_config
from game.presets import PRESET_NAMES
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_snapshot import play, players_for

from host_tests.house_rules import HOUSE_RULES, accepted_rules

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


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(HOUSE_RULES, st.integers(1, 8), st.integers(1, 2**32 - 1), CUT_POINTS)
def test_any_house_rules_cut_anywhere_end_as_if_uncut(config, players, seed, cut_points):
    rules = accepted_rules(config)
    check_cuts(rules, players, seed, cut_points)

"""Round trips of whole matches on CPython: a match of every preset with every number of players
and of random house rules (every format, stake and source, up to 8 players), cut at random steps
(snapshot to JSON text, restore with the half-made moves), ends exactly as the same match played
without a cut: the same steps, results, dice, standings, chips and tally.

Fewer but sharper cases than before (8 s and 23 s of CPU, among the suite's slowest): the
presets were 500 examples drawn by hypothesis from 26 presets x 8 player counts, which played
some pairs several times and could miss others; now each of the 208 pairs is played once, its
seed and cut places from a seeded generator. The house rules were 1000 examples of up to 4 cuts;
now 400 of up to 8 cuts, so about as many cut places are checked (each cut is a snapshot and a
restore in the same replay), and each value of each house-rule axis still comes in dozens of
examples (an axis is in half of them, and none has more than 8 values)."""

import random

from game.config import rules_from_config
from game.presets import PRESET_NAMES
from hypothesis import given, settings
from hypothesis import strategies as st
from test_game_snapshot import play, players_for

from host_tests.house_rules import HOUSE_RULES, accepted_rules

CUT_POINTS = st.lists(st.floats(0, 1), min_size=1, max_size=8)


def check_cuts(rules, wanted_players, seed, cut_points):
    players = players_for(rules, wanted_players)
    uncut = play(rules, players, seed)
    cuts = {int(point * uncut[0]) for point in cut_points}
    assert play(rules, players, seed, cuts) == uncut, sorted(cuts)


def test_every_preset_with_every_player_count_cut_anywhere_ends_as_if_uncut():
    rng = random.Random(20241205)
    for name in PRESET_NAMES:
        for players in range(1, 9):
            seed = rng.randint(1, 2**32 - 1)
            cut_points = [rng.random() for _ in range(rng.randint(1, 4))]
            try:
                check_cuts(rules_from_config({"preset": name}), players, seed, cut_points)
            except AssertionError as failed:
                raise AssertionError("%s, %d players, seed %d: %s" % (name, players, seed, failed)) from None


@settings(max_examples=400, deadline=None, derandomize=True)
@given(HOUSE_RULES, st.integers(1, 8), st.integers(1, 2**32 - 1), CUT_POINTS)
def test_any_house_rules_cut_anywhere_end_as_if_uncut(config, players, seed, cut_points):
    rules = accepted_rules(config)
    check_cuts(rules, players, seed, cut_points)

"""The vectorised solver (tools/coach/vector_solver.py, the one that solves the-300): the same code
on boxes the plain solver and the brute force can check, value for value at every open mask, one die
choice for one die choice; and its Monte Carlo play on the firmware's Turn. The full the-300 solve
(minutes) is not run here: `python -m tools.coach.vector_solver the-300` does it.

The plain solver's transitions of a case (turn_solver.Model: the firmware's Turn asked every
roll at every mask, 1.4 CPU s for 2012) are asked once per test process and shared by the case's
two objectives (`model`): a Model is the same whichever objective solve() is given."""

import math
import pathlib
from functools import cache

import numpy as np
import pytest
from game import rules as R
from game.presets import changed, preset
from test_solver import brute_force

from tools.coach import turn_solver, vector_solver

ROOT = pathlib.Path(__file__).resolve().parent.parent

CASES = {
    "classic": preset("classic"),
    "full-house": preset("full-house"),
    "2012": preset("2012"),
    "missionary": preset("missionary"),
    "low-sum-one-die": preset("low-sum-one-die"),
    "one-die-last-tile": preset("one-die-last-tile"),
    "3-down-extreme": preset("3-down-extreme"),
    "9 tiles, 3d6": R.Rules(tiles=9, dice=3),
}


@cache
def model(name):
    return turn_solver.Model(CASES[name])


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("objective", (vector_solver.SHUT, vector_solver.SCORE))
def test_every_masks_value_and_one_die_choice_is_the_plain_solvers(name, objective):
    rules = CASES[name]
    solver = vector_solver.VectorSolver(rules, objective).solve()
    plain = turn_solver.solve(rules, objective, model=model(name))
    expected = np.array(plain.shut if objective == vector_solver.SHUT else [-s for s in plain.score])
    assert np.abs(solver.value - expected).max() < 1e-12
    assert solver.one_die == {mask: plain.one_die[mask] for mask in solver.one_die}
    assert len(solver.one_die) == sum(rules.one_die_allowed(m) for m in range(1, 1 << rules.tiles))


@pytest.mark.parametrize("tiles", (4, 5, 6))
def test_small_boxes_agree_with_brute_force(tiles):
    rules = R.Rules(tiles=tiles)
    shut = vector_solver.VectorSolver(rules, vector_solver.SHUT).solve().start_value()
    score = -vector_solver.VectorSolver(rules, vector_solver.SCORE).solve().start_value()
    assert shut == pytest.approx(brute_force(tiles, "any", "always", "shut"), abs=1e-12)
    assert score == pytest.approx(brute_force(tiles, "any", "always", "score"), abs=1e-12)


def test_the_300_layout_puts_tiles_12_to_24_high():
    solver = vector_solver.VectorSolver(preset("the-300"), vector_solver.SCORE)
    assert (solver.low, solver.high) == (11, 13)  # 12 + 13 = 25 > 24: one high tile a move
    assert vector_solver.roll_chances(4, 6)[14] == pytest.approx(146 / 1296)


def test_monte_carlo_on_the_firmware_turn_matches_a_16_tile_4d6_box():
    rules = changed(preset("the-300"), tiles=16)
    solver = vector_solver.VectorSolver(rules, vector_solver.SCORE).solve()
    turns = 1500
    _shuts, total, squares = vector_solver.play_turns(solver, turns, seed=16)
    mean = total / turns
    spread = math.sqrt(squares / turns - mean * mean)
    assert abs(mean + solver.start_value()) <= 4 * spread / math.sqrt(turns)


def test_rules_it_cannot_take_say_why():
    for rules, words in ((preset("thai"), "any-combination"), (preset("2-to-go"), "2-to-go"),
                         (changed(preset("classic"), source=R.SOURCE_CARDS), "without replacement")):
        with pytest.raises(ValueError, match=words):
            vector_solver.VectorSolver(rules, vector_solver.SHUT)


def test_a_worth_per_score_gives_the_last_players_win_chance():
    from tools.coach import play_to_win

    scores = np.arange(46)
    worth = np.where(scores < 10, 1.0, np.where(scores == 10, 0.5, 0.0))
    solver = vector_solver.VectorSolver(preset("classic"), (worth, 1.0)).solve()
    assert solver.start_value() == pytest.approx(play_to_win.beat_report("classic", 10)["win"], abs=1e-12)

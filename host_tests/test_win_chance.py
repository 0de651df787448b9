"""The last player's chance of winning on the box (game.win_chance) against the host: the same
whole-number programme run over tools/analyze.py's transitions gives the very same numbers,
and tools/round_win.py's exact figures agree within rounding, for a few scores to beat."""

import pathlib

import numpy as np
import pytest
from game.presets import preset
from game.strategy import WIN_ONE
from game.win_chance import WinChance

from tools import analyze
from tools.round_win import RoundSolver
from tools.turn_values import solve_columns

ROOT = pathlib.Path(__file__).resolve().parent.parent

CASES = (("classic", 10, 1), ("classic", 7, 2), ("2-to-go", 12, 1), ("thai", 20, 1))


def box_chances(rules, to_beat, tied):
    win = WinChance(rules)
    win.begin(to_beat, tied)
    while not win.step(50):
        pass
    return win


def host_whole_numbers(model, win):
    """The programme of game.win_chance in whole numbers, over analyze.Model's transitions."""
    rules = model.rules
    chance = [WIN_ONE] + [0] * ((1 << rules.tiles) - 1)

    def roll(mask, first, count):
        outcomes = rules.faces ** count
        weighed = free = 0
        for probability, kind, _key, data in model.transitions(mask, first, count):
            weight = round(probability * outcomes)
            if kind == analyze.FREE:
                free += weight
            elif kind == analyze.END:
                weighed += weight * win.ending(*data)
            else:
                weighed += weight * max(chance[after] for after in data)
        return (weighed + (outcomes - free) // 2) // (outcomes - free)

    def decide(mask, first):
        counts = model.choices(mask)
        values = [roll(mask, first, count) for count in counts]
        return max(values[1], values[0]) if len(values) > 1 else values[0]

    for mask in range(1, 1 << rules.tiles):
        chance[mask] = decide(mask, False)
    first = decide(rules.start_mask(), True) if rules.must_first else None
    return chance, first


@pytest.mark.parametrize("name,to_beat,tied", CASES)
def test_the_box_computes_the_hosts_whole_numbers(name, to_beat, tied):
    rules = preset(name)
    win = box_chances(rules, to_beat, tied)
    chance, first = host_whole_numbers(analyze.Model(rules), win)
    assert [win.chance(mask) for mask in range(1 << rules.tiles)] == chance
    if first is not None:
        assert win.first_chance == first


@pytest.mark.parametrize("name,to_beat,tied", CASES)
def test_the_box_agrees_with_round_win_within_rounding(name, to_beat, tied):
    rules = preset(name)
    win = box_chances(rules, to_beat, tied)
    model = analyze.Model(rules)
    solver = RoundSolver(model, tied + 1)
    play = solve_columns(model, solver.utility([(to_beat, tied)], 0), solver.index)
    box = np.array([win.chance(mask) for mask in range(1 << rules.tiles)]) / WIN_ONE
    assert np.abs(box - play.value[:, 0]).max() < 2e-4
    if rules.must_first:
        assert abs(win.first_chance / WIN_ONE - play.start_value()[0]) < 2e-4


def test_a_tie_is_shared_or_whole_as_the_rules_say():
    rules = preset("classic")
    win = WinChance(rules)
    win.begin(12, 2)
    assert win.ending(0b1100001, 2) == 0  # 14 > 12
    assert win.ending(0b11, 2) == WIN_ONE  # 3 < 12
    assert win.ending(0b100000011, 2) == (WIN_ONE + 1) // 3  # 12: one of three on it
    full = WinChance(rules.copy(ties=1))
    full.begin(12, 2)
    assert full.ending(0b100000011, 2) == WIN_ONE

"""The box's chance of winning at the start of a turn (game.win_chance, with the committed
win_ends.bin) against tools/coach/round_win.py's exact figure, for every single-round preset the box
has tables for, rounds of 2 to 8 players, the first, a middle and the last seat: the end values
of each start position are its own (3-down-extreme, lucky-7, against-all-odds and even-stevens
once read classic's).

What it costs, and why nothing is lost: a seat's exact figure is the value of its best play
(RoundSolver.play(..).start_value()), and the solver of 8 players has already solved the play
of every seat but the first, from every state that seat can throw in, on its way to G[1..7]
(_solve_next): `Exact` keeps those values rather than solving each case again (12 more turn
programmes per preset, more than the 8 it solves); only the first seat of a round of 8 (7
players after it) is solved anew. Each column of tools/coach/turn_values' solve_columns is
worked out on its own (a max per goal, column by column, a level of masks at a time), so a
state's value among the solver's columns is, to the bit, what a play of that state alone
gives (test_solver_win checks it, and that every figure is the one a mask-at-a-time loop
gives). Presets with one ends key (classic and canoga: the same turn, the same G) share one
`Exact`; the box is still asked for each preset's every case, and its programme (the
firmware's win_kernel as CPython bytecode) is now most of 2012's cost: some 5 of its 12 CPU
seconds (19 before turn_values batched its masks)."""

from functools import cache

import pytest
from game.presets import preset
from game.strategy import WIN_ONE
from game.win_ends import ends_key

from tools.coach import gen_win_ends, turn_solver
from tools.coach.round_win import NOBODY, RoundSolver

ROUNDING = 2e-4  # whole numbers of 1/65535 at the ends and at each average
MOST_PLAYERS = 8

PRESETS = [name for _key, names in gen_win_ends.table_groups() for name in names]


def seats():
    """(players, seat) for rounds of 2 to 8: the first, a middle and the last seat."""
    found = []
    for players in range(2, MOST_PLAYERS + 1):
        for seat in sorted({0, players // 2, players - 1}):
            found.append((players, seat))
    return found


class Exact(RoundSolver):
    """A RoundSolver of MOST_PLAYERS that keeps the start value of every play it solves, by
    (state, players after): `value` solves only what it has not solved already."""

    def __init__(self, model):
        self.values = {}
        super().__init__(model, MOST_PLAYERS)  # G[m] holds for any player count

    def play(self, states, after):
        solved = super().play(states, after)
        for state, value in zip(states, solved.start_value(), strict=True):
            self.values[state, after] = float(value)
        return solved

    def value(self, state, after):
        if (state, after) not in self.values:
            self.play([state], after)
        return self.values[state, after]


@cache
def exact_for(key):
    """The Exact of the rules with this ends key (the first preset of PRESETS that has it)."""
    return Exact(turn_solver.Model(next(preset(name) for name in PRESETS if ends_key(preset(name)) == key)))


def state_for(solver, players, seat):
    """A round state the seat throws in: nobody yet for the first seat; later seats against
    the median score so far, held by one player (the last seat of a round of 3 or more: by
    two), so G[m][x, k + 1] and the lead column both count."""
    if seat == 0:
        return (NOBODY, 0)
    median = solver.scores[len(solver.scores) // 2]
    return (median, 2 if seat == players - 1 and seat >= 2 else 1)


def box_start_chance(rules, state, after):
    from game.win_chance import WinChance

    win = WinChance(rules)
    best, tied = state
    assert win.begin(-1 if best is NOBODY else best, tied, after)
    while not win.step(64):
        pass
    return (win.first_chance if rules.must_first else win.chance(rules.start_mask())) / WIN_ONE


def test_every_table_the_box_has_is_here():
    assert {"classic", "3-down-extreme", "lucky-7", "against-all-odds", "even-stevens", "full-house",
            "2012", "ten", "thai", "2-to-go"} <= set(PRESETS)


@pytest.mark.parametrize("name", PRESETS)
def test_the_box_gives_round_wins_exact_chance_at_every_seat(name):
    rules = preset(name)
    solver = exact_for(ends_key(rules))
    wrong = []
    worked_out = {}  # (state, after): (exact, box), the same whatever the number of players
    for players, seat in seats():
        after = players - 1 - seat
        state = state_for(solver, players, seat)
        if (state, after) not in worked_out:
            worked_out[state, after] = (solver.value(state, after), box_start_chance(rules, state, after))
        exact, box = worked_out[state, after]
        if abs(box - exact) >= ROUNDING:
            wrong.append("%d players, seat %d (%s): box %.4f%%, exact %.4f%%"
                         % (players, seat + 1, state, 100 * box, 100 * exact))
    assert not wrong, "\n".join(wrong)


def test_one_die_is_only_ever_allowed_with_tiles_7_and_up_shut():
    """game.win_table writes the one-die rule into the outcome table for masks below
    _ONE_DIE_MASKS only."""
    from game.presets import changed
    from game.rule_names import ONE_DIE_NAMES
    from game.win_kernel import _ONE_DIE_MASKS

    for rule in range(len(ONE_DIE_NAMES)):
        rules = changed(preset("full-house"), one_die=rule)
        allowed = [mask for mask in range(1, 1 << rules.tiles) if rules.one_die_allowed(mask)]
        assert all(mask < _ONE_DIE_MASKS for mask in allowed), ONE_DIE_NAMES[rule]


def test_the_outcome_table_allows_one_die_where_the_rules_do():
    from game.presets import changed
    from game.rule_names import ONE_DIE_NAMES
    from game.win_chance import WinChance
    from game.win_kernel import _ONE_DIE_AT, _ONE_DIE_MASKS

    for rule in range(len(ONE_DIE_NAMES)):
        rules = changed(preset("classic"), one_die=rule)
        win = WinChance(rules)
        while win.table is None:
            win.step()
        for mask in range(1, _ONE_DIE_MASKS):
            bit = win.table[_ONE_DIE_AT + (mask >> 4)] >> (mask & 15) & 1
            assert bit == rules.one_die_allowed(mask), (ONE_DIE_NAMES[rule], mask)

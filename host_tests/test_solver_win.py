"""Playing to win (tools/coach/round_win.py, tools/coach/turn_values.py, analyze --distribution,
--beat, --players): the exact figures against a brute-force game tree written from VARIANTS.md on
boxes of 4-5 tiles, and against Monte Carlo rounds of the firmware's own Round and Turn;
turn_values' level-at-a-time programme against a plain loop over the masks, to the bit.

Monte Carlo confidence: each figure within 4 standard errors of the exact one (a false alarm
about once in 16,000 figures; the seeds are fixed, so a run is repeatable)."""

import json
import math
import pathlib
import subprocess
import sys
from functools import cache
from itertools import combinations

import numpy as np
import pytest
from game import rules as R
from game.presets import PRESET_NAMES, changed, preset
from game.turn import END_SHUT

from tools.coach import play_to_win, round_monte_carlo, turn_solver
from tools.coach.round_win import NOBODY, RoundSolver
from tools.coach.turn_values import (
    ending_distribution,
    endings,
    play_of_solution,
    score_distribution,
    solve_columns,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent

SIGMAS = 4


def _cli(*args):
    result = subprocess.run([sys.executable, "-m", "tools.coach.analyze", *args], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    return result


# -- brute force: the whole round as one game tree, from VARIANTS.md ---------------------------

def _rolls(count):
    if count == 1:
        return [((a,), 1 / 6) for a in range(1, 7)]
    return [((a, b), 1 / 36) for a in range(1, 7) for b in range(1, 7)]


def _moves(open_tiles, total):
    return [chosen for size in range(1, len(open_tiles) + 1)
            for chosen in combinations(open_tiles, size) if sum(chosen) == total]


def brute_round(tiles, players, full_ties, previous=(), play_out=False):
    """Each player's expected share of the round's win when every player, in turn, plays to
    maximise their own: 2d6 or (any time: the box has no tile above 6) one die, any
    combination, golf scoring, the lowest score wins, a shut box wins at once (`play_out`:
    it scores 0 and the others still throw)."""

    def payoffs(scores):
        best = min(scores)
        winners = [p for p, score in enumerate(scores) if score == best]
        pay = 1.0 if full_ties else 1.0 / len(winners)
        return tuple(pay if p in winners else 0.0 for p in range(players))

    @cache
    def seat(scores):
        if len(scores) == players:
            return payoffs(scores)
        return turn(scores, tuple(range(1, tiles + 1)))

    @cache
    def turn(scores, open_tiles):
        me = len(scores)
        if not open_tiles and play_out:
            return seat(scores + (0,))
        if not open_tiles:
            return tuple(1.0 if p == me else 0.0 for p in range(players))
        options = []
        for count in (2, 1):
            expected = [0.0] * players
            for dice, chance in _rolls(count):
                moves = _moves(open_tiles, sum(dice))
                if moves:
                    afters = [turn(scores, tuple(t for t in open_tiles if t not in move))
                              for move in moves]
                    result = max(afters, key=lambda values: values[me])
                else:
                    result = seat(scores + (sum(open_tiles),))
                for p in range(players):
                    expected[p] += chance * result[p]
            options.append(tuple(expected))
        return options[1] if options[1][me] > options[0][me] + 1e-12 else options[0]

    return seat(tuple(previous))


def _small(tiles, full_ties=False, match=R.MATCH_SINGLE):
    return R.Rules(tiles=tiles, ties=R.TIES_FULL if full_ties else R.TIES_SPLIT, match=match)


@pytest.mark.parametrize("tiles,players,full_ties", ((4, 2, False), (4, 3, False), (5, 3, False),
                                                     (4, 3, True), (5, 2, True)))
def test_every_seats_win_chance_is_the_brute_force_game_trees(tiles, players, full_ties):
    rules = _small(tiles, full_ties)
    solver = RoundSolver(turn_solver.Model(rules), players)
    expected = brute_round(tiles, players, full_ties)
    assert solver.seat_chances() == pytest.approx(expected, abs=1e-9)
    if not full_ties:
        assert sum(solver.seat_chances()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("tiles,players,full_ties", ((4, 3, False), (5, 2, True)))
def test_a_played_out_round_lets_the_others_tie_a_shut_box(tiles, players, full_ties):
    rules = _small(tiles, full_ties, match=R.MATCH_FIXED_ROUNDS)
    solver = RoundSolver(turn_solver.Model(rules), players)
    expected = brute_round(tiles, players, full_ties, play_out=True)
    assert solver.seat_chances() == pytest.approx(expected, abs=1e-9)
    single = RoundSolver(turn_solver.Model(_small(tiles, full_ties)), players).seat_chances()
    assert expected[-1] > single[-1] + 1e-4  # the last player may now tie a shut box


@pytest.mark.parametrize("tiles,previous", ((4, (3,)), (5, (4, 6)), (5, (2, 2)), (5, (7, 3, 3))))
def test_the_last_players_chance_to_beat_the_scores_is_the_brute_force_one(tiles, previous):
    rules = _small(tiles)
    players = len(previous) + 1
    solver = RoundSolver(turn_solver.Model(rules), players)
    best = min(previous)
    values = solver.play([(best, previous.count(best))], 0).start_value()
    assert values[0] == pytest.approx(brute_round(tiles, players, False, previous)[-1], abs=1e-12)


def test_a_tie_pays_as_the_tie_rule_says():
    split = RoundSolver(turn_solver.Model(_small(5)), 2).play([(4, 1)], 0).start_value()[0]
    full = RoundSolver(turn_solver.Model(_small(5, True)), 2).play([(4, 1)], 0).start_value()[0]
    strict = RoundSolver(turn_solver.Model(_small(5)), 2).play([(3, 1)], 0).start_value()[0]
    assert strict < split < full


def brute_goal(tiles, worth):
    """The largest expected worth(score, shut) of one turn (2d6 or one die, any combination)."""

    @cache
    def turn(open_tiles):
        if not open_tiles:
            return worth(0, True)
        options = []
        for count in (2, 1):
            expected = 0.0
            for dice, chance in _rolls(count):
                moves = _moves(open_tiles, sum(dice))
                if moves:
                    expected += chance * max(turn(tuple(t for t in open_tiles if t not in move))
                                             for move in moves)
                else:
                    expected += chance * worth(sum(open_tiles), False)
            options.append(expected)
        return max(options)

    return turn(tuple(range(1, tiles + 1)))


@pytest.mark.parametrize("drop_on_exceed", (False, True))
def test_max_penalty_stay_in_is_the_brute_force_chance_to_stay_under_the_limit(drop_on_exceed):
    rules = R.Rules(tiles=5, match=R.MATCH_MAX_PENALTY, max_penalty=12, drop_on_exceed=drop_on_exceed)
    report = play_to_win.stay_in_report("max-penalty", 6, rules=rules)
    room = 6 if drop_on_exceed else 5  # 6 + score must stay below 12 (or reach it at most)
    assert report["stay_in"] == pytest.approx(brute_goal(5, lambda score, _shut: score <= room), abs=1e-12)
    assert report["stay_in"] >= report["box_policy"]["stay_in"]


@pytest.mark.parametrize("scores,kitty", (((4, 8), 3), ((7,), 10), ((2, 9, 9), 0)))
def test_canoga_chips_are_the_brute_force_best_for_the_last_player(scores, kitty):
    rules = R.Rules(tiles=5, stakes=R.STAKES_CANOGA)
    best = min(scores)
    tied = scores.count(best)

    def chips(score, shut):
        # VARIANTS.md section 7 for the last player; game.stakes shares each loser's payment
        # among the winners, odd chips to those who played first (so never to the last player).
        if shut:
            return 2 * sum(scores) + kitty
        if score < best:
            return sum(other - score for other in scores)
        if score == best:
            return sum((other - best) // (tied + 1) for other in scores if other > best)
        return -(score - best)

    report = play_to_win.chips_report("canoga", list(scores), kitty, rules=rules)
    assert report["chips"] == pytest.approx(brute_goal(5, chips), abs=1e-9)
    assert report["chips"] >= report["chips_if_playing_to_win"] - 1e-12


# -- turn_values against a mask-at-a-time loop ----------------------------------------------------

def one_mask_at_a_time(model, utility, index):
    """turn_values' programme as a plain loop over the masks (each roll's move the first within
    TIE of the best, one die only when better by more than TIE), then the chance of every ending
    pushed down from the start mask by mask: (values, first-roll values, ending chances)."""
    rules = model.rules
    size, columns, tie = 1 << rules.tiles, utility.shape[1], turn_solver.TIE
    value = np.zeros((size, columns))
    value[0] = utility[index[(0, END_SHUT)]]
    decisions = {}

    def decide(mask, first):
        figures, picks = {}, {}
        for count in model.choices(mask):
            total, free, chosen = np.zeros(columns), 0.0, {}
            for entry, (p, kind, _key, data) in enumerate(model.transitions(mask, first, count)):
                if kind == turn_solver.FREE:
                    free += p
                elif kind == turn_solver.END:
                    total += p * utility[index[data]]
                else:
                    values = value[list(data)]
                    chosen[entry] = (values >= values.max(axis=0) - tie).argmax(axis=0)
                    total += p * values[chosen[entry], np.arange(columns)]
            if free:
                total /= 1.0 - free
            figures[count], picks[count] = total, chosen
        one = figures[1] > figures[rules.dice] + tie if len(figures) > 1 else None
        decisions[mask, first] = (one, picks)
        return figures[rules.dice] if one is None else np.where(one, figures[1], figures[rules.dice])

    for mask in range(1, size):
        value[mask] = decide(mask, False)
    first = decide(rules.start_mask(), True) if rules.must_first else None
    reach, ended = np.zeros((size, columns)), np.zeros((len(index), columns))

    def push(mask, weight, first):
        one, picks = decisions[mask, first]
        for count in model.choices(mask):
            share = weight if one is None else weight * (one if count == 1 else ~one)
            transitions = model.transitions(mask, first, count)
            share = share / (1.0 - sum(p for p, kind, _k, _d in transitions if kind == turn_solver.FREE))
            for entry, (p, kind, _key, data) in enumerate(transitions):
                if kind == turn_solver.END:
                    ended[index[data]] += p * share
                elif kind == turn_solver.MOVES:
                    for place, left in enumerate(data):
                        reach[left] += (p * share) * (picks[count][entry] == place)

    start = rules.start_mask()
    if rules.must_first:
        push(start, np.ones(columns), True)
    else:
        reach[start] = 1.0
    for mask in range(start, 0, -1):
        push(mask, reach[mask], False)
    ended[index[(0, END_SHUT)]] += reach[0]
    return value, first, decisions, ended


@pytest.mark.parametrize("name", ("classic", "thai", "2-to-go", "unlucky-7", "young-players", "long-game",
                                  "exact-match", "single-die", "against-all-odds", "3-down-extreme"))
def test_every_column_is_to_the_bit_a_mask_at_a_time_loops_and_its_own(name):
    """turn_values works a level of masks at a time; each value and each ending's chance is
    still, to the bit, the sum a plain loop over the masks takes (term after term, the masks a
    mask is reached from highest first), and each column what a Play of that goal alone gives
    (test_win_chance_presets keeps the values of many states solved side by side)."""
    rules = changed(preset(name), tiles=6)
    model = turn_solver.Model(rules)
    solver = RoundSolver(model, 3)
    ordered, index = endings(model)
    rounded = np.round(np.random.default_rng(7).random((len(ordered), 4)), 1)  # ties, on purpose
    utility = np.concatenate([solver.utility(solver.states(2), 0), rounded], axis=1)
    play = solve_columns(model, utility, index)
    value, first, decisions, ended = one_mask_at_a_time(model, utility, index)
    assert np.array_equal(play.value, value)
    assert first is None or np.array_equal(play.start_value(), first)
    for (mask, first_roll), (one, picks) in decisions.items():
        found_one, found_picks = play.decision(mask, first_roll)
        assert (found_one is None) == (one is None) and (one is None or np.array_equal(found_one, one))
        assert {count: {entry: list(chosen) for entry, chosen in entries.items()}
                for count, entries in found_picks.items()} == {
            count: {entry: list(chosen) for entry, chosen in entries.items()} for count, entries in picks.items()}
    assert np.array_equal(ending_distribution(play, index), ended)
    for column in (0, utility.shape[1] // 2, utility.shape[1] - 1):
        alone = solve_columns(model, utility[:, [column]], index)
        assert np.array_equal(alone.value[:, 0], play.value[:, column])
        assert np.array_equal(ending_distribution(alone, index)[:, 0], ended[:, column])


# -- distributions -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ("classic", "2-to-go", "thai", "digital"))
def test_the_score_distribution_sums_to_one_and_gives_the_solvers_figures(name):
    report = play_to_win.distribution_report(name)
    for objective in (turn_solver.OBJ_SHUT, turn_solver.OBJ_SCORE):
        shut, score = turn_solver.solve(preset(name), objective).start_figures()
        distribution = {int(k): p for k, p in report["%s_policy" % objective]["distribution"].items()}
        assert sum(distribution.values()) == pytest.approx(1.0, abs=1e-12)
        assert sum(k * p for k, p in distribution.items()) == pytest.approx(score, rel=1e-12)
        assert distribution[0] == pytest.approx(shut, abs=1e-12)


def test_2_to_go_counts_its_first_roll_losses_apart():
    report = play_to_win.distribution_report("2-to-go")
    # A first roll of 4 (3 in 36) cannot include tile 2: the turn is lost with every tile open.
    assert report["score_policy"]["p_first_roll_lost"] == pytest.approx(3 / 36)
    assert report["score_policy"]["distribution"]["45"] >= 3 / 36


def test_quantiles_are_the_smallest_score_reaching_each_level():
    found = play_to_win.quantiles({0: 0.1, 5: 0.4, 9: 0.5})
    assert found["0.01"] == 0 and found["0.1"] == 0 and found["0.25"] == 5
    assert found["0.5"] == 5 and found["0.75"] == 9 and found["0.99"] == 9


def test_the_distribution_matches_monte_carlo_play_on_the_firmware():
    rules = preset("classic")
    model = turn_solver.Model(rules)
    solution = turn_solver.solve(rules, turn_solver.OBJ_SCORE, model=model)
    box = play_of_solution(model, solution)
    ordered, index = endings(model)
    exact, _lost = score_distribution(rules, ordered, ending_distribution(box, index)[:, 0])
    solver = RoundSolver(model, 1, fixed=box)
    player = round_monte_carlo.Player(solver, 0)
    from game.prng import Xorshift32
    from game.sources import ElectronicDice
    from game.turn import Turn

    turn = Turn(rules)
    dice = ElectronicDice(Xorshift32(99), rules.faces)
    turns = 6000
    seen = {}
    for _ in range(turns):
        turn.start()
        player.take_turn(turn, dice, (NOBODY, 0))
        seen[turn.score()] = seen.get(turn.score(), 0) + 1
    assert set(seen) <= set(exact)
    for score, chance in exact.items():
        error = math.sqrt(chance * (1 - chance) / turns)
        assert abs(seen.get(score, 0) / turns - chance) <= SIGMAS * error + 1e-9, score


@pytest.mark.parametrize("name,players,rounds", (("classic", 3, 2500), ("2-to-go", 2, 2000)))
def test_seat_win_chances_match_monte_carlo_rounds_of_the_firmware(name, players, rounds):
    solver = RoundSolver(turn_solver.Model(preset(name)), players)
    exact = solver.seat_chances()
    seats = [round_monte_carlo.Player(solver, seat) for seat in range(players)]
    means, errors = round_monte_carlo.play_rounds(solver.rules, seats, rounds, seed=2026)
    for seat in range(players):
        assert abs(means[seat] - exact[seat]) <= SIGMAS * errors[seat], (seat, means, exact)


# -- the command line ----------------------------------------------------------------------------

def test_beat_json_gives_the_win_chance_the_tie_rule_and_the_policy():
    result = _cli("classic", "--beat", "10", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["exact"] and report["tie_rule"].startswith("split")
    assert report["win"] == pytest.approx(report["p_below"] + report["p_equal"] / 2, abs=1e-12)
    assert report["win"] >= report["box_policy"]["win"]
    assert report["policy"]["first_roll_moves"]["12"] == [3, 9]


def test_playing_to_win_beats_the_box_policy_where_it_differs():
    report = play_to_win.beat_report("classic", 10)
    assert report["win"] > report["box_policy"]["win"] + 0.001
    assert report["policy"]["choices_unlike_the_box"] > 0


def test_players_report_sums_to_one_under_split_ties():
    report = play_to_win.round_report("classic", 3)
    assert sum(report["best_play"]) == pytest.approx(1.0, abs=1e-12)
    assert sum(report["box_policy"]) == pytest.approx(1.0, abs=1e-12)
    assert report["first_player_vs_box"] < report["best_play"][0]


@pytest.mark.parametrize("args,message", ((("--beat", "0"), "below 1"),
                                          (("--beat", "ten"), "not a whole number"),
                                          (("--tied", "2"), "go with --beat"),
                                          (("--beat", "5", "--players", "2"), "not allowed"),
                                          (("--chips", "4,x"), "not a whole number"),
                                          (("--kitty", "3"), "goes with --chips")))
def test_bad_arguments_say_why(args, message):
    result = _cli("classic", *args)
    assert result.returncode == 2 and message in result.stderr


def test_presets_without_an_answer_say_why():
    dominoes = changed(preset("classic"), source=R.SOURCE_DOMINOES)
    assert "without replacement" in play_to_win.beat_report("classic", 40, rules=dominoes)["why"]
    assert "race" in play_to_win.beat_report("young-players", 3)["why"]
    assert "not a max-penalty match" in play_to_win.stay_in_report("classic", 30)["why"]
    assert "no chips" in play_to_win.chips_report("classic", [5])["why"]


def test_the_stakes_command_lines_print_their_answers():
    stay = _cli("max-penalty", "--total", "35", "--json")
    assert stay.returncode == 0 and json.loads(stay.stdout)["rule"] == "stays in with a score < 10"
    chips = _cli("canoga", "--chips", "12,20", "--kitty", "3")
    assert chips.returncode == 0 and "chips" in chips.stdout and "Ledger" in chips.stdout


def test_the_last_throw_of_a_tournament_is_a_beat_of_the_totals():
    final = play_to_win.final_round_report("tournament", [102, 80, 70])
    assert final["win"] == play_to_win.beat_report("tournament", 10)["win"]
    assert final["totals"] == [102, 80, 70] and "exact" in final["method"]
    level = play_to_win.final_round_report("fixed-rounds", [40, 35, 35])
    shut = turn_solver.solve(preset("classic"), "shut").start_figures()[0]
    assert level["win"] == pytest.approx(shut / 2)
    assert play_to_win.final_round_report("fixed-rounds", [30, 35, 40])["win"] == 0.0
    assert "may go on" in play_to_win.final_round_report("tournament", [90, 80, 70])["why"]
    assert "no totals" in play_to_win.final_round_report("classic", [3, 4])["why"]


@pytest.mark.parametrize("name", [name for name in PRESET_NAMES if name != "the-300"])
def test_every_preset_gives_a_win_chance_or_says_why_not(name):
    report = play_to_win.beat_report(name, 10)
    if report["solvable"]:
        assert 0 <= report["box_policy"]["win"] <= report["win"] + 1e-12
        assert report["win"] == pytest.approx(report["p_below"] + report["p_equal"] / 2, abs=1e-12)
        assert report["win"] <= 1 + 1e-12
    else:
        assert name in ("young-players", "long-game") and "first to clear" in report["why"]


def test_the_300_goes_to_the_vectorised_solver():
    from tools.coach import vector_solver

    the_300 = preset("the-300")
    assert turn_solver.why_unsolvable(the_300) and vector_solver.why_not(the_300) is None

"""analyze's reports on the whole outcome of a turn: score distributions, a player's best
play and chance to beat the scores thrown, every seat's chance to win a round of N players,
and the match-aware goals (max-penalty's limit, the last throw of a tournament, chips).

    python -m tools.coach.analyze PRESET --distribution [--json]
    python -m tools.coach.analyze PRESET --beat X [--tied K] [--after M] [--json]
    python -m tools.coach.analyze PRESET --players N [--json]
    python -m tools.coach.analyze PRESET --total T | --totals T1,T2.. | --chips S1,S2.. [--kitty K]
"""

import numpy as np
from game import rules as R
from game.match import round_winners
from game.presets import changed, preset
from game.rule_names import MATCH_NAMES, SCORE_NAMES, STAKES_NAMES
from game.stakes import Ledger
from game.tiles import tiles_of
from game.turn import END_FIRST_ROLL_LOST

from tools.coach import turn_solver, vector_solver
from tools.coach.round_win import NOBODY, RoundSolver, share, tie_rule
from tools.coach.turn_values import (
    ending_distribution,
    endings,
    play_of_solution,
    score_distribution,
    solve_columns,
)

QUANTILES = (0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99)
ROUND_METHOD = ("exact: backward induction over the players still to throw; each plays for their "
                "own chance of winning the round, knowing the scores thrown before them")


def _base(name, rules, lowest_wins=True):
    """The report's head; "solvable" False and "why" when there is no answer for these rules
    (`lowest_wins`: the answer is about a round the lowest score wins)."""
    report = {"preset": name, "tiles": rules.tiles, "dice": "%dd%d" % (rules.dice, rules.faces),
              "scoring": SCORE_NAMES[rules.scoring]}
    problem = turn_solver.why_unsolvable(rules)
    if not problem and lowest_wins and rules.match in (R.MATCH_RACE, R.MATCH_LONG_GAME):
        problem = ("a %s is won by the first to clear the box, not by the lowest score: the box "
                   "plays it for the shut chance" % MATCH_NAMES[rules.match])
    report["solvable"] = problem is None
    if problem:
        report["why"] = problem
    return report


def quantiles(distribution):
    """{q: the smallest score s with P(score <= s) >= q} for each q of QUANTILES."""
    found = {}
    running = 0.0
    scores = iter(sorted(distribution.items()))
    for q in QUANTILES:
        while running < q - 1e-12:
            score, chance = next(scores)
            running += chance
            last = score
        found[q] = last if running > 0 else 0
    return {str(q): found[q] for q in QUANTILES}


def distribution_report(name, rules=None):
    """The exact score distribution of a turn under each objective's policy."""
    rules = rules or preset(name)
    report = _base(name, rules, lowest_wins=False)
    if not report["solvable"]:
        return report
    model = turn_solver.Model(rules)
    ordered, index = endings(model)
    for objective in (turn_solver.OBJ_SHUT, turn_solver.OBJ_SCORE):
        solution = turn_solver.solve(rules, objective, model=model)
        chances = ending_distribution(play_of_solution(model, solution), index)[:, 0]
        distribution, lost = score_distribution(rules, ordered, chances)
        report["%s_policy" % objective] = {
            "p_shut": solution.start_figures()[0], "expected_score": solution.start_figures()[1],
            "p_first_roll_lost": lost,
            "distribution": {str(score): chance for score, chance in distribution.items()},
            "quantiles": quantiles(distribution),
        }
    report["objective"] = turn_solver.objective_of(rules)
    return report


def _policy_summary(model, play, column, box):
    """The beat-X policy in a few figures: its moves on the first roll from the start, where
    it rolls one die, and how many of its choices differ from the box's policy."""
    rules = model.rules
    start = rules.start_mask()
    first = rules.must_first != 0
    _one_die, picks = play.decision(start, first)
    moves = {}
    for count, chosen in picks.items():
        for entry, (_p, _kind, key, data) in enumerate(model.transitions(start, first, count)):
            if entry in chosen:
                label = str(key) if not isinstance(key, tuple) else "+".join(map(str, key))
                moves[label] = tiles_of(start & ~data[int(chosen[entry][column])])
    size = 1 << rules.tiles
    one = []
    differs = 0
    decisions = 0
    for mask in range(1, size):
        one_die, picks = play.decision(mask, False)
        if one_die is not None and one_die[column]:
            one.append(tiles_of(mask))
        box_picks = box.decision(mask, False)[1]
        for count, chosen in picks.items():
            for entry, picked in chosen.items():
                decisions += 1
                differs += int(picked[column] != box_picks[count][entry][0])
    return {"first_roll_moves": moves, "one_die_at": one, "choices": decisions,
            "choices_unlike_the_box": differs}


class Goal:
    """The best play of one turn for one goal (a worth per ending), next to the box's policy."""

    def __init__(self, model, index, worth):
        self.model = model
        self.index = index
        self.worth = worth
        self.play = solve_columns(model, worth[:, None], index)
        self.chances = ending_distribution(self.play, index)[:, 0]
        self.box = _box_play(model)
        self.box_chances = ending_distribution(self.box, index)[:, 0]

    def figures(self, name):
        """{name: best value, "box_policy": {...}, "policy": {...}} for a report."""
        return {name: float(self.play.start_value()[0]),
                "box_policy": {"objective": turn_solver.objective_of(self.model.rules),
                               name: float(self.box_chances @ self.worth)},
                "policy": _policy_summary(self.model, self.play, 0, self.box)}


def beat_report(name, beat, tied=1, after=0, rules=None):
    """The chance of winning the round for a player who must beat `beat` (the lowest score so
    far, shared by `tied` players), with `after` players still to throw after them."""
    rules = rules or preset(name)
    report = _base(name, rules)
    if not report["solvable"] and after == 0 and vector_solver.why_not(rules) is None:
        return _beat_on_a_big_box(report, rules, beat, tied)
    if not report["solvable"]:
        return report
    model = turn_solver.Model(rules)
    solver = RoundSolver(model, tied + after + 1)
    goal = Goal(model, solver.index, solver.utility([(beat, tied)], after)[:, 0])
    counted = solver.counts
    report.update({
        "beat": beat, "tied": tied, "after": after,
        "tie_rule": tie_rule(rules),
        "rule": _beat_rule(beat, tied, after, share(rules, tied + 1), rules.must_first,
                           solver.play_out),
        "p_below": float(goal.chances[counted & (solver.score < beat)].sum()
                         + goal.chances[solver.wins_at_once].sum()),
        "p_equal": float(goal.chances[counted & (solver.score == beat)].sum()),
        "exact": True,
        "method": ROUND_METHOD if after else "exact: the last player's dynamic programme",
    })
    report.update(goal.figures("win"))
    return report


def _beat_rule(beat, tied, after, tie_worth, must_first, play_out):
    """The --beat rule in words."""
    shut = "" if play_out else "; wins at once by shutting the box"
    if after:
        head = "leads below %d with %d still to throw%s" % (beat, after, shut)
    else:
        head = "wins below %d%s" % (beat, shut)
    lost = "; a first-roll loss loses" if must_first else ""
    return "%s%s; %d ties with %d player(s): a shared win worth %.4g" % (head, lost, beat, tied, tie_worth)


def _beat_on_a_big_box(report, rules, beat, tied):
    """beat_report for the last player on a box the plain solver cannot take (the-300): the
    vectorised solver's win chance alone (each further figure would be another long pass)."""
    top = rules.score(rules.all_tiles())
    scores = np.arange(top + 1)
    worth = np.where(scores < beat, 1.0, np.where(scores == beat, share(rules, tied + 1), 0.0))
    solver = vector_solver.VectorSolver(rules, (worth, 1.0)).solve()
    report.pop("why")
    report.update({
        "solvable": True, "beat": beat, "tied": tied, "after": 0, "tie_rule": tie_rule(rules),
        "rule": _beat_rule(beat, tied, 0, share(rules, tied + 1), 0, rules.match != R.MATCH_SINGLE),
        "win": solver.start_value(), "seconds": round(solver.seconds, 1), "exact": True,
        "method": "exact: tools/coach/vector_solver.py's numpy dynamic programme over all %d open "
                  "masks (no distribution or box-policy figures: each is another pass)"
                  % (1 << rules.tiles),
    })
    return report


def stay_in_report(name, total, rules=None):
    """Max-penalty: the best chance to stay in the match this round with `total` penalty points
    so far (a player whose total reaches the limit, or exceeds it under drop_on_exceed, drops out)."""
    rules = rules or preset(name)
    report = _base(name, rules)
    if report["solvable"] and rules.match != R.MATCH_MAX_PENALTY:
        report["solvable"] = False
        report["why"] = "%s is not a max-penalty match: no limit to stay under" % name
    if not report["solvable"]:
        return report
    report.update({"total": total, "limit": rules.max_penalty})
    if total > rules.max_penalty or (total == rules.max_penalty and not rules.drop_on_exceed):
        report.update({"already_out": True, "stay_in": 0.0,
                       "rule": "a total of %d is already out: a player drops out %s %d" % (
                           total, "above" if rules.drop_on_exceed else "at or above",
                           rules.max_penalty)})
        return report
    model = turn_solver.Model(rules)
    ordered, index = endings(model)
    room = rules.max_penalty - total
    scores = np.array([rules.score(mask) for mask, _how in ordered])
    stays = scores <= room if rules.drop_on_exceed else scores < room
    goal = Goal(model, index, stays.astype(float))
    report.update({
        "already_out": False,
        "rule": "stays in with a score %s %d" % ("<=" if rules.drop_on_exceed else "<", room),
        "exact": True,
        "method": ("exact for staying in this round; as a match policy an approximation: it "
                   "ignores who wins the round and the rounds after"),
    })
    report.update(goal.figures("stay_in"))
    return report


def chips_report(name, scores, kitty=None, rules=None):
    """The last player's best play for chips, the others' scores of the round known (in play
    order): game.stakes.Ledger settles every possible ending (pool or Canoga)."""
    rules = rules or preset(name)
    report = _base(name, rules)
    if not report["solvable"]:
        return report
    if rules.stakes == R.STAKES_NONE:
        report["solvable"] = False
        report["why"] = "no chips to play for: %s has stakes none (use --beat)" % name
        return report
    model = turn_solver.Model(rules)
    ordered, index = endings(model)
    players = len(scores) + 1
    pot = players * rules.ante if kitty is None else kitty
    worth = np.array([_chips_won(rules, scores, pot, rules.score(mask), how) for mask, how in ordered])
    goal = Goal(model, index, worth)
    best = min(scores)
    win = RoundSolver(model, players).utility([(best, scores.count(best))], 0)[:, 0]
    report.update({
        "scores": list(scores), "kitty": pot, "stakes": STAKES_NAMES[rules.stakes],
        "tie_rule": tie_rule(rules), "exact": True,
        "method": ("exact for the last player: every ending settled by the firmware's Ledger "
                   "(odd chips included), no player short of chips"),
        "chips_if_playing_to_win": float(ending_distribution(
            solve_columns(model, win[:, None], index), index)[:, 0] @ worth),
    })
    report.update(goal.figures("chips"))
    return report


def _chips_won(rules, scores, pot, score, how):
    """The chips the last player gains (or loses: negative) when the round ends so (a shut
    box scores 0: the lowest score, shared only with an earlier 0 of a played-out round)."""
    players = len(scores) + 1
    ledger = Ledger(changed(rules, chips=10 ** 6), players)
    ledger.pot = pot
    ledger.anted = [rules.ante] * players
    me = players - 1
    everyone = list(scores) + [score]
    lost = bytearray(players)
    lost[me] = how == END_FIRST_ROLL_LOST
    winners = round_winners(range(players), everyone, lost)
    ledger.settle(list(range(players)), everyone, winners, everyone[winners[0]] == 0)
    return ledger.chips[me] - 10 ** 6


def final_round_report(name, totals, rules=None):
    """Tournament or fixed rounds: the last player of the match's last round. `totals`: every
    other player's match total with this round's score in, then the last player's before it.
    The lowest total wins the match (ties share it as the tie rule pays): exactly a --beat."""
    rules = rules or preset(name)
    others, mine = totals[:-1], totals[-1]
    if rules.match not in (R.MATCH_TOURNAMENT, R.MATCH_FIXED_ROUNDS):
        report = _base(name, rules)
        report["solvable"] = False
        report["why"] = "%s adds up no totals: --totals is for tournament and fixed-rounds" % name
        return report
    if rules.match == R.MATCH_TOURNAMENT and max(others) < rules.target:
        report = _base(name, rules)
        report["solvable"] = False
        report["why"] = ("no other total reaches %d: the match may go on after this round, and "
                         "later rounds are not modelled" % rules.target)
        return report
    best = min(others)
    if best < mine:
        report = _base(name, rules)
        report.update({"win": 0.0, "rule": "the lowest other total, %d, is already below yours, "
                                           "%d: no score wins the match" % (best, mine)})
        return report
    report = beat_report(name, best - mine, others.count(best), 0, rules=rules)
    report.update({"totals": list(totals), "match": MATCH_NAMES[rules.match],
                   "method": "exact for the last throw of the match: it ends after this round, "
                             "so the lowest final total wins (a --beat %d)" % (best - mine)})
    return report


MONTE_CARLO_SEED = 16


def round_report(name, players, monte_carlo=0, rules=None):
    """Every seat's chance of winning a round of `players` under best play, and under the
    box's own policy for every player; with `monte_carlo` rounds, also how often each seat wins
    when every player follows the box's win-chance hints on the firmware's own game code."""
    rules = rules or preset(name)
    report = _base(name, rules)
    if not report["solvable"]:
        return report
    model = turn_solver.Model(rules)
    best = RoundSolver(model, players)
    box = _box_play(model)
    report.update({
        "players": players, "tie_rule": tie_rule(rules), "exact": True, "method": ROUND_METHOD,
        "best_play": best.seat_chances(),
        "box_policy": RoundSolver(model, players, fixed=box).seat_chances(),
        "first_player_vs_box": _first_seat_against(best, box, players),
    })
    if monte_carlo:
        from tools.coach.round_monte_carlo import HintedPlayer, play_rounds

        means, errors = play_rounds(rules, [HintedPlayer(rules)] * players, monte_carlo, MONTE_CARLO_SEED)
        report["box_hints_monte_carlo"] = {"rounds": monte_carlo, "seed": MONTE_CARLO_SEED,
                                           "wins": means, "standard_errors": errors}
    return report


def _box_play(model):
    """The policy the box's hint tables carry (its rules' objective) as a one-column Play."""
    rules = model.rules
    return play_of_solution(model, turn_solver.solve(rules, turn_solver.objective_of(rules), model=model))


def _first_seat_against(best, box, players):
    """The first seat's chance when only it plays the box's policy and the others play their
    best: what playing to win is worth to it."""
    chances = ending_distribution(box, best.index)[:, 0]
    return float(chances @ best.utility([(NOBODY, 0)], players - 1)[:, 0])


def human_distribution(report):
    lines = ["%s: score distribution of one turn (%s scoring)" % (report["preset"], report["scoring"])]
    if not report["solvable"]:
        return lines[0] + "\n  no answer: %s" % report["why"]
    shut = report["shut_policy"]
    score = report["score_policy"]
    lines.append("  %8s %14s %14s" % ("score", "most shuts", "lowest score"))
    keys = sorted(set(shut["distribution"]) | set(score["distribution"]), key=int)
    for key in keys:
        lines.append("  %8s %13.6f%% %13.6f%%" % (key, 100 * shut["distribution"].get(key, 0.0),
                                                  100 * score["distribution"].get(key, 0.0)))
    lines.append("  %8s %14.4f %14.4f" % ("mean", shut["expected_score"], score["expected_score"]))
    if report["scoring"] == "digital":
        for q in shut["quantiles"]:
            lines.append("  q%-7s %14d %14d" % (q, shut["quantiles"][q], score["quantiles"][q]))
    return "\n".join(lines)


def human_goal(report, key):
    """The human lines of a stay-in (a chance) or chips (a number of chips) report."""
    if not report["solvable"]:
        return "%s: no answer: %s" % (report["preset"], report["why"])
    if report.get("already_out"):
        return "%s: %s" % (report["preset"], report["rule"])
    policy = report["policy"]

    def unit(value):
        return "%.4f%%" % (100 * value) if key == "stay_in" else "%+.4f chips" % value

    lines = ["%s: %s" % (report["preset"], report["rule"] if "rule" in report else
                         "last to throw against %s, kitty %d" % (report["scores"], report["kitty"])),
             "  best play:        %s" % unit(report[key]),
             "  the box's policy: %s (%s)" % (unit(report["box_policy"][key]),
                                             report["box_policy"]["objective"])]
    if "chips_if_playing_to_win" in report:
        lines.append("  playing to win:   %s" % unit(report["chips_if_playing_to_win"]))
    lines.append("  %d of %d choices differ from the box's policy" % (
        policy["choices_unlike_the_box"], policy["choices"]))
    lines.append("  %s" % report["method"])
    return "\n".join(lines)


def human_beat(report):
    if not report["solvable"]:
        return "%s: no answer: %s" % (report["preset"], report["why"])
    if "beat" not in report:
        return "%s: %s" % (report["preset"], report["rule"])
    if "policy" not in report:
        return "\n".join(["%s: beat %d" % (report["preset"], report["beat"]), "  %s" % report["rule"],
                          "  win chance, best play: %.6f%%" % (100 * report["win"]),
                          "  %s; %.0f s" % (report["method"], report["seconds"])])
    policy = report["policy"]
    return "\n".join([
        "%s: beat %d (%d on it, %d to throw after)" % (report["preset"], report["beat"], report["tied"],
                                                       report["after"]),
        "  %s" % report["rule"],
        "  ties %s" % report["tie_rule"],
        "  win chance, best play:          %.4f%%" % (100 * report["win"]),
        "  win chance, the box's policy:   %.4f%% (%s)" % (100 * report["box_policy"]["win"],
                                                        report["box_policy"]["objective"]),
        "  below %d: %.4f%%, equal: %.4f%%" % (report["beat"], 100 * report["p_below"],
                                              100 * report["p_equal"]),
        "  %d of %d choices differ from the box's policy" % (policy["choices_unlike_the_box"],
                                                             policy["choices"]),
        "  %s" % report["method"],
    ])


def human_round(report):
    if not report["solvable"]:
        return "%s: no answer: %s" % (report["preset"], report["why"])
    lines = ["%s: a round of %d players; ties %s" % (report["preset"], report["players"],
                                                     report["tie_rule"]),
             "  %6s %12s %12s" % ("seat", "best play", "box policy")]
    for seat, (best, box) in enumerate(zip(report["best_play"], report["box_policy"], strict=True)):
        lines.append("  %6d %11.4f%% %11.4f%%" % (seat + 1, 100 * best, 100 * box))
    lines.append("  seat 1 on the box's policy against best play: %.4f%%"
                 % (100 * report["first_player_vs_box"]))
    carlo = report.get("box_hints_monte_carlo")
    if carlo:
        lines.append("  the box's win-chance hints for every seat, %d rounds on the firmware (seed %d):"
                     % (carlo["rounds"], carlo["seed"]))
        for seat, (wins, error) in enumerate(zip(carlo["wins"], carlo["standard_errors"], strict=True)):
            lines.append("  %6d %11.4f%% +- %.4f%% (%+.1f standard errors from best play)"
                         % (seat + 1, 100 * wins, 100 * error,
                            (wins - report["best_play"][seat]) / error if error else 0.0))
    lines.append("  %s" % report["method"])
    return "\n".join(lines)


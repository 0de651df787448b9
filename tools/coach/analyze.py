"""Optimal play, the coach's command: a preset's exact figures, on the firmware's own game code.

    python -m tools.coach.analyze PRESET [--json]
    python -m tools.coach.analyze PRESET --distribution | --players N
    python -m tools.coach.analyze PRESET --beat X [--tied K] [--after M]
    python -m tools.coach.analyze PRESET --total T | --chips S1,S2.. [--kitty K] | --totals T1,T2..

Without a report option: one turn's best play for each objective (the exact solver,
tools/coach/turn_solver.py), the shut chance and expected score of each, where one die is best, and
for thai the stated strategy against the optimum. The report options (tools/coach/play_to_win.py)
give the exact score distribution of each objective's policy, the best play to win a round
against the scores already thrown, every seat's chance of winning a round of N players, the
best chance to stay under max-penalty's limit with T points so far, the last player's best play
for chips (pool or Canoga) against the scores thrown, and the last throw of a tournament or
fixed-rounds match against the totals.
"""

import argparse
import json
import sys
import time

from game import rules as R
from game.presets import PRESET_NAMES, preset
from game.rule_names import MOVE_NAMES, ONE_DIE_NAMES, SCORE_NAMES
from game.tiles import tiles_of

from board_sim.closed_pipe import quiet_when_the_pipe_closes
from tools.coach.turn_solver import (
    OBJ_SCORE,
    OBJ_SHUT,
    TIE,
    Model,
    objective_of,
    solve,
    why_unsolvable,
)


def thai_stated_strategy(model):
    """VARIANTS.md's thai strategy: the total if it is 7, 8 or 9 and open, else the lowest
    matching tile (two dice always: thai never allows one)."""

    def pick_move(solution, mask, dice, afters):
        total = sum(dice)
        moves = [mask & ~after for after in afters]
        if 7 <= total <= 9 and 1 << (total - 1) in moves:
            return moves.index(1 << (total - 1))
        lowest = min(moves)  # one tile each: the lowest tile has the smallest mask
        return moves.index(lowest)

    return pick_move


def same_policy(first, second):
    """Do two solutions choose alike wherever the choice changes a figure (ties allowed)?"""
    for mask in range(1, len(first.best)):
        for key, index in first.best[mask].items():
            if second.best[mask][key] != index:
                return False
    return True


def analyze(name, rules=None, big_box=True):
    """Every figure for a preset as a dict (what --json prints). A box the plain solver
    cannot take but the vectorised one can (the-300) is solved by that one, unless `big_box`
    is False (`all`: minutes and a gigabyte for one preset): then "why" says how to ask."""
    rules = rules or preset(name)
    report = {"preset": name, "tiles": rules.tiles, "dice": "%dd%d" % (rules.dice, rules.faces),
              "move": MOVE_NAMES[rules.move], "one_die_rule": ONE_DIE_NAMES[rules.one_die],
              "scoring": SCORE_NAMES[rules.scoring], "start": tiles_of(rules.start_mask())}
    problem = why_unsolvable(rules)
    if problem and _vector_solver().why_not(rules) is None:
        if big_box:
            return _analyze_big_box(report, rules)
        report["left_out"] = True  # solvable, not solved here: "solvable" says there are no figures
        problem = ("%d tiles, 2^%d open masks: the vectorised solver takes minutes and about "
                   "1 GB: `shutbox-analyze %s` solves it alone"
                   % (rules.tiles, rules.tiles, name))
    if problem:
        report["solvable"] = False
        report["why"] = problem
        return report
    started = time.perf_counter()
    model = Model(rules)
    by_shut = solve(rules, OBJ_SHUT, model=model)
    by_score = solve(rules, OBJ_SCORE, model=model)
    report["solvable"] = True
    report["objective"] = objective_of(rules)
    report["p_shut"] = by_shut.start_figures()[0]
    report["expected_score"] = by_score.start_figures()[1]
    report["shut_policy"] = {"p_shut": by_shut.start_figures()[0],
                             "expected_score": by_shut.start_figures()[1]}
    report["score_policy"] = {"p_shut": by_score.start_figures()[0],
                              "expected_score": by_score.start_figures()[1]}
    if rules.source == R.SOURCE_MANUAL:
        report["note"] = "dice thrown by hand are taken as fair dice"
    if rules.must_first:
        report["note"] = ("tile %d must be among the first roll's tiles: the first roll is a "
                          "state of its own" % rules.must_first)
    report["one_die"] = _one_die_report(rules, by_shut, by_score)
    if rules.move == R.MOVE_THAI and rules.tiles == 9 and rules.dice == 2 and rules.faces == 6:
        stated = solve(rules, OBJ_SHUT, pick_move=thai_stated_strategy(model),
                       pick_dice=lambda *_: False, model=model)
        shut, score = stated.start_figures()
        report["stated_strategy"] = {
            "rule": "always two dice; the total when it is 7, 8 or 9 and open, else the lowest matching tile",
            "p_shut": shut, "expected_score": score,
            "optimal": abs(shut - report["p_shut"]) <= TIE,
            "same_choices_as_optimal": same_policy(stated, by_shut),
        }
    report["seconds"] = round(time.perf_counter() - started, 3)
    return report


def _analyze_big_box(report, rules):
    """analyze's figures from tools/coach/vector_solver.py: each objective's own figure (the
    shut chance playing for it, the expected score playing for that); a policy's other figure
    would be another pass over every open mask, and is left out (None)."""
    vector_solver = _vector_solver()
    sys.stderr.write("%s: 2^%d open masks: solving with tools/coach/vector_solver.py (24 tiles: "
                     "a few minutes and about 1 GB)\n" % (report["preset"], rules.tiles))
    started = time.perf_counter()
    one_die = {}
    figures = {}
    for objective in (vector_solver.SHUT, vector_solver.SCORE):
        solver = vector_solver.VectorSolver(rules, objective).solve()
        figures[objective] = vector_solver.start_figure(solver)
        one_die[objective] = solver.one_die
        del solver  # its values (128 MB for 24 tiles) go before the next one's
    by_shut = _OneDieChoices(one_die[vector_solver.SHUT])
    by_score = _OneDieChoices(one_die[vector_solver.SCORE])
    report.update({
        "solvable": True, "objective": objective_of(rules),
        "p_shut": figures[vector_solver.SHUT]["p_shut"],
        "expected_score": figures[vector_solver.SCORE]["expected_score"],
        "shut_policy": {"p_shut": figures[vector_solver.SHUT]["p_shut"], "expected_score": None},
        "score_policy": {"p_shut": None,
                         "expected_score": figures[vector_solver.SCORE]["expected_score"]},
        "one_die": _one_die_report(rules, by_shut, by_score),
        "method": "exact: tools/coach/vector_solver.py's numpy dynamic programme over all %d "
                  "open masks; each policy's other figure would be another pass: left out"
                  % (1 << rules.tiles),
        "seconds": round(time.perf_counter() - started, 3),
    })
    return report


def _vector_solver():
    from tools.coach import vector_solver  # numpy: only a box the plain solver cannot take needs it

    return vector_solver


class _OneDieChoices:
    """The vectorised solver's one-die choices (a dict of the masks where one die is allowed)
    as _one_die_report reads a plain solution's."""

    def __init__(self, one_die):
        self.one_die = one_die


def _one_die_report(rules, by_shut, by_score):
    """The masks where one die is allowed, and which objective prefers it."""
    allowed = [mask for mask in range(1, 1 << rules.tiles) if rules.dice > 1 and rules.one_die_allowed(mask)]
    if not allowed:
        return {"offered": False}
    return {
        "offered": True,
        "masks_allowed": len(allowed),
        "for_shut": [tiles_of(m) for m in allowed if by_shut.one_die[m]],
        "for_score": [tiles_of(m) for m in allowed if by_score.one_die[m]],
    }


def solvable_presets():
    return [name for name in PRESET_NAMES if why_unsolvable(preset(name)) is None]


def _percent(chance):
    """A chance in percent, with 4 decimals, or 4 significant figures below 0.01%."""
    return ("%.4f%%" if chance >= 1e-4 else "%.4g%%") % (100 * chance)


def human(report):
    lines = ["%s: %s tiles, %s, move %s, one die %s, scoring %s" % (
        report["preset"], report["tiles"], report["dice"], report["move"], report["one_die_rule"],
        report["scoring"])]
    if not report["solvable"]:
        lines.append("  %s: %s" % ("left out" if report.get("left_out") else "not solvable", report["why"]))
        return "\n".join(lines)
    lines.append("  %-28s %12s %16s" % ("policy", "shut chance", "expected score"))
    for label, key in (("most shuts", "shut_policy"), ("lowest score", "score_policy")):
        figures = report[key]
        shut, score = figures["p_shut"], figures["expected_score"]
        lines.append("  %-28s %12s %16s" % (label, "-" if shut is None else _percent(shut),
                                             "-" if score is None else "%.4f" % score))
    stated = report.get("stated_strategy")
    if stated:
        lines.append("  %-28s %11.4f%% %16.4f  (%s)" % (
            "stated thai strategy", 100 * stated["p_shut"], stated["expected_score"],
            "optimal" if stated["optimal"] else "not optimal"))
    one = report["one_die"]
    if one["offered"]:
        lines.append("  one die allowed on %d masks; best for shutting on %d, for score on %d"
                     % (one["masks_allowed"], len(one["for_shut"]), len(one["for_score"])))
        for label, key in (("shut", "for_shut"), ("score", "for_score")):
            shown = " ".join("{%s}" % ",".join(map(str, tiles)) for tiles in one[key][:12])
            more = " ..." if len(one[key]) > 12 else ""
            lines.append("    one die (%s): %s%s" % (label, shown or "never", more))
    for key in ("note", "method"):
        if key in report:
            lines.append("  %s: %s" % (key, report[key]))
    lines.append("  the box plays for: %s; solved in %.2f s" % (
        "the shut chance" if report["objective"] == OBJ_SHUT else "the lowest score", report["seconds"]))
    return "\n".join(lines)


def _count(low):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a whole number" % text) from None
        if value < low:
            raise argparse.ArgumentTypeError("%d is below %d" % (value, low))
        return value
    return parse


def _scores(text):
    """A comma-separated list of scores (whole numbers >= 1)."""
    parse = _count(1)
    return [parse(part) for part in text.split(",")]


@quiet_when_the_pipe_closes
def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", help="a preset name, or 'all'", choices=PRESET_NAMES + ("all",))
    parser.add_argument("--json", action="store_true", help="one JSON object (a list for 'all')")
    report = parser.add_mutually_exclusive_group()
    report.add_argument("--distribution", action="store_true",
                        help="the exact score distribution of each objective's policy")
    report.add_argument("--beat", type=_count(1), metavar="X",
                        help="the best play and win chance of a player who must beat X, the "
                             "lowest score so far in the round")
    report.add_argument("--players", type=_count(1), metavar="N",
                        help="every seat's chance of winning a round of N players")
    report.add_argument("--total", type=_count(0), metavar="T",
                        help="max-penalty: the best chance to stay in with T penalty points so far")
    report.add_argument("--totals", type=_scores, metavar="T1,T2..",
                        help="tournament, fixed rounds: the last throw of the match; the others' "
                             "totals with this round in, then yours before it")
    report.add_argument("--chips", type=_scores, metavar="S1,S2..",
                        help="stakes: the last player's best play for chips against these scores")
    parser.add_argument("--kitty", type=_count(0), metavar="K",
                        help="with --chips: the chips in the pot (default: this round's antes)")
    parser.add_argument("--monte-carlo", type=_count(1), metavar="ROUNDS",
                        help="with --players: also play ROUNDS rounds on the firmware's own game "
                             "code, every player following the box's win-chance hints (seeded)")
    parser.add_argument("--tied", type=_count(1), default=1, metavar="K",
                        help="with --beat: how many players already scored X (default 1)")
    parser.add_argument("--after", type=_count(0), default=0, metavar="M",
                        help="with --beat: players still to throw after this one (default 0)")
    args = parser.parse_args(argv)
    if args.beat is None and (args.tied != 1 or args.after != 0):
        parser.error("--tied and --after go with --beat")
    if args.kitty is not None and args.chips is None:
        parser.error("--kitty goes with --chips")
    if args.monte_carlo is not None and args.players is None:
        parser.error("--monte-carlo goes with --players")
    names = PRESET_NAMES if args.preset == "all" else (args.preset,)
    chosen = (args.beat, args.players, args.total, args.chips, args.totals)
    if args.distribution or any(choice is not None for choice in chosen):
        from tools.coach import play_to_win as win  # numpy: only these reports need it

        if args.totals is not None:
            make, show = (lambda name: win.final_round_report(name, args.totals)), win.human_beat
        elif args.total is not None:
            make, show = (lambda name: win.stay_in_report(name, args.total)), (
                lambda report: win.human_goal(report, "stay_in"))
        elif args.chips is not None:
            make, show = (lambda name: win.chips_report(name, args.chips, args.kitty)), (
                lambda report: win.human_goal(report, "chips"))
        elif args.distribution:
            make, show = win.distribution_report, win.human_distribution
        elif args.beat is not None:
            make, show = (lambda name: win.beat_report(name, args.beat, args.tied, args.after)), win.human_beat
        else:
            make, show = (lambda name: win.round_report(name, args.players, args.monte_carlo or 0)), win.human_round
    else:  # `all` leaves out a box only the vectorised solver takes (minutes each)
        make, show = (lambda name: analyze(name, big_box=args.preset != "all")), human
    reports = [make(name) for name in names]
    if args.json:
        print(json.dumps(reports if args.preset == "all" else reports[0], indent=1))
    else:
        print("\n\n".join(show(report) for report in reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Optimal play: an exact solver for one turn of Shut the Box, on the firmware's own game code.

    python -m tools.coach.analyze PRESET [--json]
    python -m tools.coach.analyze PRESET --distribution | --beat X [--tied K] [--after M] | --players N
    python -m tools.coach.analyze PRESET --total T | --chips S1,S2.. [--kitty K] | --totals T1,T2..

Those (tools/coach/play_to_win.py) give the exact score distribution of each objective's policy, the
best play to win a round against the scores already thrown, every seat's chance of winning a
round of N players, the best chance to stay under max-penalty's limit with T points so far,
the last player's best play for chips (pool or Canoga) against the scores thrown, and the
last throw of a tournament or fixed-rounds match against the totals.

Dynamic programming over the open-tile masks (2^tiles states, smallest mask first: a move only
ever shuts tiles) for two objectives: the largest chance of shutting the box, and the lowest
expected score under the preset's scoring. What is legal comes from game.turn.Turn itself
(the firmware's move rules, one-die rule, unlucky 7, 2-to-go/3-to-go first roll, free
throws), so the solver and the box cannot disagree.

Solvable: boxes of up to 12 tiles with electronic (or hand-thrown, taken as fair) dice. Not
solvable here: 24 tiles (2^24 masks x 21 totals of 4d6: too slow in plain Python; the numpy
solver tools/coach/vector_solver.py does it, and no board could hold the table), dominoes and cards (drawn without replacement:
the state would include the whole bag or deck, not just the open tiles).
"""

import argparse
import json
import sys
import time

from game import policy_file, strategy
from game import rules as R
from game.presets import PRESET_NAMES, preset
from game.rule_names import MOVE_NAMES, ONE_DIE_NAMES, SCORE_NAMES
from game.tiles import tiles_of
from game.turn import END_SHUT, ENDED, FREE_THROW, ROLLED, Turn

OBJ_SHUT = "shut"  # maximise the chance of shutting the box
OBJ_SCORE = "score"  # minimise the expected score
TIE = 1e-12  # values closer than this are ties: the earlier move (or two dice) wins

# Outcome kinds of one roll.
MOVES = 0
END = 1
FREE = 2

WHY_24 = ("24 tiles: 2^24 = 16.8 million open masks, each with 21 totals of 4d6 (4..24): hours "
          "for this plain-Python solver; `python -m tools.coach.vector_solver the-300` solves it with "
          "numpy (minutes, figures in the README), and a policy table of 16.8M x 21 x 4 bits = "
          "176 MB that no board could hold")


def why_unsolvable(rules):
    """Why the exact solver cannot solve these rules, or None."""
    if rules.tiles > 12:
        return WHY_24 if rules.tiles == 24 else "%d tiles: more than the 12 the solver handles" % rules.tiles
    if rules.source == R.SOURCE_DOMINOES:
        return "dominoes are drawn without replacement: the state is the bag as well as the tiles"
    if rules.source == R.SOURCE_CARDS:
        return "cards are drawn without replacement: the state is the deck as well as the tiles"
    if rules.dice > 3:
        return "%d dice: more than the 3 the solver handles" % rules.dice
    return None


def objective_of(rules):
    """The objective the box plays a rule set for (game.strategy decides): OBJ_SHUT or OBJ_SCORE."""
    return OBJ_SHUT if policy_file.objective_of(rules) == strategy.OBJ_SHUT else OBJ_SCORE


def dice_outcomes(count, faces):
    """Every roll of `count` fair dice as (sorted dice tuple, probability)."""
    counts = {}

    def walk(prefix):
        if len(prefix) == count:
            key = tuple(sorted(prefix))
            counts[key] = counts.get(key, 0) + 1
            return
        for value in range(1, faces + 1):
            walk(prefix + (value,))

    walk(())
    total = faces ** count
    return [(key, counts[key] / total) for key in sorted(counts)]


class Model:
    """The random transitions of a turn, asked of the firmware's Turn.

    For an open mask, whether it is the turn's first roll, and one die or all: a list of
    (probability, kind, roll key, data): kind MOVES with data the masks left by each legal
    move (in the order game.moves enumerates them), END with (open mask, how it ended), FREE
    (throw again). The roll key is the total under any-combination, else the sorted dice.
    """

    def __init__(self, rules):
        problem = why_unsolvable(rules)
        if problem:
            raise ValueError(problem)
        self.rules = rules
        self.turn = Turn(rules)
        self.by_total = rules.move == R.MOVE_ANY
        self.outcomes = {rules.dice: dice_outcomes(rules.dice, rules.faces)}
        if rules.dice > 1:
            self.outcomes[1] = dice_outcomes(1, rules.faces)
        self._cache = {}

    def one_die_allowed(self, mask):
        return self.rules.one_die_allowed(mask)

    def choices(self, mask):
        """The dice counts the player may choose: (all,) or (all, 1)."""
        if self.rules.dice > 1 and self.one_die_allowed(mask):
            return (self.rules.dice, 1)
        return (self.rules.dice,)

    def transitions(self, mask, first, count):
        key = (mask, first, count)
        found = self._cache.get(key)
        if found is None:
            found = self._transitions(mask, first, count)
            self._cache[key] = found
        return found

    def _transitions(self, mask, first, count):
        turn = self.turn
        merged = {}
        order = []
        for dice, probability in self.outcomes[count]:
            turn.start(mask)
            if not first:
                turn.rolls = 1
            if count != self.rules.dice:
                turn.choose_one_die(True)
            result = turn.roll(*dice)
            if result == FREE_THROW:
                entry_key = (FREE,)
                data = None
            elif result == ENDED:
                entry_key = (END, turn.open_mask, turn.ended)
                data = (turn.open_mask, turn.ended)
            elif result == ROLLED:
                roll_key = sum(dice) if self.by_total else dice
                entry_key = (MOVES, roll_key)
                data = tuple(mask & ~move for move in turn.legal_moves())
            else:
                raise AssertionError("unexpected roll result %d" % result)
            if entry_key in merged:
                merged[entry_key][0] += probability
            else:
                merged[entry_key] = [probability, entry_key[0], entry_key[1] if entry_key[0] == MOVES else None, data]
                order.append(entry_key)
        return [tuple(merged[key]) for key in order]


class Solution:
    """A policy and its figures: per open mask the value of the objective, the shut chance and
    the expected score under the policy, the one-die choice and the best move per roll key."""

    def __init__(self, model, objective):
        self.model = model
        self.objective = objective
        size = 1 << model.rules.tiles
        self.shut = [0.0] * size
        self.score = [0.0] * size
        self.one_die = [False] * size
        self.best = [None] * size  # per mask: {roll key: index of the best move}
        self.first = None  # (shut, score, one_die, best) of the first roll from the start mask

    def value(self, mask):
        """The objective's value at a mask (higher is better): shut chance, or -expected score."""
        return self.shut[mask] if self.objective == OBJ_SHUT else -self.score[mask]

    def start_figures(self):
        """(shut chance, expected score) of a whole turn from the rules' start position."""
        if self.first is not None:
            return self.first[0], self.first[1]
        start = self.model.rules.start_mask()
        return self.shut[start], self.score[start]


def _utility(objective, shut, score):
    return shut if objective == OBJ_SHUT else -score


def _evaluate_roll(solution, model, mask, first, count, pick_move):
    """(shut, score, {roll key: move index}) of rolling `count` dice at a mask."""
    rules = model.rules
    shut_sum = 0.0
    score_sum = 0.0
    free = 0.0
    best = {}
    for probability, kind, roll_key, data in model.transitions(mask, first, count):
        if kind == FREE:
            free += probability
            continue
        if kind == END:
            end_mask, how = data
            shut_sum += probability * (1.0 if how == END_SHUT else 0.0)
            score_sum += probability * rules.score(end_mask)
            continue
        index = pick_move(solution, mask, roll_key, data)
        best[roll_key] = index
        after = data[index]
        shut_sum += probability * solution.shut[after]
        score_sum += probability * solution.score[after]
    if free:
        shut_sum /= 1.0 - free
        score_sum /= 1.0 - free
    return shut_sum, score_sum, best


def _argbest(solution, mask, roll_key, afters):
    """The first move leaving the best mask (ties within TIE go to the earlier move)."""
    best_index = 0
    best_value = solution.value(afters[0])
    for index in range(1, len(afters)):
        value = solution.value(afters[index])
        if value > best_value + TIE:
            best_index = index
            best_value = value
    return best_index


def _decide(solution, model, mask, first, pick_move, pick_dice):
    figures = {}
    for count in model.choices(mask):
        figures[count] = _evaluate_roll(solution, model, mask, first, count, pick_move)
    counts = list(figures)
    one = pick_dice(solution, mask, figures) if len(counts) > 1 else False
    shut, score, _best = figures[1 if one else model.rules.dice]
    best = {}  # the best move for every roll, whichever dice the player rolls
    for count in counts:
        best.update(figures[count][2])
    return shut, score, one, best


def _best_dice(solution, mask, figures):
    """One die only when it is strictly better than all the dice (ties: all the dice)."""
    objective = solution.objective
    dice = max(figures)
    all_value = _utility(objective, figures[dice][0], figures[dice][1])
    one_value = _utility(objective, figures[1][0], figures[1][1])
    return one_value > all_value + TIE


def solve(rules, objective, pick_move=None, pick_dice=None, model=None):
    """The policy for an objective (or the given policy: pick_move(solution, mask, roll_key,
    afters) -> index, pick_dice(solution, mask, figures) -> one die?) and its figures."""
    model = model or Model(rules)
    pick_move = pick_move or _argbest
    pick_dice = pick_dice or _best_dice
    solution = Solution(model, objective)
    solution.shut[0] = 1.0
    solution.score[0] = float(rules.score(0))
    for mask in range(1, 1 << rules.tiles):
        shut, score, one, best = _decide(solution, model, mask, False, pick_move, pick_dice)
        solution.shut[mask] = shut
        solution.score[mask] = score
        solution.one_die[mask] = one
        solution.best[mask] = best
    if rules.must_first:
        start = rules.start_mask()
        solution.first = _decide(solution, model, start, True, pick_move, pick_dice)
    return solution


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


def analyze(name, rules=None):
    """Every figure for a preset as a dict (what --json prints)."""
    rules = rules or preset(name)
    report = {"preset": name, "tiles": rules.tiles, "dice": "%dd%d" % (rules.dice, rules.faces),
              "move": MOVE_NAMES[rules.move], "one_die_rule": ONE_DIE_NAMES[rules.one_die],
              "scoring": SCORE_NAMES[rules.scoring], "start": tiles_of(rules.start_mask())}
    problem = why_unsolvable(rules)
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


def human(report):
    lines = ["%s: %s tiles, %s, move %s, one die %s, scoring %s" % (
        report["preset"], report["tiles"], report["dice"], report["move"], report["one_die_rule"],
        report["scoring"])]
    if not report["solvable"]:
        lines.append("  not solvable: %s" % report["why"])
        return "\n".join(lines)
    lines.append("  %-28s %12s %16s" % ("policy", "shut chance", "expected score"))
    for label, key in (("most shuts", "shut_policy"), ("lowest score", "score_policy")):
        figures = report[key]
        lines.append("  %-28s %11.4f%% %16.4f" % (label, 100 * figures["p_shut"], figures["expected_score"]))
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
    if "note" in report:
        lines.append("  note: %s" % report["note"])
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
        from tools.coach import play_to_win as win

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
    else:
        make, show = analyze, human
    reports = [make(name) for name in names]
    if args.json:
        print(json.dumps(reports if args.preset == "all" else reports[0], indent=1))
    else:
        print("\n\n".join(show(report) for report in reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Optimal play: an exact solver for one turn of Shut the Box, on the firmware's own game code
(the command that reports it: tools/coach/analyze.py).

Dynamic programming over the open-tile masks (2^tiles states, smallest mask first: a move only
ever shuts tiles) for two objectives: the largest chance of shutting the box, and the lowest
expected score under the preset's scoring. What is legal comes from game.turn.Turn itself
(the firmware's move rules, one-die rule, unlucky 7, 2-to-go/3-to-go first roll, free
throws), so the solver and the box cannot disagree.

Solvable: boxes of up to 12 tiles with electronic (or hand-thrown, taken as fair) dice. Not
solvable here: 24 tiles (2^24 masks x 21 totals of 4d6: too slow in plain Python; the numpy
solver tools/coach/vector_solver.py does it, and no board could hold the table), dominoes and
cards (drawn without replacement: the state would include the whole bag or deck, not just the
open tiles).
"""

from game import policy_file, strategy
from game import rules as R
from game.turn import END_SHUT, ENDED, FREE_THROW, ROLLED, Turn

OBJ_SHUT = "shut"  # maximise the chance of shutting the box
OBJ_SCORE = "score"  # minimise the expected score
TIE = 1e-12  # values closer than this are ties: the earlier move (or two dice) wins

# Outcome kinds of one roll.
MOVES = 0
END = 1
FREE = 2

# The transitions of the last few rule sets, shared by every Model of the same play (a test
# process makes a Model per report; Turn asked about every mask's every roll takes a second
# for 12 tiles, and the answers depend on the rules alone). Turn, asked about a given open
# mask, never reads the axes of NOT_PLAYED (the start position, the scoring, the match and
# its stakes): rules differing only in them (classic, canoga, tournament, missionary,
# lucky-7, ...) share theirs.
_SHARED = {}  # rules_key(rules, NOT_PLAYED): {(mask, first, count): transitions}
_SHARED_RULES = 16
NOT_PLAYED = ("start", "scoring", "match", "rounds", "target", "max_penalty", "drop_on_exceed",
              "stakes", "chips", "ante", "ties")

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


def rules_key(rules, leave_out=()):
    """The rules' every axis (but those left out), as a key: equal rules, equal keys."""
    return tuple(getattr(rules, name) for name in R.AXES if name not in leave_out)


def shared(store, rules, make, leave_out=()):
    """`store`'s entry for these rules (the axes left out aside), made by make() when it has
    none (the store keeps the last _SHARED_RULES rule sets)."""
    key = rules_key(rules, leave_out)
    found = store.get(key)
    if found is None:
        while len(store) >= _SHARED_RULES:
            del store[next(iter(store))]
        found = store[key] = make()
    return found


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
        self._cache = shared(_SHARED, rules, dict, NOT_PLAYED)

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

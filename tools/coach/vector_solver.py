"""The exact one-turn solver vectorised with numpy, for boxes up to 24 tiles (the-300: 2^24
open masks, 4d6 and its one-die rule).

Same dynamic programme as turn_solver.py (largest shut chance, or lowest expected score; one die
only when strictly better; the best move per roll total), for any-combination moves with fair
dice. The masks are split into high tiles (any two of them add up to more than the largest
roll, so a move shuts at most one) and low tiles: V[high, low]. Blocks of masks with the
same number of open high tiles and of open low tiles are solved together, fewest first, so
every block depends only on blocks already solved:
  - a move of low tiles only leaves the same high tiles and fewer low ones;
  - a move with high tile h and low tiles summing to u leaves one high tile fewer; the best
    such remainder for every u is found once per layer of high masks (Q[u]).
Memory: V and one layer of Q (for the-300: 128 MB + 360 MB in float64).
"""

import time

import numpy as np
from game import rules as R

TIE = 1e-12  # as turn_solver.py: one die only when better by more than this
SHUT = "shut"
SCORE = "score"


def why_not(rules):
    """Why the vectorised solver cannot take these rules, or None."""
    if rules.move != R.MOVE_ANY:
        return "only any-combination moves"
    if rules.source not in (R.SOURCE_DICE, R.SOURCE_MANUAL):
        return "only dice (dominoes and cards are drawn without replacement)"
    if rules.unlucky_7 or rules.must_first or rules.double_rethrow:
        return "no unlucky 7, 2-to-go/3-to-go or double rethrow"
    if rules.scoring == R.SCORE_DIGITAL and rules.tiles > 12:
        return "digital scores of more than 12 tiles do not fit 64 bits"
    return None


def roll_chances(count, faces):
    """P(total = t) for t = 0..count*faces of `count` fair dice."""
    chances = np.zeros(count * faces + 1)
    chances[0] = 1.0
    for _ in range(count):
        following = np.zeros_like(chances)
        for face in range(1, faces + 1):
            following[face:] += chances[:len(chances) - face] / faces
        chances = following
    return chances


def _popcount(values):
    values = values.copy()
    count = np.zeros_like(values)
    while values.any():
        count += values & 1
        values >>= 1
    return count


def _tile_sums(count, first_tile):
    """The sum of the tiles in every mask of `count` tiles numbered from `first_tile`."""
    masks = np.arange(1 << count)
    sums = np.zeros(1 << count, dtype=np.int64)
    for index in range(count):
        sums += ((masks >> index) & 1) * (first_tile + index)
    return sums


class VectorSolver:
    """One objective's values V[mask] for every open mask, and the one-die choices.

    The objective is SHUT, SCORE or (`worth`, `shut_worth`): what ending with each score is
    worth (an array indexed by score) and what shutting the box is worth; higher is better.
    """

    def __init__(self, rules, objective, log=None):
        problem = why_not(rules)
        if problem:
            raise ValueError("the vectorised solver takes %s" % problem)
        self.rules = rules
        self.objective = objective
        self.log = log
        self.tiles = rules.tiles
        self.top = rules.max_roll()
        low = max(0, (self.top - 3) // 2 + 1)  # tiles low+1 and low+2 add up to more than top
        self.low = min(low, self.tiles)
        self.high = self.tiles - self.low
        self.all_chances = roll_chances(rules.dice, rules.faces)
        self.one_chances = roll_chances(1, rules.faces) if rules.dice > 1 else None
        self.value = np.zeros(1 << self.tiles)
        self.one_die = {}  # mask -> rolls one die (only masks where one die is allowed)
        self.seconds = 0.0  # wall clock
        self.cpu_seconds = 0.0

    # -- per-mask facts ----------------------------------------------------------------------
    def _end_values(self, highs, lows):
        """The objective's value of a turn ending with these masks open (no move)."""
        if self.objective == SHUT:
            return np.zeros((len(highs), len(lows)))
        score = self._scores(highs, lows)
        if self.objective == SCORE:
            return -score.astype(float)
        return self.objective[0][score]

    def _scores(self, highs, lows):
        rules = self.rules
        if rules.scoring == R.SCORE_MISSIONARY:
            score = _popcount(highs)[:, None] + _popcount(lows)[None, :]
        elif rules.scoring == R.SCORE_GOLF:
            score = self.high_sums[highs][:, None] + self.low_sums[lows][None, :]
        else:
            masks = (highs[:, None] << self.low) | lows[None, :]
            score = np.vectorize(rules.score, otypes=[np.int64])(masks)
        return score

    def _one_die_allowed(self, highs, lows):
        rules = self.rules
        masks = (highs[:, None] << self.low) | lows[None, :]
        if rules.dice < 2 or rules.one_die == R.ONE_DIE_NEVER:
            return np.zeros(masks.shape, dtype=bool)
        if rules.one_die == R.ONE_DIE_HIGH_SHUT:
            return (masks >> 6) == 0
        if rules.one_die == R.ONE_DIE_LAST_TILE:
            return masks == 1
        sums = self.high_sums[highs][:, None] + self.low_sums[lows][None, :]
        return sums <= 6

    # -- the solve ---------------------------------------------------------------------------
    def solve(self):
        started = time.perf_counter()
        cpu_started = time.process_time()
        low, high, top = self.low, self.high, self.top
        self.low_sums = _tile_sums(low, 1)
        self.high_sums = _tile_sums(high, low + 1)
        low_masks = np.arange(1 << low)
        high_masks = np.arange(1 << high)
        low_layers = [low_masks[_popcount(low_masks) == b] for b in range(low + 1)]
        high_layers = [high_masks[_popcount(high_masks) == a] for a in range(high + 1)]
        moves = [(int(s), int(self.low_sums[s])) for s in range(1, 1 << low) if self.low_sums[s] <= top]
        by_layer = [self._layer_moves(layer, moves) for layer in low_layers]
        V = self.value.reshape(1 << high, 1 << low)
        if self.objective in (SHUT, SCORE):
            V[0, 0] = 1.0 if self.objective == SHUT else -float(self.rules.score(0))
        else:
            V[0, 0] = self.objective[1]
        spare = top - (low + 1)  # the most a high move's low tiles can add
        Q = None
        for a, highs in enumerate(high_layers):
            if a:
                Q = self._remainders(V, high_layers[a - 1], moves, spare)
            for b, lows in enumerate(low_layers):
                if a == 0 and b == 0:
                    continue
                best = np.full((top + 1, len(highs), len(lows)), -np.inf)
                for total, columns, targets in by_layer[b]:
                    best[total][:, columns] = np.maximum(best[total][:, columns],
                                                         V[np.ix_(highs, targets)])
                if a:
                    self._high_moves(best, highs, high_layers[a - 1], lows, Q)
                V[np.ix_(highs, lows)] = self._roll(best, highs, lows)
            if self.log:
                self.log("layer %d/%d of high tiles done, %.0f s" % (a, high, time.perf_counter() - started))
        self.seconds = time.perf_counter() - started
        self.cpu_seconds = time.process_time() - cpu_started
        return self

    def _layer_moves(self, layer, moves):
        """Per low move: (its total, the positions in the layer holding it, the layer's masks
        without it)."""
        found = []
        for s, total in moves:
            holding = np.nonzero((layer & s) == s)[0]
            if len(holding):
                found.append((total, holding, layer[holding] ^ s))
        return found

    def _remainders(self, V, highs, moves, spare):
        """Q[u][i, low]: the best value left by shutting low tiles adding up to u (u = 0:
        none) from the mask (highs[i], low), for u up to `spare`."""
        everything = np.arange(1 << self.low)
        Q = np.full((spare + 1, len(highs), 1 << self.low), -np.inf)
        rows = V[highs]
        Q[0] = rows
        for s, total in moves:
            if total > spare:
                continue
            holding = everything[(everything & s) == s]
            Q[total][:, holding] = np.maximum(Q[total][:, holding], rows[:, holding ^ s])
        return Q

    def _high_moves(self, best, highs, below, lows, Q):
        """Moves that shut one high tile (and low tiles adding up to u) into `best`."""
        where = {int(mask): row for row, mask in enumerate(below)}
        for index in range(self.high):
            tile = self.low + 1 + index
            if tile > self.top:
                break
            rows = np.nonzero(highs & (1 << index))[0]
            if not len(rows):
                continue
            sources = np.array([where[int(mask)] for mask in highs[rows] ^ (1 << index)])
            for u in range(0, min(self.top - tile, Q.shape[0] - 1) + 1):
                found = Q[u][np.ix_(sources, lows)]
                best[tile + u][rows] = np.maximum(best[tile + u][rows], found)

    def _expected(self, best, chances, end):
        total = np.zeros(end.shape)
        for roll in range(1, len(chances)):
            if chances[roll]:
                found = best[roll]
                total += chances[roll] * np.where(found > -np.inf, found, end)
        return total

    def _roll(self, best, highs, lows):
        end = self._end_values(highs, lows)
        value = self._expected(best, self.all_chances, end)
        allowed = self._one_die_allowed(highs, lows)
        if allowed.any():
            one = self._expected(best, self.one_chances, end)
            choose = allowed & (one > value + TIE)
            for i, j in zip(*np.nonzero(allowed), strict=True):
                self.one_die[(int(highs[i]) << self.low) | int(lows[j])] = bool(choose[i, j])
            value = np.where(choose, one, value)
        return value

    def start_value(self):
        return float(self.value[self.rules.start_mask()])


def start_figure(solver):
    """The solved objective's figure at the start, as a player reads it: {"p_shut": ...} for
    SHUT, {"expected_score": ...} for SCORE (its values are the negated scores: higher is
    better)."""
    if solver.objective == SHUT:
        return {"p_shut": solver.start_value()}
    if solver.objective == SCORE:
        return {"expected_score": -solver.start_value()}
    return {"value": solver.start_value()}


def play_turns(solver, turns, seed):
    """Monte Carlo: (shut count, score sum, score square sum) of `turns` turns on the
    firmware's Turn and ElectronicDice, every choice the solver's (the first move that leaves
    the best value)."""
    from game.prng import Xorshift32
    from game.sources import ElectronicDice, feed
    from game.turn import AWAIT_MOVE, END_SHUT, OVER, Turn

    from tools.coach.round_monte_carlo import make_move

    rules = solver.rules
    value = solver.value
    turn = Turn(rules)
    dice = ElectronicDice(Xorshift32(seed), rules.faces)
    shuts = total = squares = 0
    for _ in range(turns):
        turn.start()
        while turn.state != OVER:
            if turn.one_die_allowed():
                turn.choose_one_die(solver.one_die[turn.open_mask])
            feed(turn, dice.values, dice.draw(turn.dice_expected()))
            if turn.state != AWAIT_MOVE:
                continue
            mask = turn.open_mask
            moves = turn.legal_moves()
            values = [value[mask & ~move] for move in moves]
            top = max(values)
            make_move(turn, next(move for move, found in zip(moves, values, strict=True)
                                 if found >= top - TIE))
        score = turn.score()
        shuts += turn.ended == END_SHUT
        total += score
        squares += score * score
    return shuts, total, squares


def main(argv=None):
    import argparse
    import json
    import math
    import resource

    from game.presets import PRESET_NAMES, preset

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset", choices=PRESET_NAMES)
    parser.add_argument("--monte-carlo", type=int, default=0, metavar="TURNS",
                        help="also play this many turns per objective on the firmware's Turn")
    parser.add_argument("--seed", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    problem = why_not(rules)
    if problem:
        parser.error("%s: the vectorised solver takes %s" % (args.preset, problem))
    report = {"preset": args.preset, "tiles": rules.tiles, "dice": "%dd%d" % (rules.dice, rules.faces),
              "masks": 1 << rules.tiles}
    quiet = args.json
    for objective in (SHUT, SCORE):
        solver = VectorSolver(rules, objective, log=None if quiet else print).solve()
        figures = dict(start_figure(solver), seconds=round(solver.seconds, 1),
                       cpu_seconds=round(solver.cpu_seconds, 1),
                       one_die=sorted(mask for mask, one in solver.one_die.items() if one))
        if args.monte_carlo:
            turns = args.monte_carlo
            shuts, total, squares = play_turns(solver, turns, args.seed)
            mean = total / turns
            spread = math.sqrt(max(squares / turns - mean * mean, 0.0))
            figures["monte_carlo"] = {"turns": turns, "seed": args.seed, "p_shut": shuts / turns,
                                      "mean_score": mean, "mean_score_error": spread / math.sqrt(turns)}
        report[objective] = figures
        del solver
        if not quiet:
            print(objective, json.dumps(figures))
    report["peak_memory_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main())

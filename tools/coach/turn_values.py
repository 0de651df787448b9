"""One turn's best play for many goals at once, and how a turn ends under a policy.

A goal is a terminal utility: what each way of ending the turn is worth (its end mask and how
it ended). `solve_columns` is the expectimax of turn_solver.py's dynamic programme run for C goals
side by side (numpy, one column per goal) over the same firmware transitions (turn_solver.Model).
`ending_distribution` runs a policy forwards from the start position and gives the exact
chance of every ending, so every score distribution, quantile and win chance below is exact.
"""

import weakref

import numpy as np
from game.turn import END_FIRST_ROLL_LOST, END_SHUT

from tools.coach.turn_solver import END, FREE, MOVES, TIE


def endings(model):
    """Every way a turn can end, as a list of (end mask, how), and its index by that pair."""
    rules = model.rules
    found = {(0, END_SHUT): 0}
    size = 1 << rules.tiles
    passes = [(mask, False) for mask in range(1, size)]
    if rules.must_first:
        passes.append((rules.start_mask(), True))
    for mask, first in passes:
        for count in model.choices(mask):
            for _probability, kind, _key, data in model.transitions(mask, first, count):
                if kind == END and data not in found:
                    found[data] = len(found)
    ordered = sorted(found, key=found.get)
    return ordered, {ending: index for index, ending in enumerate(ordered)}


class Play:
    """A policy for C goals: per mask the value of each goal (before the roll), the one-die
    choice and, per transition entry of each dice count, the index of the move chosen."""

    def __init__(self, model, columns):
        size = 1 << model.rules.tiles
        self.model = model
        self.columns = columns
        self.value = np.zeros((size, columns))
        self.one_die = [None] * size  # per mask: bool array (C,), or None if not offered
        self.picks = [None] * size  # per mask: {count: {entry index: int array (C,)}}
        self.first = None  # (value, one_die, picks) of the first roll under 2/3-to-go

    def start_value(self):
        """Each goal's value of a whole turn from the rules' start position."""
        if self.first is not None:
            return self.first[0]
        return self.value[self.model.rules.start_mask()]

    def decision(self, mask, first):
        """(one_die, picks) at a mask: the first-roll row when `first` and there is one."""
        if first and self.first is not None:
            return self.first[1], self.first[2]
        return self.one_die[mask], self.picks[mask]


class _Layout:
    """One roll's transitions (Model.transitions) as arrays, so that a mask's moves are weighed
    all at once: `rows` the mask each move leaves, entry after entry; `starts` where each MOVES
    entry's rows begin; `local` each row's place among its entry's moves; `segment` its entry;
    `repeats` whether a mask is left by two moves (then reach adds them one after the other)."""

    def __init__(self, transitions):
        self.transitions = transitions
        self.free = 0.0
        rows, starts, local, segment, chances = [], [], [], [], []
        for probability, kind, _key, data in transitions:
            if kind == FREE:
                self.free += probability
            elif kind == MOVES:
                segment += [len(starts)] * len(data)
                starts.append(len(rows))
                chances.append(probability)
                local += range(len(data))
                rows += data
        self.moving = [entry for entry, (_p, kind, _key, _data) in enumerate(transitions) if kind == MOVES]
        self.chances = np.array(chances)[:, None]
        self.rows = np.array(rows, dtype=np.intp)
        self.starts = np.array(starts, dtype=np.intp)
        self.local = np.array(local, dtype=np.intp)[:, None]
        self.segment = np.array(segment, dtype=np.intp)
        self.repeats = len(set(rows)) < len(rows)


_LAYOUTS = weakref.WeakKeyDictionary()  # model: {(mask, first, count): _Layout}


def _layout(model, mask, first, count):
    found = _LAYOUTS.setdefault(model, {})
    key = (mask, first, count)
    layout = found.get(key)
    if layout is None:
        layout = found[key] = _Layout(model.transitions(mask, first, count))
    return layout


def _roll_value(play, utility, index, mask, first, count):
    """(value (C,), picks) of rolling `count` dice at a mask: each roll's move is the first
    within TIE of the best (the earlier move wins a tie), as turn_solver's _argbest. The sum
    over the rolls is taken in their order, so a value is the same to the bit however the
    moves are weighed."""
    layout = _layout(play.model, mask, first, count)
    total = np.zeros(play.columns)
    picks = {}
    picked = ()
    if layout.moving:
        values = play.value[layout.rows]
        best = np.maximum.reduceat(values, layout.starts, axis=0)
        close = values >= (best - TIE)[layout.segment]
        chosen = np.minimum.reduceat(np.where(close, layout.local, len(layout.rows)), layout.starts, axis=0)
        picked = values[layout.starts[:, None] + chosen, np.arange(play.columns)]
        picks = dict(zip(layout.moving, chosen, strict=True))
    at = 0
    for probability, kind, _key, data in layout.transitions:
        if kind == END:
            total += probability * utility[index[data]]
        elif kind == MOVES:
            total += probability * picked[at]
            at += 1
    if layout.free:
        total /= 1.0 - layout.free
    return total, picks


def _decide(play, utility, index, mask, first):
    rules = play.model.rules
    counts = play.model.choices(mask)
    figures = {count: _roll_value(play, utility, index, mask, first, count) for count in counts}
    value = figures[rules.dice][0]
    picks = {count: figures[count][1] for count in counts}
    one = None
    if len(counts) > 1:
        one = figures[1][0] > value + TIE
        value = np.where(one, figures[1][0], value)
    return value, one, picks


def solve_columns(model, utility, index):
    """The best play for every goal: `utility` is an array (endings, C), each column one goal's
    worth of each ending (higher is better), rows in the order of `endings(model)`."""
    play = Play(model, utility.shape[1])
    play.value[0] = utility[index[(0, END_SHUT)]]
    for mask in range(1, 1 << model.rules.tiles):
        play.value[mask], play.one_die[mask], play.picks[mask] = _decide(
            play, utility, index, mask, False)
    if model.rules.must_first:
        play.first = _decide(play, utility, index, model.rules.start_mask(), True)
    return play


def play_of_solution(model, solution):
    """turn_solver.solve's policy (the one the box's tables carry) as a one-column Play."""
    play = Play(model, 1)

    def convert(mask, first, one, best):
        picks = {}
        for count in model.choices(mask):
            chosen = {}
            for entry, (_p, kind, key, _data) in enumerate(model.transitions(mask, first, count)):
                if kind == MOVES:
                    chosen[entry] = np.array([best[key]])
            picks[count] = chosen
        offered = len(model.choices(mask)) > 1
        return (np.array([one]) if offered else None), picks

    for mask in range(1, 1 << model.rules.tiles):
        play.one_die[mask], play.picks[mask] = convert(mask, False, solution.one_die[mask],
                                                       solution.best[mask])
    if solution.first is not None:
        start = model.rules.start_mask()
        one, picks = convert(start, True, solution.first[2], solution.first[3])
        play.first = (None, one, picks)
    return play


def ending_distribution(play, index):
    """The chance of every ending (rows as `endings`) under each column's policy: (endings, C)."""
    model = play.model
    rules = model.rules
    columns = play.columns
    reach = np.zeros((1 << rules.tiles, columns))
    ended = np.zeros((len(index), columns))
    start = rules.start_mask()
    everywhere = np.ones(columns)

    def step(mask, weight, first):
        one, picks = play.decision(mask, first)
        for count in model.choices(mask):
            if count == rules.dice:
                share = weight if one is None else weight * ~one
            else:
                share = weight * one
            layout = _layout(model, mask, first, count)
            share = share / (1.0 - layout.free)
            for probability, kind, _key, data in layout.transitions:
                if kind == END:
                    ended[index[data]] += probability * share
            if layout.moving:
                chosen = np.array([picks[count][entry] for entry in layout.moving])[layout.segment]
                moved = (layout.chances * share)[layout.segment] * (chosen == layout.local)
                if layout.repeats:
                    np.add.at(reach, layout.rows, moved)  # in order, as one move after another
                else:
                    reach[layout.rows] += moved

    if start == 0:
        ended[index[(0, END_SHUT)]] = everywhere
        return ended
    if rules.must_first:
        step(start, everywhere, True)
    else:
        reach[start] = everywhere
    for mask in range(start, 0, -1):
        if reach[mask].any():
            step(mask, reach[mask], False)
    ended[index[(0, END_SHUT)]] += reach[0]
    return ended


def score_distribution(rules, ordered, chances):
    """({score: chance}, chance of a first-roll loss) of one column of `ending_distribution`.
    A first-roll loss scores like any end (its chance is in the scores too) but loses the round."""
    found = {}
    lost = 0.0
    for (mask, how), chance in zip(ordered, chances, strict=True):
        if chance <= 0:
            continue
        score = rules.score(mask)
        found[score] = found.get(score, 0.0) + float(chance)
        if how == END_FIRST_ROLL_LOST:
            lost += float(chance)
    return dict(sorted(found.items())), lost

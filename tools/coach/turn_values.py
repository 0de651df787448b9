"""One turn's best play for many goals at once, and how a turn ends under a policy.

A goal is a terminal utility: what each way of ending the turn is worth (its end mask and how
it ended). `solve_columns` is the expectimax of turn_solver.py's dynamic programme run for C goals
side by side (numpy, one column per goal) over the same firmware transitions (turn_solver.Model).
`ending_distribution` runs a policy forwards from the start position and gives the exact
chance of every ending, so every score distribution, quantile and win chance below is exact.

Both work level by level (a level: the masks with the same number of tiles up): a move only
ever leaves a mask of a lower level, so `solve_columns` weighs every mask of a level at once,
lowest level first, and `ending_distribution` pushes a level's chances down to the levels below,
highest first. Batching changes no figure's arithmetic, only how many numpy calls do it: each
mask's value is the same sum, term after term in the order of its transitions, as a loop over
the masks one at a time would take (turn_solver's), and each chance of reaching a mask the same
sum in the same order (the masks it is reached from, highest first, and their rolls and moves in
order): `_Plan` lays the model's transitions out once per model for both. Every operation acts
on each column alone (no figure of one goal enters another's), so a goal's column is, to the
bit, what a Play of that goal alone gives.
"""

import numpy as np
from game.turn import END_FIRST_ROLL_LOST, END_SHUT

from tools.coach.turn_solver import END, FREE, MOVES, TIE, shared

_CHUNK = 1 << 22  # the most values (rows x moves x columns) weighed in one numpy call: 32 MB


def _endings(model):
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
    ordered = sorted(found, key=lambda ending: found[ending])
    return ordered, {ending: index for index, ending in enumerate(ordered)}


def endings(model):
    """Every way a turn can end, as a list of (end mask, how), and its index by that pair."""
    plan = _plan(model)
    return list(plan.ordered), dict(plan.index)


def _level(mask):
    return bin(mask).count("1")


class _Group:
    """The masks of one level (or the first roll under 2/3-to-go) laid out for solve_columns.

    `weigh`: per slice of the level's roll entries with the same number of moves, (their
    places among the level's entries, their segments (global), the masks each move leaves);
    `sums[count]`: per option (the masks offering `count` dice, in order) the terms of its sum
    in the order of its transitions, as indices into solve_columns' `terms` and their chances
    (0.0 past an option's last term: it adds nothing), and where a free throw divides it."""

    def __init__(self, first, masks):
        self.first = first
        self.masks = np.array(masks, dtype=np.intp)
        self.local = []  # the group's segments, in order
        self.sums = {}
        self.one_rows = self.one_at = np.zeros(0, dtype=np.intp)
        self.weigh = []


class _Plan:
    """A model's transitions as arrays, for solve_columns and ending_distribution.

    An option is a mask (or the first roll), a dice count offered there; a segment one of its
    roll entries with moves (Play.chosen holds the move each column picks in each segment).
    """

    def __init__(self, model):
        rules = model.rules
        self.model = model
        self.size = size = 1 << rules.tiles
        self.ordered, self.index = _endings(model)
        self.start = rules.start_mask()
        self.must_first = rules.must_first != 0
        self.dice = rules.dice
        by_level = [[] for _ in range(rules.tiles + 1)]
        for mask in range(1, size):
            by_level[_level(mask)].append(mask)
        points = [[(mask, False) for mask in masks] for masks in by_level[1:] if masks]
        if self.must_first:
            points.append([(self.start, True)])
        self.options = []  # (mask, first, count, free) of every option
        self.option_of = {}
        self.decisions = {}  # (mask, first): (row in Play.one or None, [(count, [(entry, segment)])])
        self.segment_moves = []  # per segment: its moves' masks left
        self.ones = 0
        most = 1
        self.groups = []
        for group_points in points:
            group = _Group(group_points[0][1], [mask for mask, _first in group_points])
            local = group.local
            sums = {}
            one_rows, one_at = [], []
            for place, (mask, first) in enumerate(group_points):
                counts = model.choices(mask)
                row = None
                if len(counts) > 1:
                    row = self.ones
                    self.ones += 1
                    one_rows.append(row)
                    one_at.append(place)
                chosen = []
                for count in counts:
                    terms, entries, free = [], [], 0.0
                    for entry, (probability, kind, _key, data) in enumerate(model.transitions(mask, first, count)):
                        if kind == FREE:
                            free += probability  # as turn_solver adds them up
                        elif kind == END:
                            terms.append((self.index[data], probability))
                        elif kind == MOVES:
                            segment = len(self.segment_moves)
                            self.segment_moves.append(data)
                            most = max(most, len(data))
                            entries.append((entry, segment))
                            terms.append((-1 - len(local), probability))
                            local.append(segment)
                    self.option_of[mask, first, count] = len(self.options)
                    self.options.append((mask, first, count, free))
                    sums.setdefault(count, []).append((terms, free))
                    chosen.append((count, entries))
                self.decisions[mask, first] = (row, chosen)
            group.sums = sums
            group.one_rows = np.array(one_rows, dtype=np.intp)
            group.one_at = np.array(one_at, dtype=np.intp)
            self.groups.append(group)
        self.segments = len(self.segment_moves)
        self.pick_type = np.uint8 if most <= 256 else np.uint16
        self.widest = max(len(group.local) for group in self.groups)
        self.zero = len(self.ordered) + self.widest  # a row of solve_columns' terms left 0
        for group in self.groups:
            self._lay_out(group)
        self._forward = None

    def _lay_out(self, group):
        ends = len(self.ordered)
        by_moves = {}
        for place, segment in enumerate(group.local):
            by_moves.setdefault(len(self.segment_moves[segment]), []).append(place)
        for _moves, places in sorted(by_moves.items()):
            places = np.array(places, dtype=np.intp)
            segments = np.array(group.local, dtype=np.intp)[places]
            rows = np.array([self.segment_moves[segment] for segment in segments], dtype=np.intp)
            group.weigh.append((places, segments, rows))
        sums = {}
        for count, options in group.sums.items():
            width = max(len(terms) for terms, _free in options)
            index = np.full((len(options), width), self.zero, dtype=np.intp)
            chance = np.zeros((len(options), width))
            for row, (terms, _free) in enumerate(options):
                for column, (ref, probability) in enumerate(terms):
                    index[row, column] = ref if ref >= 0 else ends - 1 - ref
                    chance[row, column] = probability
            free = np.array([free for _terms, free in options])
            divided = np.nonzero(free)[0]
            sums[count] = (index, chance, divided, 1.0 - free[divided])
        group.sums = sums

    def forward(self):
        """The layout of ending_distribution (made when first asked for)."""
        if self._forward is None:
            self._forward = _Forward(self)
        return self._forward


_PLANS = {}  # rules_key: the _Plan of those rules (the same for every Model of them)


def _plan(model):
    return shared(_PLANS, model.rules, lambda: _Plan(model))


class Play:
    """A policy for C goals: per mask the value of each goal (before the roll), the one-die
    choice (`one`, a row per mask offering one die) and the move each goal picks in each roll
    entry with moves (`chosen`, a row per segment of the model's _Plan); `decision` reads them
    per mask as {count: {entry index: int array (C,)}}."""

    def __init__(self, model, columns, chosen=None, one=None):
        plan = _plan(model)
        self.model = model
        self.plan = plan
        self.columns = columns
        self.value = np.zeros((plan.size, columns))
        self.first_value = np.zeros(columns)  # each goal's value of the first roll under 2/3-to-go
        self.chosen = np.zeros((plan.segments, columns), dtype=plan.pick_type) if chosen is None else chosen
        self.one = np.zeros((plan.ones, columns), dtype=bool) if one is None else one
        self._decisions = {}

    def start_value(self):
        """Each goal's value of a whole turn from the rules' start position."""
        if self.plan.must_first:
            return self.first_value
        return self.value[self.model.rules.start_mask()]

    def decision(self, mask, first):
        """(one_die, picks) at a mask: the first-roll row when `first` and there is one.
        one_die is a bool array (C,), or None where one die is not offered."""
        key = (mask, first and self.plan.must_first)
        found = self._decisions.get(key)
        if found is None:
            row, counts = self.plan.decisions[key]
            found = self._decisions[key] = (
                None if row is None else self.one[row],
                {count: {entry: self.chosen[segment] for entry, segment in entries}
                 for count, entries in counts})
        return found

    def repeated(self, columns):
        """This one-column policy in each of `columns` columns (values left 0)."""
        return Play(self.model, columns, np.broadcast_to(self.chosen, (self.plan.segments, columns)),
                    np.broadcast_to(self.one, (self.plan.ones, columns)))


def solve_columns(model, utility, index):
    """The best play for every goal: `utility` is an array (endings, C), each column one goal's
    worth of each ending (higher is better), rows in the order of `endings(model)`.

    Each roll's move is the first within TIE of the best (the earlier move wins a tie), as
    turn_solver's _argbest; one die only when better by more than TIE."""
    plan = _plan(model)
    columns = utility.shape[1]
    play = Play(model, columns)
    value = play.value
    ends = len(plan.ordered)
    terms = np.zeros((plan.zero + 1, columns))  # the endings' worth, then a level's picked moves
    terms[:ends] = utility[[index[ending] for ending in plan.ordered]]
    value[0] = utility[index[(0, END_SHUT)]]
    dice = plan.dice
    for group in plan.groups:
        for every_place, every_segment, every_row in group.weigh:
            if every_row.shape[1] == 1:  # one move: chosen (0, as Play starts) whatever it is worth
                terms[ends + every_place] = value[every_row[:, 0]]
                continue
            step = max(1, _CHUNK // (every_row.shape[1] * columns))
            for at in range(0, len(every_place), step):
                values = value[every_row[at:at + step]]  # (segments, moves, C)
                low = values.max(axis=1) - TIE  # a move this close to the best is as good
                last = values.shape[1] - 1
                picked = values[:, last].copy()
                chosen = np.full(picked.shape, last, dtype=play.chosen.dtype)
                for move in range(last - 1, -1, -1):  # the first close move wins
                    close = values[:, move] >= low
                    np.copyto(picked, values[:, move], where=close)
                    np.copyto(chosen, move, where=close)
                play.chosen[every_segment[at:at + step]] = chosen
                terms[ends + every_place[at:at + step]] = picked
        totals = {}
        for count, (at, chance, divided, kept) in group.sums.items():
            total = np.zeros((len(at), columns))
            for term in range(at.shape[1]):
                found = terms[at[:, term]]
                found *= chance[:, term, None]
                total += found
            if len(divided):
                total[divided] /= kept[:, None]
            totals[count] = total
        found = totals[dice]
        if len(group.one_at):
            one_value = totals[1]
            rolled = found[group.one_at]
            one = one_value > rolled + TIE
            found[group.one_at] = np.where(one, one_value, rolled)
            play.one[group.one_rows] = one
        if group.first:
            play.first_value = found[0]
        else:
            value[group.masks] = found
    return play


def play_of_solution(model, solution):
    """turn_solver.solve's policy (the one the box's tables carry) as a one-column Play (its
    values left 0: ending_distribution needs only its choices)."""
    plan = _plan(model)
    play = Play(model, 1)
    for (mask, first), (row, counts) in plan.decisions.items():
        if first:
            _shut, _score, one, best = solution.first
        else:
            one, best = solution.one_die[mask], solution.best[mask]
        if row is not None:
            play.one[row] = one
        for count, entries in counts:
            transitions = model.transitions(mask, first, count)
            for entry, segment in entries:
                play.chosen[segment] = best[transitions[entry][2]]
    return play


class _Forward:
    """ending_distribution's layout: every move and every end of a turn as an edge from an
    option to the mask it leaves (or the ending), numbered in the order a loop over the masks
    from the start down (the first roll before them) would add them up; per level of the
    masks left, the edges by their place among the edges into their mask (`ranks`: adding
    rank after rank adds each mask's in that order)."""

    def __init__(self, plan):
        start = plan.start
        sources = [(start, True)] if plan.must_first else []
        sources += [(mask, False) for mask in range(start, 0, -1) if mask & start == mask]
        moves, ends = [], []  # (target, option, chance, segment, place)
        for mask, first in sources:
            _row, counts = plan.decisions[mask, first]
            for count in plan.model.choices(mask):
                option = plan.option_of[mask, first, count]
                for probability, kind, _key, data in plan.model.transitions(mask, first, count):
                    if kind == END:
                        ends.append((plan.index[data], option, probability, 0, 0))
                segment_of = dict(dict(counts)[count])
                for entry, (probability, kind, _key, data) in enumerate(plan.model.transitions(mask, first, count)):
                    if kind == MOVES:
                        for place, left in enumerate(data):
                            moves.append((left, option, probability, segment_of[entry], place))
        level_of = np.array([_level(mask) for mask in range(plan.size)])
        top = _level(start)
        self.levels = []  # (targets' level, ranks, the options of that level's masks)
        options = np.array([(mask, first, count) for mask, first, count, _free in plan.options])
        free = np.array([free for _mask, _first, _count, free in plan.options])
        moving = _Edges(moves)
        for level in range(top - 1, -1, -1):
            ranks = moving.ranks(level_of[moving.target] == level)
            self.levels.append((ranks, self._shares(plan, options, free, level)))
        self.top_shares = self._shares(plan, options, free, top)
        self.ends = _Edges(ends).ranks(None)
        self.first_shares = None
        if plan.must_first:
            first = np.nonzero(options[:, 1] == 1)[0]
            self.first_shares = self._share_layout(plan, options, free, first)

    @staticmethod
    def _shares(plan, options, free, level):
        """Where the options of the level's masks (reached from the start) get their shares."""
        masks = options[:, 0]
        chosen = np.nonzero((options[:, 1] == 0) & (masks & plan.start == masks)
                            & (np.array([_level(mask) for mask in masks]) == level))[0]
        return _Forward._share_layout(plan, options, free, chosen)

    @staticmethod
    def _share_layout(plan, options, free, chosen):
        """(options, their masks, the Play.one row and whether the option is one die (-1: no
        choice), 1 - free)."""
        rows, picks_one = [], []
        for option in chosen:
            mask, first, count = options[option]
            row, _counts = plan.decisions[int(mask), bool(first)]
            rows.append(-1 if row is None else row)
            picks_one.append(count != plan.dice)
        return (chosen, options[chosen, 0], np.array(rows, dtype=np.intp), np.array(picks_one, dtype=bool),
                1.0 - free[chosen])


class _Edges:
    """Edges (target, option, chance, segment, place) as arrays, in the order given."""

    def __init__(self, edges):
        fields = list(zip(*edges, strict=True)) if edges else [()] * 5
        self.target, self.option, self.segment, self.place = (
            np.array(fields[at], dtype=np.intp) for at in (0, 1, 3, 4))
        self.chance = np.array(fields[2], dtype=float)

    def ranks(self, where):
        """Per rank (an edge's place among its target's edges, in order): the edges'
        (targets, options, chances, segments, places); `where` picks edges (None: all)."""
        chosen = np.arange(len(self.target)) if where is None else np.nonzero(where)[0]
        chosen = chosen[np.argsort(self.target[chosen], kind="stable")]
        targets = self.target[chosen]
        first = np.r_[True, targets[1:] != targets[:-1]] if len(targets) else np.zeros(0, dtype=bool)
        starts = np.nonzero(first)[0]
        rank = np.arange(len(targets)) - np.repeat(starts, np.diff(np.r_[starts, len(targets)]))
        found = []
        for level in range(rank.max() + 1 if len(rank) else 0):
            edges = chosen[rank == level]
            found.append((self.target[edges], self.option[edges], self.chance[edges][:, None],
                          self.segment[edges], self.place[edges][:, None]))
        return found


def _set_shares(share, play, weight, layout):
    """Each option's share of the chance of being at its mask: the weight times the one-die
    choice, divided by the chance of a roll that is no free throw (as a mask-at-a-time loop
    takes them)."""
    options, masks, rows, picks_one, kept = layout
    if not len(options):
        return
    weights = weight(masks)
    offered = rows >= 0
    if offered.any():
        one = play.one[rows[offered]]
        weights[offered] = np.where(picks_one[offered][:, None], weights[offered] * one,
                                    weights[offered] * ~one)
    share[options] = weights / kept[:, None]


def ending_distribution(play, index):
    """The chance of every ending (rows as `endings`) under each column's policy: (endings, C)."""
    plan = play.plan
    columns = play.columns
    reach = np.zeros((plan.size, columns))
    ended = np.zeros((len(plan.ordered), columns))
    if plan.start == 0:
        ended[plan.index[(0, END_SHUT)]] = 1.0
        return _in_order(ended, plan, index)
    forward = plan.forward()
    share = np.zeros((len(plan.options), columns))
    if plan.must_first:
        _set_shares(share, play, lambda masks: np.ones((len(masks), columns)), forward.first_shares)
    else:
        reach[plan.start] = 1.0
    _set_shares(share, play, lambda masks: reach[masks], forward.top_shares)
    for ranks, shares in forward.levels:
        for targets, options, chances, segments, places in ranks:
            moved = share[options]
            moved *= chances
            moved *= play.chosen[segments] == places  # only the move chosen carries it
            reach[targets] += moved
        _set_shares(share, play, lambda masks: reach[masks], shares)
    for targets, options, chances, _segments, _places in forward.ends:
        ended[targets] += chances * share[options]
    ended[plan.index[(0, END_SHUT)]] += reach[0]
    return _in_order(ended, plan, index)


def _in_order(ended, plan, index):
    if index == plan.index:
        return ended
    found = np.zeros_like(ended)
    found[[index[ending] for ending in plan.ordered]] = ended
    return found


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

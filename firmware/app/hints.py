"""The hint provider: the best move after each roll, one-die advice, the shut chance, and a
review of the turn (each move's cost against the best move) when it is over.

The App asks it once per roll and on each flap change; the policy table of the game in play
(game.strategy) is imported on first use and dropped when another game starts. Games with no
table (24 tiles, dominoes, cards) get no hints: best_move 0, shut_chance -1, one_die -1.
"""

from game.strategy import OBJ_SHUT, load, percent
from game.turn import AWAIT_MOVE, OVER, PENDING
from micropython import const

MAX_MOVES = const(24)  # a turn makes at most one move per tile


class Review:
    """The moves of the last turn: roll total, tiles shut, the best move's tiles, and the cost
    of each (in tenths of a percentage point of shut chance, or tenths of a point of score)."""

    def __init__(self):
        self.count = 0
        self.player = 0
        self.objective = OBJ_SHUT
        self.totals = bytearray(MAX_MOVES)
        self.before = [0] * MAX_MOVES
        self.best = [0] * MAX_MOVES
        self.made = [0] * MAX_MOVES
        self.costs = [0] * MAX_MOVES  # tenths, >= 0
        self.total_cost = 0  # tenths

    def clear(self):
        self.count = 0
        self.total_cost = 0


class Hints:
    """Hints for App(devices, settings, rng, hints=Hints())."""

    def __init__(self):
        self.rules = None
        self.policy = None
        self.module_name = None
        self.review = Review()
        self._recording = False  # a review is being recorded for the turn in play
        self._roll_best = 0  # the best move for the roll the turn awaits a move for

    def policy_for(self, turn):
        """The policy of the turn's rules (imported on first use), or None."""
        rules = turn.rules
        if rules is not self.rules:
            self._unload()
            self.rules = rules
            self.policy = load(rules)
        return self.policy

    def _unload(self):
        """Forget the last game's table so its bytes can be collected."""
        self.policy = None
        self.rules = None

    # -- after a roll ------------------------------------------------------------------------
    def best_move(self, turn):
        """The best move's tiles (a mask) for the roll just made; 0 when there is no hint.
        Also records the roll for the review."""
        policy = self.policy_for(turn)
        self._roll_best = 0
        if policy is None or turn.state != AWAIT_MOVE:
            return 0
        best = policy.best_move(turn)
        self._roll_best = best
        review = self.review
        index = turn.moves_made
        if index == 0:
            review.clear()
            review.objective = policy.objective
            self._recording = True
        if self._recording and index < MAX_MOVES:
            review.totals[index] = turn.total if turn.total < 256 else 255
            review.before[index] = turn.open_mask
            review.best[index] = best
            review.count = index + 1
        return best

    def follow_up(self, turn):
        """The tiles still to shut for the best move that keeps the tiles shut so far: the
        roll's best move while the player follows it, else the best legal move that contains
        them (0: nothing better to add, or no table)."""
        pending = turn.pending
        best = self._roll_best
        if best & pending == pending:
            return best & ~pending
        policy = self.policy_for(turn)
        if policy is None or turn.state != AWAIT_MOVE:
            return 0
        choice = 0
        choice_value = 0
        for move in turn.legal_moves():
            if move & pending == pending:
                value = policy.value(turn.open_mask & ~move)
                if not choice or value > choice_value:
                    choice = move
                    choice_value = value
        return choice & ~pending

    def shut_chance(self, turn):
        """The chance of shutting the box in whole percent, from where the turn stands: the
        open tiles before a roll; after one, the move shut so far if it adds up, else the best
        move. -1 with no table."""
        policy = self.policy_for(turn)
        if policy is None:
            return -1
        if turn.state == AWAIT_MOVE and turn.pending and turn.move_state() != PENDING:
            return percent(policy.shut_raw(turn.open_mask & ~turn.pending))
        if turn.state == AWAIT_MOVE:
            return percent(policy.shut_chance_raw(turn, self._roll_best))
        return percent(policy.shut_chance_raw(turn))

    def one_die(self, turn):
        """1: roll one die next, 0: all the dice, -1: no choice to advise on (or no table)."""
        policy = self.policy_for(turn)
        if policy is None or turn.state == OVER or not turn.one_die_allowed():
            return -1
        if turn.state == AWAIT_MOVE and (not turn.pending or turn.move_state() == PENDING):
            return -1
        return 1 if policy.one_die_advised(turn) else 0

    # -- after the turn ----------------------------------------------------------------------
    def turn_over(self, turn, player):
        """Close the review of a finished turn; returns how many moves it holds (0: none)."""
        review = self.review
        if not self._recording or self.policy is None:
            review.clear()
            return 0
        self._recording = False
        self._roll_best = 0
        review.player = player
        count = review.count if review.count <= turn.moves_made else turn.moves_made
        review.count = count
        policy = self.policy
        shut_objective = policy.objective == OBJ_SHUT
        unit = policy.score_unit
        total = 0
        for index in range(count):
            after = review.before[index + 1] if index + 1 < count else turn.open_mask
            made = review.before[index] & ~after
            review.made[index] = made
            raw = policy.move_cost(review.before[index], review.best[index], made)
            if made == review.best[index] or raw < 0:
                raw = 0
            if shut_objective:
                tenths = (raw * 1000 + 32767) // 65535
            else:
                tenths = (raw * 10 + unit // 2) // unit
            review.costs[index] = tenths
            total += raw
        if shut_objective:
            review.total_cost = (total * 1000 + 32767) // 65535
        else:
            review.total_cost = (total * 10 + unit // 2) // unit
        return count

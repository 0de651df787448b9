"""The hint provider: the best move after each roll, one-die advice, the shut chance (or the
chance of winning), and a review of the turn (each move's cost against the best move).

The App asks it once per roll and on each flap change; the policy table of the game in play
(game.strategy) is imported on first use and dropped when another game starts. Games with no
table (24 tiles, dominoes, cards) get no hints: best_move 0, shut_chance -1, one_die -1.

In a single round every player is told how to win rather than how to score: `turn_starts` sets
game.win_chance's dynamic programme going against the round so far (the score to beat, how many
share it, how many throw after; the end values of win_ends.bin for all but the last), `work`
advances it a slice per tick, and once it is ready the turn's hints (best move, one die,
"win NN%", the review) come from it. The same programme with other end values plays the last
throw of a tournament or fixed-rounds match for the match, and a max-penalty turn whose best
chance of staying under the limit is below 99 % to stay in ("stay NN%"); every other turn of
those formats gets the table's hints. Until what the turn's chance is of is settled and the
chance computed, the chance is _WORKING ("calc" on the OLED) and no one-die advice is given: the
box never shows a figure it has not worked out, nor an objective it is about to change. What a turn plays for and the review's pricing, once a
turn each, are app.hints_turn's: imported for the call and let go.
"""

import time
from array import array

from game.strategy import OBJ_SHUT, WIN_ONE, first_best, load, percent
from game.turn import AWAIT_MOVE, AWAIT_ROLL, OVER, PENDING
from micropython import const

from app.memory import let_go

_TYPE_CHECKING = const(0)  # a const: mpy-cross leaves out what it guards (and stores no name)
if _TYPE_CHECKING:
    from typing import Any

_MAX_MOVES = const(12)  # a turn makes at most one move per tile, and a table has at most 12
_OBJ_WIN = const(2)  # a review in points of the chance of winning
_OBJ_STAY = const(3)  # a review in points of the chance of staying in (max-penalty)
_NO_GOAL = const(0)  # hints for the table's objective; else game.at_stake's _GOAL_* (as there):
_GOAL_STAY = const(3)  # max-penalty's chance of staying under the limit
_STAY_SURE = const(64880)  # 99 % of WIN_ONE: a player at least this sure to stay in plays for the score
_WORKING = const(-2)  # shut_chance while the turn's chance is being worked out (app.screens' copy)
_SLICES = const(16)  # a tick's slices of the chance's programme at most (game.win_chance's step),
_ROOM_US = const(10000)  # as many as fit this much of the box's clock, the tick's other work aside
# (issue 45: on the emulated chip a step's tick takes up to 18 ms with 10 ms, 15 with 7 ms, and
# player 2's chance is ready a tenth to half a second sooner)


class Review:
    """The moves of the last turn: roll total, tiles shut, the best move's tiles, and the cost
    of each (in tenths of a percentage point of shut or win chance, or tenths of a point).
    Masks fit 16 bits (a table has at most 12 tiles, so a turn with hints at most 12 moves); a
    cost may not (digital's worst score is 123,456,789 points): 32 bits."""

    def __init__(self):
        self.count = 0
        self.player = 0
        self.objective = OBJ_SHUT
        self.totals = bytearray(_MAX_MOVES)
        self.before = array("H", [0] * _MAX_MOVES)  # the open tiles before each move
        self.best = array("H", [0] * _MAX_MOVES)
        self.made = array("H", [0] * _MAX_MOVES)
        self.costs = array("i", [0] * _MAX_MOVES)  # tenths, >= 0
        self.total_cost = 0  # tenths
        self.end_mask = -1  # the open tiles the turn ended with, until priced (app.hints_turn)
        self.uncovered = False  # the long game's uncoverer's turn: a chance of opening every tile

    def clear(self):
        self.count = 0
        self.total_cost = 0


class Hints:
    """Hints for App(devices, settings, rng, hints=Hints())."""

    if _TYPE_CHECKING:
        win: Any  # game.win_chance.WinChance once a turn plays to win (self.winning), else None

    def __init__(self):
        self.rules = None
        self.policy = None
        self.win = None  # game.win_chance.WinChance of the rules in play, once needed
        self.winning = False  # this turn's hints are win's chance of winning (or of staying in)
        self.goal = _NO_GOAL  # what the chance is of, once ready
        self._starting = None  # the match whose turn just started, looked at on the next ticks
        self.stake = None  # what that turn plays for, once found (app.hints_turn's start)
        self.review = Review()
        self.uncovering = False  # the turn is the long game's uncoverer's: its chance is "open"
        self._recording = False  # a review is being recorded for the turn in play
        self._roll_best = 0  # the best move for the roll the turn awaits a move for
        self._roll_moves = None  # and its legal moves (follow_up's, in a flap's tick: issue 45)
        self._replaying = -1  # the roll the turn's review is rebuilt from next (app.hints_replay)
        self.due = False  # the dice just landed: their hints are the next tick's (app.core's tick)
        # The screen drew in the last tick the coach had work for: this one is the coach's, the
        # frame's drawing the next's (app.core's tick). A quick hand's flaps between turns kept
        # the screen drawing tick after tick, and player 2's chance waited for it (issue 45).
        self.waited = False

    def policy_for(self, turn):
        """The policy of the turn's rules (imported on first use), or None. Another game's
        forgets the last game's tables (closing its policy's file) so their bytes can be
        collected."""
        rules = turn.rules
        if rules is not self.rules:
            if self.policy is not None:
                self.policy.close()
            self.policy = self.win = None
            self.winning = False
            self.goal = _NO_GOAL
            self.rules = rules
            self.policy = load(rules)
        return self.policy

    # -- the chance of winning ---------------------------------------------------------------
    def turn_starts(self, match):
        """A turn of `match` is about to start: what it plays for is looked at on the next tick
        (`work`), so a resumed turn's tables load after boot's modules are gone."""
        self.winning = False
        self.goal = _NO_GOAL
        self.uncovering = match.uncovering()
        self._starting = match
        self.stake = None
        self._replaying = -1

    def wants_ticks(self):
        """Has work() work to do: a turn's start, a review's replay, the chance's programme?"""
        return self._starting is not None or self._replaying >= 0 or not (
            self.win is None or self.goal == _NO_GOAL or self.winning)

    def work(self, turn, log):
        """Each tick: look at a turn just started, else advance the chance of winning by as many
        slices alike as fit _ROOM_US (game.win_chance's step: each a few ms on a Pico); True on
        the tick after it turns ready, or once what the turn plays for is settled otherwise (the shut chance, no
        longer _WORKING): the hints are to be shown again (a tick that computes redraws nothing).
        The turn's hints play to win from then on, a turn under way too (lit moves, one die,
        "win NN%"). Once what the turn plays for is settled, a turn with moves made (resumed
        after a power cut or a page reload, or moved before the chance was ready) has its
        review rebuilt from the game `log` in that one currency, a few rolls a tick from the
        next on (app.hints_replay's replay)."""
        match = self._starting
        if match is not None:
            if self.stake is None:  # the tick that started the turn: its own work is enough
                self.stake = 0
                return False
            from app.hints_turn import start as slice_  # (one local for both: a Pico's call of

            if not slice_(self, match):  # more than 11 locals and stack allocates a frame on the heap)
                return False  # app.hints_turn kept for the next slice
            let_go("turn work")
            self._starting = None
            if turn.moves_made and (self.winning or self.goal == _NO_GOAL):
                self._replaying = 0
            return True  # what the turn plays for is settled (its last slice computed nothing)
        if self._replaying >= 0:
            from app.hints_replay import replay as slice_

            slice_(self, turn, log)  # (its first call the import's alone: a Pico's 10 ms)
            if self._replaying < 0:  # kept until the review is rebuilt
                let_go("turn work")
            return False
        win = self.win
        if win is None or self.goal == _NO_GOAL or self.winning:
            return False
        if not win.ready:  # a slice; once ready, the hints change on the next tick (a redraw)
            if win.to_beat == -2:  # the last slice found no such round: the lowest score, then
                self.goal = _NO_GOAL
                if turn.moves_made:
                    self._replaying = 0
                return True
            win.step(_SLICES, _ROOM_US, time)
            return False
        if self.goal == _GOAL_STAY and win.chance(turn.open_mask) >= _STAY_SURE:
            self.goal = _NO_GOAL  # in no real danger: the lowest score serves better
        else:
            self.winning = True
            self._roll_best = 0
        if turn.moves_made:
            self._replaying = 0
        return True

    # -- after a roll ------------------------------------------------------------------------
    def best_move(self, turn):
        """The best move's tiles (a mask) for the roll just made; 0 when there is no hint.
        Also records the roll for the review."""
        policy = self.policy_for(turn)
        self._roll_best = 0
        if policy is None or turn.state != AWAIT_MOVE:
            return 0
        moves = self._roll_moves = turn.legal_moves()  # (policy.best_move's pick, with them kept)
        best = first_best(moves, self.win.chance if self.winning else policy.value, turn.open_mask)
        self._roll_best = best
        review = self.review
        index = turn.moves_made
        if index == 0:
            review.clear()
            review.objective = policy.objective
            review.uncovered = self.uncovering
            if self.winning:
                review.objective = _OBJ_STAY if self.goal == _GOAL_STAY else _OBJ_WIN
            self._recording = True
        if self._recording and index < _MAX_MOVES:
            review.totals[index] = turn.total if turn.total < 256 else 255
            review.before[index] = turn.open_mask
            review.best[index] = best
            review.count = index + 1
        return best

    def follow_up(self, turn):
        """The tiles still to shut for the best move that keeps the tiles shut so far: the
        roll's best move while the player follows it, else the best legal move that contains
        them, by the rule best_move picks with (0: nothing better to add, or no table)."""
        pending = turn.pending
        best = self._roll_best
        if best & pending == pending:
            return best & ~pending
        policy = self.policy_for(turn)
        if policy is None or turn.state != AWAIT_MOVE:
            return 0
        value_of = self.win.chance if self.winning else policy.value
        moves = self._roll_moves  # the roll's, once its hints are made (a Pico took 6.7 ms to list them)
        if moves is None or self.due:
            moves = turn.legal_moves()
        return first_best(moves, value_of, turn.open_mask, pending) & ~pending

    def chance_word(self):
        """What shut_chance gives: "win" (the chance of winning), "stay" (of staying in), "shut"
        or, for the long game's uncoverer, "open" (the chance of opening every tile)."""
        if not self.winning:
            return "open" if self.uncovering else "shut"
        return "stay" if self.goal == _GOAL_STAY else "win"

    def shut_chance(self, turn):
        """The chance of shutting the box (or, when winning, of winning) from where the turn
        stands, as game.strategy's percent shows it: the open tiles before a roll; after one, the
        move shut so far if it adds up, else the best move. -1 with no table; _WORKING while
        it is worked out."""
        policy = self.policy_for(turn)
        if policy is None:
            return -1
        if turn.state == AWAIT_MOVE and turn.pending and turn.move_state() != PENDING:
            mask = turn.open_mask & ~turn.pending  # the move shut so far adds up
        elif turn.state == AWAIT_MOVE and self._roll_best:
            mask = turn.open_mask & ~self._roll_best
        elif turn.state == AWAIT_ROLL:
            mask = turn.open_mask
        else:
            return -1
        # still worked out: what the chance is of (the turn's start), or the chance of winning
        # (or of staying in, which may yet give way to the shut chance)
        if self._starting is not None or (self.goal != _NO_GOAL and not self.winning):
            return _WORKING
        first = turn.state == AWAIT_ROLL and not turn.rolls
        if self.winning:
            if first and turn.rules.must_first:
                return percent(self.win.first_chance, WIN_ONE)
            return percent(self.win.chance(mask), WIN_ONE)
        if first and policy.start:  # the first roll under 2-to-go/3-to-go
            return percent(policy.first_shut)
        return percent(policy.shut_raw(mask))

    def one_die(self, turn):
        """1: roll one die next, 0: all the dice, -1: no choice to advise on (or no table, or the
        chance still worked out)."""
        policy = self.policy_for(turn)
        if policy is None or turn.state == OVER or not turn.one_die_allowed():
            return -1
        if self._starting is not None or (self.goal != _NO_GOAL and not self.winning):
            return -1  # the chance still worked out: advice for an objective about to change
        if turn.state == AWAIT_MOVE and (not turn.pending or turn.move_state() == PENDING):
            return -1
        win = self.win
        if self.winning:
            if turn.rules.must_first and not turn.rolls:
                return 1 if win.first_one_die else 0
            return 1 if win.one_die_at(turn.open_mask & ~turn.pending) else 0
        return 1 if policy.one_die_advised(turn) else 0

    # -- after the turn ----------------------------------------------------------------------
    def turn_over(self, turn, player):
        """Close the review of a finished turn; returns how many moves it holds (0: none), each
        priced in a tick of its own (app.hints_turn's price: before the next turn's start, or at
        the match's end). Its programme stops."""
        review = self.review
        if not self._recording or self.policy is None:
            review.clear()
            return 0
        self._recording = False
        self._roll_best = 0
        self.goal = _NO_GOAL
        review.player = player
        if review.count > turn.moves_made:
            review.count = turn.moves_made
        if review.count:
            review.end_mask = turn.open_mask
        return review.count

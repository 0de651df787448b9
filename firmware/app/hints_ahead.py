"""The menu's work ahead for the coach (app.menu's quiet ticks import it, its leave lets it go):
the game's policy loaded, a slice a tick, for every match format, then in a single round the
first seat's chance of winning, which depends on the rules and the number of players alone."""

import sys

from game import forget
from hal import time  # (a look-up: hal's docstring says why)
from micropython import const

_GOAL_ROUND = const(1)  # game.at_stake's
_ROWS_SIMULTANEOUS = const(1)  # game.rules'
_SINGLE = const(0)  # game.rules' MATCH_SINGLE
_SLICES = const(16)  # app.hints': a tick's slices of the programme at most, as many as fit
# this much of the box's clock (game.win_chance's step), as app.hints' in a turn: with 12 ms
# (a quiet tick of the menu does 3.5-5 ms of an emulated RP2040's besides) the menu's ticks on
# 10 and 12 tiles took 19.8-20.2 ms, a slice's allocations slower than the one before it (the
# collector's search for room in a heap cut up by boot: 4.7-6.5 ms of such a tick, issue 45)
_ROOM_US = const(10000)
_looked = []  # game.tables.files imported (or looked for) in a tick of its own before the policy's


def ahead(hints, menu):
    """A slice of the menu's work ahead: the game's policy (every format), then the first
    seat's chance of winning in a single round (issue 45: it was worked out from the match's
    start), so the first turn's `start` (app.hints_turn) finds it begun or ready (a policy of
    the same rules is kept, a round begun again goes on). As `start`: a new game's policy in
    three slices, game.win_chance imported in one, then the programme's (game.win_chance's
    step: its slices alike, as many as fit a tick). Another game throws it away (app.hints'
    policy_for), other players begin it again (`menu.ahead`: the players it was begun for),
    hints off let it go."""
    rules = menu.rules()
    players = menu.players
    if not menu.hints_on:
        hints.win = None
        menu.ahead = 0
        return
    if hints.rules is not rules:  # the policy first, for every format: the first turn's ok
        # (its shut chance) read it in one tick before, 55 ms on the emulated chip
        if "game.policy_file" not in sys.modules:
            import game.policy_file  # noqa: F401
        elif "game.tables.policies" not in sys.modules:
            import game.tables.policies  # noqa: F401
        elif not _looked:  # where the flasher put the tables (read_policy's): with the file's open,
            _looked.append(1)  # an emulated RP2040's 19-24 ms in one tick
            try:
                import game.tables.files  # noqa: F401  # pyright: ignore[reportMissingImports]
            except ImportError:  # (the simulator, mip: the tables beside the code)
                pass
        else:
            del _looked[:]
            hints.policy_for(_FirstTurn(rules))  # another game's programme goes
            forget("game.tables.policies")  # unread (rules with no table)
            forget("game.policy_file")
            menu.ahead = 0
        return
    if rules.match != _SINGLE or rules.rows_mode == _ROWS_SIMULTANEOUS or players < 2:
        return
    win = hints.win
    if hints.policy is None:
        return
    if win is None:
        if "game.win_chance" not in sys.modules:
            import game.win_chance  # noqa: F401
        else:
            from game.win_chance import WinChance

            hints.win = WinChance(rules)
            menu.ahead = 0
        return
    if menu.ahead != players:  # begun for no one yet, or for other players
        menu.ahead = players
        win.begin(-1, 0, players - 1, _GOAL_ROUND, False)  # game.at_stake's first seat
    elif not win.ready:
        win.step(_SLICES, _ROOM_US, time)


class _FirstTurn:
    """What app.hints' policy_for reads of a turn (its rules), for the first seat's in the menu."""

    def __init__(self, rules):
        self.rules = rules

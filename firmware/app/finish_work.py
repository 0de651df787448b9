"""The match's end's work for the coach and the statistics (app.finish's Ending): the last
turn's review priced (no turn follows to price it: app.hints_turn's start), then the coach's
programme let go (its buffers and outcome table: room the statistics' merge needs) and the
merge asked of the keeper (app.keeper's slices).

Imported by Ending.step in a quiet tick of its own after the frames' (or by Ending.leave when
ok or select came first), let go with app.finish (Ending.leave).
"""

import sys

from app.memory import let_go, release

# The coach's programme, let go at the match's end (app.memory's table): it holds the turn's
# buffers and outcome table, room the statistics' merge then needs.
_PROGRAMME = ("game.win_chance", "game.win_kernel", "game.win_table")


def step(ending, app, quiet):
    """A tick of the phase: the review priced in a tick that does no other long work, as the
    coach's slices (app.core): `quiet`, no frame to draw or send (a Pico took 35 ms for a tick
    that imported app.screen_end and priced it); True when it was. Once it is priced (or
    without hints), the programme goes and the merge is asked."""
    if app.hints_on and app.hints.review.end_mask >= 0:
        screen = app.screen
        if quiet and not (screen is not None and (app.dirty or screen.unsent)):
            _price(app)
            return True
    else:
        _merge_after_the_programme(ending, app)
    return False


def import_match(app):
    """A quiet tick once the merge is done: game.match, which play again's new match needs (a
    Pico took 21.8 ms for ok's tick that imported it with app.phases), then in another
    app.phases, which ok's tick imported (late in a match a Pico's 13 ms or so); True when this
    tick imported one."""
    if app.keeper is None or app.keeper.merging is None:
        if "game.match" not in sys.modules:
            __import__("game.match")
            return True
        if "app.phases" not in sys.modules:
            __import__("app.phases")
            return True
    return False


def leave(ending, app):
    """The App leaves the phase: what step had not done yet, done now."""
    if app.hints_on and app.hints.review.end_mask >= 0:
        _price(app)
    _merge_after_the_programme(ending, app)


def _merge_after_the_programme(ending, app):
    hints = app.hints
    if hints is not None and hints.win is not None:
        hints.win = None  # (the next match's first turn makes it again)
        hints.winning = False
        if sys.implementation.name == "micropython":  # (the host's tests and tools hold them)
            release(_PROGRAMME, False, True)
    if ending.merge is not None:
        keeper = app.keeper
        keeper.merging = ending.merge
        keeper.hold = False  # what a match without the coach held goes at the merge's end (app.keeper)
        ending.merge = None


def _price(app):
    """Price the last turn's review (app.hints_turn's, loaded for it)."""
    from app.hints_turn import price

    price(app.hints)
    let_go("turn work")

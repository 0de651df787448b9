"""The match's end (the App's FINISHED phase): the winners and the statistics, the last turn's
result then the standings on the OLED (app.finish_frames draws them: a page at a time when
they take more than one screen, ok turning it), the winners' colours on the LEDs, and ok on
the last page (play again) or select (the menu).

Loaded the tick after a match ends (App.turn_over, then App.tick), app.finish_frames with the
first frame drawn; both let go when the App leaves the phase (Ending.leave): a turn holds
none of it.
"""

import sys

from hal import time  # (a look-up: hal's docstring says why)
from micropython import const

from app.memory import let_go, release

_FINISHED = const(3)  # app.core's phase (as there)
_SOUND_WINNER = const(7)  # app.core's sound (as there)
_SHORT_PRESS = const(1)  # hal.buttons' (as there)
_PAGE_MS = const(3000)  # without an ok button, standings longer than a screen turn a page this often
# The coach's programme, let go at the match's end (app.memory's table): it holds the turn's
# buffers and outcome table, room the statistics' merge then needs.
_PROGRAMME = ("game.win_chance", "game.win_kernel", "game.win_table")


def end_match(app, now_ms):
    """The App's match is over (and saved: App.turn_over): its winners, merged into the
    statistics (asked of the keeper once the last turn's review is priced and the coach's
    programme gone, Ending.step: its modules let go once done); the phase's state is
    app.ending's (an Ending)."""
    match = app.match
    app.phase = _FINISHED
    merge = (match, app.tally, app.match_preset) if app.keeper is not None else None
    app.ending = Ending(app.waits_for_ok(), now_ms, merge)
    winner_mask = 0
    for player in match.winners():
        winner_mask |= 1 << player
    app.winner_mask = winner_mask
    app.play(_SOUND_WINNER)
    app.dirty = True


class Ending:
    """The phase's state: `showing_result` (the match's last turn is on the display, before
    the standings), `waiting_ok` (ok turns the standings' pages; without it, _PAGE_MS does),
    `page` (the first player on the standings' page shown), `next_page` (the first player of
    the next page, 0: the last page shown) and `page_since` (when that page went up)."""

    def __init__(self, waiting_ok, now_ms, merge=None):
        self.showing_result = waiting_ok
        self.waiting_ok = waiting_ok
        self.page = 0
        self.next_page = 0
        self.page_since = now_ms
        self.again = False  # ok chose to play again: a new match at the next tick
        self.frames = None  # app.finish_frames once this phase has imported it (show, step)
        self.merge = merge  # (match, tally, preset): the keeper's merge, not yet asked

    def leave(self, app):
        """The App leaves the phase (a new match, or the menu): this module goes, its frames
        first (app.memory's table; named here, where they are imported: a name new to app.memory
        would be interned at boot); the last turn's review is priced, the coach's programme let
        go and the merge asked of the keeper if they were not yet (ok or select came first)."""
        if app.hints_on and app.hints.review.end_mask >= 0:
            _price(app)
        self._merge_after_the_programme(app)
        app.ending = None
        self.frames = None
        release(("app.finish_frames",), False, True)
        let_go("finish")

    def _merge_after_the_programme(self, app):
        """The coach's programme goes (its buffers and outcome table: room the statistics'
        merge needs), then the merge is asked of the keeper (app.keeper's slices)."""
        hints = app.hints
        if hints is not None and hints.win is not None:
            hints.win = None  # (the next match's first turn makes it again)
            hints.winning = False
            if sys.implementation.name == "micropython":  # (the host's tests and tools hold them)
                release(_PROGRAMME, False, True)
        if self.merge is not None:
            app.keeper.merging = self.merge
            self.merge = None

    def step(self, app, now_ms, select, ok, quiet):
        """ok: on from the last turn's result to the standings, through their pages, then play
        again; select: the menu. The last turn's review is priced (no turn follows to price
        it: app.hints_turn's start) in a tick that does no other long work, as the coach's
        slices (app.core): `quiet` (no frame's module imported or frame drawn, no slice of a
        save so far), no frame to draw or send. A Pico took 35 ms for a tick that imported
        app.screen_end and priced it. Then the coach's programme goes and the statistics'
        merge is asked of the keeper; once it is done, a quiet tick imports game.match, which
        play again's new match needs (a Pico took 21.8 ms for ok's tick that imported it with
        app.phases)."""
        app.roller.update(now_ms, False)
        if self.again:
            app.new_match(now_ms)
            return
        if quiet and self.frames is None:  # no frame imported it (no screen): the LEDs' chase
            self.frames = __import__("app.finish_frames", None, None, ("show",))
            quiet = False  # one long piece of work a tick
        if app.hints_on and app.hints.review.end_mask >= 0:
            screen = app.screen
            if quiet and not (screen is not None and (app.dirty or screen.unsent)):
                _price(app)
                return
        else:
            self._merge_after_the_programme(app)
        if self.showing_result and ok == _SHORT_PRESS:
            self.showing_result = False  # on to the standings
            self.page_since = now_ms
            app.dirty = True
        elif ok == _SHORT_PRESS and self.next_page:
            self._turn_page(app, now_ms)
        elif ok == _SHORT_PRESS:  # play again, on the next tick (app.phases imported now)
            __import__("app.phases")
            self.again = True
        elif select == _SHORT_PRESS:
            app.to_menu()
        elif (not self.waiting_ok and (self.page or self.next_page)
              and time.ticks_diff(now_ms, self.page_since) >= _PAGE_MS):
            self._turn_page(app, now_ms)
        elif quiet and "game.match" not in sys.modules and (app.keeper is None or app.keeper.merging is None):
            __import__("game.match")  # play again's: its tick imports app.phases, its next no more

    def _turn_page(self, app, now_ms):
        self.page = self.next_page
        self.page_since = now_ms
        app.dirty = True

    def light(self, lights, winner_mask, now_ms):
        """The winners' colours chase round every LED (app.finish_frames', once the first frame
        has imported it: till then, two ticks, the LEDs stay as the last turn left them)."""
        if self.frames is not None:
            self.frames.light(lights, winner_mask, now_ms)

    def show(self, app, screen, frames):
        """Draw the phase's frame (app.finish_frames, imported in a tick of its own before the
        first: `frames` is app.screen_end, imported the ticks before with app.screen_lines). The module is held, not imported by a
        statement at each frame (which allocated), and imported by this phase whatever else has
        loaded it: a box's ticks and LEDs never depend on what earlier work left loaded."""
        if self.frames is None:  # imported now, drawn on the next tick (as app.presentation's)
            self.frames = __import__("app.finish_frames", None, None, ("show",))
            app.dirty = True
            return
        self.frames.show(self, app, screen, frames)


def _price(app):
    """Price the last turn's review (app.hints_turn's, loaded for it)."""
    from app.hints_turn import price

    price(app.hints)
    let_go("turn work")

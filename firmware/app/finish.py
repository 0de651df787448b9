"""The match's end (the App's FINISHED phase): the winners and the statistics, the last turn's
result then the standings on the OLED (app.finish_frames draws them: a page at a time when
they take more than one screen, ok turning it), the winners' colours on the LEDs, and ok on
the last page (play again) or select (the menu).

Loaded the tick after a match ends (App.turn_over, then App.tick), app.finish_frames with the
first frame drawn, then app.finish_work (the last review priced, the coach's programme let go,
the statistics' merge asked) in a quiet tick of its own; all let go when the App leaves the
phase (Ending.leave): a turn holds none of it.
"""

from hal import time  # (a look-up: hal's docstring says why)
from micropython import const

from app.memory import let_go, release

_FINISHED = const(3)  # app.core's phase (as there)
_SOUND_WINNER = const(7)  # app.core's sound (as there)
_SHORT_PRESS = const(1)  # hal.buttons' (as there)
_PAGE_MS = const(3000)  # without an ok button, standings longer than a screen turn a page this often


def end_match(app, now_ms):
    """The App's match is over (and saved: App.turn_over): its winners, merged into the
    statistics (asked of the keeper once the last turn's review is priced and the coach's
    programme gone, Ending.step: its modules let go once done); the phase's state is
    app.ending's (an Ending)."""
    match = app.match
    app.phase = _FINISHED
    merge = None
    if app.keeper is not None:  # (a match without the coach holds its saves' modules to the merge's end)
        merge = (match, app.tally, app.match_preset)
    app.ending = Ending(app.waits_for_ok(), now_ms, merge)
    winner_mask = 0
    for player in match.winners():
        winner_mask |= 1 << player
    app.winner_mask = winner_mask
    app.play(_SOUND_WINNER)
    app.dirty = True
    win = app.hints.win if app.hints is not None else None
    if win is not None:  # the last turn's review is priced with the coach's chances alone: its
        win.table = win.one_die = None  # outcome table goes now, room the end's save needs beside them


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
        # What the next tick does, imported by the press's: app.phases' new_match (ok chose to play
        # again) or app.menu_back's to_menu (select, the menu); None until then
        self.again = None
        self.frames = None  # app.finish_frames once this phase has imported it (show, step)
        self.work = None  # app.finish_work once a quiet tick has imported it (step, leave)
        self.merge = merge  # (match, tally, preset): the keeper's merge, not yet asked
        self.quiet = False  # a quiet tick whose step did no long work: the LEDs' chase moves on (light)

    def leave(self, app):
        """The App leaves the phase (a new match, or the menu): this module goes, its frames
        and work first (app.memory's table; named here, where they are imported: a name new to
        app.memory would be interned at boot); the last turn's review is priced, the coach's
        programme let go and the merge asked of the keeper if they were not yet (ok or select
        came first: app.finish_work imported now if no quiet tick had)."""
        work = self.work or __import__("app.finish_work", None, None, ("show",))
        work.leave(self, app)
        app.ending = None
        self.frames = None
        self.work = None
        release(["app.finish_frames", "app.finish_work"], False, True)  # (a list: no constant's names)
        let_go("finish")

    def step(self, app, now_ms, select, ok, quiet):
        """ok: on from the last turn's result to the standings, through their pages, then play
        again; select: the menu. A quiet tick (`quiet`: no frame's module imported or frame
        drawn, no slice of a save so far) after the one importing the frames imports
        app.finish_work, which prices the last turn's review, lets the coach's programme go and
        asks the keeper for the statistics' merge (app.finish_work's step); once the merge is
        done, a quiet tick imports game.match (app.finish_work's import_match)."""
        app.roller.update(now_ms, False)
        if self.again is not None:  # play again, or the menu (this module let go as the match's end
            self.again(app, now_ms)  # is: app.core then lets go what the way out loaded)
            return
        self.quiet = quiet  # (app.core's: no frame to draw or send, no save's slice in the tick)
        if quiet and self.frames is None:  # no frame imported it (no screen): the LEDs' chase
            self.frames = __import__("app.finish_frames", None, None, ("show",))
            quiet = self.quiet = False  # one long piece of work a tick
        elif quiet and self.work is None:
            self.work = __import__("app.finish_work", None, None, ("show",))  # (a name of the fromlist
            quiet = self.quiet = False  # the frames' has: a non-empty one returns the module itself)
        if self.work is not None and self.work.step(self, app, quiet):
            self.quiet = False
            return  # the review priced: the tick's long work
        turn_page = False  # (a local, not a method: a name fewer to look up as this module loads)
        if self.showing_result and ok == _SHORT_PRESS:
            self.showing_result = False  # on to the standings
            self.page_since = now_ms
            app.dirty = True
        elif ok == _SHORT_PRESS and self.next_page:
            turn_page = True
        elif ok == _SHORT_PRESS:  # play again, on the next tick (app.phases imported by then: app.finish_work)
            self.again = __import__("app.phases", None, None, ("show",)).new_match  # (any fromlist: the module)
        elif select == _SHORT_PRESS:  # the menu, from the next tick (app.menu_back's to_menu)
            self.again = __import__("app.menu_back", None, None, ("show",)).to_menu
        elif (not self.waiting_ok and (self.page or self.next_page)
              and time.ticks_diff(now_ms, self.page_since) >= _PAGE_MS):
            turn_page = True
        elif quiet and self.work is not None:
            self.quiet = not self.work.import_match(app)
        if turn_page:
            self.page = self.next_page
            self.page_since = now_ms
            app.dirty = True

    def light(self, lights, winner_mask, now_ms):
        """The winners' colours chase round every LED (app.finish_frames', once the first frame
        has imported it: till then, two ticks, the LEDs stay as the last turn left them); only in
        a quiet tick (step's) that imported no module nor priced the review: a step of the chase
        is some 1-3 ms of a Pico's, and late in a match on the emulated chip an import's tick
        took 17-20 ms without it, 21.6-22.0 with it (issue 45)."""
        if self.frames is not None and self.quiet:
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


"""The App: the box's behaviour, a state machine advanced by tick(now_ms).

Each tick reads the inputs (debounced flaps, the shake detector, the buttons), asks the game
what they mean, and writes the outputs (LEDs, OLED, buzzer). Phases:

    MENU      pick the game, the players and hints (select: next row, ok: change / start)
    SETUP     before a turn: the flaps must match the turn's start; the ones to move are lit;
              after a turn, its result and the match as it stands take turns on the OLED
              (app.presentation's turn_pages: on select, or by themselves with the flaps right)
    PLAY      shake (or press ok) to roll, shut the lit tiles; wrong flaps are shown in red
    FINISHED  the last turn's result until ok, then the standings (a page at a time when
              they take more than one screen, ok turning it) until ok on the last page (play
              again) or select (the menu): app.finish, loaded while the phase lasts

The menu (app.menu) is loaded only while it is shown: in play the App keeps its choices. The
App never assumes a flap moved: it shows which flap to move (app.reconcile). A long press of
select goes back to the menu from anywhere (in a match once ok answers app.phases_left's
question); the match left stays saved, the one to resume after a power cut, until another starts.

With a keeper (app.keeper) the match, its log and tally, and the menu's choices are saved as
play goes (app.keeper's save, then a slice a tick, keep_up), and a finished match is merged into
the lifetime statistics on the flash; on boot a saved match resumes where it stood.
"""

import time

from game.sources import feed
from micropython import const

from app import presentation
from app.keeper import keep_up, save, under_way
from app.memory import let_go
from app.reconcile import reconcile

_TYPE_CHECKING = const(0)  # a const: mpy-cross leaves out what it guards (and stores no name)
if _TYPE_CHECKING:
    from typing import Any

    from game.gamelog import GameLog, MatchTally

    from app.faults import Faults
    from app.lights import Lights
    from app.menu import Menu
    from app.reconcile import FlapFeed
    from app.roller import Roller
    from app.screens import Screen

# The App's phases (the docstring's; app.view names them; test_app_constant_copies checks copies).
MENU = const(0)
SETUP = const(1)
PLAY = const(2)
FINISHED = const(3)

# The box's sounds (App.play) by number; app.faults, finish, menu copy them. _MELODIES: melody n's
# (freq_hz, ms; 0 Hz: a rest) pairs, two bytes big-endian each, from byte _MELODIES[n] to
# _MELODIES[n + 1] (hal.buzzer's play): one bytes constant, not 11 tuples (some 200 bytes less).
_SOUND_CLICK = const(0)  # a row or value of the menu, a tile joining the move, one die chosen
_SOUND_LANDED = const(1)
_SOUND_TAKEN = const(2)  # a tile of the move taken back
_SOUND_MOVE_DONE = const(3)
_SOUND_REFUSED = const(4)
_SOUND_TURN_OVER = const(5)
_SOUND_BOX_SHUT = const(6)
_SOUND_WINNER = const(7)
_SOUND_FAULT = const(8)
_SOUND_READY = const(9)  # the flaps are set: roll
_MELODIES = (b"\x0b\x0f\x1b\x1f\x27\x2b\x37\x47\x5f\x6b\x6f"  # where each starts; the end
             b"\x07\xd0\x00\x0f"  # click: 2000 Hz 15 ms
             b"\x05\x78\x00\x28\x00\x00\x00\x14\x07\x08\x00\x28"  # landed: 1400 40, 0 20, 1800 40
             b"\x04\xb0\x00\x1e"  # taken: 1200 30
             b"\x03\x70\x00\x3c\x05\x28\x00\x5a"  # move done: 880 60, 1320 90
             b"\x00\xdc\x00\xfa"  # refused: 220 250
             # turn over: 660 120, 440 120, 330 240
             b"\x02\x94\x00\x78\x01\xb8\x00\x78\x01\x4a\x00\xf0"
             # box shut: 523 100, 659 100, 784 100, 1047 300
             b"\x02\x0b\x00\x64\x02\x93\x00\x64\x03\x10\x00\x64\x04\x17\x01\x2c"
             # winner: 784 150, 0 30, 784 150, 0 30, 784 150, 1047 450
             b"\x03\x10\x00\x96\x00\x00\x00\x1e\x03\x10\x00\x96\x00\x00\x00\x1e\x03\x10\x00\x96\x04\x17\x01\xc2"
             b"\x01\x4a\x00\x96\x00\x00\x00\x50\x01\x4a\x00\x96"  # fault: 330 150, 0 80, 330 150
             b"\x03\xde\x00\x3c")  # ready: 990 60

# Copies of other modules' codes (test_app_constant_copies checks them): an import costs a global.
_AWAIT_ROLL = const(0)  # game.turn's states
_AWAIT_MOVE = const(1)
_OVER = const(2)
_END_SHUT = const(1)  # game.turn's ends
_ROLLED = const(0)  # game.turn's results
_FREE_THROW = const(1)
_PENDING = const(3)
_COMMITTED = const(7)
_NO_PRESS = const(0)  # hal.buttons' presses
_SHORT_PRESS = const(1)
_LONG_PRESS = const(2)
_TOOK_BACK = const(1)  # what FlapFeed.feed reports (app.reconcile's flags, as there)
_ACCEPTED = const(2)
_DONE = const(4)
_REFUSED = const(8)
_FAULT_UP = const(3)  # what Faults.watch reports when a fault goes up (app.faults', as there)
_TUMBLING = const(1)  # Roller.update's states (app.roller's, as there)
_LANDED = const(2)
_RESULT_MS = const(2500)  # with no screen or no ok button, the next turn starts after this long
_FRAME_MS = const(90)  # the tumbling dice are redrawn this often
_SLICED = const(2)  # app.keeper's keep_up: the tick did a slice of a save (as there)
_REST_MS = const(5)  # main.run's loop sleeps this long after a tick,
_BUSY_REST_MS = const(1)  # this long while the coach has work in hand (issue 45)


class App:
    """The box: App(devices, settings, rng).tick(now_ms) forever.

    devices: hal.devices.Devices; settings: app.settings.Settings; rng: a game.prng.Xorshift32 (the
    dice); hints: app.hints' provider or None; faults: messages found before the App started (settings
    file), reported once with the devices' own; keeper: an app.keeper.Keeper to save to and resume
    from, or None; saved: app.boot_state.read_saved's (None: read now). Its collaborators: `faults`
    (app.faults), `screen` (app.screens, or None) and `lights`, drawn by app.presentation;
    app.boot_state sets the App up at boot and restores what the keeper saved. Hosts: app.view."""

    if _TYPE_CHECKING:  # the App's state, as app.boot_state.set_up sets it up (and app.presentation's)
        devices: Any  # its flaps, buttons (by name: those fitted), buzzer ...
        screen: Screen | None
        lights: Lights | None
        faults: Faults
        roller: Roller  # with the dice's generator (roller.rng)
        hints: Any
        menu: Menu | None  # while the menu is shown (app.menu, let go with Menu.leave; None as it opens again)
        house: Any  # the house rules' Rules when the menu offers them (app.menu_again lists them again)
        game: Any  # the menu's choices, kept when it goes (Menu.leave): (name, rules, preset or None)
        players: int
        hints_on: bool
        match_preset: Any  # the name of the preset of the match in play, or None
        phase: int
        match: Any
        rules: Any
        turn: Any
        source: Any
        player: int
        row: int
        invert: int  # all tiles for the long game's uncoverer, else 0
        all_tiles: int
        flap_feed: FlapFeed
        dice_count: int  # the dice shown: the first dice_count of app.presentation's `dice`
        total: int
        free_throw: bool
        blocked_shake: bool  # a shake (or ok) the box cannot take now: buzzed and said why
        no_one_die: bool  # select asked for one die where the rules allow none: buzzed and said
        legal: int
        hint: int
        chance: int
        advice: int  # hints: 1 roll one die next, 0 all the dice, -1 no advice
        reviewing: bool  # hints: the last turn's review is on the display
        review_due: bool  # hints: the review follows the turn's result, up first
        leaving: bool  # a long select asks whether to leave the match (ok: the menu)
        must_open: int
        must_shut: int
        result_player: int
        result_score: int
        result_end: int
        result_since: int  # when the result (and review) went up; -1: resumed, the first tick sets
        ending: Any  # app.finish's Ending while the match's end is shown (FINISHED), else None
        winner_mask: int
        dirty: bool  # the OLED's frame is to be drawn again
        frame_ms: int  # when the tumbling dice were last drawn
        keeper: Any
        log: GameLog
        tally: MatchTally

    def __init__(self, devices, settings, rng, hints=None, faults=(), keeper=None, saved=None):
        from app.boot_state import set_up  # boot only: app.startup lets it go after

        set_up(self, devices, settings, rng, hints, faults, keeper, saved)

    def play(self, melody):
        """Play one of the box's melodies (by number: _SOUND_CLICK ...) on the piezo, if any."""
        buzzer = self.devices.buzzer
        if buzzer is not None:
            buzzer.play(_MELODIES, _MELODIES[melody], _MELODIES[melody + 1])

    # -- the loop ----------------------------------------------------------------------------
    def tick(self, now_ms):
        """Read the inputs, advance the game, update the outputs."""
        try:
            keeper = self.keeper  # a commit to the flash next (keeper.alone): a tick that does only
            alone = keeper is not None and keeper.alone and not self.roller.state  # that, or no slice
            if alone and keep_up(self, now_ms):
                return
            devices = self.devices
            devices.flaps.update(now_ms)
            if devices.buzzer is not None:
                devices.buzzer.update(now_ms)
            buttons = devices.buttons  # the buttons fitted, by name
            select = buttons["select"].update(now_ms) if "select" in buttons else _NO_PRESS
            ok = buttons["ok"].update(now_ms) if "ok" in buttons else _NO_PRESS
            if devices.wifi and devices.wifi.tick(now_ms):  # a board with Wi-Fi: net.wifi's link
                self.dirty = True
            # One long piece of work a tick: the hints of dice landed last tick (`due`), else a frame's import,
            # drawing or band (render), a save's slice (keep_up: a turn's start first, no button pressed), the
            # coach's (a tick of its own after one the screen drew in while it waited: `lent`).
            screen = self.screen  # (without one, nothing is drawn and `dirty` stays as it is)
            busy = screen is not None and (screen.frames == 0 or self.dirty)
            first = self.hints_on and self.hints._starting is not None and MENU < self.phase < FINISHED
            rolled = self.roller.state  # the dice tumbling, or landed last tick: no save's slice
            sliced = not (first or select or ok or alone) and keep_up(self, now_ms)  # (_SLICED: a slice done)
            saving = sliced and not rolled
            shown = self.faults.watch(now_ms)
            if shown:
                self.dirty = True
                if shown == _FAULT_UP:
                    self.play(_SOUND_FAULT)
            if self.result_since < 0:  # a match resumed at boot: its first tick (app.phases_left)
                from app.phases_left import resumed

                resumed(self, now_ms)
                let_go("phase")
            if (self.review_due or self.reviewing) and not self.leaving and presentation.review_pages(self, now_ms, ok):
                ok = _NO_PRESS  # (while the leave question is up its ok is the question's)
            if select == _LONG_PRESS and self.phase == FINISHED:  # at the match's end a long select is
                select = _SHORT_PRESS  # select: the menu, from the next tick (app.finish asks the merge)
            elif self.leaving or (select == _LONG_PRESS and self.phase != MENU):
                from app.phases_left import leave_question
                if leave_question(self, now_ms, select, ok):  # still asked: the tick is done
                    return
                ok = _NO_PRESS
                select = _NO_PRESS
            due = self.hints_on and self.hints.due
            if due:  # the best move and chance for the dice landed, before the flaps are fed
                self.hints.due = False
                presentation.show_hints(self)
            phase = self.phase
            if phase == MENU:
                self.roller.update(now_ms, False)
                if self.menu is None:  # opened again after a match: a slice a quiet tick (app.menu_again)
                    if sliced != _SLICED and not (screen is not None and screen.unsent):
                        from app.menu_again import step

                        step(self)
                elif self.menu.step(self, select, ok, now_ms):
                    from app.phases import new_match

                    new_match(self, now_ms)
                    let_go("phase")
                    due = True  # (the match's start fills the tick: a Pico's 19-20 ms on 12 tiles)
            elif phase == SETUP:
                self._setup(now_ms, select, ok)
            elif phase == PLAY:
                self._play(now_ms, select, ok)
            elif self.ending is None:  # the match ended: app.finish takes over, in a tick that
                if screen is None or not screen.unsent:  # sends no band of the last frame (issue 45)
                    from app.finish import end_match

                    end_match(self, now_ms)
            else:
                self.ending.step(self, now_ms, select, ok, not (busy or saving))
                if self.phase != FINISHED:  # a way out taken (app.finish's again): what it loaded goes
                    let_go("phase")
            lent = False  # the coach's tick, the frame's drawing the next's (app.hints' waited)
            if (self.hints_on and not (due or saving) and self.roller.state != _LANDED and (phase == SETUP or (
                    phase == PLAY and not devices.flaps.rows[self.row].changed))  # (a flap answered: no coach)
                    and (first or rolled or not (keeper is not None and under_way(keeper) and not keeper.lent))):
                hints = self.hints
                drawing = busy or (screen is not None and (self.dirty or screen.unsent))
                if drawing and not hints.waited:
                    hints.waited = hints.wants_ticks()
                else:
                    hints.waited = False
                    lent = drawing
                    if hints.work(self.turn, self.log):
                        self.dirty = True  # the chance of winning is ready: the turn's hints play to win
                        presentation.show_hints(self)  # (a roll came first: its move is lit again, to win)
            if not (due or lent):  # (the roll's hints, or a match's start, took the tick: the frame and LEDs are the next's)
                presentation.render(self, now_ms, sliced)
        except MemoryError as error:  # the heap ran out in this tick: app.recover; the box plays on
            import gc

            gc.collect()  # first: room to import app.recover
            try:
                from app.recover import out_of_memory

                out_of_memory(self, error)
            except MemoryError:  # not even that: the next tick's work is tried again
                pass

    def shaking_rolls(self):
        """Does shaking roll the dice (an accelerometer fitted and answering)?"""
        return self.devices.shake is not None and not self.faults.accel_failing

    def waits_for_ok(self):
        """Does a turn wait for ok ("ok to play" on the screen)? Without a working screen or
        an ok button the first turn starts at once, the next ones after _RESULT_MS."""
        return self.faults.on_screen() and "ok" in self.devices.buttons

    def rest_ms(self):
        """How long main.run's loop sleeps after this tick: 1 ms while the coach has work in hand
        (the menu's first seat's chance of winning, a turn's start, its chance, its review
        rebuilt: a Pico's coach had a third of the ticks, and the loop slept a third of the time
        it waited), else 5 ms."""
        hints = self.hints  # (called outside the tick's handler of a full heap, so it relies on
        if hints is None:  # nothing a tick cut short may have left half done)
            return _REST_MS
        if self.phase == MENU:
            win = hints.win
            busy = self.menu is not None and self.menu.ahead and win is not None and not win.ready
        else:
            busy = self.hints_on and hints.wants_ticks()
        return _BUSY_REST_MS if busy else _REST_MS

    # -- setting up a turn -------------------------------------------------------------------
    def enter_setup(self, now_ms, new_turn=True):
        """Set up the match's next turn (new_turn=False: the turn resumed, already logged)."""
        self.phase = SETUP
        match = self.match
        self.player = match.current
        self.row = match.row
        self.turn = match.turn
        self.invert = self.all_tiles if match.uncovering() else 0
        if new_turn:
            self.log.turn(self.player, self.row, match.rounds_played)
        if self.hints_on:
            self.hints.turn_starts(match)
        self.flap_feed.clear()
        self.blocked_shake = False
        self.no_one_die = False
        self.legal = 0
        self.hint = 0
        self.chance = -1
        self.free_throw = False
        self.result_since = now_ms
        presentation.turn_pages(self, now_ms, False, _NO_PRESS, True)  # the turn's page first
        self.dirty = True

    def _setup(self, now_ms, select, ok):
        self.roller.update(now_ms, False)
        moved = reconcile(self)
        if self.reviewing or self.review_due:
            return
        refused = (self.roller.shaken_while_blocked or (
            ok == _SHORT_PRESS and (self.must_open | self.must_shut) != 0)) and not self.blocked_shake
        if refused:
            self.blocked_shake = True  # ignored: a short buzz, and the turn's page says why
            self.play(_SOUND_REFUSED)
        presentation.turn_pages(self, now_ms, moved, select, refused)
        if self.must_open or self.must_shut:
            return
        # Every turn, the match's first too, waits for ok (an ok pressed out of habit never
        # rolls); without a working screen or an ok button it starts by itself.
        if ok == _SHORT_PRESS or (not self.waits_for_ok() and (
                self.result_player < 0 or time.ticks_diff(now_ms, self.result_since) >= _RESULT_MS)):
            self.phase = PLAY
            self.blocked_shake = False
            self.dice_count = self.total = 0  # the last turn's dice stay up until the next turn starts
            self.play(_SOUND_READY)
            self.dirty = True
            presentation.show_hints(self, roll=True)

    # -- playing a turn ----------------------------------------------------------------------
    def _play(self, now_ms, select, ok):
        turn = self.turn
        view = (self.devices.flaps.open_mask(self.row) ^ self.invert) & self.all_tiles
        open_before = turn.open_mask
        happened = self.flap_feed.feed(turn, view)
        if happened:
            self._moved(happened, open_before)
        if turn.state == _OVER:
            self.turn_over(now_ms)
            return
        reconcile(self)
        open_before = turn.open_mask
        if ok == _LONG_PRESS and turn.commit() == _COMMITTED:  # a legal move taken as it stands
            self._moved(_DONE, open_before)
        settled = turn.pending and turn.move_state() != _PENDING  # a move that may be taken as it stands
        may_roll = not (self.must_open or self.must_shut) and (turn.state == _AWAIT_ROLL or settled)
        if select == _SHORT_PRESS and self.roller.state != _TUMBLING and turn.one_die_allowed():
            turn.choose_one_die(not turn.one_die)
            self.play(_SOUND_CLICK)
            self.dirty = True
        elif select == _SHORT_PRESS:  # no one die now: a short buzz and a word
            self.play(_SOUND_REFUSED)
            self.no_one_die = True
            self.dirty = True
        if ok == _SHORT_PRESS:
            if may_roll:
                self.roller.press(now_ms)
            else:
                self.play(_SOUND_REFUSED)
                self.blocked_shake = True
        state = self.roller.update(now_ms, may_roll)
        if self.roller.shaken_while_blocked and not self.blocked_shake:
            self.blocked_shake = True
            self.play(_SOUND_REFUSED)
        if state == _TUMBLING:
            if time.ticks_diff(now_ms, self.frame_ms) >= _FRAME_MS:
                self.frame_ms = now_ms
                presentation.show_dice(self, self.roller.faces, turn.dice_expected())
            else:
                self.dice_count = turn.dice_expected()
        elif state == _LANDED:
            self._land(now_ms)
            settled = False  # (the roll took the pending move)
        presentation.compose(self, settled)

    def _moved(self, happened, open_before):
        """Flaps were fed to the turn: sound it, log and save a committed move, refresh the lights."""
        turn = self.turn
        if turn.open_mask != open_before:
            self.log.move(open_before & ~turn.open_mask)
            if turn.state != _OVER:
                save(self)
        elif self.keeper is not None and turn.pending & ~self.keeper.saved_pending:
            # a tile joined the move: a cut keeps it
            save(self)
        if happened & _REFUSED:
            self.play(_SOUND_REFUSED)
        elif happened & _DONE:
            self.play(_SOUND_MOVE_DONE)
            self.free_throw = False
        elif happened & _TOOK_BACK:
            self.play(_SOUND_TAKEN)
        elif happened & _ACCEPTED:
            self.play(_SOUND_CLICK)
        self.blocked_shake = False
        self.no_one_die = False
        self.legal = turn.legal_tiles()
        self.dirty = True
        # hints on: the tiles still to shut for the best move that keeps the flaps shut so far
        self.hint = self.hints.follow_up(turn) if self.hints_on and turn.state == _AWAIT_MOVE else 0
        presentation.show_hints(self, roll=True)

    def _land(self, now_ms):
        turn = self.turn
        count = self.source.draw(turn.dice_expected())
        values = self.source.values
        open_before = turn.open_mask
        result = feed(turn, values, count)
        log = self.log
        if turn.open_mask != open_before:  # the roll took the pending move as it stood
            log.move(open_before & ~turn.open_mask)
        log.roll(values[0], values[1] if count > 1 else -1, values[2] if count > 2 else -1,
                 values[3] if count > 3 else -1)
        presentation.show_dice(self, values, count)
        self.total = turn.total
        self.blocked_shake = False
        self.no_one_die = False
        self.free_throw = result == _FREE_THROW
        if turn.state == _OVER:
            self.turn_over(now_ms)
            return
        save(self, result)
        if result == _ROLLED:
            self.play(_SOUND_LANDED)
        self.legal = turn.legal_tiles()
        self.hint = 0
        self.chance = self.advice = -1
        if self.hints_on:  # the roll's hints: the next tick's work, alone (tick)
            self.hints.due = True

    def turn_over(self, now_ms):
        """The turn in play is over: its result, then the next turn or the match's end."""
        turn = self.turn
        self.result_player = self.player
        self.result_score = turn.score()
        self.result_end = turn.ended
        self.play(_SOUND_BOX_SHUT if turn.ended == _END_SHUT else _SOUND_TURN_OVER)
        if self.hints_on and self.hints.turn_over(turn, self.player):
            self.review_due = True  # after the result: the throw that ended the turn comes first
            self.result_since = now_ms
        self.log.end(turn.ended, turn.open_mask)
        self.tally.add_turn(turn)
        if self.match.end_turn():
            self.phase = FINISHED  # the match's end: app.finish's, from the next tick (self.ending)
        else:
            self.enter_setup(now_ms)
        save(self)

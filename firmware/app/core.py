"""The App: the box's behaviour, a state machine advanced by tick(now_ms).

Each tick reads the inputs (debounced flaps, the shake detector, the buttons), asks the game
what they mean, and writes the outputs (LEDs, OLED, buzzer). Phases:

    MENU      pick the game, the players and hints (select: next row, ok: change / start)
    SETUP     before a turn: the flaps must match the turn's start; the ones to move are lit
    PLAY      shake (or press ok) to roll, shut the lit tiles; wrong flaps are shown in red
    FINISHED  the last turn's result until ok, then the standings (a page at a time when
              they take more than one screen) until ok (play again) or select (the menu)

The App never assumes a flap moved: it compares the switches with the game and shows which
flap to move (app.reconcile). A long press of select goes back to the menu from anywhere.

With a keeper (app.keeper) the match, its game log, the statistics and the menu's choices
are saved as play goes (after each roll and committed move, at each turn's end); on boot a
saved match resumes where it stood, and the flaps are reconciled with it as with any turn.
"""

import time

from game.gamelog import GameLog
from game.match import start_match
from game.rules import MATCH_SINGLE, SOURCE_DICE, SOURCE_MANUAL
from game.snapshot import saves_after
from game.sources import feed, source_for
from game.stats import CUSTOM, MatchTally, Stats
from game.tiles import bit
from game.turn import (
    AWAIT_MOVE,
    AWAIT_ROLL,
    COMMITTED,
    E_ROLL_FIRST,
    END_SHUT,
    FREE_THROW,
    OVER,
    PENDING,
    ROLLED,
)
from hal.buttons import LONG_PRESS, NO_PRESS, SHORT_PRESS
from hal.shake import FAULT as SHAKE_FAULT
from micropython import const

from app import screens
from app.keeper import LOG_RECORDS
from app.lights import WRONG, Lights
from app.menu import Menu, why_unplayable
from app.reconcile import ACCEPTED, DONE, REFUSED, TOOK_BACK, FlapFeed, expected_open
from app.roller import LANDED, TUMBLING, Roller
from app.sounds import (
    BOX_SHUT,
    CLICK,
    FAULT,
    MOVE_DONE,
    READY,
    TAKEN,
    TURN_OVER,
    WINNER,
    Sounds,
)
from app.sounds import LANDED as LANDED_SOUND
from app.sounds import REFUSED as REFUSED_SOUND

MENU = const(0)
SETUP = const(1)
PLAY = const(2)
FINISHED = const(3)
PHASE_NAMES = ("menu", "setup", "play", "finished")
_RESULT_MS = const(2500)  # with no screen or no ok button, the next turn starts after this long
_FAULT_MS = const(3000)  # each page of a fault message is shown this long
_PAGE_MS = const(3000)  # standings longer than a screen turn a page this often
_FRAME_MS = const(90)  # the tumbling dice are redrawn this often
_REVIEW_MS = const(6000)  # with hints on, the review of a turn stays up this long (or until ok)

# Messages: up to three lines of at most 16 characters; a number may follow the last line.
MSG_SHAKE = ("Shake the box", "or press ok")
MSG_SHAKE_ONE = ("Shake the box", "or press ok", "select: one die")
MSG_SHAKE_CHOSEN = ("Shake the box", "or press ok", "ONE die chosen")
MSG_PRESS = ("Press ok", "to roll")
MSG_PRESS_ONE = ("Press ok", "to roll", "select: one die")
MSG_PRESS_CHOSEN = ("Press ok", "to roll", "ONE die chosen")
MSG_ROLLING = ("Rolling...",)
MSG_MOVE = ("Shut lit tiles", "to make")
MSG_MOVE_OK = ("Move adds up:", "roll, or shut", "more lit tiles")
MSG_FREE = ("Free throw!", "Roll again")
MSG_FINISH = ("Finish the move", "before rolling")
MSG_REFUSED = ("Not allowed:", "open tile")
MSG_ROLL_FIRST = ("Roll first:", "open tile")
MSG_SHUT_AGAIN = ("Already played:", "shut tile")
# The long game's uncoverer plays by opening flaps: the same messages, the other way round.
MSG_MOVE_UNCOVER = ("Open lit tiles", "to make")
MSG_MOVE_OK_UNCOVER = ("Move adds up:", "roll, or open", "more lit tiles")
MSG_REFUSED_UNCOVER = ("Not allowed:", "shut tile")
MSG_ROLL_FIRST_UNCOVER = ("Roll first:", "shut tile")
MSG_OPEN_AGAIN = ("Already played:", "open tile")
END_WORDS = ("", "shut box!", "no move", "unlucky 7", "lost 1st")


class App:
    """The box: App(devices, settings, rng).tick(now_ms) forever.

    devices: hal.devices.Devices; settings: app.settings.Settings; rng: a game.prng.Xorshift32
    (the dice); hints: an optional hint provider (app.hints) or None; faults: messages found
    before the App started (settings file), reported once with the devices' own; keeper: an
    app.keeper.Keeper to save to and resume from, or None.
    """

    def __init__(self, devices, settings, rng, hints=None, faults=(), keeper=None):
        self.devices = devices
        self.flaps = devices.flaps
        self.screen = screens.Screen(devices.display) if devices.display is not None else None
        self.lights = Lights(devices.leds, self.flaps.tiles) if devices.leds is not None else None
        self.sounds = Sounds(devices.buzzer)
        self.rng = rng
        self.roller = Roller(devices.shake, rng)
        self.select_button = devices.buttons.get("select")
        self.ok_button = devices.buttons.get("ok")
        self.hints = hints
        from app.settings import game_entries  # boot only: main.py lets app.settings go after

        entries, chosen, entry_faults = game_entries(settings, self.flaps.tiles, self.flaps.row_count)
        self.menu = Menu(entries, chosen, settings.players, hints is not None, settings.hints)
        self.faults = []  # every fault reported, oldest first
        self._fault_queue = []
        self._fault_since = 0
        self._fault_showing = False
        self._fault_page = 0
        self._fault_pages = 1
        self._accel_failing = False
        self._flaps_failing = False
        self._display_failing = False
        for message in devices.faults:
            self._report(message)
        for message in faults:
            self._report(message)
        for message in entry_faults:
            self._report(message)
        self.phase = MENU
        self.match = None
        self.rules = None
        self.turn = None
        self.source = None
        self.player = 0
        self.row = 0
        self.invert = 0  # all tiles for the long game's uncoverer, else 0
        self.all_tiles = 0
        self.flap_feed = FlapFeed()
        self.dice = bytearray(4)  # the dice shown
        self.dice_count = 0
        self.total = 0
        self.free_throw = False
        self.blocked_shake = False
        self.legal = 0
        self.hint = 0
        self.chance = -1
        self.advice = -1  # hints: 1 roll one die next, 0 all the dice, -1 no advice
        self.reviewing = False  # hints: the last turn's review is on the display
        self._review_since = 0
        self.must_open = 0
        self.must_shut = 0
        self.message = MSG_SHAKE
        self.number = -1
        self.result_player = -1
        self.result_score = 0
        self.result_end = 0
        self._result_since = 0
        self.showing_result = False  # the match is over and its last turn is on the display
        self._page = 0  # the first player on the standings' page shown
        self._next_page = 0  # the first player of the next page (0: one page)
        self._page_since = 0
        self.winner_mask = 0
        self._dirty = True
        self._frame_ms = 0
        self.keeper = keeper
        self._saved_pending = 0  # the tiles of the pending move as last saved
        self._hints_due = False  # a resumed turn's hints are still to be worked out
        self.log = GameLog(LOG_RECORDS)
        self.tally = MatchTally()
        self.stats = Stats()
        if keeper is not None:
            self._boot_from(keeper)

    # -- what the flash keeps ----------------------------------------------------------------
    def _boot_from(self, keeper):
        """Take the saved menu choices and statistics, and resume a saved match."""
        saved_menu = keeper.load_menu()
        if saved_menu is not None:
            self.menu.restore(saved_menu[0], saved_menu[1], saved_menu[2])
        self.stats = keeper.load_stats()
        flaps = self.flaps
        restored = keeper.load_match(self.tally, self.log,
                                     playable=lambda rules: why_unplayable(rules, flaps.tiles, flaps.row_count))
        if restored is not None and not restored[0].over:
            self._resume(restored[0], restored[1], time.ticks_ms())
        else:
            if restored is not None and self.stats.add_match(restored[0], self.tally):
                keeper.save_stats(self.stats)  # the power went before its statistics were saved
            self.log.clear()
        self._report_keeper()

    def _report_keeper(self):
        faults = self.keeper.faults
        while faults:
            self._report(faults.pop(0))

    def _save(self):
        """Save the match as it stands (after a roll, a committed move, a turn's end)."""
        if self.keeper is not None:
            self.keeper.save_match(self.match, self.source, self.tally, self.log)
            self._saved_pending = self.turn.pending
            self._report_keeper()

    def _resume(self, match, source, now_ms):
        """Carry on with a match saved before the power went: the turn as it was committed."""
        rules = match.rules
        self.rules = rules
        self.all_tiles = rules.all_tiles()
        self.match = match
        if hasattr(source, "rng"):
            source.rng = self.rng  # the box's own generator, stirred by every shake
        self.source = source
        self.roller.reset(rules.faces if rules.source == SOURCE_DICE or rules.source == SOURCE_MANUAL else 6)
        self._enter_setup(now_ms, False)
        turn = self.turn
        self._saved_pending = turn.pending
        if turn.state == OVER:  # the power went between the end of the turn and its saving
            self._turn_over(now_ms)
            return
        if turn.rolls or turn.moves_made:
            self.phase = PLAY
            count = turn.dice_count
            for index in range(4):
                self.dice[index] = turn.dice[index] if index < count else 0
            self.dice_count = count
            self.total = turn.total
            self.legal = turn.legal_tiles()
            self._hints_due = True  # on the first tick: boot's modules are gone by then

    def _hint_resumed(self):
        """The resumed turn's hints (its table loads here, not while boot holds its modules)."""
        self._hints_due = False
        turn = self.turn
        if turn is None:
            return
        if self.menu.hints_on and turn.state == AWAIT_MOVE:
            self.hints.best_move(turn)
            self._refresh_hint()
            self.chance = self.hints.shut_chance(turn)
            self._dirty = True
        else:
            self._hint_roll()

    # -- the loop ----------------------------------------------------------------------------
    def tick(self, now_ms):
        """Read the inputs, advance the game, update the outputs."""
        self.flaps.update(now_ms)
        self.sounds.update(now_ms)
        select = self.select_button.update(now_ms) if self.select_button is not None else NO_PRESS
        ok = self.ok_button.update(now_ms) if self.ok_button is not None else NO_PRESS
        self._watch_faults(now_ms)
        if self._hints_due:
            self._hint_resumed()
        if self.reviewing:
            ok = self._review_shown(now_ms, ok)
        if select == LONG_PRESS and self.phase != MENU:
            self._to_menu()
            select = NO_PRESS
        phase = self.phase
        if phase == MENU:
            self._menu(now_ms, select, ok)
        elif phase == SETUP:
            self._setup(now_ms, ok)
        elif phase == PLAY:
            self._play(now_ms, select, ok)
        else:
            self._finished(now_ms, select, ok)
        if self.menu.hints_on and (phase == SETUP or phase == PLAY) and self.hints.work(self.turn):
            self._dirty = True  # the chance of winning is ready: the turn's hints play to win
            self._hint_roll()
        self._render(now_ms)

    # -- faults ------------------------------------------------------------------------------
    def _report(self, message):
        self.faults.append(message)
        self._fault_queue.append(message)

    def _watch_faults(self, now_ms):
        shake = self.devices.shake
        if shake is not None:
            failing = shake.state == SHAKE_FAULT
            if failing and not self._accel_failing:
                self._report("%s; press ok to roll" % shake.fault)
            self._accel_failing = failing
        failing = self.flaps.fault is not None
        if failing and not self._flaps_failing:
            self._report(self.flaps.fault)
        self._flaps_failing = failing
        display = self.devices.display
        fault = getattr(display, "fault", None)  # hal.ssd1306 sets it while writes fail
        if fault is not None and not self._display_failing:
            self._report("%s; the LEDs play on" % fault)
        self._display_failing = fault is not None
        if self._fault_showing and time.ticks_diff(now_ms, self._fault_since) >= _FAULT_MS:
            self._fault_page += 1
            self._fault_since = now_ms
            if self._fault_page >= self._fault_pages:
                self._fault_queue.pop(0)
                self._fault_showing = False
            self._dirty = True
        if not self._fault_showing and self._fault_queue:
            self._fault_showing = True
            self._fault_since = now_ms
            self._fault_page = 0
            self._fault_pages = 1
            if self.screen is not None and not self._display_failing:
                self._fault_pages = screens.fault_pages(self._fault_queue[0])
            self.sounds.play(FAULT)
            self._dirty = True

    def shaking_rolls(self):
        """Does shaking roll the dice (an accelerometer fitted and answering)?"""
        return self.devices.shake is not None and not self._accel_failing

    # -- menu --------------------------------------------------------------------------------
    def _menu(self, now_ms, select, ok):
        self.roller.update(now_ms, False)
        menu = self.menu
        if select == SHORT_PRESS:
            menu.next_row()
            self.sounds.play(CLICK)
            self._dirty = True
        if ok == SHORT_PRESS:
            self.sounds.play(CLICK)
            self._dirty = True
            if menu.next_value():
                self._start_match(now_ms)
        elif ok == LONG_PRESS:
            self._start_match(now_ms)

    def _to_menu(self):
        if self.keeper is not None and self.phase != FINISHED:  # abandoned: never resumed
            self.keeper.drop_match()
            self._report_keeper()
        self.phase = MENU
        self.reviewing = False
        self.showing_result = False
        self.match = None
        self.turn = None
        self.menu.row = 0
        self._dirty = True

    def _start_match(self, now_ms):
        menu = self.menu
        if self.keeper is not None:
            self.keeper.save_menu(menu.name(), menu.players, menu.hints_on)
        rules = menu.rules()
        self.rules = rules
        self.all_tiles = rules.all_tiles()
        self.match = start_match(rules, self.menu.players)
        self.source = source_for(rules, self.rng)
        self.roller.reset(rules.faces if rules.source == SOURCE_DICE or rules.source == SOURCE_MANUAL else 6)
        self.result_player = -1
        self.winner_mask = 0
        self.reviewing = False
        self.showing_result = False
        self.dice_count = 0
        self.total = 0
        self.tally = self.stats.new_tally()
        self.log.clear()
        self._enter_setup(now_ms)
        self._save()

    # -- setting up a turn -------------------------------------------------------------------
    def _follow_match(self):
        match = self.match
        self.player = match.current
        self.row = match.row
        self.turn = match.turn
        self.invert = self.all_tiles if match.uncovering() else 0

    def _enter_setup(self, now_ms, new_turn=True):
        self.phase = SETUP
        self._follow_match()
        if new_turn:
            self.log.turn(self.player, self.row, self.match.rounds_played)
        if self.menu.hints_on:
            self.hints.turn_starts(self.match)
        self.flap_feed.clear()
        self.legal = 0
        self.hint = 0
        self.chance = -1
        self.free_throw = False
        self._result_since = now_ms
        self._dirty = True

    def _compare(self):
        """Compare the row in play with the game: sets must_open and must_shut."""
        physical = self.flaps.open_mask(self.row) & self.all_tiles
        expected = expected_open(self.turn, self.invert, self.all_tiles)
        must_open = expected & ~physical
        must_shut = physical & ~expected
        if must_open != self.must_open or must_shut != self.must_shut:
            self.must_open = must_open
            self.must_shut = must_shut
            self.blocked_shake = False
            self._dirty = True

    def _setup(self, now_ms, ok):
        self.roller.update(now_ms, False)
        self._compare()
        if self.must_open or self.must_shut or self.reviewing:
            return
        if (self.result_player < 0 or ok == SHORT_PRESS or (not self.waits_for_ok()
                and time.ticks_diff(now_ms, self._result_since) >= _RESULT_MS)):
            self.phase = PLAY
            self.dice_count = 0  # the last turn's dice stay up until the next turn starts
            self.total = 0
            self.sounds.play(READY)
            self._dirty = True
            self._hint_roll()

    def waits_for_ok(self):
        """Does a turn wait for ok after the last one's result ("ok to play" on the screen)?
        Without a working screen or an ok button the next turn starts after _RESULT_MS."""
        return self.screen is not None and not self._display_failing and self.ok_button is not None

    # -- playing a turn ----------------------------------------------------------------------
    def _play(self, now_ms, select, ok):
        turn = self.turn
        view = (self.flaps.open_mask(self.row) ^ self.invert) & self.all_tiles
        open_before = turn.open_mask
        happened = self.flap_feed.feed(turn, view)
        if happened:
            self._moved(happened, open_before)
        if turn.state == OVER:
            self._turn_over(now_ms)
            return
        self._compare()
        open_before = turn.open_mask
        if ok == LONG_PRESS and turn.commit() == COMMITTED:  # a legal move taken as it stands
            self._moved(DONE, open_before)
        may_roll = not (self.must_open or self.must_shut) and (
            turn.state == AWAIT_ROLL or (turn.pending and turn.move_state() != PENDING))
        if select == SHORT_PRESS and self.roller.state != TUMBLING and turn.one_die_allowed():
            turn.choose_one_die(not turn.one_die)
            self.sounds.play(CLICK)
            self._dirty = True
        if ok == SHORT_PRESS:
            if may_roll:
                self.roller.press(now_ms)
            else:
                self.sounds.play(REFUSED_SOUND)
                self.blocked_shake = True
        state = self.roller.update(now_ms, may_roll)
        if self.roller.shaken_while_blocked:
            self.blocked_shake = True
        if state == TUMBLING:
            self.dice_count = turn.dice_expected()
            if time.ticks_diff(now_ms, self._frame_ms) >= _FRAME_MS:
                self._frame_ms = now_ms
                faces = self.roller.faces
                for index in range(4):
                    self.dice[index] = faces[index]
                self._dirty = True
        elif state == LANDED:
            self._land(now_ms)
        self._compose()

    def _moved(self, happened, open_before):
        """Flaps were fed to the turn: sound it, log and save a committed move, refresh the lights."""
        turn = self.turn
        if turn.open_mask != open_before:
            self.log.move(open_before & ~turn.open_mask)
            if turn.state != OVER:
                self._save()
        elif turn.pending & ~self._saved_pending:  # a tile joined the move: a cut keeps it
            self._save()
        if happened & REFUSED:
            self.sounds.play(REFUSED_SOUND)
        elif happened & DONE:
            self.sounds.play(MOVE_DONE)
            self.free_throw = False
        elif happened & TOOK_BACK:
            self.sounds.play(TAKEN)
        elif happened & ACCEPTED:
            self.sounds.play(CLICK)
        self.blocked_shake = False
        self.legal = turn.legal_tiles()
        self._dirty = True
        self._refresh_hint()
        self._hint_roll()

    def _refresh_hint(self):
        """Hints on: the tiles still to shut for the best move that keeps the flaps shut so far."""
        hint = 0
        if self.menu.hints_on and self.turn.state == AWAIT_MOVE:
            hint = self.hints.follow_up(self.turn)
        if hint != self.hint:
            self.hint = hint
            self._dirty = True

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
        for index in range(4):
            self.dice[index] = values[index] if index < count else 0
        self.dice_count = count
        self.total = turn.total
        self.blocked_shake = False
        self.free_throw = result == FREE_THROW
        self._dirty = True
        if turn.state == OVER:
            self._turn_over(now_ms)
            return
        if saves_after(result):
            self._save()
        if result == ROLLED:
            self.sounds.play(LANDED_SOUND)
        self.legal = turn.legal_tiles()
        self.hint = 0
        self.chance = -1
        self.advice = -1
        if self.menu.hints_on and turn.state == AWAIT_MOVE:
            self.hint = self.hints.best_move(turn)
            self.chance = self.hints.shut_chance(turn)
        elif turn.state == AWAIT_ROLL:
            self._hint_roll()

    def _hint_roll(self):
        """Hints on: the shut chance and one-die advice for where the turn stands now."""
        if not self.menu.hints_on or self.turn is None:
            return
        chance = self.hints.shut_chance(self.turn)
        advice = self.hints.one_die(self.turn)
        if chance != self.chance or advice != self.advice:
            self.chance = chance
            self.advice = advice
            self._dirty = True

    def _review_shown(self, now_ms, ok):
        """The review stays up _REVIEW_MS or until ok, which it takes."""
        if ok == SHORT_PRESS or time.ticks_diff(now_ms, self._review_since) >= _REVIEW_MS:
            self.reviewing = False
            self._dirty = True
            return NO_PRESS
        return ok

    def _compose(self):
        """Pick the message for the state of the turn (and the number that ends it)."""
        turn = self.turn
        number = -1
        uncover = self.invert != 0
        played_back = self.must_open if uncover else self.must_shut  # a played tile undone
        played_wrong = self.must_shut if uncover else self.must_open  # a tile the rules refuse
        if self.roller.state == TUMBLING:
            message = MSG_ROLLING
        elif played_back:
            message = MSG_OPEN_AGAIN if uncover else MSG_SHUT_AGAIN
            number = _lowest_tile(played_back)
        elif played_wrong:
            if self.flap_feed.error == E_ROLL_FIRST:
                message = MSG_ROLL_FIRST_UNCOVER if uncover else MSG_ROLL_FIRST
            else:
                message = MSG_REFUSED_UNCOVER if uncover else MSG_REFUSED
            number = _lowest_tile(played_wrong)
        elif self.blocked_shake and turn.state == AWAIT_MOVE:
            message = MSG_FINISH
        elif turn.state == AWAIT_MOVE:
            if turn.pending and turn.move_state() != PENDING:
                message = MSG_MOVE_OK_UNCOVER if uncover else MSG_MOVE_OK
            else:
                message = MSG_MOVE_UNCOVER if uncover else MSG_MOVE
                number = turn.total
        elif self.free_throw:
            message = MSG_FREE
        else:
            shake = self.shaking_rolls()
            if turn.one_die:
                message = MSG_SHAKE_CHOSEN if shake else MSG_PRESS_CHOSEN
            elif turn.one_die_allowed():
                message = MSG_SHAKE_ONE if shake else MSG_PRESS_ONE
            else:
                message = MSG_SHAKE if shake else MSG_PRESS
        if message is not self.message or number != self.number:
            self.message = message
            self.number = number
            self._dirty = True

    def _turn_over(self, now_ms):
        turn = self.turn
        self.result_player = self.player
        self.result_score = turn.score()
        self.result_end = turn.ended
        self.sounds.play(BOX_SHUT if turn.ended == END_SHUT else TURN_OVER)
        if self.menu.hints_on and self.hints.turn_over(turn, self.player):
            self.reviewing = True
            self._review_since = now_ms
        self.log.end(turn.ended, turn.open_mask)
        self.tally.add_turn(turn)
        match = self.match
        if match.end_turn():
            self.phase = FINISHED
            self.showing_result = self.waits_for_ok()
            self._page = 0
            self._next_page = 0
            self._page_since = now_ms
            self.winner_mask = 0
            for player in match.winners():
                self.winner_mask |= 1 << player
            self.sounds.play(WINNER)
            self._dirty = True
            self._save()
            name = self.menu.preset_named(match.rules) or CUSTOM  # no game.presets in play
            if self.stats.add_match(match, self.tally, name) and self.keeper is not None:
                self.keeper.save_stats(self.stats)
                self._report_keeper()
        else:
            self._enter_setup(now_ms)
            self._save()

    # -- the end -----------------------------------------------------------------------------
    def _finished(self, now_ms, select, ok):
        self.roller.update(now_ms, False)
        if self.showing_result and ok == SHORT_PRESS:
            self.showing_result = False  # on to the standings
            self._page_since = now_ms
            self._dirty = True
        elif ok == SHORT_PRESS:
            self._start_match(now_ms)
        elif select == SHORT_PRESS:
            self._to_menu()
        elif (not self.showing_result and (self._page or self._next_page)
              and time.ticks_diff(now_ms, self._page_since) >= _PAGE_MS):
            self._page = self._next_page
            self._page_since = now_ms
            self._dirty = True

    # -- output ------------------------------------------------------------------------------
    def _render(self, now_ms):
        lights = self.lights
        phase = self.phase
        if lights is not None:
            if self._fault_showing and (self.screen is None or self._display_failing):
                lights.flash(WRONG, now_ms)
            elif phase == MENU:
                lights.menu(self.menu.row, self.menu.value(), self.flaps.tiles, now_ms)
            elif phase == SETUP:
                lights.guide(self.row, self.rules.tiles, self.must_open, self.must_shut, now_ms)
            elif phase == PLAY:
                self._light_turn(now_ms)
            else:
                lights.winners(self.winner_mask, now_ms)
        if self.screen is None or not self._dirty:
            return
        self._dirty = False
        screen = self.screen
        if self._fault_showing:
            screen.show_fault(self._fault_queue[0], self._fault_page)
        elif self.reviewing and (phase == SETUP or phase == FINISHED):
            screen.show_review(self.hints.review)
        elif phase == MENU:
            screen.show_menu(self.menu)
        elif phase == SETUP:
            screen.show_setup(self.result_player, self.result_score, END_WORDS[self.result_end],
                              self.total, self.player, self._round_number(), self.must_open,
                              self.must_shut, self.result_player >= 0 and self.waits_for_ok())
        elif phase == PLAY:
            screen.show_turn(self.player, self.dice, self.dice_count, self.total, self.message,
                             self.number, self.chance, self.advice,
                             self.hints.chance_word() if self.menu.hints_on else "shut")
        elif self.showing_result:
            screen.show_result(self.result_player, self.result_score, END_WORDS[self.result_end],
                               self.total)
        else:
            match = self.match
            ledger = match.ledger
            self._next_page = screen.show_standings(
                "Winner!" if self.winner_mask & (self.winner_mask - 1) == 0 else "Shared win!",
                match.totals, match.players, ledger.chips if ledger is not None else None,
                self.winner_mask, self._page)

    def _light_turn(self, now_ms):
        turn = self.turn
        dice_mask = 0
        if self.screen is None and turn.state == AWAIT_MOVE:
            dice_mask = turn.die_mask  # no display: the dice blink on their tiles
        awaiting = turn.state == AWAIT_MOVE and self.roller.state != TUMBLING
        self.lights.play(self.row, self.rules.tiles, turn.open_mask & ~turn.pending,
                         turn.pending, self.legal if awaiting else 0, self.hint if awaiting else 0,
                         self.must_open | self.must_shut, dice_mask, now_ms)

    def _round_number(self):
        """The round about to be played, for formats of several rounds (else 0)."""
        if self.rules.match == MATCH_SINGLE:
            return 0
        return self.match.rounds_played + 1


def _lowest_tile(mask):
    tile = 1
    while not mask & bit(tile):
        tile += 1
    return tile

"""What the App shows: the turn's message (compose) and each tick's LEDs and OLED frame
(render), from the App's state; the OLED is redrawn only when `app.dirty` says it changed. A
frame drawn with a module of frames not loaded (app.screen_<name>: a phase's own) waits a tick:
the next imports it and draws (the Screen's `frames` is 0 meanwhile), doing no other long work
(app.core's tick); the menu's rules card imports its own modules so, a tick each (app.screen_menu).

The dice shown (show_dice) and the hints for where the turn stands (show_hints: app.hints'
answers). Which page is up and for how long: between turns the turn's page and the match's
take turns (turn_pages), a turn's result with hints is followed by its review a page at a time
(review_pages); a long select in a match asks first whether to leave it (app.phases_left's
leave_question).

Messages are up to three lines of at most 16 characters; a number may follow the last line.

The App's state kept here alone (app.boot_state sets it up; app.core's App declares the rest):
`dice` (the dice shown: the first `dice_count`), `message` and `number` (compose's); between
turns `match_page` (-1: the turn's page, else the first player on the match's),
`match_page_next` (the first player of the match's next page, 0: back to the turn's) and
`page_since` (when that page went up); `review_page` and `review_next` (the first move on the
review's page shown and on its next, 0: the last page is shown); `leaving_since` (when the
leave question was asked; None once ok answered it: the next tick leaves, app.phases_left).
"""

import time

from micropython import const

from app.lights import blink_on
from app.memory import frames_shown

# Other modules' constants, as there (an imported name costs a stored name on the board):
_TUMBLING = const(1)  # app.roller's state
_LANDED = const(2)  # (the tick the dice land: app.roller's update)
_SLICED = const(2)  # app.keeper's keep_up: the tick did a slice of a save
_WRONG = const(0xFF0000)  # app.lights' colour
_AWAIT_MOVE = const(1)  # game.turn's state
_E_ROLL_FIRST = const(17)  # game.turn's error

_SHORT_PRESS = const(1)  # hal.buttons' presses

_REVIEW_MS = const(6000)  # with hints on, each page of a turn's review stays up this long (or until ok)
_RESULT_FIRST_MS = const(2500)  # with hints on, the turn's result stays up this long (or until ok) before its review
_PAGE_MS = const(3000)  # between turns, the turn's page and the match's turn over this often

_MENU = const(0)  # app.core's phases, each shown its own way
_SETUP = const(1)
_PLAY = const(2)
_FINISHED = const(3)
_NET_PAGE = const(100)  # match_page: the network's pages from here (app.screen_net's, as there)

# The turn's messages (Screen.show_turn): up to three lines, each the number of a line of
# app.screens' MESSAGE_LINES, five bits a line, the first line lowest. A constant each, so
# they cost no RAM: the lines' numbers, in MESSAGE_LINES' order, then the messages.
_SHAKE_THE_BOX = const(1)
_OR_PRESS_OK = const(2)
_SELECT_ONE_DIE = const(3)
_ONE_DIE_CHOSEN = const(4)
_PRESS_OK = const(5)
_TO_ROLL = const(6)
_ROLLING = const(7)
_SHUT_LIT_TILES = const(8)
_TO_MAKE = const(9)
_MOVE_ADDS_UP = const(10)
_ROLL_OR_SHUT = const(11)
_MORE_LIT_TILES = const(12)
_FREE_THROW = const(13)
_ROLL_AGAIN = const(14)
_FINISH_THE_MOVE = const(15)
_BEFORE_ROLLING = const(16)
_OPEN_TILE = const(17)
_SHUT_TILE = const(18)
_AGAIN = const(19)
_AND_ROLL_FIRST = const(20)
_AGAIN_PLAYED = const(21)
_OPEN_LIT_TILES = const(22)
_ROLL_OR_OPEN = const(23)
_ONE_DIE_NOT_NOW = const(24)
_NUMBER_FIRST = const(1 << 15)  # app.screens': the tile's number follows the first line
_RULES_LINES = const(1 << 16)  # app.screens': the lines are the move rules' instruction
_MSG_SHAKE = const(_SHAKE_THE_BOX | _OR_PRESS_OK << 5)  # the App's first (app.boot_state's copy)
_MSG_SHAKE_ONE = const(_SHAKE_THE_BOX | _OR_PRESS_OK << 5 | _SELECT_ONE_DIE << 10)
_MSG_SHAKE_CHOSEN = const(_SHAKE_THE_BOX | _OR_PRESS_OK << 5 | _ONE_DIE_CHOSEN << 10)
_MSG_PRESS = const(_PRESS_OK | _TO_ROLL << 5)
_MSG_PRESS_ONE = const(_PRESS_OK | _TO_ROLL << 5 | _SELECT_ONE_DIE << 10)
_MSG_PRESS_CHOSEN = const(_PRESS_OK | _TO_ROLL << 5 | _ONE_DIE_CHOSEN << 10)
_MSG_ROLLING = const(_ROLLING)
_MSG_MOVE = const(_SHUT_LIT_TILES | _TO_MAKE << 5)
_MSG_MOVE_BY_DICE = const(1 | 2 << 5 | _RULES_LINES)  # the rules going by the dice's numbers (game.moves')
_MSG_MOVE_OK = const(_MOVE_ADDS_UP | _ROLL_OR_SHUT << 5 | _MORE_LIT_TILES << 10)
_MSG_FREE = const(_FREE_THROW | _ROLL_AGAIN << 5)
_MSG_FINISH = const(_FINISH_THE_MOVE | _BEFORE_ROLLING << 5)
# A refusal says what to do: "Open tile 3 / again" (the tile's number after the first line).
_MSG_REFUSED = const(_OPEN_TILE | _AGAIN << 5 | _NUMBER_FIRST)
_MSG_ROLL_FIRST = const(_OPEN_TILE | _AND_ROLL_FIRST << 5 | _NUMBER_FIRST)
_MSG_SHUT_AGAIN = const(_SHUT_TILE | _AGAIN_PLAYED << 5 | _NUMBER_FIRST)
# The long game's uncoverer plays by opening flaps: the same messages, the other way round.
_MSG_MOVE_UNCOVER = const(_OPEN_LIT_TILES | _TO_MAKE << 5)
_MSG_MOVE_OK_UNCOVER = const(_MOVE_ADDS_UP | _ROLL_OR_OPEN << 5 | _MORE_LIT_TILES << 10)
_MSG_REFUSED_UNCOVER = const(_SHUT_TILE | _AGAIN << 5 | _NUMBER_FIRST)
_MSG_ROLL_FIRST_UNCOVER = const(_SHUT_TILE | _AND_ROLL_FIRST << 5 | _NUMBER_FIRST)
_MSG_OPEN_AGAIN = const(_OPEN_TILE | _AGAIN_PLAYED << 5 | _NUMBER_FIRST)


def compose(app, settled):
    """Pick the message for the state of the turn (and the number that ends it); `settled`: the
    pending move may be taken as it stands (app.core's _play asked the turn once a tick: issue 45)."""
    turn = app.turn
    number = -1
    uncover = app.invert != 0
    played_back = app.must_open if uncover else app.must_shut  # a played tile undone
    played_wrong = app.must_shut if uncover else app.must_open  # a tile the rules refuse
    if app.roller.state == _TUMBLING:
        message = _MSG_ROLLING
    elif played_back or played_wrong:
        if played_back:
            message = _MSG_OPEN_AGAIN if uncover else _MSG_SHUT_AGAIN
        elif app.flap_feed.error == _E_ROLL_FIRST:
            message = _MSG_ROLL_FIRST_UNCOVER if uncover else _MSG_ROLL_FIRST
        else:
            message = _MSG_REFUSED_UNCOVER if uncover else _MSG_REFUSED
        played_wrong = played_back or played_wrong  # the tiles to move (few locals: a Pico's
        number = 1  # the lowest of them      call allocates no frame on the heap then: issue 45)
        while not played_wrong >> number - 1 & 1:
            number += 1
    elif app.blocked_shake and turn.state == _AWAIT_MOVE:
        message = _MSG_FINISH
    elif turn.state == _AWAIT_MOVE:
        if settled:
            message = _MSG_MOVE_OK_UNCOVER if uncover else _MSG_MOVE_OK
        else:
            message = _MSG_MOVE_UNCOVER if uncover else _MSG_MOVE
            number = turn.total
            if not uncover and app.rules.move:
                message = _MSG_MOVE_BY_DICE  # what they allow, not a sum to make
                number = -1
    elif app.free_throw:
        message = _MSG_FREE
    elif turn.one_die:
        message = _MSG_SHAKE_CHOSEN if app.shaking_rolls() else _MSG_PRESS_CHOSEN
    elif turn.one_die_allowed():
        message = _MSG_SHAKE_ONE if app.shaking_rolls() else _MSG_PRESS_ONE
    else:
        message = _MSG_SHAKE if app.shaking_rolls() else _MSG_PRESS
    if app.no_one_die and message < 1 << 10:  # select refused: said first (two lines or fewer)
        message = _ONE_DIE_NOT_NOW | message << 5
    if message != app.message or number != app.number:
        app.message = message
        app.number = number
        app.dirty = True


def render(app, now_ms, sliced=0):
    """The LEDs every tick; the OLED's frame when it changed, in play never in the tick the dice
    land or a flap is answered, nor in one a save's slice took (`sliced` _SLICED: app.keeper's
    keep_up), each a Pico's long work (issue 45)."""
    lights = app.lights
    phase = app.phase
    faults = app.faults
    if lights is not None:
        if faults.showing and not faults.on_screen():  # no screen to show it: every LED blinks red
            lights.leds.fill(_WRONG if blink_on(now_ms) else 0)
            lights.leds.show()
        elif phase == _MENU and app.menu is not None:  # (None: opening, the LEDs as they were)
            app.menu.light(lights, app.devices.flaps.tiles, now_ms)
        elif phase == _SETUP:
            lights.guide(app.row, app.rules.tiles, app.must_open, app.must_shut, now_ms)
        elif phase == _PLAY:
            turn = app.turn
            dice_mask = 0
            if app.screen is None and turn.state == _AWAIT_MOVE:
                dice_mask = turn.die_mask  # no display: the dice blink on their tiles
            awaiting = turn.state == _AWAIT_MOVE and app.roller.state != _TUMBLING
            lights.play(app.row, app.rules.tiles, turn.open_mask & ~turn.pending,
                        turn.pending, app.legal if awaiting else 0, app.hint if awaiting else 0,
                        app.must_open | app.must_shut, dice_mask, now_ms)
        elif app.ending is not None:  # (from the tick after the match's end: app.core)
            app.ending.light(lights, app.winner_mask, now_ms)
    screen = app.screen
    if sliced == _SLICED or phase == _PLAY and (app.roller.state == _LANDED or app.devices.flaps.rows[app.row].changed):
        return  # the dice landed, a flap was answered or a save's slice done: the OLED's work waits
    if screen is not None and screen.unsent:  # the last frame's next band: no new one before it is all sent
        screen.flush()
        return
    if screen is None or not app.dirty or (phase == _FINISHED and app.ending is None) or (
            phase == _MENU and app.menu is None):  # (the menu opening: its frame once it is open)
        return  # (the match's end: its frame once app.finish has it, app.core's next tick)
    name = "fault" if faults.showing else "leave" if app.leaving else "menu" if phase == _MENU else (
        None if phase == _PLAY else "review" if app.reviewing else
        "turn" if phase == _SETUP and app.match_page < 0 else
        "net" if phase == _SETUP and app.match_page >= _NET_PAGE else "end")  # net: Wi-Fi's pages
    frames = screen.frames  # a module, None, or 0: the one named is imported now
    if frames and (name is None or not frames.__name__.endswith(name)):
        frames_shown(frames)
        frames = None
    if name is None:
        frames = None
    elif frames is None:  # imported on the next tick, which does no other long work
        screen.frames = 0
        return
    elif frames == 0:  # imported now, drawn on the next tick: on a Pico each takes 10-20 ms
        import sys  # (here: a name fewer in the module's globals, which stay in the heap)

        if (name == "turn" or name == "end") and "app.screen_lines" not in sys.modules:
            __import__("app.screen_lines")  # first what they draw with, in a tick of its own
        else:
            screen.frames = __import__("app.screen_" + name, None, None, ("show",))
        return
    screen.frames = frames
    app.dirty = False
    if faults.showing:
        frames.show_fault(screen, faults.reported[faults.shown], faults.page)
    elif app.leaving:
        frames.show_leave(screen)
    elif app.reviewing and (phase == _SETUP or phase == _FINISHED):
        app.review_next = frames.show_review(screen, app.hints.review, app.review_page)
    elif phase == _SETUP and app.match_page >= 0:
        app.match_page_next = frames.show_match(  # (app.screen_end's, or app.screen_net's)
            screen, app.match, app.rules, app.player, app.match_page, app.waits_for_ok(),
            app.devices.wifi)
    elif phase == _SETUP:
        frames.show_setup(
            screen, app.result_player, app.result_score, app.result_end, app.total,
            app.player, app.match, app.must_open, app.must_shut, app.waits_for_ok(),
            app.blocked_shake, app.hints_on)
    elif phase == _MENU:
        app.dirty = not frames.show_menu(screen, app.menu)  # (a card's module imported: drawn later)
    elif phase == _FINISHED:  # app.finish's frames, drawn with app.screen_end's
        app.ending.show(app, screen, frames)
    else:
        screen.show_turn(app.player, app.dice, app.dice_count, app.total, app.message,
                         app.number, app.chance, app.advice,
                         app.hints.chance_word() if app.hints_on else "shut", app.turn.move_rules)


def turn_pages(app, now_ms, changed, select, first=False):
    """Between turns (the SETUP phase): the turn's page goes up `first` (a turn set up, or a
    press refused: the page says why), and when the flaps to move have `changed` (a flap set
    right or wrong: it lists them) for _PAGE_MS; select, or _PAGE_MS with the flaps right, turns
    to the next page: the turn's, then the match's pages, then the turn's again; with Wi-Fi,
    select after the match's pages shows the network's, which stay until select."""
    if first:
        app.match_page = -1
        app.page_since = now_ms
        app.dirty = True
    if changed:
        if app.match_page >= 0:
            app.match_page = -1
            app.dirty = True
        app.page_since = now_ms
        return
    if not (select == _SHORT_PRESS or (not (app.must_open or app.must_shut) and app.match_page < _NET_PAGE
                                       and time.ticks_diff(now_ms, app.page_since) >= _PAGE_MS)):
        return  # (Wi-Fi's pages stay until select)
    if app.match_page < 0:
        app.match_page = 0
    elif app.match_page_next and (select or app.match_page_next < _NET_PAGE):  # select: 0 or 1
        app.match_page = app.match_page_next
    else:
        app.match_page = -1
    app.page_since = now_ms
    app.dirty = True


def review_pages(app, now_ms, ok):
    """Hints: the turn's result, then its review a page at a time, each until ok or its time
    is up; True when it took the ok."""
    if app.hints.review.end_mask >= 0 or not (ok == _SHORT_PRESS or time.ticks_diff(
            now_ms, app.result_since) >= (_RESULT_FIRST_MS if app.review_due else _REVIEW_MS)):
        return False  # (a review is shown once priced: the next tick but a save's)
    if app.review_due:
        app.review_due = False
        app.reviewing = True
        app.review_page = 0
    elif app.review_next:
        app.review_page = app.review_next
    else:
        app.reviewing = False
        app.page_since = now_ms
        if app.ending is not None:  # the match's end: its result was shown first
            app.ending.showing_result = False
            app.ending.page_since = now_ms
    app.result_since = now_ms
    app.dirty = True
    return ok == _SHORT_PRESS


def show_dice(app, values, count):
    """Put `count` dice of `values` on the display."""
    dice = app.dice
    for index in range(4):
        dice[index] = values[index] if index < count else 0
    app.dice_count = count
    app.dirty = True


def show_hints(app, roll=False):
    """Hints on, for where the turn stands: in play with a roll awaiting its move (unless
    `roll`), the best move (recorded for the turn's review), the tiles of it still to shut and
    the chance it leaves; else the shut chance and the one-die advice."""
    turn = app.turn
    if not app.hints_on or turn is None:
        return
    hints = app.hints
    if roll or not (app.phase == _PLAY and turn.state == _AWAIT_MOVE):
        chance = hints.shut_chance(turn)
        advice = hints.one_die(turn)
        if chance != app.chance or advice != app.advice:
            app.chance = chance
            app.advice = advice
            app.dirty = True
        return
    hints.best_move(turn)
    app.hint = hints.follow_up(turn)
    app.chance = hints.shut_chance(turn)
    app.dirty = True

"""The match's end (the App's FINISHED phase): the winners and the statistics, the last turn's
result then the standings on the OLED (a page at a time when they take more than one screen),
the winners' colours on the LEDs, and ok (play again) or select (the menu).

Loaded as a match ends (App.turn_over), let go when the App leaves the phase (Ending.leave): a
turn holds none of it.
"""

import time

from hal.buttons import SHORT_PRESS
from micropython import const

from app import release
from app.keeper import keep
from app.lights import OFF, PLAYER_COLOURS
from app.presentation import END_WORDS
from app.screens import COLUMNS, digits_in

_FINISHED = const(3)  # app.core's phase (as there)
_SOUND_WINNER = const(7)  # app.core's sound (as there)
_PAGE_MS = const(3000)  # standings longer than a screen turn a page this often


def end_match(app, now_ms):
    """The App's match is over: its winners, saved and merged into the statistics; the
    phase's state is app.ending's (an Ending)."""
    match = app.match
    app.phase = _FINISHED
    app.ending = Ending(app.waits_for_ok(), now_ms)
    winner_mask = 0
    for player in match.winners():
        winner_mask |= 1 << player
    app.winner_mask = winner_mask
    app.play(_SOUND_WINNER)
    app.dirty = True
    app.save()
    keeper = app.keeper
    if keeper is not None:
        keeper.merged_serial = keep(keeper, "merge_stats", match, app.tally, app.match_preset)
        app.report_keeper()


class Ending:
    """The phase's state: `showing_result` (the match's last turn is on the display, before
    the standings), `page` (the first player on the standings' page shown), `next_page` (the
    first player of the next page, 0: one page) and `page_since` (when that page went up)."""

    def __init__(self, showing_result, now_ms):
        self.showing_result = showing_result
        self.page = 0
        self.next_page = 0
        self.page_since = now_ms

    def leave(self, app):
        """The App leaves the phase (a new match, or the menu): this module goes."""
        app.ending = None
        release((__name__,), False, True)

    def step(self, app, now_ms, select, ok):
        """ok: on from the last turn's result to the standings, then play again; select: the menu."""
        app.roller.update(now_ms, False)
        if self.showing_result and ok == SHORT_PRESS:
            self.showing_result = False  # on to the standings
            self.page_since = now_ms
            app.dirty = True
        elif ok == SHORT_PRESS:
            app.new_match(now_ms)
        elif select == SHORT_PRESS:
            app.to_menu()
        elif (not self.showing_result and (self.page or self.next_page)
              and time.ticks_diff(now_ms, self.page_since) >= _PAGE_MS):
            self.page = self.next_page
            self.page_since = now_ms
            app.dirty = True

    def light(self, lights, winner_mask, now_ms):
        """The winners' colours chase round every LED."""
        leds = lights.leds
        players = 0
        for player in range(len(PLAYER_COLOURS)):
            if winner_mask >> player & 1:
                players += 1
        step = now_ms // 120
        for index in range(leds.count):
            pick = (index + step) % (players + 1) if players else 1
            colour = OFF
            if pick < players:
                seen = 0
                for player in range(len(PLAYER_COLOURS)):
                    if winner_mask >> player & 1:
                        if seen == pick:
                            colour = PLAYER_COLOURS[player]
                        seen += 1
            leds.set_tile(index + 1, colour)
        leds.show()

    def show(self, app, screen, frames):
        """The frame of the phase: the match's last turn, then the standings' page (`frames`:
        app.screen_end, which they draw with)."""
        if self.showing_result:
            show_result(frames, screen, app.result_player, app.result_score,
                        END_WORDS[app.result_end], app.total)
            return
        match = app.match
        ledger = match.ledger
        winners = app.winner_mask
        self.next_page = show_standings(
            frames, screen, "Winner!" if winners & (winners - 1) == 0 else "Shared win!",
            match.totals, match.players, ledger.chips if ledger is not None else None, winners,
            self.page)


def show_result(frames, screen, result_player, result_score, result_name, last_total):
    """The match's last turn, before the standings."""
    screen.clear()
    frames.result(screen, result_player, result_score, result_name, last_total, 0)
    screen.text("ok: standings", 0, 7)
    screen.send()


def show_standings(frames, screen, title, totals, players, chips, winner_mask, first=0):
    """The match's end: each player's total, and chips when played for them, from player
    `first` on, as many as the screen holds ("more" in the title when some are left);
    returns the first player not shown, 0 when the last one was."""
    screen.clear()
    screen.text(title, 0, 0)
    row = 1
    player = first
    while player < players:
        chip_count = chips[player] if chips is not None else -1
        if row + _standing_rows(totals[player], chip_count) > 8:
            break
        column = screen.text("*" if winner_mask >> player & 1 else " ", 0, row)
        column = screen.text("P", column, row)
        column = screen.number(player + 1, column, row)
        row = frames.flow_number(screen, totals[player], column + 1, row)
        if chip_count >= 0:
            column = _flow_end(4, digits_in(totals[player]))
            if column + 2 + digits_in(chip_count) > COLUMNS:
                row += 1
                column = 3
            column = screen.text("$", column + 1, row)
            screen.number(chip_count, column, row)
        row += 1
        player += 1
    if player < players:
        screen.text("more", COLUMNS - 4, 0)
    screen.send()
    return player if player < players else 0


def _standing_rows(total, chips):
    """Rows one player's standing takes: "*P8 total $chips", wrapped as show_standings does."""
    digits = digits_in(total)
    rows = _flow_rows(4, digits)
    if chips >= 0 and _flow_end(4, digits) + 2 + digits_in(chips) > COLUMNS:
        rows += 1
    return rows


def _flow_end(column, digits):
    """The column after a number flow_number() starts at `column` (on its last line)."""
    if column + digits > COLUMNS and digits <= COLUMNS:
        return digits
    return (column + digits - 1) % COLUMNS + 1


def _flow_rows(column, digits):
    """The lines a number flow_number() starts at `column` takes."""
    if column + digits > COLUMNS and digits <= COLUMNS:
        return 2
    return 1 + (column + digits - 1) // COLUMNS

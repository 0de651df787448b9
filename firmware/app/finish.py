"""The match's end (the App's FINISHED phase): the winners and the statistics, the last turn's
result then the standings on the OLED (the winners named in the title; a page at a time when
they take more than one screen, ok turning it), the winners' colours on the LEDs, and ok on
the last page (play again) or select (the menu).

Loaded the tick after a match ends (App.turn_over, then App.tick), let go when the App leaves the phase (Ending.leave): a
turn holds none of it.
"""

import sys

from hal import time  # (a look-up: hal's docstring says why)
from hal.buttons import SHORT_PRESS
from micropython import const

from app.lights import OFF, PLAYER_COLOURS
from app.memory import let_go, release
from app.presentation import END_WORDS

_FINISHED = const(3)  # app.core's phase (as there)
_SOUND_WINNER = const(7)  # app.core's sound (as there)
_END_SHUT = const(1)  # game.turn's end (as there)
_PAGE_MS = const(3000)  # without an ok button, standings longer than a screen turn a page this often
_LAST_STANDING_ROW = const(5)  # rows 1-5 hold the players; 6 and 7 say what ok and select do
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
        self.merge = merge  # (match, tally, preset): the keeper's merge, not yet asked

    def leave(self, app):
        """The App leaves the phase (a new match, or the menu): this module goes; the last
        turn's review is priced, the coach's programme let go and the merge asked of the keeper
        if they were not yet (ok or select came first)."""
        if app.hints_on and app.hints.review.end_mask >= 0:
            _price(app)
        self._merge_after_the_programme(app)
        app.ending = None
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
        merge is asked of the keeper."""
        app.roller.update(now_ms, False)
        if self.again:
            app.new_match(now_ms)
            return
        if app.hints_on and app.hints.review.end_mask >= 0:
            screen = app.screen
            if quiet and not (screen is not None and (app.dirty or screen.unsent)):
                _price(app)
                return
        else:
            self._merge_after_the_programme(app)
        if self.showing_result and ok == SHORT_PRESS:
            self.showing_result = False  # on to the standings
            self.page_since = now_ms
            app.dirty = True
        elif ok == SHORT_PRESS and self.next_page:
            self._turn_page(app, now_ms)
        elif ok == SHORT_PRESS:  # play again, on the next tick (app.phases imported now)
            __import__("app.phases")
            self.again = True
        elif select == SHORT_PRESS:
            app.to_menu()
        elif (not self.waiting_ok and (self.page or self.next_page)
              and time.ticks_diff(now_ms, self.page_since) >= _PAGE_MS):
            self._turn_page(app, now_ms)

    def _turn_page(self, app, now_ms):
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
            frames, screen, match.totals, match.players,
            ledger.chips if ledger is not None else None, winners,
            app.result_end == _END_SHUT and winners == 1 << app.result_player, self.page,
            self.waiting_ok)


def _price(app):
    """Price the last turn's review (app.hints_turn's, loaded for it)."""
    from app.hints_turn import price

    price(app.hints)
    let_go("turn work")


def show_result(frames, screen, result_player, result_score, result_name, last_total):
    """The match's last turn, before the standings."""
    screen.clear()
    frames.result(screen, result_player, result_score, result_name, last_total, 0)
    screen.text("ok: standings", 0, 7)
    screen.send()


def show_standings(frames, screen, totals, players, chips, winner_mask, shut, first=0,
                   waiting_ok=True):
    """The match's end: the winners in the title ("P1 wins!", "P1 shut the box!" when `shut`:
    the one winner shut it on the last turn, "Tie: P1 P3"), each player's total (the winners
    starred), and chips when played for them, from player `first` on, as many as rows 1-5
    hold; then what ok (`waiting_ok`: the next page, or play again) and select do. Returns
    the first player not shown, 0 when the last one was."""
    screen.clear()
    _title(screen, winner_mask, players, shut)
    row = 1
    player = first
    while player < players:
        chip_count = chips[player] if chips is not None else -1
        won = winner_mask >> player & 1
        if row > 1 and frames.standing(screen, " ", player, totals[player], -1, chip_count, 0,
                                       row, False) > _LAST_STANDING_ROW + 1:
            break  # on the next page (where it comes first: a page shows at least one)
        row = frames.standing(screen, "*" if won else " ", player, totals[player], -1,
                              chip_count, 0, row)
        player += 1
    if waiting_ok:
        screen.text("ok: next page" if player < players else "ok: play again", 0, 6)
    screen.text("select: menu", 0, 7)
    screen.send()
    return player if player < players else 0


def _title(screen, winner_mask, players, shut):
    """The standings' title: who won."""
    count = 0
    winner = 0
    for player in range(players):
        if winner_mask >> player & 1:
            count += 1
            winner = player
    if count == 1:
        column = screen.text("P", 0, 0)
        column = screen.number(winner + 1, column, 0)
        screen.text(" shut the box!" if shut else " wins!", column, 0)
    elif count <= 4:  # "Tie: P1 P2 P3 P4" fills the line
        column = screen.text("Tie:", 0, 0)
        for player in range(players):
            if winner_mask >> player & 1:
                column = screen.text(" P", column, 0)
                column = screen.number(player + 1, column, 0)
    else:
        column = screen.number(count, 0, 0)
        screen.text("-way tie!", column, 0)

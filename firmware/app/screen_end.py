"""The match as it stands on the OLED (app.screens' grid), drawn with app.screen_lines': between
turns a page at a time (show_match: the round, each player's total, this round's score, chips,
who is out), and at the match's end the standings and the last turn app.finish's frames draw
(standing, kitty; app.screen_lines' result and END_WORDS, here for them).
Loaded while one is shown, let go when another page is drawn (app.presentation)."""

from micropython import const

# END_WORDS, result: app.finish_frames' through this module
from app.screen_lines import (  # noqa: F401
    END_WORDS,
    flow_number,
    out_now,
    result,
    round_score,
    round_title,
    run_number,
)
from app.screens import COLUMNS, digits_in

_MATCH_LONG_GAME = const(4)
_MATCH_RACE = const(5)
_STAKES_CANOGA = const(2)  # game.rules' stakes (as there)
_NET_PAGE = const(100)  # match_page of the network's first page (app.screen_net's, as there)
_TOTAL_AT = const(4)  # a standing's total starts here, after "*P8 "


def standing(screen, mark, player, total, extra, chips, out, row, draw=True):
    """One player's standing from `row`: `mark` (one character: "*" a winner, ">" next to
    play, " "), "P<n>", the total (running on over the lines when long; "-" when < 0: a
    player who never threw), then "+<extra>" (this
    round's score, when >= 0), "$<chips>" (when >= 0) and "out" (`out`: dropped out), each
    on the next line when it does not fit; returns the row after it. draw=False: only counts."""
    if draw:
        screen.text(mark, 0, row)
        screen.text("P", 1, row)
        screen.number(player + 1, 2, row)
        if total < 0:
            screen.text("-", _TOTAL_AT, row)
        else:
            flow_number(screen, total, _TOTAL_AT, row)
    digits = digits_in(total) if total >= 0 else 1
    if _TOTAL_AT + digits > COLUMNS and digits <= COLUMNS:
        row += 1
        column = digits
    else:
        row += (_TOTAL_AT + digits - 1) // COLUMNS
        column = (_TOTAL_AT + digits - 1) % COLUMNS + 1
    for field in range(2):  # "+<extra>", then "$<chips>"
        value = extra if field == 0 else chips
        if value < 0:
            continue
        width = 2 + digits_in(value)
        if column + width > COLUMNS:  # on the next line, indented, or from its start if long
            row += 1
            column = 3 if width <= COLUMNS - 3 else -1
        if draw:
            screen.text("+" if field == 0 else "$", column + 1, row)
            run_number(screen, value, column + 2, row)
        end = column + width
        row += (end - 1) // COLUMNS
        column = (end - 1) % COLUMNS + 1
    if out:
        if column + 4 > COLUMNS:
            row += 1
            column = 3
        if draw:
            screen.text("out", column + 1, row)
    return row + 1


def kitty(match, rules):
    """Canoga's kitty (the antes waiting for a shut box), or -1 when the match has none."""
    ledger = match.ledger
    return ledger.pot if ledger is not None and rules.stakes == _STAKES_CANOGA else -1


def show_kitty(screen, chips, row):
    """The kitty's line: "Kitty $<chips>" (at most 8 players' 9999 chips: 12 characters)."""
    column = screen.text("Kitty $", 1, row)
    screen.number(chips, column, row)


def show_match(screen, match, rules, next_player, first, waiting_ok, wifi=False):
    """Between turns: the match as it stands, from player `first` on, as many as rows 1-6
    hold (">" marks who plays next), then canoga's kitty; the last row says what ok and
    select do (`wifi`, a board's link: the network's pages follow the last, app.screen_net's).
    Returns the first player not shown (the player count: the kitty), or when the last line
    was, the network's first page (app.screen_net's _NET_PAGE) with `wifi`, else 0."""
    screen.clear()
    if rules.match == _MATCH_RACE:  # what each player has left, not a round's limit
        screen.text("Left to shut", 0, 0)
    elif rules.match == _MATCH_LONG_GAME:
        screen.text("Left to play", 0, 0)
    else:
        round_title(screen, rules, match.rounds_played + 1, 0)
    ledger = match.ledger
    players = match.players
    pot = kitty(match, rules)
    lines = players + 1 if pot >= 0 else players
    row = 1
    player = first
    while player < lines:
        if player == players:  # the kitty, after the players
            if row > 6:
                break
            show_kitty(screen, pot, row)
            player += 1
            break
        total = match.totals[player]
        extra = round_score(match, player)
        chips = ledger.chips[player] if ledger is not None else -1
        out = out_now(match, rules, player)
        if row > 1 and standing(screen, " ", player, total, extra, chips, out, row, False) > 7:
            break  # on the next page (where it comes first: a page shows at least one)
        row = standing(screen, ">" if player == next_player else " ", player, total, extra,
                       chips, out, row)
        player += 1
    column = 0
    if waiting_ok:
        column = screen.text("ok:play ", 0, 7)
    screen.text("sel:more" if player < lines or wifi else "sel:back", column, 7)
    screen.send()
    return player if player < lines else _NET_PAGE if wifi else 0

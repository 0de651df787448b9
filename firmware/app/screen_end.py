"""The frames between turns on the OLED (app.screens' grid): the last turn's result, who plays
next and the flaps to move (show_setup), the match as it stands (show_match: the round, each
player's total, this round's score, chips, who is out); and what app.finish's frames at the
match's end draw with (result, standing). With hints, the turn's review is app.screen_review's.
Loaded while one is shown, let go when another phase's frame is drawn (app.presentation)."""

from micropython import const

from app.screens import COLUMNS, DIGITS, digits_in

_MATCH_SINGLE = const(0)  # game.rules' match formats (copies: play never loads game.rules)
_MATCH_FIXED_ROUNDS = const(1)
_MATCH_TOURNAMENT = const(2)
_MATCH_MAX_PENALTY = const(3)
_MATCH_LONG_GAME = const(4)
_MATCH_RACE = const(5)
_STAKES_CANOGA = const(2)  # game.rules' stakes (as there)
_SOURCE_MANUAL = const(1)  # game.rules' sources: electronic dice 0, manual dice 1 (as there)
_MOST_TILES_COACHED = const(12)  # the coach's tables (game.policy_file's policy_key: as there)
_MOST_DICE_COACHED = const(2)
_NET_PAGE = const(100)  # match_page of the network's first page (app.screen_net's, as there)
_TOTAL_AT = const(4)  # a standing's total starts here, after "*P8 "
END_WORDS = ("", "shut box!", "no move", "unlucky 7", "lost 1st")  # by game.turn's end


def result(screen, player, score, name, last_total, row, out=False):
    """A finished turn from `row`: who and how it ended, the throw that ended it, the score
    (wrapped when long), and "out of the match" when it took the player out (`out`); returns
    the row after it."""
    column = screen.text("P", 0, row)
    column = screen.number(player + 1, column, row)
    screen.text(name, column + 1, row)
    row += 1
    if last_total > 0:
        column = screen.text("threw", 0, row)
        screen.number(last_total, column + 1, row)
        row += 1
    screen.text("score", 0, row)
    row = flow_number(screen, score, 6, row) + 1
    if out:
        screen.text("out of the match", 0, row)
        row += 1
    return row


def out_now(match, rules, player):
    """Is the player out of the match: dropped out, or (maximum penalty) taken to the limit by
    this round's score, which drops them when the round ends (game.max_penalty's rule)."""
    if match.dropped[player]:
        return True
    if rules.match != _MATCH_MAX_PENALTY:
        return False
    score = round_score(match, player)
    if score < 0:
        return False
    total = match.totals[player] + score  # game.max_penalty's goes_out (no import in a frame's tick)
    return total > rules.max_penalty or (total == rules.max_penalty and not rules.drop_on_exceed)


def flow_number(screen, value, column, row):
    """A whole number >= 0 that may be longer than a line: on this line when it fits, else
    from the next one, its digits running on over the lines it needs; returns its last row."""
    digits = digits_in(value)
    if column + digits > COLUMNS and digits <= COLUMNS:
        row += 1
        column = 0
    return run_number(screen, value, column, row)


def run_number(screen, value, column, row):
    """A whole number >= 0 from a grid cell, its digits running on over the lines below when
    it reaches the line's end; returns its last row."""
    digits = digits_in(value)
    at = column + digits - 1
    while True:
        screen.text(DIGITS[value % 10], at % COLUMNS, row + at // COLUMNS)
        value //= 10
        if not value:
            break
        at -= 1
    return row + (column + digits - 1) // COLUMNS


def _flaps(screen, label, mask, row, last_row):
    """`label` and the tiles of a mask, wrapping up to `last_row`; when they do not all fit,
    the last ones give way to "..." (the LEDs show every one); returns the row after."""
    screen.text(label, 0, row)
    column = len(label) + 1
    fits = _tiles_end(mask, column, row) <= last_row
    tile = 1
    while mask:
        if mask & 1:
            width = 2 if tile >= 10 else 1
            at_row = row
            at_column = column
            if column + width > COLUMNS:
                at_row += 1
                at_column = 0
            if not fits and (at_row > last_row or
                             (at_row == last_row and at_column + width + 4 > COLUMNS)):
                screen.text("...", column, row)
                return row + 1
            row = at_row
            column = screen.number(tile, at_column, row) + 1
        mask >>= 1
        tile += 1
    return row + 1


def show_setup(screen, result_player, result_score, result_end, last_total, next_player, match,
               must_open, must_shut, waiting_ok=True, shaken=False, hints_on=False, round_number=0):
    """Between turns: the last result (how it ended: game.turn's `result_end`; the total that
    ended it; whether it took the player out of the `match`), the round (the match's, as
    round_title says it with its rules; without a match, `round_number`, 0: none), who plays
    next (and that they start the round: the first player moves on each round), which flaps
    to open and to shut, or, with every flap right, "ok to play" when the
    box waits for ok (`waiting_ok`; "Press ok first" once it was shaken); with `hints_on`, when
    the box has no coach for the match's game, that it has none, below them if there is room."""
    screen.clear()
    row = 0
    if result_player >= 0:
        row = result(screen, result_player, result_score, END_WORDS[result_end], last_total, 0,
                     match is not None and out_now(match, match.rules, result_player))
    if match is not None:
        round_number = 0 if match.rules.match == _MATCH_SINGLE else match.rounds_played + 1
    if round_number > 0:
        if match is not None:
            round_title(screen, match.rules, round_number, row)
        else:
            column = screen.text("Round", 0, row)
            screen.number(round_number, column + 1, row)
        row += 1
    column = screen.text("Next: Player", 0, row)
    screen.number(next_player + 1, column + 1, row)
    row += 1
    if round_number > 0 and match is not None and row <= 7 and starts_round(match, next_player):
        screen.text("starts the round", 0, row)  # (the first player moves on a seat a round)
        row += 1
    if must_open and row <= 7:
        row = _flaps(screen, "Open:", must_open, row, 6 if must_shut else 7)
    if must_shut and row <= 7:
        row = _flaps(screen, "Shut:", must_shut, row, 7)
    if waiting_ok and not (must_open or must_shut) and row <= 7:
        screen.text("Press ok first" if shaken else "ok to play", 0, row)
        row += 1
    if hints_on and match is not None and row <= 7 and not coached(match.rules):
        screen.text("Hints: none here", 0, row)
    screen.send()


def starts_round(match, player):
    """Does the player take the first turn of a round of rounds (not a follow-on of it)?"""
    order = getattr(match, "order", None)  # (a race, the long game: none, or no seats)
    return (order is not None and getattr(match, "seats", None) is order and order[0] == player
            and match.round.turns_played == 0)


def coached(rules):
    """Has the box a coach (hints) for these rules? Its tables are for dice (electronic or
    manual), 12 tiles and 2 dice at most (game.policy_file's policy_key); no module is imported
    for it in a frame's tick."""
    return (rules.source <= _SOURCE_MANUAL and rules.tiles <= _MOST_TILES_COACHED
            and rules.dice <= _MOST_DICE_COACHED)


def _tiles_end(mask, column, row):
    """The row the last tile of a mask lands on, listed from `column` as _flaps() does."""
    tile = 1
    while mask:
        if mask & 1:
            width = 2 if tile >= 10 else 1
            if column + width > COLUMNS:
                row += 1
                column = 0
            column += width + 1
        mask >>= 1
        tile += 1
    return row


def round_title(screen, rules, round_number, row):
    """The round under way, on one line: "Round 2 of 5" (fixed rounds; a single round is
    1 of 1), "Round 2 to 100" (tournament: until a total reaches it), "Round 2 out at 45"
    (maximum penalty: out at that total), "Round 2" (race, long game); "Rd" for "Round"
    when the line would be too long."""
    match = rules.match
    limit = 0
    word = " of "
    if match == _MATCH_SINGLE:
        limit = 1
    elif match == _MATCH_FIXED_ROUNDS:
        limit = rules.rounds
    elif match == _MATCH_TOURNAMENT:
        limit = rules.target
        word = " to "
    elif match == _MATCH_MAX_PENALTY:
        limit = rules.max_penalty
        word = " out at "
    width = digits_in(round_number) + (len(word) + digits_in(limit) if limit else 0)
    column = screen.text("Round " if width + 6 <= COLUMNS else "Rd ", 0, row)
    column = screen.number(round_number, column, row)
    if limit:
        column = screen.text(word, column, row)
        screen.number(limit, column, row)


def round_score(match, player):
    """A player's score in the round under way (a format of rounds, players taking turns), or
    -1 before they have thrown (or when the format keeps none)."""
    scores = getattr(match, "scores", None)
    if scores is None or match.over or match.simultaneous:
        return -1
    if scores[player] is not None:
        return scores[player]
    seats = match.seats
    for seat in range(len(seats)):
        if seats[seat] == player:
            score = match.round.scores[seat]
            return -1 if score is None else score
    return -1


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

"""The frames of a turn's review (hints) and the match's standings on the OLED (app.screens'
grid): loaded while one is shown, let go when another phase's frame is drawn
(app.presentation)."""

from micropython import const

from app.screens import COLUMNS, digits_in, flow_end, flow_rows

_REVIEW_ROWS = const(6)  # rows 1-6 of the review list moves


def show_review(screen, review):
    """Hints: the last turn's moves (app.hints.Review), each roll's total, the tiles shut
    and what the move cost against the best one; the turn's total cost on the last line.
    A turn of more moves than the screen's six rows shows five and how many more."""
    screen.clear()
    column = screen.text("Review P", 0, 0)
    screen.number(review.player + 1, column, 0)
    shut = review.objective != 1  # a chance (shut, app.hints.OBJ_WIN/OBJ_STAY), else the score
    heading = ("shut%", "score", "win%", "stay%")[review.objective]
    screen.text(heading, COLUMNS - len(heading), 0)
    count = review.count if review.count <= _REVIEW_ROWS else _REVIEW_ROWS - 1
    for index in range(count):
        row = 1 + index
        total = review.totals[index]
        screen.number(total, 0 if total >= 10 else 1, row)
        column = 3
        mask = review.made[index]
        tile = 1
        while mask and column < 11:
            if mask & 1:
                column = screen.number(tile, column, row) + 1
            mask >>= 1
            tile += 1
        cost = review.costs[index]
        if review.made[index] == review.best[index]:
            screen.text("best", COLUMNS - 4, row)
        elif cost == 0:
            screen.text("ok", COLUMNS - 2, row)
        else:
            tenths(screen, cost, "-" if shut else "+", COLUMNS, row)
    if count < review.count:
        column = screen.text("and", 0, _REVIEW_ROWS)
        column = screen.number(review.count - count, column + 1, _REVIEW_ROWS)
        screen.text("more", column + 1, _REVIEW_ROWS)
    if review.total_cost == 0:
        screen.text("all best moves", 0, 7)
    else:
        screen.text("lost" if shut else "cost", 0, 7)
        tenths(screen, review.total_cost, "" if shut else "+", 10, 7)
        screen.text("%" if shut else "pts", 11, 7)
    screen.send()


def tenths(screen, value, sign, column, row):
    """A number of tenths >= 0 as sign, units, point, tenth, ending at `column`."""
    whole = value // 10
    start = column - digits_in(whole) - 2 - (1 if sign else 0)
    if sign:
        start = screen.text(sign, start, row)
    start = screen.number(whole, start, row)
    start = screen.text(".", start, row)
    screen.number(value % 10, start, row)


def show_standings(screen, title, totals, players, chips, winner_mask, first=0):
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
        row = screen.flow_number(totals[player], column + 1, row)
        if chip_count >= 0:
            column = flow_end(4, digits_in(totals[player]))
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
    rows = flow_rows(4, digits)
    if chips >= 0 and flow_end(4, digits) + 2 + digits_in(chips) > COLUMNS:
        rows += 1
    return rows

"""The frame of a turn's review (hints) on the OLED (app.screens' grid): loaded while it is
shown, let go when another phase's frame is drawn (app.presentation)."""

from micropython import const

from app.screens import COLUMNS, digits_in

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

"""With hints, the last turn's review on the OLED (app.screens' grid), between turns and at the
match's end: each move's roll, the tiles shut and what it cost against the best one, a page at a
time. Apart from app.screen_end's frames so that neither import takes a tick over 20 ms on a
Pico: loaded while the review shows, let go when another frame is drawn (app.presentation)."""

from micropython import const

from app.screens import COLUMNS, digits_in

_REVIEW_ROWS = const(6)  # rows 1-6 of the review list moves, a page at a time


def show_review(screen, review, first=0):
    """Hints: the last turn's moves (app.hints.Review) from move `first` on, as many as rows
    1-6 hold: each roll's total, the tiles shut and what the move cost against the best one;
    on the last page the turn's total cost, before it "ok: more moves". Returns the first move
    of the next page, 0 when the last one is shown."""
    screen.clear()
    column = screen.text("Review P", 0, 0)
    screen.number(review.player + 1, column, 0)
    shut = review.objective != 1  # a chance (shut, app.hints._OBJ_WIN/_OBJ_STAY), else the score
    heading = ("shut%", "score", "win%", "stay%")[review.objective]
    if review.uncovered and review.objective == 0:
        heading = "open%"  # the long game's uncoverer opens every tile
    screen.text(heading, COLUMNS - len(heading), 0)
    end = first + _REVIEW_ROWS if first + _REVIEW_ROWS < review.count else review.count
    for index in range(first, end):
        row = 1 + index - first
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
    if end < review.count:
        screen.text("ok: more moves", 0, 7)
    elif review.total_cost == 0:
        screen.text("all best moves", 0, 7)
    else:
        screen.text("lost" if shut else "cost", 0, 7)
        tenths(screen, review.total_cost, "" if shut else "+", 10, 7)
        screen.text("%" if shut else "pts", 11, 7)
    screen.send()
    return end if end < review.count else 0


def tenths(screen, value, sign, column, row):
    """A number of tenths >= 0 as sign, units, point, tenth, ending at `column`."""
    whole = value // 10
    start = column - digits_in(whole) - 2 - (1 if sign else 0)
    if sign:
        start = screen.text(sign, start, row)
    start = screen.number(whole, start, row)
    start = screen.text(".", start, row)
    screen.number(value % 10, start, row)

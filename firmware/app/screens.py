"""What the 128x64 OLED shows: the menu, the dice, the turn's messages, the scores, the winner.

Text is the framebuf's 8x8 font on a grid of 16 columns and 8 rows. Numbers are drawn digit by
digit from DIGITS and every message is a constant, so redrawing allocates nothing. Each
`show_*` method draws a whole frame and sends it.

A write that fails never stops the box: Screen keeps why in `fault` (app.faults reports it), and
the next frame starts with the display's power-up sequence, so a panel that lost power or came
loose lights up again once it answers.
"""

from micropython import const

DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
COLUMNS = const(16)
_CELL = const(8)
_DIE = const(26)  # a die's side in pixels
_DIE_GAP = const(6)
_DICE_Y = const(11)
_PIP = const(4)
# Pip centres per face (1-6) as (dx, dy) steps of 7 px from the die's centre: -1, 0 or 1.
_PIPS = (
    (),
    (0, 0),
    (-1, -1, 1, 1),
    (-1, -1, 0, 0, 1, 1),
    (-1, -1, 1, -1, -1, 1, 1, 1),
    (-1, -1, 1, -1, 0, 0, -1, 1, 1, 1),
    (-1, -1, 1, -1, -1, 0, 1, 0, -1, 1, 1, 1),
)
GAME_MENU_ROWS = ("Game", "Players", "Hints", "Start")
_NAME_COLUMN = const(6)  # a short game name follows "Game" on line 1
_REVIEW_ROWS = const(6)  # rows 1-6 of the review list moves
_FAULT_LINES = const(7)  # lines of a fault message a page


class Screen:
    """Frames drawn on an SSD1306 (or any framebuf.FrameBuffer with show())."""

    def __init__(self, display):
        self.display = display
        self.fault = None  # why the last frame could not be sent, None once one gets through

    # -- primitives --------------------------------------------------------------------------
    def clear(self):
        """Start a frame (after a failed write, by powering the display up again)."""
        if self.fault is not None:
            try:
                self.display.init_display()
            except OSError:
                pass  # still failing: send() finds out
        self.display.fill(0)

    def text(self, words, column, row):
        """Constant text at a grid cell; returns the column after it."""
        self.display.text(words, column * _CELL, row * _CELL, 1)
        return column + len(words)

    def number(self, value, column, row):
        """A whole number >= 0 at a grid cell, digit by digit; returns the column after it."""
        digits = 1
        scale = 10
        while value >= scale:
            digits += 1
            scale *= 10
        at = column + digits - 1
        while True:
            self.display.text(DIGITS[value % 10], at * _CELL, row * _CELL, 1)
            value //= 10
            if not value:
                break
            at -= 1
        return column + digits

    def lines(self, message, row):
        """A message: a tuple of lines of at most 16 characters; returns the row after it."""
        for line in message:
            self.text(line, 0, row)
            row += 1
        return row

    def die(self, x, y, value):
        display = self.display
        display.rect(x, y, _DIE, _DIE, 1)
        middle = _DIE // 2
        if 1 <= value <= 6:
            steps = _PIPS[value]
            for index in range(0, len(steps), 2):
                display.fill_rect(x + middle - _PIP // 2 + steps[index] * 7,
                                  y + middle - _PIP // 2 + steps[index + 1] * 7, _PIP, _PIP, 1)
        elif value > 6:
            wide = 2 if value >= 10 else 1
            left = x + middle - wide * _CELL // 2
            if wide == 2:
                display.text(DIGITS[value // 10], left, y + middle - 4, 1)
                left += _CELL
            display.text(DIGITS[value % 10], left, y + middle - 4, 1)

    def dice(self, values, count):
        width = count * _DIE + (count - 1) * _DIE_GAP
        x = (128 - width) // 2
        for index in range(count):
            self.die(x, _DICE_Y, values[index])
            x += _DIE + _DIE_GAP

    def send(self):
        """Send the frame; a failed write is kept in `fault`, never raised."""
        try:
            self.display.show()
        except OSError as error:
            if self.fault is None:  # the message is made once, not every frame
                self.fault = "display: write failed (%s)" % error
            return
        self.fault = None

    # -- frames ------------------------------------------------------------------------------
    def show_menu(self, menu):
        self.clear()
        self.text("SHUT THE BOX", 2, 0)
        for row in range(len(GAME_MENU_ROWS)):
            if row == 2 and not menu.hints_available:
                continue
            line = 1 if row == 0 else 2 + row  # the game's name takes line 2
            if row == menu.row:
                self.text(">", 0, line)
            self.text(GAME_MENU_ROWS[row], 1, line)
            if row == 1:
                self.number(menu.players, 10, line)
            elif row == 2:
                self.text("on" if menu.hints_on else "off", 10, line)
        self.game_name(menu.name())
        self.text("select:next row", 0, 6)
        self.text("ok:change/start", 0, 7)
        self.send()

    def game_name(self, name):
        """The menu's game: after "Game" on line 1 when short, else on line 2, split after a
        hyphen or a space onto both lines when longer than line 2 holds."""
        if len(name) <= COLUMNS - _NAME_COLUMN:
            self.text(name, _NAME_COLUMN, 1)
            return
        if len(name) < COLUMNS:
            self.text(name, 1, 2)
            return
        cut = _NAME_COLUMN + 1
        for index in range(len(name)):
            if (name[index] == "-" or name[index] == " ") and index < COLUMNS - _NAME_COLUMN:
                cut = index + 1
        self.text(name[:cut], _NAME_COLUMN, 1)
        self.text(name[cut:], 1, 2)

    def show_turn(self, player, dice, dice_count, total, message, number=-1, chance=-1, advice=-1,
                  chance_word="shut"):
        """A turn: the player, the dice (blank before the first roll), a message of up to three
        lines, the last one ending in `number` when >= 0; with hints, the chance (of what
        `chance_word` says: "shut" or "win") in % when >= 0 (right of the dice) and the one-die
        advice when >= 0 (left of them)."""
        self.clear()
        column = self.text("Player", 0, 0)
        self.number(player + 1, column + 1, 0)
        if total > 0:
            self.text("=", 11, 0)
            self.number(total, 13, 0)
        if dice_count:
            self.dice(dice, dice_count)
        row = self.lines(message, 5)
        if number >= 0:
            self.number(number, len(message[-1]) + 1 if message else 0, row - 1)
        if chance >= 0:
            self.text("%", COLUMNS - 1, 2)
            self.number(chance, COLUMNS - 1 - _width(chance), 2)
            self.text(chance_word, COLUMNS - len(chance_word), 3)
        if advice >= 0:
            self.text("hint", 0, 2)
            self.text("1die" if advice else "2die", 0, 3)
        self.send()

    def tenths(self, value, sign, column, row):
        """A number of tenths >= 0 as sign, units, point, tenth, ending at `column`."""
        whole = value // 10
        start = column - _width(whole) - 2 - (1 if sign else 0)
        if sign:
            start = self.text(sign, start, row)
        start = self.number(whole, start, row)
        start = self.text(".", start, row)
        self.number(value % 10, start, row)

    def show_review(self, review):
        """Hints: the last turn's moves (app.hints.Review), each roll's total, the tiles shut
        and what the move cost against the best one; the turn's total cost on the last line.
        A turn of more moves than the screen's six rows shows five and how many more."""
        self.clear()
        column = self.text("Review P", 0, 0)
        self.number(review.player + 1, column, 0)
        shut = review.objective != 1  # shut or win chance (app.hints.OBJ_WIN), else the score
        heading = ("shut%", "score", "win%")[review.objective]
        self.text(heading, COLUMNS - len(heading), 0)
        count = review.count if review.count <= _REVIEW_ROWS else _REVIEW_ROWS - 1
        for index in range(count):
            row = 1 + index
            total = review.totals[index]
            self.number(total, 0 if total >= 10 else 1, row)
            column = 3
            mask = review.made[index]
            tile = 1
            while mask and column < 11:
                if mask & 1:
                    column = self.number(tile, column, row) + 1
                mask >>= 1
                tile += 1
            cost = review.costs[index]
            if review.made[index] == review.best[index]:
                self.text("best", COLUMNS - 4, row)
            elif cost == 0:
                self.text("ok", COLUMNS - 2, row)
            else:
                self.tenths(cost, "-" if shut else "+", COLUMNS, row)
        if count < review.count:
            column = self.text("and", 0, _REVIEW_ROWS)
            column = self.number(review.count - count, column + 1, _REVIEW_ROWS)
            self.text("more", column + 1, _REVIEW_ROWS)
        if review.total_cost == 0:
            self.text("all best moves", 0, 7)
        else:
            self.text("lost" if shut else "cost", 0, 7)
            self.tenths(review.total_cost, "" if shut else "+", 10, 7)
            self.text("%" if shut else "pts", 11, 7)
        self.send()

    def result(self, player, score, name, last_total, row):
        """A finished turn from `row`: who and how it ended, the throw that ended it, the
        score (wrapped when long); returns the row after it."""
        column = self.text("P", 0, row)
        column = self.number(player + 1, column, row)
        self.text(name, column + 1, row)
        row += 1
        if last_total > 0:
            column = self.text("threw", 0, row)
            self.number(last_total, column + 1, row)
            row += 1
        self.text("score", 0, row)
        return self.flow_number(score, 6, row) + 1

    def flow_number(self, value, column, row):
        """A whole number >= 0 that may be longer than a line: on this line when it fits, else
        from the next one, its digits running on over the lines it needs; returns its last row."""
        digits = _width(value)
        if column + digits > COLUMNS and digits <= COLUMNS:
            row += 1
            column = 0
        at = column + digits - 1
        while True:
            self.display.text(DIGITS[value % 10], at % COLUMNS * _CELL, (row + at // COLUMNS) * _CELL, 1)
            value //= 10
            if not value:
                break
            at -= 1
        return row + (column + digits - 1) // COLUMNS

    def flaps(self, label, mask, row, last_row):
        """`label` and the tiles of a mask, wrapping up to `last_row`; when they do not all fit,
        the last ones give way to "..." (the LEDs show every one); returns the row after."""
        self.text(label, 0, row)
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
                    self.text("...", column, row)
                    return row + 1
                row = at_row
                column = self.number(tile, at_column, row) + 1
            mask >>= 1
            tile += 1
        return row + 1

    def show_setup(self, result_player, result_score, result_name, last_total, next_player,
                   round_number, must_open, must_shut, waiting_ok=True):
        """Between turns: the last result (and the total that ended it), who plays next,
        which flaps to open and to shut, or, with every flap right, "ok to play" when the
        box waits for ok (`waiting_ok`)."""
        self.clear()
        row = 0
        if result_player >= 0:
            row = self.result(result_player, result_score, result_name, last_total, 0)
        if round_number > 0:
            column = self.text("Round", 0, row)
            self.number(round_number, column + 1, row)
            row += 1
        column = self.text("Next: Player", 0, row)
        self.number(next_player + 1, column + 1, row)
        row += 1
        if must_open and row <= 7:
            row = self.flaps("Open:", must_open, row, 6 if must_shut else 7)
        if must_shut and row <= 7:
            row = self.flaps("Shut:", must_shut, row, 7)
        if waiting_ok and not (must_open or must_shut) and row <= 7:
            self.text("ok to play", 0, row)
        self.send()

    def show_result(self, result_player, result_score, result_name, last_total):
        """The match's last turn, before the standings."""
        self.clear()
        self.result(result_player, result_score, result_name, last_total, 0)
        self.text("ok: standings", 0, 7)
        self.send()

    def show_standings(self, title, totals, players, chips, winner_mask, first=0):
        """The match's end: each player's total, and chips when played for them, from player
        `first` on, as many as the screen holds ("more" in the title when some are left);
        returns the first player not shown, 0 when the last one was."""
        self.clear()
        self.text(title, 0, 0)
        row = 1
        player = first
        while player < players:
            chip_count = chips[player] if chips is not None else -1
            if row + _standing_rows(totals[player], chip_count) > 8:
                break
            column = self.text("*" if winner_mask >> player & 1 else " ", 0, row)
            column = self.text("P", column, row)
            column = self.number(player + 1, column, row)
            row = self.flow_number(totals[player], column + 1, row)
            if chip_count >= 0:
                column = _flow_end(4, _width(totals[player]))
                if column + 2 + _width(chip_count) > COLUMNS:
                    row += 1
                    column = 3
                column = self.text("$", column + 1, row)
                self.number(chip_count, column, row)
            row += 1
            player += 1
        if player < players:
            self.text("more", COLUMNS - 4, 0)
        self.send()
        return player if player < players else 0

    def show_fault(self, message, page=0):
        """A device fault, reported once: the message wrapped over the screen, seven lines a
        page (fault_pages() says how many)."""
        self.clear()
        self.text("FAULT", 0, 0)
        if page:
            column = COLUMNS - _width(page + 1)
            self.text("page", column - 5, 0)
            self.number(page + 1, column, 0)
        start = 0
        line = 0
        while start < len(message) and line < (page + 1) * _FAULT_LINES:
            end = _line_end(message, start)
            if line >= page * _FAULT_LINES:
                self.text(message[start:end], 0, 1 + line - page * _FAULT_LINES)
            start = end + 1 if end < len(message) and message[end] == " " else end
            line += 1
        self.send()


def fault_pages(message):
    """How many pages of seven lines a fault message takes on the screen."""
    start = 0
    lines = 0
    while start < len(message):
        end = _line_end(message, start)
        start = end + 1 if end < len(message) and message[end] == " " else end
        lines += 1
    return (lines + _FAULT_LINES - 1) // _FAULT_LINES if lines else 1


def _line_end(message, start):
    """Where the line of a message wrapped at spaces that starts at `start` ends (a word
    longer than a line is split)."""
    end = start + COLUMNS
    if end < len(message):
        space = message.rfind(" ", start, end + 1)
        if space > start:
            end = space
        else:  # a word longer than a line breaks after a hyphen where it has one
            hyphen = message.rfind("-", start, end)
            if hyphen > start:
                end = hyphen + 1
    return end if end < len(message) else len(message)


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


def _standing_rows(total, chips):
    """Rows one player's standing takes: "*P8 total $chips", wrapped as show_standings does."""
    digits = _width(total)
    rows = _flow_rows(4, digits)
    if chips >= 0 and _flow_end(4, digits) + 2 + _width(chips) > COLUMNS:
        rows += 1
    return rows


def _tiles_end(mask, column, row):
    """The row the last tile of a mask lands on, listed from `column` as flaps() does."""
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


def _width(value):
    """How many digits a whole number >= 0 takes."""
    digits = 1
    while value >= 10:
        digits += 1
        value //= 10
    return digits

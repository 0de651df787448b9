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
# The lines of the turn's messages, numbered from 1 (app.presentation names each by its number).
MESSAGE_LINES = ("Shake the box", "or press ok", "select: one die", "ONE die chosen", "Press ok",
                 "to roll", "Rolling...", "Shut lit tiles", "to make", "Move adds up:",
                 "roll, or shut", "more lit tiles", "Free throw!", "Roll again", "Finish the move",
                 "before rolling", "Not allowed:", "open tile", "Roll first:", "Already played:",
                 "shut tile", "Open lit tiles", "roll, or open")
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


class Screen:
    """Frames drawn on an SSD1306 (or any framebuf.FrameBuffer with show())."""

    def __init__(self, display):
        self.display = display
        self.fault = None  # why the last frame could not be sent, None once one gets through
        self.frames = None  # the module of a phase's own frames in use (app.presentation)

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

    def show_turn(self, player, dice, dice_count, total, message, number=-1, chance=-1, advice=-1,
                  chance_word="shut"):
        """A turn: the player, the dice (blank before the first roll), a message (up to three
        lines of MESSAGE_LINES by number, five bits each, the first lowest: app.presentation's),
        the last line ending in `number` when >= 0; with hints, the chance (of what
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
        row = 5
        column = -1  # after the last line, the number's column
        while message:
            column = self.text(MESSAGE_LINES[(message & 31) - 1], 0, row)
            message >>= 5
            row += 1
        if number >= 0:
            self.number(number, column + 1, row - 1)
        if chance >= 0:
            self.text("%", COLUMNS - 1, 2)
            self.number(chance, COLUMNS - 1 - digits_in(chance), 2)
            self.text(chance_word, COLUMNS - len(chance_word), 3)
        if advice >= 0:
            self.text("hint", 0, 2)
            self.text("1die" if advice else "2die", 0, 3)
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
        digits = digits_in(value)
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


def digits_in(value):
    """How many digits a whole number >= 0 takes."""
    digits = 1
    while value >= 10:
        digits += 1
        value //= 10
    return digits

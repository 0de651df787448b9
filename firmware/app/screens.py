"""What the 128x64 OLED shows: the menu, the dice, the turn's messages, the scores, the winner.

Text is the framebuf's 8x8 font on a grid of 16 columns and 8 rows. Numbers are drawn digit by
digit from DIGITS, a message's lines character by character from MESSAGE_LINES (each character
interned at import), and all other text is constant, so redrawing allocates nothing. Each
`show_*` method draws a whole frame; `flush()` sends it, two pages (16 rows) a tick: at 400 kHz
a page takes the I2C bus 2.9 ms, a whole 128x64 frame 23 ms, longer than a tick may stall (issue
28). app.presentation draws no new frame until the last one is all sent, so the OLED never shows
two frames at once.

A write that fails never stops the box: Screen keeps why in `fault` (app.faults reports it), and
the next frame starts with the display's power-up sequence, so a panel that lost power or came
loose lights up again once it answers.
"""

from micropython import const

# DIGITS[n] is digit n as a string the module holds. (Indexing a str would make it: MicroPython
# interns a one-character string the first time one is made, and interning may take the heap.)
DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
# The lines of the turn's messages, numbered from 1 (app.presentation names each by its number),
# each ended by "|": one string, not a string object each.
MESSAGE_LINES = ("Shake the box|or press ok|select: one die|ONE die chosen|Press ok|to roll|"
                 "Rolling...|Shut lit tiles|to make|Move adds up:|roll, or shut|more lit tiles|"
                 "Free throw!|Roll again|Finish the move|before rolling|Open tile|Shut tile|"
                 "again|and roll first|again (played)|Open lit tiles|roll, or open|One die: not now|")
_ends = bytearray()  # where each line ends in MESSAGE_LINES, so that a line's first character
_at = 0  # is found at once (a find() per line before it cost a Pico ~0.04 ms each: issue 45)
for _char in MESSAGE_LINES:  # each character interned here, at import, not by the first frame
    if _char == "|":  # that draws it (in play, where interning may take the heap)
        _ends.append(_at >> 8)
        _ends.append(_at & 255)
    _at += 1
LINE_ENDS = bytes(_ends)  # the "|" after line n at LINE_ENDS[2n - 2] << 8 | LINE_ENDS[2n - 1]
del _char, _at, _ends
NUMBER_FIRST = const(1 << 15)  # in a message: its number follows its first line, not its last
RULES_LINES = const(1 << 16)  # in a message: its lines are the move rules' (their `instruction`)
COLUMNS = const(16)
_CELL = const(8)
_WORKING = const(-2)  # app.hints' _WORKING: a chance still being worked out
_UNDER_1 = const(101)  # game.strategy's _UNDER_1 ("<1%") and _OVER_99 (">99%")
_OVER_99 = const(102)
_DIE = const(26)  # a die's side in pixels
_DIE_GAP = const(6)
_DICE_Y = const(11)
_PIP = const(4)
_MIDDLE = const(_DIE // 2)
_PIP_AT = const(_MIDDLE - _PIP // 2)  # a centred pip's corner from the die's
# Pip centres per face (1-6) as (dx, dy) steps of 7 px from the die's centre: "0", "1" or "2"
# for -1, 0 or 1; face n's n pairs start at n * (n - 1). One bytes constant, not seven tuples.
_PIPS = b"11" b"0022" b"001122" b"00200222" b"0020110222" b"002001210222"


class Screen:
    """Frames drawn on an SSD1306 (or any framebuf.FrameBuffer with show())."""

    def __init__(self, display):
        self.display = display
        self.fault = None  # why the last frame could not be sent, None once one gets through
        self.frames = None  # the module of a phase's own frames in use (app.presentation; 0: due)
        self.unsent = 0  # how many bands of the frame drawn flush() has still to send, in order

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
        digits = digits_in(value)
        at = column + digits - 1
        while True:
            self.display.text(DIGITS[value % 10], at * _CELL, row * _CELL, 1)
            value //= 10
            if not value:
                break
            at -= 1
        return column + digits

    def send(self):
        """The frame is drawn: flush() sends it, a band of the display a call."""
        self.unsent = len(self.display.bands)

    def flush(self):
        """Send the next band of the frame not sent yet; returns how many are still unsent.
        A failed write is kept in `fault`, never raised, and the rest of that frame dropped
        (the next one starts with the display's power-up sequence)."""
        unsent = self.unsent
        if unsent:
            self.unsent = unsent - 1
            try:
                self.display.show_band(len(self.display.bands) - unsent)
            except OSError as error:
                self.unsent = 0
                if self.fault is None:  # the message is made once, not every frame
                    self.fault = "display: write failed (%s)" % error
                return 0
            self.fault = None
        return self.unsent

    # -- frames ------------------------------------------------------------------------------

    def show_turn(self, player, dice, dice_count, total, message, number=-1, chance=-1, advice=-1,
                  chance_word="shut", rules=None):
        """A turn: the player, the dice (blank before the first roll), a message (up to three
        lines of MESSAGE_LINES by number, five bits each, the first lowest: app.presentation's;
        with RULES_LINES, of the move `rules`' instruction, game.moves'),
        the last line (the first, with NUMBER_FIRST) ending in `number` when >= 0; with hints, the chance (of what
        `chance_word` says: "shut" or "win") in % when >= 0 (right of the dice: game.strategy's
        percent, "<1%" and ">99%" included), "calc" while it is worked out (app.hints'
        _WORKING), and the one-die advice when >= 0 (left of them)."""
        self.clear()
        column = self.text("Player", 0, 0)
        self.number(player + 1, column + 1, 0)
        if total > 0:
            self.text("=", 11, 0)
            self.number(total, 13, 0)
        display = self.display
        x = (128 - dice_count * _DIE - (dice_count - 1) * _DIE_GAP) // 2  # the dice centred
        for index in range(dice_count):
            value = dice[index]
            display.rect(x, _DICE_Y, _DIE, _DIE, 1)
            if value <= 6:  # its pips (none for 0, a die not rolled yet)
                for pip in range(value * (value - 1), value * (value + 1), 2):
                    display.fill_rect(x + _PIP_AT + (_PIPS[pip] - 49) * 7,
                                      _DICE_Y + _PIP_AT + (_PIPS[pip + 1] - 49) * 7, _PIP, _PIP, 1)
            elif value < 10:  # a die of more faces: its number
                display.text(DIGITS[value], x + _MIDDLE - 4, _DICE_Y + _MIDDLE - 4, 1)
            else:
                display.text(DIGITS[value // 10], x + _MIDDLE - _CELL, _DICE_Y + _MIDDLE - 4, 1)
                display.text(DIGITS[value % 10], x + _MIDDLE, _DICE_Y + _MIDDLE - 4, 1)
            x += _DIE + _DIE_GAP
        row = 5
        column = -1  # after the last line, the number's column
        number_row = -1  # the first line's row and end, when the number follows it
        number_column = -1
        if message & NUMBER_FIRST:
            message ^= NUMBER_FIRST
            number_row = 5
        lines = MESSAGE_LINES
        if message & RULES_LINES:
            message ^= RULES_LINES
            lines = rules.instruction
        while message:  # a line of `lines` a character at a time (a slice would allocate),
            line = message & 31  # each indexed once: indexing makes a one-character string,
            start = 0  # which MicroPython looks up among all the names it has interned, ~0.1 ms
            if line > 1 and lines is MESSAGE_LINES:  # on a Pico (issue 45)
                start = (LINE_ENDS[2 * line - 4] << 8 | LINE_ENDS[2 * line - 3]) + 1
            else:  # the move rules' lines (two): found as they stand
                for _ in range(line - 1):
                    start = lines.find("|", start) + 1
            column = 0
            char = lines[start]
            while char != "|":
                display.text(char, column * _CELL, row * _CELL, 1)
                column += 1
                char = lines[start + column]
            if row == number_row:
                number_column = column
            message >>= 5
            row += 1
        if number >= 0 and number_row >= 0:
            self.number(number, number_column + 1, number_row)
        elif number >= 0:
            self.number(number, column + 1, row - 1)
        if chance == _WORKING:  # no figure, nor what it is of, until it is known
            self.text("calc", COLUMNS - 4, 2)
        elif chance >= 0:
            if chance == _UNDER_1:
                self.text("<1%", COLUMNS - 3, 2)
            elif chance == _OVER_99:
                self.text(">99%", COLUMNS - 4, 2)
            else:
                self.text("%", COLUMNS - 1, 2)
                self.number(chance, COLUMNS - 1 - digits_in(chance), 2)
            self.text(chance_word, COLUMNS - len(chance_word), 3)
        if advice >= 0:
            self.text("hint", 0, 2)
            self.text("1die" if advice else "2die", 0, 3)
        self.send()


def digits_in(value):
    """How many digits a whole number >= 0 takes."""
    digits = 1
    while value >= 10:
        digits += 1
        value //= 10
    return digits

"""The simulated box in a terminal (curses): the OLED, the tiles lit as their LEDs, and keys
for the flaps, shaking, tapping and the two buttons. Needs 80x24 (a smaller terminal is told
so); works over ssh. The side panel follows the match: each player's total and this round's
score, chips, or in a race and the long game what each has left: numbers the OLED's own match
pages show too (between turns, on select), since a real box has no panel.

The box runs in simulated time that follows the real clock. Each key becomes a script event
(board_sim.script), so a game played here can be recorded (--record) and replayed.
"""

import contextlib
import curses
import io
import locale
import time

from board_sim.frontend.oled import ascii_art, braille
from board_sim.script import apply, describe

# Tiles 1-9 by their digits, 10-24 by letters (either case): keys every keyboard layout has,
# shown under the tiles. None of a-o is another key's.
TILE_KEYS = "123456789abcdefghijklmno"
SHAKE_KEY_MS = 250  # each space (held: the key repeats) shakes this much longer
SHAKE_MS = 1200  # 's': one good shake
FRAME_S = 0.03
MIN_WIDTH = 80
MIN_HEIGHT = 24
PANEL_WIDTH = 13  # the side panel's columns, right of the OLED
PANEL_ROWS = 16
MAX_STEP_MS = 200  # a stalled terminal never makes the box leap ahead
# The keys, each shown whole: help_lines() wraps them into the last rows, 80 columns wide.
KEYS_HELP = ("the key under a tile flips it", "Tab: next row", "space (hold) / s: shake", "t: tap",
             "z/Z: select short/long", "x/X or Enter: ok short/long", "q: quit (match kept)")
HELP_ROWS = 2  # the rows under the tiles' keys (rows 22 and 23 of 24)
# The box's sounds (app.core's _MELODIES, in order) by name, and how long the header shows one.
SOUND_NAMES = ("click", "dice landed", "taken back", "move done", "BUZZ: not now", "turn over",
               "box shut!", "FANFARE: winner", "fault", "ready: roll")
SOUND_SHOWN_MS = 1200
# Letters for terminals without colour: nearest palette colour of each LED.
_LETTERS = (
    (0x000000, " "), (0x181818, "o"), (0x00C000, "G"), (0x003000, "g"), (0x0060FF, "B"),
    (0xFF0000, "R"), (0xFF9000, "A"), (0xFFFFFF, "W"), (0x0040FF, "1"), (0xFFC000, "2"),
    (0xFF00C0, "3"), (0x00E0E0, "4"), (0xFF5000, "5"), (0x8000FF, "6"), (0x80FF00, "8"),
)


def key_event(key, row, tiles_per_row):
    """The script event for a key (None if it is not a box key): (0, verb, args...)."""
    index = TILE_KEYS.find(key.lower()) if len(key) == 1 and key.strip() else -1
    if index >= 0:
        if index >= tiles_per_row:
            return None
        return (0, "flip", (row * tiles_per_row + index + 1,))
    if key == "s":
        return (0, "shake", SHAKE_MS)
    if key == " ":
        return (0, "shake", SHAKE_KEY_MS)
    if key == "t":
        return (0, "tap")
    if key in ("z", "Z"):
        return (0, "press", "select", key == "Z")
    if key in ("x", "X", "\n", "\r"):
        return (0, "press", "ok", key == "X")
    return None


def unscaled(colour, brightness):
    """An LED's (r, g, b) as the firmware chose it, before the strip's brightness scaling."""
    scale = 256 / (brightness + 1)
    return tuple(min(255, round(channel * scale)) for channel in colour)


def letter_for(rgb):
    """The nearest palette colour's letter."""
    best = None
    for colour, letter in _LETTERS:
        target = (colour >> 16, (colour >> 8) & 255, colour & 255)
        distance = sum((a - b) ** 2 for a, b in zip(rgb, target, strict=True))
        if best is None or distance < best[0]:
            best = (distance, letter)
    return best[1]


def colour_index(rgb, colours):
    """The terminal colour nearest to rgb: the xterm 6x6x6 cube with 256 colours, else the 8 basic."""
    if colours >= 256:
        if rgb[0] == rgb[1] == rgb[2] and 0 < rgb[0] < 238:
            return 232 + (rgb[0] + 4) * 23 // 238  # the grey ramp keeps dim white visible
        levels = [min(5, (channel + 25) // 51) for channel in rgb]
        return 16 + 36 * levels[0] + 6 * levels[1] + levels[2]
    bits = [1 if channel >= 96 else 0 for channel in rgb]
    return bits[0] * curses.COLOR_RED | bits[1] * curses.COLOR_GREEN | bits[2] * curses.COLOR_BLUE


class Terminal:
    """Draws a SimBox and turns keys into events; run() until q."""

    def __init__(self, box, record=None):
        self.box = box
        self.record = record  # a list: the script lines of what was played
        self.row = 0
        self.shaking_until_ms = 0
        self.last_event_ms = box.board.now_ms  # a script starts on a box just built, too
        self.quit = False
        self.pairs = {}
        self.colours = 0
        self.unicode = "UTF-8" in (locale.getpreferredencoding(False) or "").upper()
        self._oled_ram = None
        self._oled_rows = []
        self.brightness = box.pinmap["leds"]["brightness"] if box.pinmap.get("leds") else 255

    # -- input -------------------------------------------------------------------------------
    def handle(self, key):
        """One key: do what it means on the box (and record it)."""
        if key in ("q", "Q"):
            self.quit = True
            now_ms = self.box.board.now_ms
            if self.record is not None and now_ms > self.last_event_ms:  # the script ends as
                self.record.append("wait %d" % (now_ms - self.last_event_ms))  # the game did
            return
        flaps = self.box.devices.flaps
        if key == "\t":
            self.row = (self.row + 1) % flaps.row_count
            return
        event = key_event(key, self.row, flaps.tiles)
        if event is None:
            return
        now_ms = self.box.board.now_ms
        if event[1] == "shake" and event[2] == SHAKE_KEY_MS:
            if now_ms < self.shaking_until_ms - SHAKE_KEY_MS // 2:
                return  # the shake already under way lasts long enough
            self.shaking_until_ms = now_ms + SHAKE_KEY_MS
        if self.record is not None:
            if now_ms > self.last_event_ms:
                self.record.append("wait %d" % (now_ms - self.last_event_ms))
            self.record.append(describe(event))
            self.last_event_ms = now_ms
        apply(self.box, event)

    # -- output ------------------------------------------------------------------------------
    def _pair(self, rgb):
        if self.colours == 0:
            return 0
        index = colour_index(rgb, self.colours)
        pair = self.pairs.get(index)
        if pair is None:
            pair = len(self.pairs) + 1
            if pair >= curses.COLOR_PAIRS:
                return 0
            foreground = curses.COLOR_BLACK if sum(rgb) > 300 else curses.COLOR_WHITE
            curses.init_pair(pair, foreground, index)
            self.pairs[index] = pair
        return curses.color_pair(pair)

    def _oled(self):
        board = self.box.board
        if board.display is None:
            return ["(no display)"]
        ram = (bytes(board.display.gddram), board.display.display_on)
        if ram != self._oled_ram:
            self._oled_ram = ram
            pixels = board.display_pixels()
            self._oled_rows = braille(pixels) if self.unicode else ascii_art(pixels)
        return self._oled_rows

    def draw(self, screen):
        box = self.box
        board = box.board
        screen.erase()
        height, width = screen.getmaxyx()
        put = _Put(screen, height, width)
        if height < MIN_HEIGHT or width < MIN_WIDTH:
            for index, line in enumerate(too_small(width, height)):
                put(index, 0, line)
            screen.refresh()
            return
        put(0, 0, "shutbox  %s  t=%.1fs  %s  %s" % (
            box.options.board, board.now_ms / 1000,
            "SHAKING" if board.now_ms < self.shaking_until_ms else "", sound_heard(box)))
        put(1, 0, "+" + "-" * 64 + "+")
        for index, line in enumerate(self._oled()):
            put(2 + index, 0, "|" + line.ljust(64) + "|")
        put(18, 0, "+" + "-" * 64 + "+")
        for index, line in enumerate(side_panel(box.view)[:PANEL_ROWS]):
            put(2 + index, 67, line)
        self._draw_tiles(put)
        for index, line in enumerate(help_lines(width)[:HELP_ROWS]):
            put(MIN_HEIGHT - HELP_ROWS + index, 0, line)
        screen.refresh()

    def _draw_tiles(self, put):
        board = self.box.board
        flaps = self.box.devices.flaps
        colours = board.led_colors()
        per_row = flaps.tiles
        cell = 3 if per_row > 12 else 5
        for row in range(flaps.row_count):
            y = 19 if row == 0 else 20
            if flaps.row_count > 1:
                put(y, 0, ">" if row == self.row else " ")
            for index in range(per_row):
                tile = row * per_row + index + 1
                rgb = unscaled(colours[tile - 1], self.brightness) if tile <= len(colours) else (0, 0, 0)
                label = tile_label(index + 1, board.flap_shut(tile), cell - 1, self.unicode)
                if self.colours == 0:
                    label = (letter_for(rgb) + label)[:cell - 1]
                put(y, 1 + index * cell, label, self._pair(rgb))
        for index in range(per_row):  # the keys that flip the row in play's tiles, each under its number
            key = TILE_KEYS[index].center(cell - 1)
            put(21, 1 + index * cell, (" " + key)[:cell - 1] if self.colours == 0 else key)

    # -- the loop ----------------------------------------------------------------------------
    def run(self, screen):
        curses.curs_set(0)
        screen.timeout(int(FRAME_S * 1000))
        if curses.has_colors():
            curses.start_color()
            self.colours = curses.COLORS
        last = time.monotonic()
        while not self.quit:
            key = screen.getch()
            while key != -1:
                if 0 <= key < 256:
                    self.handle(chr(key))
                elif key == curses.KEY_ENTER:
                    self.handle("\n")
                key = screen.getch() if not self.quit else -1
            now = time.monotonic()
            step_ms = min(MAX_STEP_MS, int((now - last) * 1000))
            last = now
            if step_ms > 0:
                self.box.run(step_ms)
            self.draw(screen)


def help_lines(width):
    """KEYS_HELP in lines that fit `width` columns less one (curses cannot write a screen's
    last cell), two spaces between keys, none cut."""
    lines = [""]
    for key in KEYS_HELP:
        if lines[-1] and len(lines[-1]) + 2 + len(key) > width - 1:
            lines.append("")
        lines[-1] = (lines[-1] + "  " + key).strip()
    return lines


def too_small(width, height):
    """What a terminal smaller than the box needs is told, in lines of at most `width`."""
    words = ("The box needs a terminal of %dx%d; this one is %dx%d. Make it bigger (q quits)."
             % (MIN_WIDTH, MIN_HEIGHT, width, height)).split()
    lines = [""]
    for word in words:
        if lines[-1] and len(lines[-1]) + 1 + len(word) > max(width - 1, 1):
            lines.append("")
        lines[-1] = (lines[-1] + " " + word).strip()
    return lines


def melodies():
    """app.core's _MELODIES as flat (freq_hz, ms, ...) tuples, one per sound, in order (it keeps
    them in one bytes constant: two bytes big-endian a number, from byte _MELODIES[n])."""
    from app.core import _MELODIES

    count = _MELODIES[0] - 1
    return [tuple(int.from_bytes(_MELODIES[index:index + 2], "big")
                  for index in range(_MELODIES[number], _MELODIES[number + 1], 2))
            for number in range(count)]


def sound_heard(box):
    """What the piezo played last, named by its melody ("BUZZ: not now"...), while it is
    recent (SOUND_SHOWN_MS after it ended), else "": the latest run of notes that a melody
    starts, as far as it has played (a melody cuts short the one before it)."""
    now_ms = box.board.now_ms
    for piezo in box.board.piezos.values():
        tones = piezo.tones(now_ms)
        if not tones or now_ms - (tones[-1][0] + tones[-1][1]) > SOUND_SHOWN_MS:
            continue
        heard = [freq for _start, _ms, freq in tones]
        for first in range(len(heard) - 1, -1, -1):
            for number, melody in enumerate(melodies()):
                notes = [freq for freq in melody[0::2] if freq]
                if heard[first:] == notes[:len(heard) - first]:
                    return SOUND_NAMES[number]
    return ""


def tile_label(number, shut, width, unicode=True):
    """A tile as drawn in `width` columns: its number when its flap is up; shut, the number
    between "_" where there is room (12 tiles a row or fewer), else the flap covering it."""
    text = "%d" % number
    if not shut:
        return text.center(width)
    if width > len(text) + 1:
        return text.center(width, "_")
    return ("\u2584" if unicode else "#") * width


def _wrapped(line, lines):
    """Append a panel line, continued on the next lines (indented) when longer than the panel."""
    while len(line) > PANEL_WIDTH:
        lines.append(line[:PANEL_WIDTH])
        line = "  " + line[PANEL_WIDTH:]
    lines.append(line)


def side_panel(view):
    """The lines of the side panel: the phase, the player, and the match as it stands."""
    from app.view import PHASE_NAMES
    from game.long_game import LongGame
    from game.race import Race

    lines = [PHASE_NAMES[view.phase]]
    match = view.match
    if match is not None:
        lines.append("player %d" % (view.player + 1))
        ledger = match.ledger
        if isinstance(match, LongGame):
            lines.append("left to play")
            for player in range(match.players):
                _wrapped("P%d %s %d" % (player + 1, "shut" if player == match.shutter else "open",
                                        match.totals[player]), lines)
        elif isinstance(match, Race):
            lines.append("left to shut")
            for player in range(match.players):
                _wrapped("P%d %d" % (player + 1, match.totals[player]), lines)
        else:
            lines.append("total +round")
            for player in range(match.players):
                line = "P%d %d" % (player + 1, match.totals[player])
                score = _round_score(match, player)
                if score is not None:
                    line += " +%d" % score
                _wrapped(line, lines)
        if ledger is not None:
            lines.append("chips")
            for player in range(match.players):
                _wrapped("P%d $%d" % (player + 1, ledger.chips[player]), lines)
    if view.faults:
        lines.append("faults %d" % len(view.faults))
    return lines


def _round_score(match, player):
    """A player's score in the round under way (None before they have thrown)."""
    if getattr(match, "scores", None) is None or match.over:
        return None
    if match.scores[player] is not None:
        return match.scores[player]
    seats = getattr(match, "seats", ())
    if player in seats and not match.simultaneous:
        return match.round.scores[seats.index(player)]
    return None


class _Put:
    """screen.addstr that clips to the window instead of raising."""

    def __init__(self, screen, height, width):
        self.screen = screen
        self.height = height
        self.width = width

    def __call__(self, y, x, text, attributes=0):
        if y >= self.height or x >= self.width:
            return
        text = text[:self.width - x - (1 if y == self.height - 1 else 0)]
        if text:
            self.screen.addstr(y, x, text, attributes)


def play(box, record=None):
    """Run the terminal front end on a SimBox until the player quits."""
    locale.setlocale(locale.LC_ALL, "")
    terminal = Terminal(box, record)
    with contextlib.redirect_stdout(io.StringIO()):  # the firmware's REPL lines: not over the screen
        curses.wrapper(terminal.run)
    return terminal


"""The box as the web page runs it, on the MicroPython WebAssembly build: the firmware's own
boot.py and main.py on a simulated board, main.py's loop run a slice of time per call.

The page copies the firmware to "/" and board_sim to /sim, then calls, all from JavaScript:

    box = PageBox(seed, shut_tiles)   # power on: board.json's board, boot.py, main.py's start()
    box.run_until(ms)                 # main.py's own loop (tick, feed, sleep) up to ms
    box.set_flap(3, True); box.hold("ok", True); box.shaking = True; box.tilt(x, y, z)
    box.frame()                       # JSON: the OLED's memory, the LEDs, the buzzer's changes,
                                      # the game as the page's scoreboard shows it

main.py runs its endless loop only as the board runs it (`__name__ == "__main__"`); the page
runs it as a module, calls its start() and runs its `run(box)` slice by slice: the simulated
clock's sleep after a watchdog feed (main.py's loop sleep) ends the slice once the clock
reaches the page's time. The firmware files are run exactly as the board holds them.
"""

import json
import os
import sys

from board_sim import link
from board_sim.board import MachineReset, SimBoard
from board_sim.devices.ssd1306 import COLUMNS, ROWS
from board_sim.upy import sim_time
from board_sim.wiring import load_pinmap

_MAIN = "main.py"
_START_SPREAD_MS = 1000000
_MIN_PRESS_US = 80000  # a click's press and release may arrive together: hold it this long
_TIME_NAMES = ("ticks_ms", "ticks_us", "ticks_cpu", "ticks_add", "ticks_diff", "sleep_us", "sleep")


class _SliceDone(BaseException):  # noqa: N818 (not an error: the page's time is reached)
    """Raised by main.py's loop sleep once the simulated clock has reached the page's time."""


class _PageTime:
    """`time` as the firmware sees it on the page: board_sim's simulated clock, whose sleep_ms
    ends the slice when it follows a watchdog feed (main.py's loop) and the slice is done."""

    def __init__(self, page_box):
        for name in _TIME_NAMES:
            setattr(self, name, getattr(sim_time, name))
        self._page_box = page_box

    def sleep_ms(self, ms):
        sim_time.sleep_ms(ms)
        self._page_box.slept()


def _platform(board_name):
    return "esp32" if board_name.startswith("esp32") else "rp2"


class PageBox:
    """The board (wired as /board.json says), the firmware running on it, the page's controls."""

    def __init__(self, seed=1, shut_tiles=()):
        with open("/board.json") as selection:
            board_name = json.load(selection)["board"]
        # A power-on time of its own per seed: main.py seeds the dice from the boot's ticks_us.
        self.board = SimBoard.from_pinmap(load_pinmap(""), seed=seed, start_ms=seed % _START_SPREAD_MS,
                                          platform=_platform(board_name))
        for tile in shut_tiles:
            self.board.set_flap(tile, True)  # shut while the power was off
        self.shaking = False
        self.boots = 0
        self._fed = False
        self._until_us = 0
        self._pressed_us = {}
        self._sounds_sent = 0
        self._ram_sent = None
        self._glass_sent = None
        self._game_sent = None
        self._game_mark = None  # game_mark() when the game was last told
        self._feed = self.board.feed_watchdog
        self.board.feed_watchdog = self._feed_and_note
        link.attach(self.board)
        from board_sim.upy import machine

        sys.modules["machine"] = machine
        sys.modules["time"] = _PageTime(self)
        from board_sim.upy import neopixel

        sys.modules["neopixel"] = neopixel
        self._resident = set(sys.modules)
        self._power_on()

    # --- the firmware ---

    def _power_on(self):
        """Run boot.py, then main.py as a module, then its start(): the App main.py runs."""
        for name in [name for name in sys.modules if name not in self._resident]:
            del sys.modules[name]  # a reset clears RAM: the firmware's modules load afresh
        self.boots += 1
        _run_file("boot.py", {"__name__": "boot"})
        namespace = {"__name__": "main"}  # not "__main__": main.py's loop is the page's to run
        with open(_MAIN) as source:
            exec(compile(source.read(), _MAIN, "exec"), namespace)
        self._run = namespace["run"]
        self._box = namespace["start"]()
        self._game_mark = None  # another App: its game told afresh

    def _feed_and_note(self):
        self._feed()
        self._fed = True

    def slept(self):
        """Called after every simulated sleep_ms: end the slice after main.py's loop sleep."""
        fed, self._fed = self._fed, False
        if fed and self.board.clock.now_us >= self._until_us:
            raise _SliceDone()

    def run_until(self, ms):
        """Run main.py's loop until the simulated clock reaches ms (the page's time)."""
        self._until_us = ms * 1000
        if self.board.clock.now_us >= self._until_us:
            return
        if self.shaking:
            self.board.shake((self._until_us - self.board.clock.now_us) / 1000)
        try:
            self._run(self._box)
        except _SliceDone:
            pass
        except MachineReset:
            self._power_on()
        except Exception as error:  # main.py would stop; the watchdog then resets the board
            sys.print_exception(error, sys.stderr)
            self._power_on()

    # --- the player's side ---

    def set_flap(self, tile, shut):
        self.board.set_flap(tile, shut)

    def hold(self, button, held):
        """Press (True) or release a button; a release comes at least _MIN_PRESS_US after."""
        now_us = self.board.clock.now_us
        if held:
            self._pressed_us[button] = now_us
            self.board.buttons[button].set_closed(True, now_us)
        else:
            pressed_us = self._pressed_us.pop(button, now_us - _MIN_PRESS_US)
            self.board.buttons[button].set_closed(False, max(now_us, pressed_us + _MIN_PRESS_US))

    def tilt(self, x_mg, y_mg, z_mg):
        """The device's own acceleration (gravity included), as the box's sensor would feel it."""
        self.board.motion.tilt(x_mg, y_mg, z_mg)

    # --- what the page shows ---

    def frame(self):
        """JSON: now_ms; ram (the OLED's 1024-byte memory as hex) and glass (glass_map()),
        each null when unchanged since the last frame; leds ("rrggbb" each); sounds (the
        buzzer's [time_ms, freq_hz, duty_u16] changes since the last frame); boots; game
        (game_summary(), null when unchanged)."""
        sounds = self.board.sounds
        new_sounds = sounds[self._sounds_sent:]
        del sounds[:-1]  # the piezo compares a change with its last record only
        self._sounds_sent = len(sounds)
        ram = glass = None
        panel = self.board.display
        if panel is not None:
            if panel.gddram != self._ram_sent:
                self._ram_sent = bytes(panel.gddram)
                ram = self._ram_sent.hex()
            glass = glass_map(panel)
            if glass == self._glass_sent:
                glass = None
            else:
                self._glass_sent = glass
        game = None
        moved = game_mark(self._box)
        if moved is None or moved != self._game_mark:  # the log read back only when it moved
            self._game_mark = moved
            game = game_summary(self._box)
            if game == self._game_sent:
                game = None
            else:
                self._game_sent = game
        return json.dumps({
            "now_ms": self.board.now_ms,
            "ram": ram,
            "glass": glass,
            "leds": "".join("%02x%02x%02x" % tuple(color) for color in self.board.led_colors()),
            "sounds": [list(sound) for sound in new_sounds],
            "boots": self.boots,
            "game": game,
        })


def game_summary(app):
    """What the page's scoreboard and its spoken text tell of the App's game: net.match_state's
    state(), the firmware's own (a Pico W's live scoreboard answers /state with it), loaded
    here once the page first asks."""
    from net.match_state import state

    return state(app)


def game_mark(app):
    """What game_summary() changes with (net.match_state's mark): None, tell it again."""
    from net.match_state import mark

    return mark(app)


def glass_map(panel):
    """Where each pixel of the glass comes from in the SSD1306's memory, as its
    visible_pixels() reads it: {"lit": whether the panel shows anything, "rows": the memory
    row (0-63) behind each glass row, -1 where unwired, "columns": the memory column behind
    each x, "entire_on", "inverted"}. The page draws pixel (x, y) from bit rows[y] % 8 of
    memory byte rows[y] // 8 * 128 + columns[x]."""
    rows = [-1] * panel.height
    for scan_row in range(panel.multiplex):
        glass_row = panel._glass_row(panel._com_pin(scan_row))
        if glass_row is not None:
            rows[glass_row] = (scan_row + panel.start_line + panel.offset) % ROWS
    columns = []
    for x in range(panel.width):
        segment = COLUMNS - 1 - panel.first_column - x
        columns.append(COLUMNS - 1 - segment if panel.segment_remap else segment)
    return {"lit": panel.display_on and (panel.charge_pump or panel.external_vcc),
            "rows": rows, "columns": columns, "entire_on": panel.entire_on,
            "inverted": panel.inverted}


def _run_file(name, namespace):
    """Run a top-level script if it exists, printing its traceback as a board does."""
    try:
        with open(name) as script:
            source = script.read()
    except OSError:
        return
    try:
        exec(compile(source, name, "exec"), namespace)
    except Exception as error:
        sys.print_exception(error, sys.stderr)


# What app.settings says a box booting on a file does instead of what the file asks: a file
# refused on the page is not applied at all, so the page says what is wrong without them.
_AT_BOOT = ("; using the defaults", "; playing classic", "; not offered")


def refusals(config_text, tiles, rows, scratch="/try"):
    """What the box would say of config_text as its config.json, on a box of `rows` rows of
    `tiles` flaps: the faults it reports at boot without what it would do instead at a boot
    (the page applies nothing refused: the box plays on as it was), [] when it plays the file
    as it is. The text is tried as scratch/config.json, so the messages name config.json as
    the box's do."""
    from app.settings import game_entries, load_settings

    try:
        os.mkdir(scratch)
    except OSError:
        pass  # there already
    with open(scratch + "/config.json", "w") as trial:
        trial.write(config_text)
    before = os.getcwd()
    os.chdir(scratch)
    try:
        settings, faults = load_settings("config.json")
    finally:
        os.chdir(before)
    if not faults:
        faults = game_entries(settings, tiles, rows)[2]
    refused = []
    for fault in faults:
        for tail in _AT_BOOT:
            if fault.endswith(tail):
                fault = fault[:-len(tail)]
        refused.append(fault)
    return refused

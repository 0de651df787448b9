"""SimBox: the real firmware App over the real HAL drivers on a simulated board.

    box = SimBox(BoxOptions(tiles=12, flap_wiring="74hc165", seed=3))
    box.run(500)                  # ticks the App as main.py does, in simulated time
    box.board.set_flap(7, True)   # the player's side: flaps, buttons, shaking
    box.close()

The box's flash (/data/: the match in progress, statistics, the menu's choices) is a host
directory, `BoxOptions(data_dir=...)`, so a box built again on it after `close()` (or after a
power cut a test injected through `files`) resumes as the real one does; by default a
temporary directory, removed on close.

Only one SimBox may be open at a time (it installs its board as `machine`).
"""

import json
import shutil
import tempfile

from board_sim.board import SimBoard
from board_sim.firmware_dir import FIRMWARE, board_names, use_firmware
from board_sim.install import install, installed, uninstall

use_firmware()
from game.tiles import MAX_TILES  # noqa: E402  (the firmware's, defined once)

BOARDS = board_names()  # every board file, firmware/boards/*.json
FLAP_WIRINGS = ("gpio", "74hc165", "mcp23017")
MIN_TILES = 9  # the smallest game (classic) needs 9 flaps a row
MAX_ROWS = 4
MAX_PLAYERS = 8
# Pico pins free for more flap switches: the stock map uses 4/5 (I2C), 6-14 (flaps),
# 15 (buzzer), 20/21 (buttons), 22 (LEDs); 16-18 take a 74HC165 chain.
_PICO_FLAP_PINS = (6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 26, 27, 28, 0, 1, 2, 3)
_PICO_SPARE_PINS = (6, 7, 8, 9, 10, 11, 12)
_SHIFT_REGISTER = {"type": "74hc165", "load": 16, "clock": 17, "data": 18}


class OptionError(ValueError):
    """A box option that cannot be simulated; `name` is the option (as a script's `set` names it)."""

    def __init__(self, name, message):
        ValueError.__init__(self, message)
        self.name = name


class BoxOptions:
    """What box to simulate: the board file, flaps (tiles per row, rows, wiring), which
    optional devices are fitted, the seed, and the settings the App starts with.

    rules: house rules (a dict in config.json's "rules" format) the menu offers first, as
    the box does; tiles None: the board's 9 flaps a row, or as many as the game (`preset` or
    `rules`) needs, read through 74HC165s or MCP23017s when a Pico has too few pins.

    accel/display False: the box has none and its board file says so. `missing`: optional
    devices the board file names but the box lacks (board_sim.wiring.OPTIONAL_DEVICES), as
    when one comes loose. bounce_us: how long every switch and button chatters. data_dir: the
    host directory that is the box's /data/ (None: a temporary one); flaps_shut: the flaps
    shut at power-on. wifi: config.json's `wifi` section, on a board with Wi-Fi (pico_w,
    pico2_w: the networks in reach are the board's `wifi` chip's, board_sim.devices.wifi).
    """

    def __init__(self, board="pico", tiles=None, rows=1, flap_wiring=None, accel=True,
                 display=True, seed=1, preset=None, players=None, hints=False, missing=(),
                 bounce_us=None, data_dir=None, flaps_shut=(), rules=None, wifi=None):
        if board not in BOARDS:
            raise OptionError("board", "board: one of %s, not %r" % (", ".join(BOARDS), board))
        if flap_wiring is not None and flap_wiring not in FLAP_WIRINGS:
            raise OptionError("wiring", "flap wiring: one of %s, not %r"
                              % (", ".join(FLAP_WIRINGS), flap_wiring))
        if tiles is not None and not MIN_TILES <= tiles <= MAX_TILES:
            raise OptionError("tiles", "tiles: a box has %d to %d flaps a row, not %d"
                              % (MIN_TILES, MAX_TILES, tiles))
        if not 1 <= rows <= MAX_ROWS:
            raise OptionError("rows", "rows: a box has 1 to %d rows of flaps, not %d" % (MAX_ROWS, rows))
        if players is not None and not 1 <= players <= MAX_PLAYERS:
            raise OptionError("players", "players: 1 to %d, not %d" % (MAX_PLAYERS, players))
        if not 0 <= seed < 2 ** 32:
            raise OptionError("seed", "seed: a whole number from 0 to %d, not %d" % (2 ** 32 - 1, seed))
        self.board = board
        self.tiles = tiles
        self.rows = rows
        self.flap_wiring = flap_wiring
        self.accel = accel
        self.display = display
        self.seed = seed
        self.preset = preset
        self.players = players
        self.hints = hints
        self.missing = missing
        self.bounce_us = bounce_us
        self.data_dir = data_dir
        self.flaps_shut = flaps_shut
        self.rules = rules
        self.wifi = wifi


def _flap_banks(count, wiring):
    """Flap banks for `count` switches on a Pico, wired as asked."""
    if wiring == "gpio":
        if count > len(_PICO_FLAP_PINS):
            raise ValueError("%d flaps need more GPIO pins than a Pico has free: use 74hc165 "
                             "or mcp23017" % count)
        return [{"type": "gpio", "pins": list(_PICO_FLAP_PINS[:count]), "active_low": True}]
    if wiring == "74hc165":
        chained = count // 8 * 8
        rest = count - chained
        banks = []
        if chained:
            bank = dict(_SHIFT_REGISTER)
            bank["count"] = min(chained, 24)
            banks.append(bank)
            rest += chained - bank["count"]
        if rest > len(_PICO_SPARE_PINS):
            raise ValueError("%d flaps: at most 24 on the 74HC165 chain and %d on spare pins"
                             % (count, len(_PICO_SPARE_PINS)))
        if rest:
            banks.append({"type": "gpio", "pins": list(_PICO_SPARE_PINS[:rest]), "active_low": True})
        return banks
    banks = []
    address = 0x20
    while count > 0:
        banks.append({"type": "mcp23017", "address": address, "count": min(count, 16)})
        count -= 16
        address += 1
    if address > 0x28:
        raise ValueError("at most eight MCP23017 expanders")
    return banks


def game_rules(options):
    """The Rules of the game the box starts on (`rules`, else `preset`, else classic), checked
    as the box checks them: OptionError("rules" or "preset") with the box's own message."""
    own_board = not installed()
    if own_board:
        install(SimBoard())  # the game modules import micropython's const
    try:
        from game.config import ConfigError, rules_from_config
        from game.presets import PRESET_NAMES, preset

        if options.rules is not None:
            try:
                return rules_from_config(options.rules)
            except ConfigError as error:
                raise OptionError("rules", "rules: %s" % error) from None
        name = options.preset or "classic"
        if name not in PRESET_NAMES:
            raise OptionError("preset", "preset: unknown %r (choose one of: %s)"
                              % (name, ", ".join(PRESET_NAMES)))
        return preset(name)
    finally:
        if own_board:
            uninstall()


def box_size(options):
    """(tiles a row, rows, wiring) of the box: as the options say, with the rows, and the
    flaps a row when not given, the game needs. OptionError when the box cannot play it."""
    rules = game_rules(options)
    rows = max(options.rows, rules.rows)
    tiles = options.tiles
    if tiles is None:
        tiles = max(MIN_TILES, rules.tiles)
    elif tiles < rules.tiles:
        raise OptionError("tiles", "%s needs %d tiles a row, the box has %d: leave tiles out or "
                          "give %d" % (_game_name(options), rules.tiles, tiles, rules.tiles))
    if rows > options.rows and options.rows != 1:
        raise OptionError("rows", "%s needs %d rows of flaps, the box has %d"
                          % (_game_name(options), rules.rows, options.rows))
    wiring = options.flap_wiring
    if wiring is None and (tiles != MIN_TILES or rows != 1):
        wiring = "gpio" if tiles * rows <= len(_PICO_FLAP_PINS) else (
            "74hc165" if tiles * rows <= 24 + len(_PICO_SPARE_PINS) else "mcp23017")
    return tiles, rows, wiring


def _game_name(options):
    return "the house rules" if options.rules is not None else (options.preset or "classic")


def pinmap_for(options):
    """The board's pin map with the options applied (the form firmware/boards/*.json has)."""
    pinmap = json.loads((FIRMWARE / "boards" / (options.board + ".json")).read_text())
    tiles, rows, wiring = box_size(options)
    if wiring is not None:
        if options.board == "esp32_devkit":
            raise OptionError("board", "other flap wirings are laid out for the Pico's pins: "
                              "use board pico")
        try:
            pinmap["flaps"] = _flap_banks(tiles * rows, wiring)
        except ValueError as error:
            raise OptionError("wiring", str(error)) from None
        pinmap["rows"] = rows
        pinmap["leds"]["count"] = tiles * rows
    if not options.accel:
        pinmap["accel"] = None
    if not options.display:
        pinmap["display"] = None
    return pinmap


class ForcedDice:
    """The App's random generator with a queue of forced dice in front (the scripts' `dice`).

    Each `below(faces)` (one die) takes the next forced value if there is one; otherwise, and
    for everything else, the generator answers as it would. A forced value the die cannot
    show raises ValueError naming the script line that forced it.
    """

    def __init__(self, rng):
        self.rng = rng
        self.forced = []  # (value, script line number)

    def force(self, values, line_number=0):
        self.forced.extend((value, line_number) for value in values)

    def below(self, limit):
        if self.forced:
            value, line_number = self.forced.pop(0)
            if not 1 <= value <= limit:
                raise ValueError("line %d: die %d does not fit a %d-sided die"
                                 % (line_number, value, limit))
            return value - 1
        return self.rng.below(limit)

    def mix(self, noise):
        self.rng.mix(noise)

    def next16(self):
        return self.rng.next16()

    @property
    def high(self):  # the generator's state, as game.snapshot saves it
        return self.rng.high

    @property
    def low(self):
        return self.rng.low


class SimBox:
    """The board, the firmware's devices and App, and a clock loop like main.py's.

    files: the filesystem operations the firmware's saves go through (hal.storage.PosixFiles
    by default; a test passes one that cuts the power at a chosen write step).
    """

    def __init__(self, options=None, files=None):
        options = options or BoxOptions()
        self.options = options
        self.pinmap = pinmap_for(options)
        platform = "esp32" if options.board.startswith("esp32") else "rp2"
        self.board = SimBoard.from_pinmap(self.pinmap, seed=options.seed, platform=platform,
                                          leave_out=options.missing)
        if options.bounce_us is not None:
            for switch in list(self.board.flaps) + list(self.board.buttons.values()):
                switch.bounce_us = options.bounce_us
        for flap in options.flaps_shut:
            self.board.set_flap(flap, True)
        self.own_data_dir = options.data_dir is None
        self.data_dir = tempfile.mkdtemp(prefix="shutbox-data-") if self.own_data_dir else str(options.data_dir)
        self.files = files
        install(self.board)
        try:
            self._build(options)
        except BaseException:
            self.close()
            raise

    def _build(self, options):
        from app.core import App
        from app.hints import Hints
        from app.keeper import Keeper
        from app.settings import Settings
        from app.view import View
        from game.prng import Xorshift32
        from hal.board import build_devices

        self.devices = build_devices(self.pinmap)
        rules_config = options.rules if options.rules is not None else {"preset": options.preset or "classic"}
        settings = Settings(rules_config, options.players or 2, options.hints)
        self.dice = ForcedDice(Xorshift32(options.seed))
        self.keeper = Keeper(self.data_dir, self.files)
        faults = []
        if self.devices.wifi:  # as app.startup: the board's network started by the settings
            from net.wifi_settings import start

            self.devices.wifi = start(options.wifi, faults)
        # As main.py: hints are offered (the menu's Hints row), and on at start with options.hints.
        self.app = App(self.devices, settings, self.dice, hints=Hints(), keeper=self.keeper,
                       faults=faults)
        self.view = View(self.app)  # what the log, the players and the tests read

    def tick(self):
        """One pass of main.py's loop: the App's tick, then its sleep (the App's rest_ms)."""
        import time

        self.app.tick(time.ticks_ms())
        time.sleep_ms(self.app.rest_ms())

    def run(self, ms, each_tick=None):
        """Run the loop for ms of simulated time; each_tick() after every pass, if given."""
        end_ms = self.board.now_ms + ms
        while self.board.now_ms < end_ms:
            self.tick()
            if each_tick is not None:
                each_tick()

    def saving(self):
        """Has the box a save under way (app.keeper saves in slices, one a tick), or one to ask
        for (a finished match's merge into the statistics, asked once its last turn's review is
        priced: app.finish)?"""
        from app.keeper import under_way

        ending = self.app.ending
        return self.keeper is not None and (
            under_way(self.keeper) or (ending is not None and ending.merge is not None))

    def finish_saves(self, max_ms=2000):
        """Run the box until the save it has under way is on the flash, as a box left on for a
        moment does (before a quit that keeps the match; a power cut does not wait)."""
        end_ms = self.board.now_ms + max_ms
        while self.saving():
            if self.board.now_ms >= end_ms:
                raise RuntimeError("the box's save did not end within %d ms" % max_ms)
            self.tick()

    def close(self):
        uninstall()
        if self.own_data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

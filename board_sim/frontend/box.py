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
import pathlib
import shutil
import sys
import tempfile

from board_sim.board import SimBoard
from board_sim.install import install, uninstall

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent.parent / "firmware"
BOARDS = ("pico", "pico_w", "esp32_devkit")
FLAP_WIRINGS = ("gpio", "74hc165", "mcp23017")
LOOP_MS = 5  # as firmware/main.py sleeps between ticks
# Pico pins free for more flap switches: the stock map uses 4/5 (I2C), 6-14 (flaps),
# 15 (buzzer), 20/21 (buttons), 22 (LEDs); 16-18 take a 74HC165 chain.
_PICO_FLAP_PINS = (6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 26, 27, 28, 0, 1, 2, 3)
_PICO_SPARE_PINS = (6, 7, 8, 9, 10, 11, 12)
_SHIFT_REGISTER = {"type": "74hc165", "load": 16, "clock": 17, "data": 18}


class BoxOptions:
    """What box to simulate: the board file, flaps (tiles per row, rows, wiring), which
    optional devices are fitted, the seed, and the settings the App starts with.

    accel/display False: the box has none and its board file says so. `missing`: optional
    devices the board file names but the box lacks (board_sim.wiring.OPTIONAL_DEVICES), as
    when one comes loose. bounce_us: how long every switch and button chatters. data_dir: the
    host directory that is the box's /data/ (None: a temporary one); flaps_shut: the flaps
    shut at power-on.
    """

    def __init__(self, board="pico", tiles=None, rows=1, flap_wiring=None, accel=True,
                 display=True, seed=1, preset=None, players=None, hints=False, missing=(),
                 bounce_us=None, data_dir=None, flaps_shut=()):
        if board not in BOARDS:
            raise ValueError("board: one of %s, not %r" % (", ".join(BOARDS), board))
        if flap_wiring is not None and flap_wiring not in FLAP_WIRINGS:
            raise ValueError("flap wiring: one of %s, not %r" % (", ".join(FLAP_WIRINGS), flap_wiring))
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


def pinmap_for(options):
    """The board's pin map with the options applied (the form firmware/boards/*.json has)."""
    pinmap = json.loads((FIRMWARE / "boards" / (options.board + ".json")).read_text())
    if options.tiles is not None or options.flap_wiring is not None or options.rows != 1:
        if options.board == "esp32_devkit":
            raise ValueError("other flap wirings are laid out for the Pico's pins: use --board pico")
        tiles = options.tiles or 9
        pinmap["flaps"] = _flap_banks(tiles * options.rows, options.flap_wiring or "gpio")
        pinmap["rows"] = options.rows
        pinmap["leds"]["count"] = tiles * options.rows
    if not options.accel:
        pinmap["accel"] = None
    if not options.display:
        pinmap["display"] = None
    return pinmap


class ForcedDice:
    """The App's random generator with a queue of forced dice in front (the scripts' `dice`).

    Each `below(faces)` (one die) takes the next forced value if there is one; otherwise, and
    for everything else, the generator answers as it would.
    """

    def __init__(self, rng):
        self.rng = rng
        self.forced = []

    def force(self, values):
        self.forced.extend(values)

    def below(self, limit):
        if self.forced:
            value = self.forced.pop(0)
            if not 1 <= value <= limit:
                raise ValueError("forced die %d does not fit a %d-sided die" % (value, limit))
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
        if str(FIRMWARE) not in sys.path:
            sys.path.insert(0, str(FIRMWARE))
        install(self.board)
        try:
            self._build(options)
        except BaseException:
            self.close()
            raise

    def _build(self, options):
        from app.core import App
        from app.keeper import Keeper
        from app.settings import Settings
        from game.presets import PRESET_NAMES
        from game.prng import Xorshift32
        from hal.board import build_devices

        if options.preset is not None and options.preset not in PRESET_NAMES:
            raise ValueError("unknown preset %r; choose one of: %s"
                             % (options.preset, ", ".join(PRESET_NAMES)))
        self.devices = build_devices(self.pinmap)
        settings = Settings({"preset": options.preset or "classic"}, options.players or 2,
                            options.hints)
        self.dice = ForcedDice(Xorshift32(options.seed))
        hints = None
        if options.hints:  # as main.py, which always offers hints; off, the menu stays as it was
            from app.hints import Hints

            hints = Hints()
        self.keeper = Keeper(self.data_dir, self.files)
        self.app = App(self.devices, settings, self.dice, hints=hints, keeper=self.keeper)

    def tick(self):
        """One pass of main.py's loop: the App's tick, then its sleep."""
        import time

        self.app.tick(time.ticks_ms())
        time.sleep_ms(LOOP_MS)

    def run(self, ms, each_tick=None):
        """Run the loop for ms of simulated time; each_tick() after every pass, if given."""
        end_ms = self.board.now_ms + ms
        while self.board.now_ms < end_ms:
            self.tick()
            if each_tick is not None:
                each_tick()

    def close(self):
        uninstall()
        if self.own_data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

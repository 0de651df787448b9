"""The box's start-up, at boot only (main.start): the devices board.json names, the settings
file, what the keeper saved (app.boot_state.read_saved), then the App, whose state
app.boot_state sets up (App.__init__ calls its set_up), with the saved match resumed (or, at
the box's first power-on or with select held, the input check: app.boot_state).

What only boot needs (board config validation, the settings file, the presets, restoring the
saved match, this module) is let go before play: every module keeps its bytecode in the heap,
and a Pico's heap is the box's tightest budget (DESIGN.md). Each stage's modules go before the
next stage's load, and the App's modules load last, so boot's high-water mark is one stage's,
not all of them together. The clock is not read here: the App's first tick starts a resumed
match's clocks.
"""

import os
import time

from micropython import const

from app.boot_state import read_saved
from app.memory import release

# Boot collects the heap after every _COLLECT_AFTER_BYTES allocated: what stays is then made
# low in the heap, not scattered above the garbage left since the last collection, which cut
# the free heap into blocks too small for a save's snapshot. Play keeps that only on a heap
# with less than _ROOMY_BYTES free after boot (a tight unix heap, an ESP32): the count also
# takes every Python call's frame, which MicroPython allocates and frees, so a collection
# (18 ms on a Pico) came every few ticks, inside them. Elsewhere the keeper collects after
# each save, in a tick of its own (app.keeper's step). (Here, not in main.py, which stays in
# the heap as long as the box runs.)
_COLLECT_AFTER_BYTES = const(16384)
_ROOMY_BYTES = const(98304)
# What goes after each stage of boot (app.memory's table names these lists): here, not in the
# resident app.memory, so that play keeps none of them.
BOARD_ONLY = ("hal.board_config", "hal.board", "hal.mcp23017", "hal.lis3dh", "hal.mpu6050")
READ_ONLY = ("app.settings", "game.config", "game.numbers", "game.presets", "game.rule_names",
             "game.rules", "game.snapshot_load", "hal.json_file",
             "net.wifi_settings")  # none called again before the menu
BOOT_ONLY = BOARD_ONLY + READ_ONLY + ("app.phases", "game.match", "app.boot_state", "app.startup")


def _devices():
    """The devices board.json names (the board modules are let go by the caller); their `wifi`
    is True on a board with Wi-Fi (its file's "wifi")."""
    from hal.board import build_devices
    from hal.board_config import load_config

    config, faults = load_config()
    return build_devices(config, faults)


def _settings():
    from app.settings import load_settings

    return load_settings()


def start():
    """The App, built from the files on the board, with the saved match resumed. Each stage's
    modules are let go as soon as it is done, so the boot's own high-water mark stays low: the
    devices (the board's modules let go), the settings and what the keeper saved (read_saved:
    the settings', the keeper's and the snapshot's modules let go), and only then the App's
    modules, which fill the stretches the stages before left free."""
    import gc

    from game.prng import Xorshift32

    from app.keeper import DIRECTORY, Keeper

    collecting = hasattr(gc, "threshold")  # (CPython, under the simulator, counts references)
    if collecting:
        gc.threshold(_COLLECT_AFTER_BYTES)

    if globals().get("__file__", "").endswith(".py"):  # compiled from source at each import
        _compile_the_app_first()
    devices = _devices()
    wifi = devices.wifi  # the board's: net.wifi's link (or False) takes its place below
    release(BOARD_ONLY, True, True)  # the accelerometer is then read through hal.shake.BusAccel
    import game.gamelog  # noqa: F401 (the match's modules, which stay: low in the heap)
    import game.rounds  # noqa: F401 (game.match, which starts a match, goes with boot's modules)

    settings, setting_faults = _settings()
    if wifi:  # a board with Wi-Fi: its network started (a long name: no qstr on a Pico)
        devices.wifi = __import__("net.wifi_settings", None, None, ("start",)).start(
            settings.wifi, setting_faults)
    first = False  # the box's first power-on: no /data/ yet (Keeper makes it; a flash never
    try:  # writes or removes it), when the input check opens (app.boot_state's set_up)
        os.stat(DIRECTORY)
    except OSError:
        first = True
    keeper = Keeper()
    saved = read_saved(settings, devices.flaps, keeper, first)
    release(READ_ONLY, True, True)  # before the App's modules load
    from app.core import App  # the App's modules, which stay, then its collaborators'
    from app.hints import Hints

    boot_us = time.ticks_diff(time.ticks_us(), 0)  # varies from boot to boot; shakes stir in more
    box = App(devices, settings, Xorshift32(boot_us), hints=Hints(), faults=setting_faults,
              keeper=keeper, saved=saved)
    release(BOOT_ONLY, True, True)  # nothing of theirs is called again (this function only returns)
    if wifi:  # the live scoreboard (issue 47): a board without Wi-Fi loads none of it
        from net.server import start

        start(box)
    if collecting and gc.mem_free() >= _ROOMY_BYTES:
        gc.threshold(-1)
    return box


def _compile_the_app_first():
    """Firmware run from its sources (a tree copied as it is) compiles each module as it is
    imported, and the compiler needs blocks of a KiB or more in one piece: the App's modules
    (app.core alone is 20 KB of source) are compiled first, on a heap boot has not yet cut up
    (after the read stage, compiling app.core found no 1,280 bytes in one piece on a 228 KiB
    unix heap). Compiled modules (.mpy) load in small blocks, and load after the read stage:
    boot's high-water mark is then the read stage's or the App's, not both."""
    import app.core  # noqa: F401
    import app.hints  # noqa: F401
    import app.screens  # noqa: F401

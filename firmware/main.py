"""The box: read the board and game settings, build the devices, resume what /data/ keeps,
then run the App loop under the hardware watchdog (a hang reboots the box, which resumes).

What only boot needs (board config validation, the settings file, the presets, restoring the
saved match) is imported inside start() and let go before play: every module keeps its
bytecode in the heap, and a Pico's heap is the box's tightest budget (DESIGN.md)."""

import time

from app import release
from machine import WDT

_LOOP_MS = 5
_WATCHDOG_MS = 8000  # an RP2040 allows up to 8388 ms; a save or a table load takes far less
# Let go once the devices are built (the accelerometer is then read through hal.shake.BusAccel).
_BOARD_ONLY = ("hal.board_config", "hal.board", "hal.mcp23017", "hal.lis3dh", "hal.mpu6050")
BOOT_ONLY = _BOARD_ONLY + ("app.resume", "app.settings", "game.config", "game.numbers", "game.presets",
                          "game.rule_names", "game.rules", "game.snapshot_load", "hal.json_file")


def _devices():
    """The devices board.json names (the board modules are let go by the caller)."""
    from hal.board import build_devices
    from hal.board_config import load_config

    config, faults = load_config()
    return build_devices(config, faults)


def _settings():
    from app.settings import load_settings

    return load_settings()


def start():
    """The App, built from the files on the board, with the saved match resumed. Each stage's
    modules are let go as soon as it is done, so the boot's own high-water mark stays low. The
    App's modules load first: they stay, low in the heap, and the boot-only ones above them
    leave one free stretch when they go, not holes between the modules that stay."""
    from app.core import App
    from app.hints import Hints
    from app.keeper import Keeper
    from game.prng import Xorshift32

    devices = _devices()
    release(_BOARD_ONLY, empty=True)  # emptied: a stale word pointing into one pins only it
    settings, setting_faults = _settings()
    boot_us = time.ticks_diff(time.ticks_us(), 0)  # varies from boot to boot; shakes stir in more
    box = App(devices, settings, Xorshift32(boot_us), hints=Hints(), faults=setting_faults,
              keeper=Keeper())
    release(BOOT_ONLY, empty=True)  # nothing of theirs is called again
    return box


def boot():
    """start(), or, when the flap switches cannot be read, why: on the OLED and the REPL until
    the power goes, the watchdog fed (app.boot_fault), never a traceback and a reboot loop."""
    try:
        return start()
    except Exception as error:
        from app.boot_fault import halt_on_wiring_fault

        halt_on_wiring_fault(error, _WATCHDOG_MS)
        raise error


def run(box):
    watchdog = WDT(timeout=_WATCHDOG_MS)
    while True:
        box.tick(time.ticks_ms())
        watchdog.feed()
        time.sleep_ms(_LOOP_MS)


if __name__ == "__main__":  # the board runs main.py; an import (the bench, a test) only gets start()
    run(boot())  # no module global: after Ctrl-C the REPL gets the App's heap back

"""The box: read the board and game settings, build the devices, resume what /data/ keeps,
then run the App loop under the hardware watchdog (a hang reboots the box, which resumes)."""

import time

from app.core import App
from app.hints import Hints
from app.keeper import Keeper
from app.settings import load_settings
from game.prng import Xorshift32
from hal.board import build_devices
from hal.board_config import load_config
from machine import WDT

_LOOP_MS = 5
_WATCHDOG_MS = 8000  # an RP2040 allows up to 8388 ms; a save or a table load takes far less


def start():
    """The App, built from the files on the board, with the saved match resumed."""
    config, faults = load_config()
    devices = build_devices(config, faults)
    settings, setting_faults = load_settings()
    boot_us = time.ticks_diff(time.ticks_us(), 0)  # varies from boot to boot; shakes stir in more
    return App(devices, settings, Xorshift32(boot_us), hints=Hints(), faults=setting_faults,
               keeper=Keeper())


def run(box):
    watchdog = WDT(timeout=_WATCHDOG_MS)
    while True:
        box.tick(time.ticks_ms())
        watchdog.feed()
        time.sleep_ms(_LOOP_MS)


if __name__ == "__main__":  # the board runs main.py; an import (the bench, a test) only gets start()
    run(start())  # no module global: after Ctrl-C the REPL gets the App's heap back

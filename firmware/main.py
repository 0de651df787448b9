"""The box: read the board and game settings, build the devices, run the App loop."""

import time

from app.core import App
from app.hints import Hints
from app.settings import load_settings
from game.prng import Xorshift32
from hal.board import build_devices
from hal.board_config import load_config

_LOOP_MS = 5


def main():
    config, faults = load_config()
    devices = build_devices(config, faults)
    settings, setting_faults = load_settings()
    boot_us = time.ticks_diff(time.ticks_us(), 0)  # varies from boot to boot; shakes stir in more
    app = App(devices, settings, Xorshift32(boot_us), hints=Hints(), faults=setting_faults)
    while True:
        app.tick(time.ticks_ms())
        time.sleep_ms(_LOOP_MS)


main()

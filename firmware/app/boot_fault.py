"""Why the box cannot start (its flap switches cannot be read: a bad flaps section of the board
config, a bank that does not answer), shown on the OLED when the display's own config is
usable and printed on the REPL as one line, then kept there with the watchdog fed: no
traceback and no reboot loop. Imported by main.py only when the boot fails."""

import sys
import time

from machine import WDT

_WIRING_ERRORS = (("hal.board_config", "ConfigError"), ("hal.board", "BoardError"))
_FEED_MS = 1000


def is_wiring_fault(error):
    """Did the board config or the flap banks refuse to start (the modules raising them are
    still loaded after a failed boot; one that is not loaded raised nothing)?"""
    for module_name, class_name in _WIRING_ERRORS:
        module = sys.modules.get(module_name)
        if module is not None and isinstance(error, getattr(module, class_name)):
            return True
    return False


def _display():
    """The OLED alone, built from the board config's display and i2c sections; None when they
    (or the board file) are unusable or the display does not answer."""
    try:
        from hal.board import build_display
        from hal.board_config import display_only, load_config

        return build_display(display_only(load_config()[0]))
    except Exception:  # no display to show it on: the REPL line is all there is
        return None


def halt_on_wiring_fault(error, watchdog_ms):
    """For a wiring fault, show it and never return (feeding a watchdog of `watchdog_ms`);
    for any other error, return at once (the caller raises it)."""
    if not is_wiring_fault(error):
        return
    message = str(error)
    print("shutbox cannot start: " + message)
    display = _display()
    if display is not None:
        from app.screens import Screen

        Screen(display).show_fault(message)
    watchdog = WDT(timeout=watchdog_ms)
    while True:
        watchdog.feed()
        time.sleep_ms(_FEED_MS)

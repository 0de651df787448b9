"""Why the box cannot start (its flap switches cannot be read: a bad flaps section of the board
config, a bank that does not answer), printed on the REPL as one line and shown on the OLED
when the display's own config is usable (a page at a time, app.screen_fault), then kept there
with the watchdog fed: no traceback and no reboot loop. Imported by main.py only when the boot fails.

Kept tiny: compiled it stays within a Pico's LittleFS inline size (tools/flash.py
INLINE_BYTES; a test checks), so it takes no flash block: a Pico W holds two firmware copies
and little more."""

import sys
import time

from machine import WDT


def halt_on_wiring_fault(error, watchdog_ms):
    """For a wiring fault, show it and never return (feeding a watchdog of `watchdog_ms`); for
    any other error, return at once (the caller raises it). app.startup loads hal.board and
    hal.board_config before either can raise, so both are there after a wiring fault."""
    board_config = sys.modules.get("hal.board_config")
    board = sys.modules.get("hal.board")
    if board_config is None or board is None or not isinstance(error, board_config.BoardError):
        return
    print("shutbox cannot start:", error)
    watchdog = WDT(timeout=watchdog_ms)
    try:
        from app.screen_fault import show_for_good
        from app.screens import Screen

        show_for_good(Screen(board.build_display(board_config.load_config()[0])), str(error), watchdog)
    except Exception:  # no usable display: the REPL line is all there is
        pass
    while True:
        watchdog.feed()
        time.sleep_ms(1000)

"""The box: start up (app.startup: the board and game settings, the devices, the App, what
/data/ keeps resumed), then the App loop under the hardware watchdog (a hang reboots the box,
which resumes).

This module stays in the heap for as long as the box runs (the board's __main__), so it keeps
only the loop: the start-up is app.startup's, which lets itself go with every module only
boot needs."""

import time

from machine import WDT
from micropython import const

_WATCHDOG_MS = const(8000)  # an RP2040 allows up to 8388 ms; a save or a table load takes far less


def start():
    """The App, built from the files on the board, with the saved match resumed (app.startup,
    which lets itself go with every module only boot needs)."""
    import app.startup

    return app.startup.start()


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
        time.sleep_ms(box.rest_ms())


if __name__ == "__main__":  # the board runs main.py; an import (the bench, a test) only gets start()
    try:
        run(boot())  # no module global: after Ctrl-C the REPL gets the App's heap back
    except KeyboardInterrupt:  # mpremote's, a builder's: the REPL, its watchdog kept fed
        from app.repl_stop import feed

        feed()

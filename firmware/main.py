"""The box: start up (app.startup: the board and game settings, the devices, the App, what
/data/ keeps resumed), then the App loop under the hardware watchdog (a hang reboots the box,
which resumes).

This module stays in the heap for as long as the box runs (the board's __main__), so it keeps
only the loop: the start-up is app.startup's, which lets itself go with every module only
boot needs."""

import time

from machine import WDT
from micropython import const

# From boot on the heap is collected after every _COLLECT_AFTER_BYTES allocated: what stays
# after a save or a table load is then made low in the heap, not scattered above the garbage
# left since the last collection, which cut the free heap into blocks too small for a save's
# snapshot. (A comment, not the docstring: main.py is compiled at boot, and a longer
# docstring moved the heap's layout, 1.8 KB more after boot on the wasm build.)
_COLLECT_AFTER_BYTES = const(16384)
_LOOP_MS = const(5)
_WATCHDOG_MS = const(8000)  # an RP2040 allows up to 8388 ms; a save or a table load takes far less


def start():
    """The App, built from the files on the board, with the saved match resumed (app.startup:
    the devices, the settings and the saved files first, each stage's modules let go, and the
    App's modules last, so they never share the heap with boot's)."""
    import gc

    import app.startup

    if hasattr(gc, "threshold"):  # MicroPython's (CPython, under the simulator, counts references)
        gc.threshold(_COLLECT_AFTER_BYTES)
    return app.startup.start()  # no local holds its function: a stale copy of one would keep it


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

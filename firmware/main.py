"""The box: start up (app.startup: the board and game settings, the devices, the App, what
/data/ keeps resumed), then the App loop under the hardware watchdog (a hang reboots the box,
which resumes).

This module stays in the heap for as long as the box runs (the board's __main__), so it keeps
only the loop: the start-up is app.startup's, which lets itself go with every module only
boot needs."""

import time

from machine import WDT
from micropython import const

_LOOP_MS = const(5)
_WATCHDOG_MS = const(8000)  # an RP2040 allows up to 8388 ms; a save or a table load takes far less


def start():
    """The App, built from the files on the board, with the saved match resumed (app.startup).
    The modules that stay load first, low in the heap (the App's, its hints' and collaborators',
    and game.match's, which stay once a match plays), and app.startup goes with the boot-only
    modules above them: one free stretch, not holes between the modules that stay. (Compiled
    from source, as a mip install runs, game.match compiled among the boot-only modules found
    no block in one piece for its code.)"""
    import app.core  # noqa: F401
    import app.faults  # noqa: F401
    import app.hints  # noqa: F401
    import app.roller  # noqa: F401
    import app.screens  # noqa: F401
    import app.startup
    import game.match  # noqa: F401

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

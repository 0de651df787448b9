"""The box: start up (app.startup: the board and game settings, the devices, the App, what
/data/ keeps resumed), then the App loop under the hardware watchdog (a hang reboots the box,
which resumes).

This module stays in the heap for as long as the box runs (the board's __main__), so it keeps
only the loop: the start-up is app.startup's, which lets itself go with every module only
boot needs."""

import time

from machine import WDT
from micropython import const

# Boot collects the heap after every _COLLECT_AFTER_BYTES allocated: what stays is then made
# low in the heap, not scattered above the garbage left since the last collection, which cut
# the free heap into blocks too small for a save's snapshot. Play keeps that only on a heap
# with less than _ROOMY_BYTES free after boot (a tight unix heap, an ESP32): the count also
# takes every Python call's frame, which MicroPython allocates and frees, so a collection
# (18 ms on a Pico) came every few ticks, inside them. Elsewhere the keeper collects after
# each save, in a tick of its own (app.keeper's step). (A comment, not the docstring: main.py
# is compiled at boot, and a longer docstring moved the heap's layout.)
_COLLECT_AFTER_BYTES = const(16384)
_ROOMY_BYTES = const(98304)
_WATCHDOG_MS = const(8000)  # an RP2040 allows up to 8388 ms; a save or a table load takes far less


def start():
    """The App, built from the files on the board, with the saved match resumed (app.startup:
    the devices, the settings and the saved files first, each stage's modules let go, and the
    App's modules last, so they never share the heap with boot's)."""
    import gc

    import app.startup

    if not hasattr(gc, "threshold"):  # CPython, under the simulator: it counts references
        return app.startup.start()
    gc.threshold(_COLLECT_AFTER_BYTES)
    box = app.startup.start()  # no local holds its function: a stale copy of one would keep it
    if gc.mem_free() >= _ROOMY_BYTES:
        gc.threshold(-1)
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
        time.sleep_ms(box.rest_ms())


if __name__ == "__main__":  # the board runs main.py; an import (the bench, a test) only gets start()
    try:
        run(boot())  # no module global: after Ctrl-C the REPL gets the App's heap back
    except KeyboardInterrupt:  # mpremote's, a builder's: the REPL, its watchdog kept fed
        from app.repl_stop import feed

        feed()

"""The box's behaviour: menus, turns, what each LED and the OLED show (App in app.core).

release(names) lets modules go: app.startup those only boot needs, app.presentation a phase's
frames once another phase is shown, app.menu and app.finish their phase's own module."""

import gc
import sys


def release(names, collect=True, empty=False):
    """Forget modules (and their packages' references to them) so the collector frees them
    (at once, or with collect=False at its next run).

    empty=True also empties each module's namespace on MicroPython, for modules none of whose
    functions is called again: its collector is conservative, and a stale word that happens to
    look like a pointer to a module let go (a stack slot, a byte buffer) would otherwise keep
    all of it. (CPython frees a module by reference counts, and its host tools may hold one.)"""
    empty = empty and sys.implementation.name == "micropython"
    for name in names:
        if name in sys.modules:
            if empty:
                sys.modules[name].__dict__.clear()
            del sys.modules[name]
            dot = name.rfind(".")
            package = name[:dot]
            if dot > 0 and package in sys.modules:
                try:
                    delattr(sys.modules[package], name[dot + 1:])
                except (AttributeError, TypeError):
                    pass
    if collect:
        gc.collect()

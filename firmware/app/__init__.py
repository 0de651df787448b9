"""The box's behaviour: menus, turns, what each LED and the OLED show (App in app.core).

release(names) lets modules go: main.py those only boot needs, app.presentation a phase's
frames once another phase is shown."""

import gc
import sys


def release(names, collect=True):
    """Forget modules (and their packages' references to them) so the collector frees them
    (at once, or with collect=False at its next run)."""
    for name in names:
        if name in sys.modules:
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

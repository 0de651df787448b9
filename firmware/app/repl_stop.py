"""The box's watchdog kept fed at the REPL (feed): main.py's loop has had a Ctrl-C (mpremote
before each command, a builder at `mpremote repl`), or boot.py finds the box stopped after a
soft reset. A reset (Ctrl-D at the REPL, mpremote reset, the power) starts the box again,
which resumes its saved match.

rp2's watchdog cannot be stopped and runs on through a soft reset, which also ends every Timer
(mpremote soft-resets before a command unless told `resume`). So a Timer feeds it, and the
directory stopped_at_repl in the firmware's tree tells boot.py to call feed again after a soft
reset. A Timer started at a Ctrl-C feeds until a reset; one boot.py started feeds until
main.py's start() has built the App (app.core loaded, app.startup let go), then ends and
removes the directory: from then on only the loop feeds the watchdog, so a hang still resets
the box. Imported by main.py only on Ctrl-C (the App's heap is free by then), by boot.py only
when the directory is there.
"""

import os
import sys

from machine import WDT, Timer
from micropython import const

_FEED_MS = const(1000)  # an eighth of the watchdog's 8 s
# main.py's _WATCHDOG_MS, which boot.py cannot read. rp2 has one watchdog: this is main.py's,
# and arming it again feeds it.
_WATCHDOG_MS = const(8000)
MARK = "stopped_at_repl"  # in the current directory: the tree boot.py entered
MESSAGE = "shutbox: stopped at the REPL; the watchdog is kept fed; reset to resume the match"
_feeding = [None, None, True]  # the watchdog (machine.WDT), the Timer, started by boot.py


def _on_timer(timer):
    modules = sys.modules
    if not _feeding[2] or "app.core" not in modules or "app.startup" in modules:
        _feeding[0].feed()
        return
    timer.deinit()  # main.py's loop feeds the watchdog now
    _feeding[1] = None
    try:
        os.rmdir(MARK)
    except OSError:
        pass


def feed():
    """Keep the watchdog fed from a Timer (named as the watchdog's own method, a name interned
    already: boot.py and main.py name it at boot, and the heap after boot has no room to spare): until a reset after main.py's loop stopped (Ctrl-C),
    until main.py's start() has built the App again after a soft reset (boot.py's, a heap
    without the App). The Timer first: a second Ctrl-C may cut what follows short."""
    _feeding[2] = "app.core" not in sys.modules
    if _feeding[1] is None:
        _feeding[0] = WDT(timeout=_WATCHDOG_MS)
        _feeding[1] = Timer(-1 if sys.platform == "rp2" else 0, period=_FEED_MS, callback=_on_timer)
    _name_the_pack()
    try:
        os.mkdir(MARK)
    except OSError:  # marked already, or the flash is full
        pass
    if not _feeding[2]:  # main.py's loop has stopped (boot.py's call says nothing)
        print(MESSAGE)


def _name_the_pack():
    """Name the pack boot.py mounted at /pack after its file, as `mpremote df` prints it
    ("fw_a/pack.bin", not "<PackFs object at ...>"). Done here, at the REPL, not in packfs.py:
    a __repr__ there took 128 B of the boot heap (issue 44). The tree is the current directory
    in both of feed()'s callers. MicroPython 1.22 has no vfs module to list the mounts."""
    try:
        from vfs import mount
    except ImportError:
        return
    name = os.getcwd().strip("/") + "/pack.bin"
    for filesystem, path in mount():
        if path == "/pack":
            type(filesystem).__repr__ = lambda _pack: name  # pyright: ignore[reportAttributeAccessIssue]

"""The box booted as a board boots it, on MicroPython: main.py's own start() on board_sim's
stand-in pins (machine, neopixel: board_sim in this VM on the wasm build, on CPython across
board_sim/bridge on the unix port), the keeper resuming the match saved in the data directory,
then the match played to its end and a whole new one after it, through the flaps, the shake
and the buttons (board_sim.script_player). Heap in use is gc.mem_alloc() after gc.collect(),
less what the kernel held before the firmware was imported (itself, the player, the stand-ins
or the bridge's proxies; on the wasm build the simulated board too). The firmware's `time` is
the board's clock (sim_time), not the host's.

bench/boot_bench.py writes the script: each call below is a runPython call of its own on the
wasm build, whose collector frees a call's garbage only once the call has returned.

    prepare(root, data_dir, saved, seed, bridge)
                                     the board's files: cwd, /data; the simulated board wired
                                     (in this VM, or on CPython across the bridge's pipes)
    baseline()                       prints "boot_heap kernel N": the heap before the firmware
    boot()                           boot.py (it mounts the tree's pack: tools/flashing/pack.py),
                                     then main.start() and the loop's first tick: the App,
                                     resumed from data_dir (a resumed turn's hints load on that
                                     tick); prints "boot_heap threshold N", the collector's
                                     threshold main.py leaves for play (-1: none)
    mount_pack(root)                 boot.py alone, run from root (bench.boot_bench.module_costs)
    measure(label)                   prints "boot_heap LABEL N", the firmware's heap in use
    loaded()                         prints "boot_module NAME" per module in sys.modules
    play_turn()                      one turn (or the end of a match and a new one started)
    report()                         prints "boot_heap clock_ms N" and "boot_heap board_ms N" (the
                                     firmware's ticks_ms, the board's clock), "boot_heap peak N",
                                     "boot_heap turns N", "boot_heap ended N" (matches played to
                                     their end), "boot_heap done 0|1"
"""

import gc
import os

from micropython import const

_MATCHES = const(2)  # the resumed match, then a whole new one
_TURN_MS = const(600000)  # simulated time a turn may take before the kernel gives up
# The presses of ok a finished match is given to start the next (the first may only close the
# last turn's review; a box with room starts it within a few): a box still at the match's end
# after them cannot start another. Issue 48: on a 128 KiB unix heap the box ran out of memory
# at every tick at a match's end, and the kernel pressed on for _TURN_MS (2,000 presses, most of the
# run's time), then counted the new match as played.
_PRESSES = const(20)
_SEED = const(20261123)
_SCRUB_DEPTH = const(40)  # calls deeper than the measurement's own frames reach
_GPIO_COUNT = const(30)  # an RP2040's: board_sim builds each one's machine.Pin before the baseline

# The kernel's state, by index (a dict's keys would each be an interned name): the heap before
# the firmware, the highest measured, turns and matches played, the Box, the board, the keeper's
# folder.
_BASE = const(0)
_PEAK = const(1)
_TURNS = const(2)
_PLAYED = const(3)
_BOX = const(4)
_BOARD = const(5)
_DATA_DIR = const(6)
_LAYOUT = const(7)  # baseline's bytes that move the firmware's heap up (bench.boot_bench.LAYOUTS)
_STUCK = const(8)  # 1: the box stayed at a match's end through _PRESSES presses of ok
_state = [0, 0, 0, 0, None, None, None, None, 0]


class Box:
    """The box as script_player.BoxPlayer drives it: main.py's loop on the simulated clock."""

    def __init__(self, board, app):
        self.board = board
        self.app = app
        # What the players read: the App itself, whose names app.view.View shares, so no
        # module but the firmware's own is in the heap measured.
        self.view = app
        self.devices = app.devices

    def run(self, ms):
        board = self.board
        app = self.app
        end = board.now_ms + ms
        while board.now_ms < end:
            app.tick(board.now_ms)
            board.advance(app.rest_ms())  # main.run's sleep


def prepare(root, data_dir, saved, seed, bridge=None):
    """Run from `root` (the board's "/": boot.py, /active and the tree it names, with
    board.json, its pin map and config.json; or a mip install's files), with `saved` ({name:
    bytes, or None for a folder}) as the files of the keeper's `data_dir`, on a simulated board wired as the tree's
    board.json says (`seed` its seed): board_sim in this VM, or with `bridge` (requests_fd, replies_fd) board_sim
    on CPython across board_sim/bridge, whose `machine` the VM then imports."""
    os.chdir(root)
    try:
        with open("active") as pointer:
            tree = pointer.read().strip()
    except OSError:  # the firmware at "/", as mip installs it
        tree = "."
    for name in [data_dir] + [data_dir + "/" + name for name in saved if saved[name] is None]:
        try:  # the folders first (a dict's order is not kept on MicroPython)
            os.mkdir(name)
        except OSError:
            pass
    for name in saved:
        if saved[name] is None:
            continue
        with open(data_dir + "/" + name, "wb") as out:
            out.write(saved[name])
    if bridge:
        import remote

        remote.connect(*bridge)
        board = remote.Board()
    else:
        from board_sim import link
        from board_sim.board import SimBoard
        from board_sim.wiring import load_pinmap

        board = SimBoard.from_pinmap(load_pinmap(tree), seed=seed)
        link.attach(board)
    import machine  # the stand-ins or the bridge's proxies: the kernel's heap, not the firmware's
    import neopixel  # noqa: F401

    if not bridge and board.wifi is not None:
        # A Pico W's `network` is C, its WLAN objects static: the simulator's stand-in for it
        # (board_sim/upy/network.py, with the Wi-Fi chip's module) is the kernel's heap too
        import network  # noqa: F401

    _give_board_time()  # (first: the wasm build's `time`, frozen Python, is then never loaded)
    _import_port_modules()

    from board_sim.script_player import BoxPlayer  # noqa: F401

    for number in range(_GPIO_COUNT):
        machine.Pin(number)  # a port's Pin objects are static, never the firmware's heap
        # Each one made low in the heap, where a board's static objects would not be in the
        # way: a call's garbage (the bridge's messages) leaves the next allocation higher up,
        # and pins made there split the free heap into stretches of a few KiB.
        gc.collect()
    _state[_BOARD] = board
    _state[_DATA_DIR] = data_dir


def baseline(layout=0):
    """The kernel's heap, the firmware's baseline; `layout` bytes held first move every
    object the firmware allocates after them (bench.boot_bench.live_boot)."""
    if layout:
        _state[_LAYOUT] = bytearray(layout)
    _scrub_stack(_SCRUB_DEPTH)
    gc.collect()
    _state[_BASE] = gc.mem_alloc()
    print("boot_heap kernel", _state[_BASE])


def _run_boot_py():
    """boot.py as the board runs it at power-on: from "/", in globals of its own, with the
    current directory first on sys.path (as on a board)."""
    import sys

    if "" not in sys.path:
        sys.path.insert(0, "")
    with open("boot.py") as source:
        code = source.read()
    exec(code, {"__name__": "__main__"})


def _import_port_modules():
    """The port's modules the firmware imports that a board has built in (C, in flash: no heap)
    but the wasm build ships as frozen Python, whose objects are in the heap once imported:
    binascii (816 bytes), time (240) and io (128), measured each in runPython calls of their
    own. Imported before the baseline, they count as the port's heap, not the firmware's; on
    the unix port they are C, as on a board. (Once prepare has put the board's clock in its
    place, `time` is sim_time.)"""
    for name in ("binascii", "io", "time"):  # (a tuple named would intern its name)
        __import__(name)


def _give_board_time():
    """`time` as the firmware imports it is the simulated board's clock, as a board's `time`
    reads its own: sim_time (board_sim's in this VM; on the unix port the bridge's, the clock
    the host's last reply told), in sys.modules before the firmware is imported, where
    MicroPython's import looks before its built-in modules (the unix port's and the wasm
    build's alike). The port's clock is the host's: how far the coach's step got in a tick
    (slices while they fit its room of the clock: game.win_chance), and with it the heap
    measured in play, moved with the host's load (21.9-26.1 KB over layouts and runs of one
    firmware with a 10 ms room). The board's clock moves between ticks (the App's rest_ms) and when
    the firmware sleeps: within a tick it stands still, so a step takes all its slices alike,
    the same in every run. Imported before the baseline, sim_time is the kernel's heap."""
    import sys

    import sim_time

    sys.modules["time"] = sim_time


def mount_pack(root):
    _import_port_modules()
    os.chdir(root)
    _run_boot_py()


def boot():
    """boot.py, then main.py's start() and its loop's first tick, as the board runs them (the
    loop is the kernel's)."""
    _run_boot_py()
    import app.keeper

    app.keeper.DIRECTORY = _state[_DATA_DIR]
    import main

    app = main.start()
    print("boot_heap threshold", gc.threshold())  # main.py's choice for play: -1, none
    app.roller.rng.__init__(_SEED)  # main.py seeds from the clock; the same dice every run here
    _state[_BOX] = Box(_state[_BOARD], app)
    app.tick(_state[_BOARD].now_ms)


def _scrub_stack(depth):
    """Overwrite the stack the calls before left: MicroPython's collector is conservative, and a
    stale word there that looks like a pointer keeps whatever it points at (a module let go, a
    save's payload) in the heap measured. Each call's locals start as zeros."""
    a = b = c = d = e = f = g = h = i = j = k = l = m = n = o = p = None  # noqa: E741, F841
    if depth:
        _scrub_stack(depth - 1)


def measure(label):
    for piezo in getattr(_state[_BOARD], "piezos", {}).values():  # board_sim in this VM
        del piezo.sounds[:-1]  # the simulator's record of every tone: not the firmware's heap
    _scrub_stack(_SCRUB_DEPTH)
    gc.collect()
    used = gc.mem_alloc() - _state[_BASE]
    if used > _state[_PEAK]:
        _state[_PEAK] = used
    print("boot_heap", label, used)


def loaded():
    """Prints "boot_module NAME" for each module loaded now (the host adds up their files)."""
    import sys

    for name in sorted(sys.modules):
        print("boot_module", name)


def play_turn():
    """Play until the next player's turn is set up; at a match's end, start the next one (ok)."""
    from app.core import FINISHED

    from board_sim.script_player import BoxPlayer

    box = _state[_BOX]
    if _state[_PLAYED] >= _MATCHES or _state[_STUCK]:
        return
    view = box.view
    player = BoxPlayer(box)
    end = box.board.now_ms + _TURN_MS
    match = view.match
    seat = (view.player, match.rounds_played if match is not None else -1)  # None: the menu
    while box.board.now_ms < end:
        if view.phase == FINISHED:
            _state[_PLAYED] += 1
            presses = 0
            while _state[_PLAYED] < _MATCHES and view.phase == FINISHED and presses < _PRESSES:
                box.board.press("ok")  # the first press may only close the last turn's review
                box.run(300)
                presses += 1
            if _state[_PLAYED] < _MATCHES and view.phase == FINISHED:
                _state[_STUCK] = 1  # no next match: report() says done 0
            break
        player.step()
        if view.match is not match or match is not None and (view.player, match.rounds_played) != seat:
            break
    _state[_TURNS] += 1


def report():
    import main

    # the firmware's clock (main.py's `time`, the one every module imports) and the board's
    print("boot_heap clock_ms", main.time.ticks_ms())
    print("boot_heap board_ms", _state[_BOARD].now_ms)
    print("boot_heap peak", _state[_PEAK])
    print("boot_heap turns", _state[_TURNS])
    match = _state[_BOX].view.match
    print("boot_heap rounds", match.rounds_played)
    print("boot_heap highest_total", max(match.totals))
    print("boot_heap ended", _state[_PLAYED])  # the matches played to their end
    print("boot_heap done", 1 if _state[_PLAYED] >= _MATCHES else 0)

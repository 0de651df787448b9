"""The box's own loop on MicroPython's unix port: main.py's boot, then main.run's loop (the
watchdog fed, its 5 ms sleep), the firmware's real drivers over board_sim's bus-level devices
in this VM, its /data on MicroPython's LittleFS (formatted as a Pico's flash: 4 KiB erase
blocks, progsize 256) on a block device counting its erases, and a hand playing the box on
the box's own clock. Every box.tick() is timed.

bench/loop_bench.py writes the script:

    prepare(root, image, blocks, seed)    the board's files (root: boot.py, /active, the tree),
                                          its flash (a host file of `blocks` erased blocks) at
                                          /data, the simulated board wired as the tree's
                                          board.json says
    boot()                                boot.py, then main.boot(), as the board runs them
    run(hand, flash_ms, factor, pico_menu_collect_us, advances)
                                          main.run(box) until the hand is done: "tick" lines

A tick's time on the unix port is its wall time less the time spent in the simulator's
stand-ins (machine's Pin, I2C, PWM, WDT's feed, neopixel's write, the flash's block device: C
code or hardware on a board, timed here by wrappers and taken out) and less the keeper's
collection (timed apart). On the box's clock a tick lasts its CPU time times `factor` (a Pico's
time, estimated), its collection times a factor of its own, then the time its bus transfers
take at their clock (board_sim's machine spends it: I2C at 9 clocks a byte, the LED strip's
bits), plus `flash_ms` for each 4 KiB block LittleFS erased in it; then main.run's sleep. So
the hand, the dice's tumbling and the debouncing see the box as slow as a Pico would be.

Each tick prints `tick CPU_US BUS_US ERASES FLAGS COLLECTION_US ADVANCE_US`: FLAGS' bits say
what the tick did (SLICE ... GC below: a slice of the keeper's work, its collection, a band of
the OLED sent, an expander read, the dice landing drawn, a flap answered, a slice of the
coach's programme, its start, a phase or turn changed, a collection of the heap not the
keeper's); ADVANCE_US is how far the box's clock moved for the tick's CPU and erases.

The hands (`hand`): "loops", bench/app_kernel.py's hand, its waits counted in loop iterations
of 5 ms (as app_kernel counts them: on a Pico each iteration is longer); "quick", the same
actions with their waits taken as milliseconds of the box's clock. Both play one whole match,
and then leave its end on show for 3 s, whose ticks (the statistics' merge saved) count too.
"""

import gc
import os
import sys
import time

import vfs
from micropython import const

_BLOCK = const(4096)
_ERASE = const(6)  # the block device's ioctl: erase a block (LittleFS's extended interface)
_SEED = const(20261123)
_ROOM = const(64 * 1024)  # the kernel collects the heap between ticks below this much free
_OLED = const(0x3C)
_BAND_BYTES = const(200)  # an OLED write this long is a band of the frame (a command is 3)
_FIRST_EXPANDER = const(0x20)
_LAST_EXPANDER = const(0x27)
_LOOP_MS = const(5)  # main.py's sleep
_MATCH_MS = const(3_600_000)
_END_MS = const(3000)  # the match's end on show, its ticks measured, before the hand is done
# A tick's CPU moves the box's clock on by at most this much: a tick the host preempted took 60
# times its time, and seconds of the box's clock would bite the watchdog (8 s).
_MOST_US = const(250_000)  # the box's time a match may take before the kernel gives up

SLICE = const(1)  # a slice of the keeper's work (app.keeper's step)
COLLECT = const(2)  # the keeper's collection (its step's last slice)
BAND = const(4)  # a band of the OLED's frame sent
EXPANDER = const(8)  # an MCP23017's pins read
LANDED = const(16)  # the dice landed, drawn
FLAP = const(32)  # a flap's change answered
STEP = const(64)  # a slice of the coach's programme
START = const(128)  # a start of the coach's programme
BOUNDS = const(256)  # a phase or turn changed
GC = const(512)  # the heap collected, not by the keeper

# Microseconds spent in the stand-ins (a board's C code or hardware), the calls to them, and
# what a wrapper adds to a call beyond a plain method call's time (calibrate()).
_outside = [0, 0, 0.0]
_state = {}
_collecting = [0]  # microseconds the keeper's collections (app.memory's collect) took in the tick


class Flash:
    """A Pico's flash for LittleFS: blocks of 4 KiB in a host file; `erases` counts erases,
    `reads` and `writes` the calls that read or program it."""

    def __init__(self, path, blocks):
        self.file = open(path, "r+b")
        self.blocks = blocks
        self.erases = 0
        self.reads = 0
        self.writes = 0

    def readblocks(self, block, buffer, offset=0):
        self.reads += 1
        self.file.seek(block * _BLOCK + offset)
        self.file.readinto(buffer)

    def writeblocks(self, block, buffer, offset=None):
        self.writes += 1
        self.file.seek(block * _BLOCK + (offset or 0))
        self.file.write(buffer)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return _BLOCK
        if op == _ERASE:
            self.erases += 1
        return 0


def _timed(function):
    """`function`, its time added to _outside (the simulator's, not the firmware's)."""
    ticks_us = time.ticks_us
    ticks_diff = time.ticks_diff
    outside = _outside

    def call(*args):
        started = ticks_us()
        result = function(*args)
        outside[0] += ticks_diff(ticks_us(), started)
        outside[1] += 1
        return result
    return call


class _Probe:
    def value(self, level=None):
        return level


class _Wrapped(_Probe):
    pass


def calibrate(calls=2000, rounds=15):
    """What a wrapped call costs the tick beyond a plain method call (the wrapper's own time
    outside its timing, less a plain call's), the least over `rounds`: taken out of each tick
    for each call to a stand-in, which on a board is one call of the port's C."""
    probe = _Probe()
    _Wrapped.value = _timed(_Probe.value)
    wrapped_probe = _Wrapped()
    least = None
    for _round in range(rounds):
        started = time.ticks_us()
        for _call in range(calls):
            probe.value()
        bare = time.ticks_diff(time.ticks_us(), started)
        _outside[0] = 0
        started = time.ticks_us()
        for _call in range(calls):
            wrapped_probe.value()
        wrapped = time.ticks_diff(time.ticks_us(), started) - _outside[0]
        extra = (wrapped - bare) / calls
        least = extra if least is None else min(least, extra)
    _outside[2] = max(0.0, least)
    print("loop wrapper_ns", int(least * 1000))


def _time_the_stand_ins(machine, neopixel):
    """What a board does in C or hardware, timed apart: the pins, the buses, the buzzer's PWM,
    the LED strip's write, the flash's block device."""
    for cls, names in ((machine.Pin, ("value", "__call__", "on", "off")),
                       (machine.I2C, ("readfrom_mem_into", "readfrom_mem", "writeto_mem", "writeto",
                                      "writevto", "readfrom_into", "readfrom")),
                       (machine.SoftI2C, ("readfrom_mem_into", "readfrom_mem", "writeto_mem", "writeto",
                                          "writevto", "readfrom_into", "readfrom")),
                       (machine.PWM, ("freq", "duty_u16", "duty_ns", "deinit")),
                       (machine.WDT, ("feed",)),
                       (neopixel.NeoPixel, ("write",)),
                       (Flash, ("readblocks", "writeblocks", "ioctl"))):
        for name in names:
            setattr(cls, name, _timed(getattr(cls, name)))


def prepare(root, image, blocks, seed):
    import machine
    import neopixel

    _time_the_stand_ins(machine, neopixel)  # the flash's too: its methods are taken at its mount
    calibrate()
    os.chdir(root)
    flash = Flash(image, blocks)
    vfs.VfsLfs2.mkfs(flash, progsize=256)
    vfs.mount(vfs.VfsLfs2(flash, progsize=256), "/data")
    flash.erases = 0  # (the format's)
    from board_sim import link
    from board_sim.board import SimBoard
    from board_sim.wiring import load_pinmap

    with open("active") as pointer:
        tree = pointer.read().strip()
    board = SimBoard.from_pinmap(load_pinmap(tree), seed=seed)
    link.attach(board)
    _state["board"] = board
    _state["flash"] = flash


def boot():
    """boot.py, then main.boot(), as the board runs them (main.run is run() below)."""
    if "" not in sys.path:
        sys.path.insert(0, "")
    with open("boot.py") as source:
        code = source.read()
    exec(code, {"__name__": "__main__"})
    import main

    box = main.boot()
    box.roller.rng.__init__(_SEED)  # main.py seeds from the clock; the same dice every run here
    _state["box"] = box


class _Done(Exception):
    """The hand is done: main.run's loop ends."""


class Loop:
    """What main.run ticks: the App, each tick timed and recorded, the hand moved on between."""

    def __init__(self, app, board, flash, hand, loops, flash_ms, factor, gc_factor, advances=None):
        self.app = app
        self.board = board
        self.flash = flash
        self.hand = hand
        self.loops = loops  # the hand's waits in loop iterations (else in ms of the box's clock)
        self.flash_us = flash_ms * 1000
        self.factor = factor
        self.gc_factor = gc_factor
        self.advances = advances  # the box's clock moved on after each tick as an earlier run's was
        self.count = 0
        self.wait = 0  # iterations, or the box's ms, until the hand's next action
        self.buses = list(board.buses.values())
        self.stepped = 0  # app.keeper's step and app.hints' work, wrapped: what the tick did
        self.collections = 0
        self._wrap()

    def rest_ms(self):
        """main.run's sleep after the tick: the App's."""
        return self.app.rest_ms()

    def _wrap(self):
        import app.keeper

        collect = app.keeper.collect

        def timed_collect():
            started = time.ticks_us()
            collect()
            _collecting[0] += time.ticks_diff(time.ticks_us(), started)
        app.keeper.collect = timed_collect

        keeper_step = app.keeper.step
        loop = self

        def step(keeper):
            loop.stepped |= COLLECT if keeper.job == 2 else SLICE
            keeper_step(keeper)
        app.keeper.step = step
        hints = self.app.hints
        if hints is not None:
            work = hints.work

            def coach(turn, log):
                win = getattr(hints, "win", None)
                starting = getattr(hints, "_starting", None) is not None
                idle = win is None or win.ready or starting
                done = work(turn, log)
                win = getattr(hints, "win", None)
                computing = win is not None and not win.ready
                if done or computing:
                    loop.stepped |= START if (idle and computing) or starting else STEP
                return done
            hints.work = coach

    def _traffic(self):
        band = expander = 0
        for bus in self.buses:
            band += bus.written.get(_OLED, 0)
            for address in range(_FIRST_EXPANDER, _LAST_EXPANDER + 1):
                expander += bus.reads.get(address, 0)
        return band, expander

    def tick(self, now_ms):
        board = self.board
        if self.wait <= 0 or not self.loops and board.now_ms >= self.wait:
            try:
                wait = next(self.hand)
            except StopIteration:
                raise _Done() from None
            self.wait = wait // _LOOP_MS if self.loops else board.now_ms + wait
        if self.loops:
            self.wait -= 1
        if gc.mem_free() < _ROOM:
            gc.collect()
            self.collections += 1
        app = self.app
        phase = app.phase
        turn = app.turn
        roller = app.roller
        band, expander = self._traffic()
        erases = self.flash.erases
        clock_us = board.clock.now_us
        self.stepped = 0
        _outside[0] = _outside[1] = _collecting[0] = 0
        allocated = gc.mem_alloc()
        started = time.ticks_us()
        app.tick(now_ms)
        collected = _collecting[0]
        spent = time.ticks_diff(time.ticks_us(), started) - _outside[0] - int(_outside[1] * _outside[2]) - collected
        if spent < 0:
            spent = 0
        flags = self.stepped
        if gc.mem_alloc() < allocated and not flags & COLLECT:
            flags |= GC
        bus_us = board.clock.now_us - clock_us
        erased = self.flash.erases - erases
        after_band, after_expander = self._traffic()
        if after_band - band >= _BAND_BYTES:
            flags |= BAND
        if after_expander != expander:
            flags |= EXPANDER
        if roller.state == 2:  # app.roller's _LANDED: reported by this tick's update
            flags |= LANDED
        for row in app.devices.flaps.rows:
            if row.changed:
                flags |= FLAP
        if app.phase != phase or app.turn is not turn:
            flags |= BOUNDS
        # the box's clock: the tick's CPU on a Pico, its collection, and the flash's erases (its
        # buses' time has passed already)
        advances = self.advances
        count = self.count
        self.count = count + 1
        if advances is not None and count < len(advances):
            advance = advances[count]
        else:
            advance = int(spent * self.factor + collected * self.gc_factor)
            if advance > _MOST_US:  # the host's other work, not the firmware's (ticks() runs again)
                advance = _MOST_US
            advance += erased * self.flash_us
        print("tick", spent, bus_us, erased, flags, collected, advance, app.rest_ms())
        board.advance_us(advance)


def _press(board, button):
    board.hold(button)
    yield 120
    board.hold(button, False)
    yield 60


def hand(app, board):
    """bench/app_kernel.py's hand (Kernel.play_turn) on the simulated board, turn after turn
    until the match is over, then its end for _END_MS: the flaps set right, a shake to roll,
    the highest lit tile shut, a flap at a time; each action then a wait (ms), yielded."""
    from app.core import FINISHED, MENU, PLAY, SETUP
    from game.turn import AWAIT_MOVE, AWAIT_ROLL

    tiles = app.devices.flaps.tiles
    end = board.now_ms + _MATCH_MS
    while board.now_ms < end:
        phase = app.phase
        if phase == MENU:
            yield from _press(board, "ok" if app.menu.row == 3 else "select")
        elif phase == SETUP and not (app.must_open or app.must_shut):
            yield from _press(board, "ok")  # "ok to play"
        elif phase == SETUP or (phase == PLAY and (app.must_open or app.must_shut)):
            for tile in range(1, tiles + 1):
                flap = app.row * tiles + tile
                if app.must_open >> (tile - 1) & 1:
                    board.set_flap(flap, False)
                    yield 40
                elif app.must_shut >> (tile - 1) & 1:
                    board.set_flap(flap, True)
                    yield 40
            yield 100
        elif phase == PLAY and app.turn.state == AWAIT_ROLL:
            board.shake(600)
            yield 600
            yield 500
        elif phase == PLAY and app.turn.state == AWAIT_MOVE:
            lit = app.legal
            tile = tiles
            while tile and not lit >> (tile - 1) & 1:
                tile -= 1
            if tile:
                board.set_flap(app.row * tiles + tile, True)
                yield 40
            else:
                yield 100
        elif phase == FINISHED:  # the match's end read for a while: its frames drawn, its last
            yield _END_MS  # turn's review priced and the statistics' merge saved (their ticks)
            return
        else:
            yield 100


def collection_us(rounds=5):
    """The least time of a collection of the heap now (the kernel's and the firmware's)."""
    least = None
    for _round in range(rounds):
        started = time.ticks_us()
        gc.collect()
        spent = time.ticks_diff(time.ticks_us(), started)
        least = spent if least is None else min(least, spent)
    return least


def run(which, flash_ms, factor, pico_menu_collect_us, advances=None):
    """main.run(box) with the hand `which` ("loops" or "quick") until the match is over; with
    `advances` (a file of one number a line), the box's clock moved on after each tick by that
    many microseconds, not this run's own estimate: an earlier run's, so this run's ticks are
    that run's again (the bench keeps each tick's least time over the runs). A collection is the
    collector's C code over a heap that holds the simulator too: its time is scaled by its own
    factor, `pico_menu_collect_us` (a Pico's collection at the menu) over this run's at the menu."""
    play(loop(which, flash_ms, factor, pico_menu_collect_us, advances))


def loop(which, flash_ms, factor, pico_menu_collect_us, advances=None, kind=Loop):
    """The Loop (`kind`: Loop or a kernel's own) run() plays, its hand and clock as run's."""
    box = _state["box"]
    board = _state["board"]
    if advances is not None:
        with open(advances) as lines:
            advances = [int(line) for line in lines]
    menu_collect = collection_us()
    print("loop menu_collect_us", menu_collect)
    return kind(box, board, _state["flash"], hand(box, board), which == "loops", flash_ms, factor,
                pico_menu_collect_us / max(1, menu_collect), advances)


def play(ticked):
    """main.run(ticked) until its hand is done, on the board's clock; its counts printed."""
    import main
    import sim_time

    main.time = sim_time  # main.run's clock and sleep: the board's
    try:
        main.run(ticked)
    except _Done:
        pass
    print("loop kernel_collections", ticked.collections)
    print("loop erases", _state["flash"].erases)
    print("loop box_ms", _state["board"].now_ms)

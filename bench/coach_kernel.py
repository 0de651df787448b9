"""The coach's time on MicroPython: the real App, hints on, two players, driven as
bench/app_kernel.py drives it (its stand-in buses, its hands), with every App.tick() timed.

    import coach_kernel; coach_kernel.run("classic", tiles)    prints "coach NAME VALUE" lines

For each player's turn, from the tick that sets it up (the previous turn's end; the match's
start for the first: app.hints' turn_starts) until its hints play to win (the chance ready and
settled): the ticks it took and their CPU time added up (the first seat's may have been worked
out in the menu's quiet ticks before: "coach menu_ticks" counts the menu's); then the longest
tick of each kind over the whole match: one that computed a slice of the programme, one that started a turn's programme (what the turn
plays for, the table of end values read), one that did a slice of the keeper's work (the
match's save, the menu's, the statistics' merge: a Keeper saving to DATA_DIR, as main.py's
does), and any other: the App's own ("bounds": a turn's end, the match's start and end, a
frame's module imported, a roll, a move); and the mean tick. Times in microseconds of this runtime.

Beside each kind's longest CPU time, the longest time its ticks kept the box's buses busy, which
no factor scales: the I2C bytes app_kernel's Bus counts at I2C_HZ (9 clocks a byte: the OLED's
frame's bands, the accelerometer's reads) and the LED strip's writes (a WS2812 takes 30 us a
LED, then a 50 us latch). A Pico's tick takes about its CPU times the Pico's factor (bench/
win_bench.py's F) plus that, so for each kind the ticks that could be its longest, whatever the
factor, are printed as "coach_ticks KIND CPU BUS" lines: those no other tick of the kind passes
in both.

The collector's pauses are kept apart. The firmware's own, the keeper's slice after each piece of
its work (app.keeper's step), are ticks of a kind of their own, "collect": their number is
"coach collect_slices". The kernel's: the heap is collected between ticks whenever less than
_ROOM is free, so no tick allocates its way into a collection; counted as "coach collections".
(On this 512 KiB heap a collection took 2-28 ms of the unix port, a pause of the collector's C
code over the whole heap, not the App's Python, that the Pico's factor does not scale.)
"""

import gc
import os
import time

import app_kernel
from app.hints import Hints
from app.keeper import Keeper
from app.settings import Settings


def _data_dir():
    """Where the bench's Keeper saves: in RAM (Linux's /dev/shm) where there is one, so a save's
    slices time the firmware's own work, not the host disk's journal (a rename there took up
    to 0.4 ms); the Pico's flash has times of its own, which no factor scales (issue 28: a
    4 KiB erase stalls it ~45 ms, at most one a tick)."""
    try:
        os.stat("/dev/shm")
        return "/dev/shm/shutbox-coach-bench"
    except OSError:
        return "/tmp/shutbox-coach-bench"


DATA_DIR = _data_dir()
_ROOM = 96 * 1024  # free bytes below which the heap is collected before a tick
I2C_HZ = 400_000  # the boards' I2C clock (firmware/boards/*.json)
_LED_US = 30  # a WS2812's 24 bits at 800 kHz
_LATCH_US = 50
KINDS = ("step", "start", "save", "bounds", "collect")
_COLLECT = 2  # app.keeper's Keeper.job: its last slice, the heap's collection (as there)


def _empty(folder):
    """Remove every file under `folder` (the keeper's folders too); nothing if there is none."""
    try:
        names = os.listdir(folder)
    except OSError:
        return  # no such folder yet: the keeper makes it
    for name in names:
        path = folder + "/" + name
        try:
            os.remove(path)
        except OSError:  # a folder (the match's play/)
            _empty(path)
            os.rmdir(path)


class CoachKernel(app_kernel.Kernel):
    """app_kernel's Kernel on a box of `tiles` flaps playing `preset`, hints on, 2 players."""

    def __init__(self, preset, tiles, seed=5):
        app_kernel.TILES = tiles  # the kernel's flaps, LEDs and hands
        _empty(DATA_DIR)  # a match saved by an earlier run would resume, its menu choices be kept
        self.keeper = Keeper(DATA_DIR)
        app_kernel.Kernel.__init__(self, seed, self.keeper, Settings({"preset": preset}, 2, True), Hints())
        self.turns = []  # per turn set up: [ticks, CPU us] until its chance is ready
        self.watching = None
        self.total = 0
        self.ticks_run = 0
        self.collections = 0  # the heap collected between ticks
        self.collect_slices = 0  # the keeper's collections (a tick each)
        self.save_us = 0  # the CPU of every tick that saved or did a slice of a save, added up
        self.menu_ticks = 0  # ticks in the menu before the match (the first seat's programme may start there)
        # kind: [(CPU us, bus us)] of its ticks no other passes in both (its longest CPU among them)
        self.frontier = {}

    def bus_us(self, bytes_before, writes_before):
        """The time the last tick kept the buses busy on a board (the class docstring)."""
        leds = self.strip.writes - writes_before
        return ((self.bus.bytes - bytes_before) * 9 * 1_000_000 // I2C_HZ
                + leds * (_LED_US * app_kernel.TILES + _LATCH_US))

    def keep_tick(self, kind, cpu, bus):
        """Add a tick to its kind's frontier unless a tick there passes it in both times."""
        ticks = self.frontier.setdefault(kind, [])
        for other in ticks:
            if other[0] >= cpu and other[1] >= bus:
                return
        ticks[:] = [other for other in ticks if other[0] > cpu or other[1] > bus]
        ticks.append((cpu, bus))

    def longest(self, kind):
        """The longest CPU time of a tick of that kind (us)."""
        return max((cpu for cpu, _bus in self.frontier.get(kind, ())), default=0)

    def run(self, ms):
        app = self.app
        end = self.now + ms
        while self.now < end:
            self.now += app_kernel.TICK_MS
            if gc.mem_free() < _ROOM:
                gc.collect()
                self.collections += 1
            keeper = self.keeper
            writes = keeper.writes
            # work asked of the keeper, done in slices (app.keeper's step; a Keeper of older
            # firmware saves at once)
            job = getattr(keeper, "job", None)
            collecting = job == _COLLECT
            saving = (job is not None or getattr(keeper, "wanted", None) is not None
                      or getattr(keeper, "menu_wanted", None) is not None or getattr(keeper, "merging", None))
            hints = app.hints
            before = hints.win if hints is not None else None
            starting = hints is not None and hints._starting is not None
            stake = getattr(hints, "stake", None) if starting else None  # (older firmware has none)
            idle = before is None or before.ready or starting
            phase = app.phase
            turn = app.turn
            bus_bytes = self.bus.bytes
            led_writes = self.strip.writes
            started = time.ticks_us()
            app.tick(self.now)
            spent = time.ticks_diff(time.ticks_us(), started)
            bus = self.bus_us(bus_bytes, led_writes)
            self.ticks_run += 1
            self.total += spent
            win = hints.win if hints is not None else None
            computing = win is not None and not win.ready
            if collecting and keeper.job != _COLLECT:  # the keeper's collection, done
                self.collect_slices += 1
                kind = "collect"
            elif saving or keeper.writes != writes:  # a save, or a slice of one
                self.save_us += spent
                kind = "save"
            elif app.phase != phase or app.turn is not turn:
                kind = "bounds"  # the App's own
            elif (idle and computing) or starting:  # a turn's programme starts: what it plays for, its table read
                kind = "start"
            elif computing or (win is not None and before is win and not before.ready):
                kind = "step"  # a slice of the programme
            else:
                kind = "bounds"  # the App's own
            self.keep_tick(kind, spent, bus)
            if hints is not None and hints._starting is not None and (not starting or (
                    stake is not None and getattr(hints, "stake", None) is None)):  # (app.hints' turn_starts)
                self.watching = [0, 0]  # a turn was set up in this tick: the match's start, or the last one's end
                self.turns.append(self.watching)
            if phase == app_kernel.MENU:
                self.menu_ticks += 1
            watching = self.watching
            if watching is not None:
                watching[0] += 1
                watching[1] += spent
                if hints.winning:  # its chance is ready: the hints play to win from the next tick
                    self.watching = None


def _hold_what_a_box_holds():
    """Let go what a box lets go once its App is built (app.startup's READ_ONLY: app.settings
    and the configuration's modules, which the kernel imported for its Settings), so the heap
    a collection scans is a box's in play: app.settings' tables cost a Pico's collector a second
    pass over the whole heap (its mark stack of 64 entries overflows). Older firmware has no
    such list."""
    try:
        from app.memory import release
        from app.startup import READ_ONLY
    except ImportError:
        return
    release(READ_ONLY + ("app.startup", "app.boot_state"), True, True)


def run(preset, tiles, turns=2):
    kernel = CoachKernel(preset, tiles)
    _hold_what_a_box_holds()
    for _match_turn in range(turns):
        kernel.play_turn()
    for number in range(len(kernel.turns)):
        ticks, spent = kernel.turns[number]
        print("coach turn%d_ticks" % number, ticks)
        print("coach turn%d_us" % number, spent)
    for kind in KINDS:
        print("coach %s_longest_us" % kind, kernel.longest(kind))
    for kind in KINDS:
        for cpu, bus in kernel.frontier.get(kind, ()):
            print("coach_ticks", kind, cpu, bus)
    print("coach save_us", kernel.save_us)
    print("coach saves", kernel.keeper.writes)
    print("coach mean_us", kernel.total // kernel.ticks_run)
    print("coach collections", kernel.collections)
    print("coach collect_slices", kernel.collect_slices)
    print("coach menu_ticks", kernel.menu_ticks)

"""The coach's time on MicroPython: the real App, hints on, two players, driven as
bench/app_kernel.py drives it (its stand-in buses, its hands), with every App.tick() timed.

    import coach_kernel; coach_kernel.run("classic", tiles)    prints "coach NAME VALUE" lines

For each player's turn, from the tick that sets it up (the previous turn's end; the match's
start for the first) and starts its win-chance programme until the chance is ready: the ticks it took, their CPU time
added up, the longest of them; then the longest and the mean tick of the whole match, and the
longest tick that saved the match (a Keeper saving to DATA_DIR, as main.py's does). Times in
microseconds of this runtime.
"""

import os
import time

import app_kernel
from app.hints import Hints
from app.keeper import Keeper
from app.settings import Settings

DATA_DIR = "/tmp/shutbox-coach-bench"


class CoachKernel(app_kernel.Kernel):
    """app_kernel's Kernel on a box of `tiles` flaps playing `preset`, hints on, 2 players."""

    def __init__(self, preset, tiles, seed=5):
        app_kernel.TILES = tiles  # the kernel's flaps, LEDs and hands
        try:
            for name in os.listdir(DATA_DIR):  # a match saved by an earlier run would resume
                os.remove(DATA_DIR + "/" + name)
        except OSError:
            pass  # no such folder yet: the keeper makes it
        self.keeper = Keeper(DATA_DIR)
        app_kernel.Kernel.__init__(self, seed, self.keeper, Settings({"preset": preset}, 2, True), Hints())
        self.turns = []  # per turn set up: [ticks, CPU us, longest us] until its chance is ready
        self.watching = None
        self.longest = 0
        self.total = 0
        self.ticks_run = 0
        self.save_longest = 0

    def run(self, ms):
        app = self.app
        end = self.now + ms
        while self.now < end:
            self.now += app_kernel.TICK_MS
            writes = self.keeper.writes
            started = time.ticks_us()
            app.tick(self.now)
            spent = time.ticks_diff(time.ticks_us(), started)
            self.ticks_run += 1
            self.total += spent
            if spent > self.longest:
                self.longest = spent
            if self.keeper.writes != writes and spent > self.save_longest:
                self.save_longest = spent
            win = app.hints.win if app.hints is not None else None
            if self.watching is None and win is not None and not win.ready:
                self.watching = [0, 0, 0]  # a turn was set up: its programme started in this tick
                self.turns.append(self.watching)
            watching = self.watching
            if watching is not None:
                watching[0] += 1
                watching[1] += spent
                if spent > watching[2]:
                    watching[2] = spent
                if win is None or win.ready:
                    self.watching = None


def run(preset, tiles, turns=2):
    kernel = CoachKernel(preset, tiles)
    for _match_turn in range(turns):
        kernel.play_turn()
    for number in range(len(kernel.turns)):
        ticks, spent, longest = kernel.turns[number]
        print("coach turn%d_ticks" % number, ticks)
        print("coach turn%d_us" % number, spent)
        print("coach turn%d_longest_us" % number, longest)
    print("coach longest_us", kernel.longest)
    print("coach mean_us", kernel.total // kernel.ticks_run)
    print("coach save_longest_us", kernel.save_longest)

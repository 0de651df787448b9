"""What the virtual board's chip tells its server (runs inside the unix port): the watchdog
started or fed, a hard reset, its timers; the timers' turns the server gives back; and the
host's Ctrl-C while main.py runs. The
server keeps the watchdog and the timers on the board's clock (the wall clock, which a test
may move on at once: VirtualBoard.advance) across the interpreter's restarts: a soft reset
keeps the watchdog running, as on rp2, and ends the timers with the interpreter, as rp2's
gc_sweep_all does.

One line a message on a pipe the server opened: "watchdog MS", "feed", "reset", "timer N US
PERIODIC" (0 or 1), "untimer N", and "ran N" once timer N's callback has run. The server says
"fire N" on a pipe of its own when timer N is due; a thread of the chip's waits on it and runs
the callback, as rp2 runs a Timer's while its REPL waits for input or its code runs. A feed is
passed on at most every _FEED_EVERY_MS (main.py feeds every 5 ms), except from a timer's
callback, so the server's watchdog may bite up to that much before the last feed's timeout.

A Ctrl-C for main.py comes as a byte on a third pipe. A Pico's USB stack schedules the
KeyboardInterrupt, which its VM raises between two bytecodes. The unix port raises it from its
SIGINT handler, at any instruction: in a garbage collection it left the heap locked ("MemoryError:
heap is locked" in main.py's handler, then "FATAL: uncaught NLR"). A scheduled function cannot
stand in: the port prints what it raises and carries on. So the chip raises the KeyboardInterrupt
itself, between bytecodes, as main.py's next call on it returns (a watchdog started or fed,
which main.py's loop does every few ms; a timer started or stopped), and tells the server
"interrupted".
"""

import _thread
import select
import sys
import time

_FEED_EVERY_MS = 100


class ChipHost:
    """SimBoard.host on the virtual board: the control pipe at `path`, the server's timer pipe
    at `timers_path` and Ctrl-C pipe at `keys_path` (opened before "/" is the board's flash)."""

    def __init__(self, path, timers_path, keys_path):
        self._pipe = open(path, "wb")
        self._turns = open(timers_path, "rb")
        self._keys = open(keys_path, "rb")
        self._key_poll = select.poll()
        self._key_poll.register(self._keys, select.POLLIN)
        self._main_thread = None  # main.py's while it runs (the timers' callbacks run in another)
        self._fed_at = None
        self._timers = {}  # number -> machine.Timer
        self._numbered = 0
        self._firing = False
        self._waiting = False

    def _say(self, line):
        self._pipe.write(line)

    def main_runs(self, running):
        """main.py starts (True: it takes the host's Ctrl-C from now on) or has ended (False)."""
        self._main_thread = _thread.get_ident() if running else None

    def _take_ctrl_c(self):
        """Raise the host's Ctrl-C in main.py's thread, if the server has given one."""
        if self._main_thread is None or _thread.get_ident() != self._main_thread:
            return
        for _ in self._key_poll.ipoll(0):
            self._keys.read(1)
            self._say(b"interrupted\n")
            raise KeyboardInterrupt

    def start_watchdog(self, timeout_ms):
        self._say(b"watchdog %d\n" % timeout_ms)
        self._fed_at = time.ticks_ms()
        self._take_ctrl_c()

    def feed_watchdog(self):
        now = time.ticks_ms()
        if self._firing or self._fed_at is None or time.ticks_diff(now, self._fed_at) >= _FEED_EVERY_MS:
            self._say(b"feed\n")
            self._fed_at = now
        self._take_ctrl_c()

    def hard_reset(self):
        """The server powers the chip off and on: this never returns."""
        self._say(b"reset\n")
        while True:
            time.sleep(1)

    def start_timer(self, timer, period_us, periodic):
        self._numbered += 1
        timer.host_number = self._numbered
        self._timers[self._numbered] = timer
        if not self._waiting:
            self._waiting = True
            _thread.start_new_thread(self._run_turns, ())
        self._say(b"timer %d %d %d\n" % (self._numbered, period_us, 1 if periodic else 0))
        self._take_ctrl_c()

    def stop_timer(self, timer):
        if self._timers.pop(timer.host_number, None) is not None:
            self._say(b"untimer %d\n" % timer.host_number)
        self._take_ctrl_c()

    def _run_turns(self):
        """The chip's thread for its timers: run each callback the server says is due."""
        while True:
            line = self._turns.readline()
            if not line:
                return
            number = int(line.split()[1])
            timer = self._timers.get(number)
            if timer is not None:
                self._firing = True
                try:
                    timer.fire()
                except Exception as error:  # as rp2: the timer stops, the chip runs on
                    print("Uncaught exception in IRQ callback handler")
                    sys.print_exception(error)
                    timer.deinit()
                finally:
                    self._firing = False
            self._say(b"ran %d\n" % number)

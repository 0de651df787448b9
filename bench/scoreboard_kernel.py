"""The box's own loop with its live scoreboard on (bench/loop_kernel.py's, on a Pico W's files),
and phones polling /state, on MicroPython's unix port: the App's tick and the server's step
(net.server) timed apart, each turn's end and each answer to a phone on the box's clock.

bench/scoreboard_bench.py writes the script:

    loop_kernel.prepare(...); loop_kernel.boot()    as bench/loop_kernel.py's
    run(hand, flash_ms, factor, pico_menu_collect_us, advances, port, phones, control)

The server listens on 127.0.0.1:`port` only. The phones are the bench's, in its own process:
this kernel asks for each poll over a socket to 127.0.0.1:`control` ("p K": phone K sends
"GET /state?p=K" on a connection of its own) and waits for "s" (the request is sent) before the
box ticks on ("p K N": its Nth poll, "GET /state?p=K.N"), so each poll comes at a tick of the
box's clock, the same in every run: phone K
polls first K * POLL_MS / phones after the server listens, then POLL_MS after each answer it got whole (page.html's
setTimeout), or WAIT_MS after a poll left unanswered (page.html's abort).

Every time here is the CPU time this thread got, not the wall's: on a busy host the scheduler
gives the CPU to other processes in the middle of a tick (a preempted tick took 60 times its
time). Linux's /proc/thread-self/schedstat counts, in ns, the time this thread spent runnable
but waiting for a CPU (its second field; the first, the CPU time itself, moves only at the
scheduler's tick and switches: some 4 ms, longer than a whole tick here) and how often it was
given one (its third): the kernel reads it (readinto a buffer made once, parsed without
allocating) before the App's tick, between it and the server's step, and after the step, and
takes each part's wait out of its time (as the stand-ins' time is taken out: loop_kernel's
_outside), the reads' own time too. A hypervisor's steal is not seen there: the bench keeps
each tick's least time over its runs, and prefers a run in which the thread was not switched
out during the tick.

A tick is the App's tick then the server's step, as net.server's tick runs them, but the
server's `app_us` (which tells it whether the tick leaves room for its heavier work) is the
App's tick as a Pico would take it: its CPU times `factor` plus its bus time, as loop_kernel
estimates a tick (with `advances`, an earlier run's, as its advances are: the same decisions
again, whatever the host's other work did to this run's times). After each "tick" line of loop_kernel, this prints

    step CPU_US APP_US ACCEPTED STATES ANSWERED WORK LISTENED READ SWITCHED WAITED_US
                                                 the step's unix CPU time (in the tick's), the
                                                 App's tick as the server took it, the
                                                 connections it accepted, /state's JSON made,
                                                 answers sent whole, bytes read and sent, 1 if
                                                 it opened the listening socket, 1 if it read
                                                 the match for /state's JSON, the times the
                                                 thread was switched out in the tick, the time
                                                 it waited for a CPU then (taken out)
    turn BOX_MS TURNS                            a turn ended in the tick (the box's clock at
                                                 the tick's end, the turns played)
    answer BOX_MS PHONE TURNS                    /state sent whole to PHONE, its JSON made
                                                 after TURNS turns
    asked BOX_MS PHONE                           a poll sent before the tick
"""

import socket
import sys
import time
from array import array

import loop_kernel
from micropython import const

_SCHEDSTAT = "/proc/thread-self/schedstat"
POLL_MS = const(700)  # page.html's POLL_MS
WAIT_MS = const(2500)  # page.html's WAIT_MS: a poll with no answer by then is given up
_STATE = const(1)  # net.server's route of /state
_ACCEPTED = const(0)  # the places of net.server's counts
_ANSWERED = const(1)
_STATES = const(4)


class Waits:
    """This thread's time waiting for a CPU (schedstat's second field, ns) and the times it was
    given one (its third), read by read(): 0 and 0 where there is no such file."""

    def __init__(self):
        self.buffer = bytearray(96)
        self.waited_ns = 0
        self.switches = 0
        try:
            self.file = open(_SCHEDSTAT, "rb")
        except OSError:
            self.file = None

    def read(self):
        file = self.file
        if file is None:
            return
        file.seek(0)
        buffer = self.buffer
        count = file.readinto(buffer)
        field = 0
        value = 0
        at = 0
        while at < count:  # (no range object: nothing allocated in the tick)
            byte = buffer[at]
            at += 1
            if 48 <= byte <= 57:
                value = value * 10 + byte - 48
                continue
            if field == 1:
                self.waited_ns = value
            elif field == 2:
                self.switches = value
                return
            field += 1
            value = 0


class ScoreLoop(loop_kernel.Loop):
    """loop_kernel's Loop with the phones' polls asked for before each tick and the server's
    work reported after it."""

    def watch(self, server, phones, control, app_times=None):
        self.server = server
        self.app_times = app_times  # each tick's app_us as an earlier run had it (its advances')
        self.app_us = 0
        self.control = control
        self.phones = phones
        self.due = None  # when each phone polls next (set once the server listens)
        self.asked = [None] * phones  # when each phone's poll went out (None: none waiting)
        self.polls = [0] * phones  # each phone's polls so far (the last one's number)
        self.answers = []  # (phone, turns) sent whole in this tick
        self.match_read = 0
        self.json_turns = 0  # the turns played when the match was read for /state's JSON
        self.read_turns = 0
        self.step_us = 0
        self.switched = 0  # the times the thread was switched out in the tick, and its wait (us)
        self.waited_us = 0
        waits = Waits()
        app = self.app
        plain = type(app).tick
        board = self.board
        outside = loop_kernel._outside
        collecting = loop_kernel._collecting
        ticks_us = time.ticks_us
        ticks_diff = time.ticks_diff
        loop = self

        def tick(now_ms):  # net.server's tick, with a Pico's time for the App's
            mark = ticks_us()
            waits.read()
            waited = waits.waited_ns
            switches = waits.switches
            outside[0] += ticks_diff(ticks_us(), mark)
            clock_us = board.clock.now_us
            before = outside[0]
            calls = outside[1]
            collected = collecting[0]
            started = ticks_us()
            plain(app, now_ms)
            ended = ticks_us()
            waits.read()
            app_wait = (waits.waited_ns - waited) // 1000
            spent = (ticks_diff(ended, started) - outside[0] + before - app_wait
                     - int((outside[1] - calls) * outside[2]) - collecting[0] + collected)
            times = loop.app_times
            if times is not None and loop.count < len(times):
                server.app_us = times[loop.count]
            else:
                server.app_us = int(max(0, spent) * loop.factor + (collecting[0] - collected) * loop.gc_factor
                                    + board.clock.now_us - clock_us)
            loop.app_us = server.app_us
            waited = waits.waited_ns
            started = ticks_us()
            outside[0] += ticks_diff(started, ended)  # (the read's own time)
            server.step(now_ms)
            ended = ticks_us()
            waits.read()
            step_wait = (waits.waited_ns - waited) // 1000
            loop.step_us = max(0, ticks_diff(ended, started) - step_wait)
            loop.switched = waits.switches - switches
            loop.waited_us = app_wait + step_wait
            outside[0] += app_wait + step_wait + ticks_diff(ticks_us(), ended)
        app.tick = tick

        made = server._state

        def state(now_ms):  # the turns played when the match was read for the JSON
            states = server.counts[_STATES]
            reading = server.state_read is None
            answer = made(now_ms)
            if reading and server.state_read is not None:
                loop.read_turns = app.tally.turns
                loop.match_read = 1
            if server.counts[_STATES] != states:
                loop.json_turns = loop.read_turns
            return answer
        server._state = state

        reading = [None]  # the connection whose request the server's _read reads
        polls = {}  # connection: (phone, poll) its request line named (scoreboard_bench's ?p=K.N)
        module = sys.modules["net.server"]
        read = server._read
        parse = module.route
        close = server._close

        def read_request(connection, now_ms):
            reading[0] = connection
            read(connection, now_ms)
            reading[0] = None
        server._read = read_request

        def route(line):  # (the line is read through the connection's buffer: kept here)
            at = line.find(b"?p=")
            if at >= 0:
                phone, poll = line[at + 3:line.find(b" ", at)].split(b".")
                polls[reading[0]] = (int(phone), int(poll))
            return parse(line)
        module.route = route

        def closing(connection, answered=False):
            poll = polls.pop(connection, None)
            if answered and poll is not None and connection.route == _STATE:
                loop.answers.append((poll[0], poll[1], loop.json_turns))
            close(connection, answered)
        server._close = closing

    def _ask(self, now_ms):
        if self.due is None:
            if self.server.listener is None:
                return
            phones = self.phones
            self.due = [now_ms + POLL_MS * phone // phones for phone in range(phones)]
        for phone, due in enumerate(self.due):
            asked = self.asked[phone]
            if asked is not None and time.ticks_diff(now_ms, asked) >= WAIT_MS:
                print("unanswered", now_ms, phone)
                self.asked[phone] = asked = None
                self.due[phone] = now_ms
            if asked is None and time.ticks_diff(now_ms, due) >= 0:
                self.polls[phone] += 1
                self.control.write(b"p %d %d\n" % (phone, self.polls[phone]))
                if self.control.readline() != b"s\n":
                    raise RuntimeError("the phones stopped")
                self.asked[phone] = now_ms
                print("asked", now_ms, phone)

    def tick(self, now_ms):
        self._ask(now_ms)
        server = self.server
        counts = list(server.counts)
        listening = server.listener is not None
        turns = self.app.tally.turns
        self.step_us = self.switched = self.waited_us = 0
        self.match_read = 0
        del self.answers[:]
        loop_kernel.Loop.tick(self, now_ms)
        box_ms = self.board.now_ms
        now = server.counts
        print("step", self.step_us, self.app_us, now[_ACCEPTED] - counts[_ACCEPTED], now[_STATES] - counts[_STATES],
              now[_ANSWERED] - counts[_ANSWERED], server.work, int(not listening and server.listener is not None),
              self.match_read, self.switched, self.waited_us)
        if self.app.tally.turns != turns:
            print("turn", box_ms, self.app.tally.turns)
        for phone, poll, made in self.answers:
            print("answer", box_ms, phone, made)
            if self.asked[phone] is not None and poll == self.polls[phone]:  # (not one given up)
                self.asked[phone] = None
                self.due[phone] = box_ms + POLL_MS


def run(which, flash_ms, factor, pico_menu_collect_us, advances, port, phones, control):
    """loop_kernel.run's match with the server on 127.0.0.1:`port` and `phones` phones, asked
    for over 127.0.0.1:`control` (no phones: no control). With `advances`, the file of an
    earlier run's advances, each tick's app_us is that run's too (`advances`.app)."""
    box = loop_kernel._state["box"]
    server = getattr(box, "server", None)
    if server is None:
        raise RuntimeError("no scoreboard server: the board file has no wifi")
    sys.modules["net.server"].HOST = "127.0.0.1"
    server.port = port
    channel = None
    stream = None
    if phones:
        channel = socket.socket()
        channel.connect(socket.getaddrinfo("127.0.0.1", control)[0][-1])
        stream = channel.makefile("rwb") if hasattr(channel, "makefile") else channel
    ticked = loop_kernel.loop(which, flash_ms, factor, pico_menu_collect_us, advances, ScoreLoop)
    app_times = None
    if advances is not None:  # (an array grown a line at a time: no 64 KB list in one piece)
        app_times = array("i")
        with open(advances + ".app") as lines:
            for line in lines:
                app_times.append(int(line))
    ticked.watch(server, phones, stream, app_times)
    try:
        loop_kernel.play(ticked)
    finally:
        if stream is not None:
            stream.write(b"done\n")
            channel.close()
        server.close()
    print("loop server", *server.counts)

"""The box with its live scoreboard, for host_tests/test_scoreboard*.py: run on the MicroPython
unix port from a board's root (board.json naming a board with "wifi", config.json, /data in
`data`), main.py's start() on board_sim's simulated board in this VM, the App's tick being the
scoreboard server's (net.server.start) on a real socket at `port` (on a board with Wi-Fi).

    micropython -c "import scoreboard_box; scoreboard_box.main(PORT, 'data', SEED)"

Between commands the box runs main.py's loop in real time (a tick, then 5 ms of the simulated
clock and of sleep), serving; it reads one command a line on stdin and answers one line:

    turn       play until a turn ends (board_sim.script_player's player): "turned N PHASE"
    phone MS   a phone in this VM polls /state as net/page.html does: asks, reads the answer
               whole, asks again MS ms of the box's clock later (0: no phone)
    end        play until a turn ends and stop at its tick (its save asked), the phone (if
               any) asking again there: "end N SAVING"
    shown N    tick until the phone has an answer that shows N turns ended (1000 ticks at
               most): "shown TICKS SAVING" (a save still under way as it came)
    finish     play the match to its end and on to the standings: "finished WINNERS"
    stats      "stats ACCEPTED ANSWERED REFUSED FAULTS MOST_WORK MOST_OPEN STATES": the server's
               counts, the most bytes one step read and sent, the most connections open at
               once, /state's answers made
    state      "state ALLOCATED LENGTH": what making /state's answer allocates, its bytes
    modules    "modules NAMES": the net package's modules loaded
    heap       "heap N": gc.mem_alloc() after gc.collect() (the stack scrubbed first)
    busy MS    every App tick takes MS ms more (a board's long ticks; 0: as before)
    pace MS    sleep MS ms of real time a tick from now on (5: the simulated clock keeps time)
    hold 1|0   1: the box ticks only when told (serve); 0: on its own again
    serve      tick until the server sends an answer whole: "serve TICKS"
    quit       the server closed, "bye"
"""

import gc
import select
import sys
import time

_LOOP_MS = 5  # main.run's rest while the coach has no work: the real-time pace's default


class Phone:
    """A phone polling GET /state on a socket of its own, a step after each of the box's ticks:
    `ended`, the turns ended that its last whole answer shows."""

    def __init__(self, port, every_ms):
        self.port = port
        self.every_ms = every_ms
        self.sock = None
        self.got = b""
        self.next_ms = 0
        self.ended = 0

    def ask(self):
        import socket

        self.hang_up()
        sock = socket.socket()
        sock.connect(socket.getaddrinfo("127.0.0.1", self.port)[0][-1])  # the box's backlog takes it
        sock.send(b"GET /state HTTP/1.1\r\nHost: box\r\n\r\n")
        sock.setblocking(False)
        self.sock = sock
        self.got = b""

    def hang_up(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def step(self, now_ms):
        if self.sock is None:
            if time.ticks_diff(now_ms, self.next_ms) >= 0:
                self.ask()
            return
        try:
            data = self.sock.recv(4096)
        except OSError:  # nothing yet
            return
        if data:
            self.got += data
            return
        self.hang_up()
        self.next_ms = time.ticks_add(now_ms, self.every_ms)
        import json

        body = self.got[self.got.find(b"\r\n\r\n") + 4:]
        self.ended = sum(1 for turn in json.loads(body)["turns"] or () if turn["end"] is not None)  # (None: the menu)


class Box:
    """The box as board_sim.script_player.BoxPlayer drives it (bench/boot_kernel's): the App's
    tick (the server's with it) on the simulated clock; the server's figures kept."""

    def __init__(self, board, app, server):
        from app.view import View

        self.board = board
        self.app = app
        self.view = View(app)
        self.devices = app.devices
        self.server = server
        self.most_work = 0
        self.most_open = 0
        self.until_turns = None  # run() stops once the match has played this many turns
        self.phone = None

    def tick(self):
        board = self.board
        self.app.tick(board.now_ms)
        board.advance(self.app.rest_ms())  # main.run's sleep
        server = self.server
        if server is None:
            return
        if self.phone is not None:
            self.phone.step(board.now_ms)
        if server.work > self.most_work:
            self.most_work = server.work
        open_now = 0
        for connection in server.connections:
            if connection is not None and connection.sock is not None:
                open_now += 1
        if open_now > self.most_open:
            self.most_open = open_now

    def run(self, ms):
        end = self.board.now_ms + ms
        while self.board.now_ms < end:
            self.tick()
            if self.until_turns is not None and self.app.tally.turns >= self.until_turns:
                return


def boot(port, data, seed):
    """The board wired as ./board.json says, then main.py's start() with the keeper on `data`."""
    from board_sim import link
    from board_sim.board import SimBoard
    from board_sim.wiring import load_pinmap

    board = SimBoard.from_pinmap(load_pinmap("."), seed=seed)
    link.attach(board)
    import app.keeper

    app.keeper.DIRECTORY = data
    with open("board.json") as selection:
        wifi = "wifi" in selection.read()
    if wifi:  # (a box without Wi-Fi imports none of net: the test asks)
        import net.server

        net.server.PORT = port
        net.server.HOST = "127.0.0.1"  # the test's own machine only
    import main

    box = main.start()
    box.roller.rng.__init__(seed)  # main.py seeds from the clock: the same dice every run
    return Box(board, box, getattr(box, "server", None))  # (net.server's start sets it)


def _scrub_stack(depth):
    """Overwrite the stack the calls before left (bench/boot_kernel's): the collector is
    conservative, and a stale word there that looks like a pointer keeps what it points at."""
    a = b = c = d = e = f = g = h = i = j = k = m = n = o = p = q = None  # noqa: F841
    if depth:
        _scrub_stack(depth - 1)


def _slow_ticks(app_class, ms):
    """The App's tick, then a sleep of `ms` (0: the App's own tick again)."""
    plain = app_class.__dict__.get("plain_tick") or app_class.tick
    app_class.plain_tick = plain

    def slow(app, now_ms):
        plain(app, now_ms)
        time.sleep_ms(ms)

    app_class.tick = slow if ms else plain


def main(port, data, seed):
    box = boot(port, data, seed)
    from board_sim.script_player import BoxPlayer

    player = BoxPlayer(box)
    commands = select.poll()
    commands.register(sys.stdin, select.POLLIN)
    box.tick()  # the server's first step opens its listener
    print("ready", box.server is not None and box.server.listener is not None)
    pace = _LOOP_MS
    held = False
    while True:
        if not commands.poll(0 if not held else 100):
            if not held:
                box.tick()
                time.sleep_ms(pace)
            continue
        words = sys.stdin.readline().split()
        if not words:
            break
        command = words[0]
        box.app.roller.rng.__init__(seed + box.app.tally.turns)  # the same dice every run
        if command == "turn":
            turns = box.app.tally.turns
            while box.app.tally.turns == turns and player.step():
                pass
            box.run(1000)  # its saves done
            print("turned", box.app.tally.turns, box.app.phase)
        elif command == "end":
            from app.keeper import under_way

            box.until_turns = box.app.tally.turns + 1
            while box.app.tally.turns < box.until_turns and player.step():
                pass
            box.until_turns = None
            if box.phone is not None:
                box.phone.ask()
            print("end", box.app.tally.turns, int(under_way(box.app.keeper)))
        elif command == "phone":
            if box.phone is not None:
                box.phone.hang_up()
            box.phone = Phone(box.server.port, int(words[1])) if int(words[1]) else None
            print("phone", words[1])
        elif command == "shown":
            from app.keeper import under_way

            ticks = 0
            while box.phone.ended < int(words[1]) and ticks < 1000:
                box.tick()
                ticks += 1
            print("shown", ticks, int(under_way(box.app.keeper)))
        elif command == "finish":
            player.play()
            player.to_standings()
            box.run(1000)
            print("finished", box.app.match.winners())
        elif command == "stats":
            server = box.server
            accepted, answered, refused, faults, states = server.counts
            print("stats", accepted, answered, refused, faults, box.most_work, box.most_open, states)
        elif command == "heap":
            _scrub_stack(40)
            gc.collect()
            print("heap", gc.mem_alloc())
        elif command == "state":  # what making /state's answer allocates, and its length
            from hal import json
            from net.match_state import state

            _scrub_stack(40)
            gc.collect()
            before = gc.mem_alloc()
            answer = json.dumps(state(box.app)).encode()
            print("state", gc.mem_alloc() - before, len(answer))
        elif command == "modules":
            print("modules", " ".join(sorted(name for name in sys.modules if name.split(".")[0] == "net")))
        elif command == "busy":  # every App tick takes MS ms more of real time (0: as it was)
            _slow_ticks(type(box.app), int(words[1]))
            print("busy", words[1])
        elif command == "hold":  # 1: the box ticks only when told ("serve"); 0: on its own again
            held = words[1] == "1"
            print("hold", int(held))
        elif command == "serve":  # tick until the server sends an answer whole: the ticks it took
            answered = box.server.counts[1]
            ticks = 0
            while box.server.counts[1] == answered and ticks < 1000:
                box.tick()
                ticks += 1
            print("serve", ticks)
        elif command == "pace":
            pace = int(words[1])
            print("pace", pace)
        elif command == "quit":
            break
    if box.server is not None:
        box.server.close()
    print("bye")

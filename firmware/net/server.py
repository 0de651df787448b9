"""The live scoreboard's HTTP server (issue 47), read-only: GET / the page (net/page.html,
streamed from flash), GET /state the match as net.match_state tells it (JSON), GET /history
the box's lifetime statistics as its flash keeps them (JSON); anything else a short 4xx and a
closed socket. Loaded only on a board with Wi-Fi (start, from app.startup).

It never blocks the game: its sockets are non-blocking and `step`, called after each of the
App's ticks, does a bounded slice of work: one poll with no timeout, at most one connection
accepted, and one connection served (in turn) with at most _SLICE_BYTES read or sent. At most
_MAX_CONNECTIONS are open at once: a new one past them takes the place of the oldest still
sending its request (a slow client), or is closed at once. A request is read through its
connection's buffer: its line must fit _LINE_BYTES, its headers are read through (to answer
only once they are in: a socket closed with bytes unread would reset the answer) up to
_HEADERS_BYTES; a connection silent for _IDLE_MS is closed. Its memory is bounded: a
connection's object and buffer while it is open (made as it is accepted: none while no phone
asks), a chunk of _SLICE_BYTES while the page is sent (read from flash into it) and each
answer's JSON while it is sent (some 600 bytes for classic for three; /state's is made again
only when the match has moved on, in three steps, and shared): a Pico W's heap is tight
(docs/scoreboard.md's figures), so the phone's page words what it can itself
(net.match_state). A step waits for a tick with room for it: no slice of a save in it
(app.keeper's slices are the ticks with none left), the App's tick short (for an answer made
or the page read from flash, shorter); in a tick without, the server does not even poll. While
a phone waits, a save under way lends the server every other tick, as it lends the coach's
(Server.keep_up, in app.core's place: a board without Wi-Fi keeps app.keeper's as it is); the
coach keeps its own lent ticks, which the server's sockets share, unless the server has an
answer to make. An answer ready (an error, /state as the match stands) goes in the step that
read its request, its head and body in the next; while a phone follows the match (asked within _FOLLOW_MS), /state is made again
in quiet steps as the match moves, ahead of its next poll.

Every answer closes its connection (HTTP/1.1 "Connection: close"): the page polls /state."""

import select
import time

from app.keeper import keep_up, under_way
from micropython import const

from net import match_state  # loaded with the server (an import is a tick's work of its own)

_TYPE_CHECKING = const(0)  # a const: mpy-cross leaves out what it guards
if _TYPE_CHECKING:
    from typing import Any

_MAX_CONNECTIONS = const(4)
PORT = 80  # tests set another before start
PAGE = __file__[:__file__.rfind("/") + 1] + "page.html"  # beside this module (tests: another)
HOST = "0.0.0.0"  # every interface, the access point's or the pub's (tests: "127.0.0.1")
_LINE_BYTES = const(64)  # a connection's buffer: the request line must fit in it, or 414
_HEADERS_BYTES = const(8192)  # a request's line and headers past this: 431
_SLICE_BYTES = const(1024)  # read or sent in one step: the server's chunk
_IDLE_MS = const(4000)  # a connection with nothing read or sent this long is closed
_STATE_MS = const(200)  # /state ahead of the polls: whether the match moved looked at this often
_FOLLOW_MS = const(3000)  # ... while a phone asked this recently (it follows the match: _asks)
_BUSY_US = const(8000)  # an App's tick this long leaves no room for the server's heavier work
_FULL_US = const(12000)  # ... this long (a band of the OLED and more), none for any
_WAITED_STEPS = const(50)  # ... unless it has waited this many steps (a slow board's ticks)
_LIGHT = const(1)  # the room a tick leaves (_step): sockets only; the heavier work too
_HEAVY = const(2)
_SETUP = const(1)  # app.core's phases: a match's, where the coach has work
_PLAY = const(2)
_LISTEN_MS = const(5000)  # a listener that could not be opened is tried again this often
_EAGAIN = const(11)  # errno's (MicroPython's ports and Linux agree)
_POLLIN = const(1)  # select's (as there: the same on every port)
_POLLOUT = const(4)
_POLLERR = const(8)
_POLLHUP = const(16)
_READING = const(1)  # a connection's states
_ANSWERING = const(2)  # its request read: the answer waits for a quiet tick
_WRITING = const(3)
_PAGE = const(0)  # routes; an error's is its status's place in _ERRORS
_STATE = const(1)
_HISTORY = const(2)
_ERRORS = const((b"400 Bad Request", b"404 Not Found", b"405 Method Not Allowed", b"414 URI Too Long",
           b"431 Request Header Fields Too Large", b"503 Service Unavailable"))  # status, reason
_ACCEPTED = const(0)  # the counts' places
_ANSWERED = const(1)
_REFUSED = const(2)
_FAULTS = const(3)
_STATES = const(4)
_BAD = const(10)  # a route of 10 + n: _ERRORS[n]
_NOT_FOUND = const(11)
_NOT_GET = const(12)
_TOO_LONG = const(13)
_HEADERS_TOO_LARGE = const(14)
_UNAVAILABLE = const(15)
_END = const(b"\r\n\r\n")  # a request's headers end with an empty line
_HEAD = const(b"HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nCache-Control: no-store\r\n"
               b"Connection: close\r\n\r\n")


class _Connection:
    """One client: its socket, its request's buffer, and the answer being sent."""

    def __init__(self, sock=None):
        self.line = bytearray(_LINE_BYTES)  # the request line, then the headers read through
        self.clear()
        self.sock = sock

    def clear(self):
        self.sock = None
        self.state = 0
        self.count = 0  # bytes of the request read; once answering, of the head sent, then of
        #                 the body or the page
        self.tail = 0  # how much of _END the bytes read so far end with
        self.since = 0  # when it last read or sent
        self.route = -1  # what the request line asks (_PAGE ...), -1 before it is read; what
        #                  is answered once it is (an error's route)
        self.ready = 0  # the events the step's poll found
        self.head = None  # the answer: its head, then `body` (bytes) or the page's file
        self.body = None


class Server:
    """Server(app).step(now_ms) after each of the App's ticks (start() arranges it)."""

    if _TYPE_CHECKING:
        connections: list[Any]  # a _Connection or None each

    def __init__(self, app, port=None):
        self.app = app
        self.port = PORT if port is None else port  # None: no server on this port (listen)
        self.listener = None
        self.listen_ms = None  # when opening the listener was last tried
        self.poller = select.poll()
        # each open connection (None: a place free): made as it is accepted, let go as it closes
        self.connections = [None] * _MAX_CONNECTIONS
        self.chunk = None  # the page's piece read from flash: made while the page is sent
        self.next = 0  # the connection served first at the next step
        self.app_us = 0  # how long the App's last tick took (tick)
        self.waited = 0  # steps that left heavier work waiting for room
        self.state_json = None  # /state's answer, made at state_ms for the match at state_mark
        # net.match_state, loaded with the server (an import is a tick's work of its own)
        self.state_read = None  # the match read for /state's next answer, written at a next step
        self.state_ms = 0
        self.state_mark = None
        self.asked_ms = 0  # when /state was last asked for: phones following the match
        self.work = 0  # bytes read and sent by the last step (its bound: _SLICE_BYTES)
        self.asks = 0  # what the server asks of a save's ticks, this tick (_asks)
        self.lent = False  # this tick lent to the server by a save under way (keep_up)
        self.sliced = False  # this tick a save's (keep_up)
        # connections accepted, answers sent whole, connections refused, steps an unexpected
        # error ended (the connections then closed), /state's answers made (the tests' and the
        # bench's: counts[_ACCEPTED] ...)
        self.counts = [0, 0, 0, 0, 0]

    # -- the loop ----------------------------------------------------------------------------
    def tick(self, now_ms):
        """The App's tick, then a step: what start() puts in the App's place for main.py. How
        long the App's tick took tells the step whether there is room for its heavier work.
        What the server asks of a save's ticks is told first (keep_up)."""
        self.asks = self._asks(now_ms)
        self.sliced = False
        began = time.ticks_us()
        type(self.app).tick(self.app, now_ms)
        self.app_us = time.ticks_diff(time.ticks_us(), began)
        self.step(now_ms)

    def step(self, now_ms):
        """A bounded slice of the server's work; never raises (what fails closes its
        connections, and the next step goes on)."""
        self.work = 0
        try:
            self._step(now_ms)
        except Exception:  # MemoryError too: what the step held goes with its connections
            self.counts[_FAULTS] += 1
            for connection in self.connections:
                if connection is not None:
                    self._close(connection)
            self.state_json = None
            self.state_read = None

    def keep_up(self, app, now_ms):
        """app.keeper's keep_up, in app.core's place (start): while a phone waits (`asks`), a
        save under way lends every other tick to the server (`lent`: its steps then have room)
        where it would not lend it to the coach, or, for an answer to make, in the coach's
        place; the tick after one lent is the save's (keep_up lends no two in a row). `sliced`:
        a tick the keeper's keep_up had as the save's (its slice, or none for the tick's other
        long work), where the server does not step."""
        keeper = app.keeper
        if self.lent:
            self.lent = False
            keeper.lent = True  # as after the coach's tick: this one the save's
        elif (self.asks and keeper is not None and not keeper.lent and under_way(keeper) and (self.asks > 1 or not (
                app.hints_on and _SETUP <= app.phase <= _PLAY and app.hints.wants_ticks()))):
            self.lent = True  # (the App's tick leaves the coach's work aside: not lent to it)
            return False
        self.sliced = keep_up(app, now_ms)
        return self.sliced

    def _asks(self, now_ms):
        """What the server asks of a save's ticks (keep_up): 0 none (no phone waits: no
        connection open, none followed the match within _FOLLOW_MS), 1 ticks to poll and serve
        its sockets in (the coach's lent ones do), 2 a tick alone for its heavier work (an
        answer to make or the page's piece to read; /state made ahead or looked at while a
        phone follows)."""
        wants = 0
        for connection in self.connections:
            if connection is not None:
                if connection.state == _ANSWERING:
                    return 2
                wants = 1
        if self.state_json is not None and time.ticks_diff(now_ms, self.asked_ms) < _FOLLOW_MS:
            if self.state_read is not None or time.ticks_diff(now_ms, self.state_ms) >= _STATE_MS:
                return 2
            wants = 1
        return 2 if wants and self.chunk is not None else wants

    def _step(self, now_ms):
        listener = self.listener
        if listener is None:
            since = self.listen_ms
            if self.port is not None and (since is None or time.ticks_diff(now_ms, since) >= _LISTEN_MS):
                self.listen_ms = now_ms
                self.listen()
            return
        # The room this tick leaves for the step: _HEAVY (an answer made: a JSON's slice, the
        # history read; a piece of the page read from flash) after an App's tick under _BUSY_US,
        # or after _WAITED_STEPS without (a slow board's ticks); _LIGHT (a connection accepted, a
        # request read, an answer's slice sent) after one under _FULL_US (a band of the OLED
        # sent); none in a tick that was a save's (its slice: keep_up's `sliced`).
        if self.sliced:
            return  # the connections wait (the listener's backlog holds new ones)
        room = _LIGHT if self.app_us < _FULL_US else 0
        if self.app_us < _BUSY_US or self.waited >= _WAITED_STEPS:
            self.waited = 0
            room = _HEAVY
        else:
            self.waited += 1
        if not room:
            return
        incoming = False
        connections = self.connections
        for polled, events in self.poller.ipoll(0):
            if polled is listener:
                incoming = True
            else:
                for connection in connections:
                    if connection is not None and connection.sock is polled:
                        connection.ready = events
        if incoming:
            self._accept(now_ms)
        first = self.next
        for offset in range(_MAX_CONNECTIONS):
            number = (first + offset) % _MAX_CONNECTIONS
            connection = connections[number]
            if connection is None:
                continue
            state = connection.state
            ready = connection.ready
            connection.ready = 0
            if room != _HEAVY and state == _WRITING and connection.route == _PAGE and connection.head is None:
                continue  # the page read from flash: at a quieter tick
            if state == _ANSWERING:
                if not self._answer(connection, now_ms, room):
                    continue  # its answer to be made: at a quieter tick
            elif ready & (_POLLERR | _POLLHUP) and state != _WRITING:
                self._close(connection)
            elif state == _READING and ready & _POLLIN:
                self._read(connection, now_ms)
                if connection.state == _ANSWERING:  # an answer ready goes at once
                    self._answer(connection, now_ms, _LIGHT)
            elif state == _WRITING and ready & (_POLLOUT | _POLLERR | _POLLHUP):
                self._write(connection, now_ms)
            elif time.ticks_diff(now_ms, connection.since) >= _IDLE_MS:
                self._close(connection)
                continue
            else:
                continue
            self.next = number + 1
            return
        # No one served, and phones following the match: /state made ahead of their polls (its
        # next slice, or whether the match moved looked at every _STATE_MS: then it is current).
        if (room == _HEAVY and self.state_json is not None and time.ticks_diff(now_ms, self.asked_ms) < _FOLLOW_MS
                and (self.state_read is not None or time.ticks_diff(now_ms, self.state_ms) >= _STATE_MS)
                and self._state(now_ms) is not None):
            self.state_ms = now_ms

    def listen(self):
        """Open the listening socket (on every interface, the access point's or the pub's):
        False when the network stack refuses it (tried again later), or for good where there
        is no socket module (the wasm build) or no MicroPython poll (CPython: the simulator;
        the unix port runs the server on a host)."""
        try:
            import socket  # pyright: ignore[reportMissingImports] (a Pico W's: the stubs are the Pico's)
        except ImportError:
            socket = None
        if socket is None or not hasattr(self.poller, "ipoll"):
            self.port = None
            return False
        listener = None
        try:
            listener = socket.socket()
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(socket.getaddrinfo(HOST, self.port)[0][-1])
            listener.listen(_MAX_CONNECTIONS)
            listener.setblocking(False)
            self.poller.register(listener, _POLLIN)
        except OSError:
            if listener is not None:
                listener.close()
            return False
        self.listener = listener
        return True

    def close(self):
        """Close every connection and the listener (a test's box powered off)."""
        for connection in self.connections:
            if connection is not None:
                self._close(connection)
        if self.listener is not None:
            self.poller.unregister(self.listener)
            self.listener.close()
            self.listener = None

    # -- connections -------------------------------------------------------------------------
    def _accept(self, now_ms):
        try:
            sock, _address = self.listener.accept()
        except OSError:
            return
        connections = self.connections
        oldest = None
        for connection in connections:
            if connection is None:
                oldest = None
                break
            if connection.state == _READING and (oldest is None or time.ticks_diff(
                    oldest.since, connection.since) > 0):
                oldest = connection
        else:
            if oldest is None:
                sock.close()
                self.counts[_REFUSED] += 1
                return
        if oldest is not None:  # a slow client makes room
            self._close(oldest)
        try:
            connection = _Connection(sock)
            sock.setblocking(False)
            self.poller.register(sock, _POLLIN)
        except OSError:
            sock.close()
            return
        except MemoryError:
            sock.close()
            raise
        connection.state = _READING
        connection.since = now_ms
        connections[connections.index(None)] = connection
        self.counts[_ACCEPTED] += 1

    def _close(self, connection, answered=False):
        """Close the connection (`answered`: its answer sent whole, counted)."""
        self.counts[_ANSWERED] += answered
        sock = connection.sock
        if sock is not None:
            try:
                self.poller.unregister(sock)
            except (OSError, KeyError, ValueError):
                pass
            try:
                sock.close()
            except OSError:
                pass
        connection.clear()
        connections = self.connections
        for number in range(_MAX_CONNECTIONS):
            if connections[number] is connection:
                connections[number] = None
        if self.chunk is not None:  # let go once no page is being sent
            for other in connections:
                if other is not None and other.route == _PAGE:
                    return
            self.chunk = None

    def _read(self, connection, now_ms):
        """Read what came into the connection's buffer, a piece at a time while pieces fill it
        (_SLICE_BYTES in all at most): the request line kept there, then, that line read, the
        headers read through (the buffer theirs to scratch) until their end."""
        line = connection.line
        while self.work < _SLICE_BYTES:
            got = connection.count if connection.route < 0 else 0  # the request line's, in `line`
            free = min(_LINE_BYTES - got, _SLICE_BYTES - self.work)
            try:
                count = connection.sock.readinto(line if free == _LINE_BYTES else memoryview(line)[got:got + free])
            except OSError as error:
                if error.args[0] != _EAGAIN:
                    self._close(connection)
                return
            if count is None:  # nothing yet (a non-blocking readinto)
                return
            if not count:  # the client closed before its request was whole
                self._close(connection)
                return
            self.work += count
            connection.since = now_ms
            connection.count += count
            start = 0
            end = got + count
            if connection.route < 0:
                cut = line.find(b"\r\n", 0, end)
                if cut < 0:
                    if end == _LINE_BYTES:
                        self._error(connection, _TOO_LONG)
                    return
                connection.route = route(bytes(line[:cut]))
                start = cut  # the line's own end may begin the headers' (no headers)
            if connection.count > _HEADERS_BYTES:
                self._error(connection, _HEADERS_TOO_LARGE)
                return
            if headers_end(connection, line, start, end):
                connection.state = _ANSWERING  # answered at this step or the next quiet one
                return
            if count < free:  # all that came is read
                return

    def _answer(self, connection, now_ms, room):
        """The answer to a request read whole: its head, then its body or the page. In a tick
        with _LIGHT room only an answer ready (an error, /state's current one) is sent: False
        when it waits for a quieter tick."""
        chosen = connection.route
        if chosen >= _BAD:
            self._error(connection, chosen)
            return True
        if room != _HEAVY and (chosen != _STATE or not self._current(now_ms)):
            return False
        if chosen == _PAGE:
            from hal import os  # (a look-up: hal's docstring says why)

            try:
                size = os.stat(PAGE)[6]
            except OSError:
                self._error(connection, _NOT_FOUND)
                return True
            self._send(connection, b"text/html; charset=utf-8", size, None)
            return True
        if chosen == _STATE:
            self.asked_ms = now_ms
            body = self._state(now_ms)
            if body is None:
                return True  # a slice of it made: the rest at the next quiet steps
        else:
            body = history(self.app)
            if body is None:
                self._error(connection, _UNAVAILABLE)
                return True
        self._send(connection, b"application/json", len(body), body)
        return True

    def _state(self, now_ms):
        """/state's answer, or None while it is being made: in three slices, a step each, so
        that each fits a tick beside the App's (the match read into a dict, its last turns read
        from the game log, that dict written as JSON: some 4 KB of garbage in all; read again
        from the start when the match moved on between the first two). Made again only when
        it is no longer current (_current), and shared by the phones polling meanwhile; made
        ahead of their polls too while they follow the match (_step)."""
        read = self.state_read
        if read is None:
            if self._current(now_ms):
                return self.state_json
            self.state_read = match_state.state(self.app, False)
            self.state_ms = now_ms
            self.state_mark = match_state.mark(self.app)
            return None
        if "turns" not in read:  # (add_turns puts them in, None outside a match)
            self.state_read = None
            if match_state.mark(self.app) == self.state_mark:
                match_state.add_turns(read, self.app)
                self.state_read = read
            return None
        from hal import json  # (a look-up: hal's docstring says why)

        self.state_json = None  # its room first
        self.state_json = json.dumps(read).encode()
        self.state_read = None
        self.counts[_STATES] += 1
        return self.state_json

    def _current(self, now_ms):
        """Is /state's last answer made, none being made, and the match as it told it (a roll,
        a move, a turn's end, the coach's chance: net.match_state's mark), or, in the menu (no
        mark), made under _STATE_MS ago? (A match that moved is never current: an answer made
        just before a turn's end, shared, showed it to its phones a poll later.)"""
        if self.state_json is None or self.state_read is not None:
            return False
        moved = match_state.mark(self.app)
        if moved is None:
            return time.ticks_diff(now_ms, self.state_ms) < _STATE_MS
        return moved == self.state_mark

    def _error(self, connection, chosen):
        connection.route = chosen
        status = _ERRORS[chosen - _BAD]
        self._send(connection, b"text/plain", len(status) - 3, status[4:] + b"\n", status)

    def _send(self, connection, kind, size, body, status=b"200 OK"):
        connection.head = _HEAD % (status, kind, size)
        connection.body = body
        connection.count = 0
        connection.state = _WRITING
        try:
            self.poller.modify(connection.sock, _POLLOUT)
        except OSError:
            self._close(connection)

    def _write(self, connection, now_ms):
        """Send the next slice of the answer: its head, then its body in the same step while
        the step's _SLICE_BYTES allow, or the page's next piece (a step of its own); the
        connection closed once all is sent. A /state answer none of which has gone is made
        again if the match moved on since (_current): one made during a roll waits out the
        turn's save, and the phone would see the turn's end a poll later."""
        if (connection.route == _STATE and connection.count == 0 and connection.head is not None
                and (connection.body is not self.state_json or not self._current(now_ms))):
            connection.head = connection.body = None
            connection.state = _ANSWERING
            return
        while True:
            data = connection.head
            if data is None:
                data = connection.body
            sent = connection.count
            if data is not None:
                end = min(len(data), sent + _SLICE_BYTES - self.work)
                piece = memoryview(data)[sent:end]
            elif connection.route == _PAGE:
                piece = self._page_piece(sent)
                if piece is None:
                    self._close(connection, True)
                    return
            else:
                self._close(connection, True)
                return
            try:
                count = connection.sock.send(piece)
            except OSError as error:
                if error.args[0] != _EAGAIN:
                    self._close(connection)
                return
            if count is None:
                return
            self.work += count
            connection.since = now_ms
            connection.count = sent = sent + count
            if data is None or sent < len(data):
                return
            connection.count = 0
            if connection.head is None or connection.body is None:
                if connection.head is None or connection.route != _PAGE:
                    self._close(connection, True)
                connection.head = None
                return
            connection.head = None
            if self.work >= _SLICE_BYTES:
                return

    def _page_piece(self, at):
        """Read up to _SLICE_BYTES of the page from byte `at` into the chunk (made for the first
        piece, let go with the last page's connection): that piece of the chunk, or None past
        the page's end. The file is opened for each piece (the firmware's pack serves one open
        file at a time: packfs' Member, which imports share) and read on to `at` where it
        cannot seek."""
        chunk = self.chunk
        if chunk is None:
            self.chunk = chunk = bytearray(_SLICE_BYTES)
        page = open(PAGE, "rb")
        try:
            try:
                page.seek(at)
            except (AttributeError, OSError):
                while at > 0:
                    skipped = page.readinto(chunk if at >= _SLICE_BYTES else memoryview(chunk)[:at])
                    if not skipped:
                        return None
                    at -= skipped
            count = page.readinto(chunk)
            return memoryview(chunk)[:count] if count else None
        finally:
            close = getattr(page, "close", None)  # (the pack's Member has none: no `with` either)
            if close is not None:
                close()


def route(line):
    """What a request line asks: _PAGE, _STATE, _HISTORY, or an error's route."""
    parts = line.split(b" ")
    if len(parts) != 3 or not parts[2].startswith(b"HTTP/"):
        return _BAD
    if parts[0] != b"GET":
        return _NOT_GET
    path = parts[1]
    query = path.find(b"?")
    if query >= 0:
        path = path[:query]
    if path == b"/" or path == b"/index.html":
        return _PAGE
    if path == b"/state":
        return _STATE
    if path == b"/history":
        return _HISTORY
    return _NOT_FOUND


def headers_end(connection, data, start, end):
    """Do the request's headers end (_END) in data[start:end], with the `connection.tail`
    bytes of it that the bytes before ended with? Sets the tail."""
    matched = connection.tail
    if end - start >= len(_END):
        if matched and data[start:start + len(_END) - matched] == _END[matched:]:
            return True
        if data.find(_END, start, end) >= 0:
            return True
        start = end - len(_END) + 1
        matched = 0
    for index in range(start, end):  # at most 3 bytes
        byte = data[index]
        if byte == _END[matched]:
            matched += 1
            if matched == len(_END):
                return True
        else:
            matched = 1 if byte == _END[0] else 0
    connection.tail = matched
    return False


def history(app):
    """/history's answer (net.history's), or None without a keeper; net.history and the
    modules read for it go after."""
    import sys

    from app.memory import since

    loaded = list(sys.modules)
    try:
        return __import__("net.history", None, None, ("answer",)).answer(app)
    finally:
        since(loaded)


def start(app, port=None):
    """Serve the App's match: a Server whose tick (the App's, then a step) main.py's loop
    calls in the App's place (an attribute of the App's own, which the class's method stays
    behind), kept as the App's `server`, and whose keep_up app.core calls in app.keeper's
    place; returns it."""
    from app import core  # (loaded: the App's)

    server = Server(app, port)
    app.server = server
    app.tick = server.tick
    core.keep_up = server.keep_up
    return server

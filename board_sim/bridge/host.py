"""The host end of the bridge (CPython): a SimBoard wired as a firmware tree's pin map, serving
the requests of bridge/upy/machine.py running on the MicroPython unix port until it hangs up.

    serve(board, requests_fd, replies_fd)
"""

import json
import os

from board_sim import link
from board_sim.board import MachineReset
from board_sim.upy import machine

# The protocol (bridge/upy/remote.py keeps const() copies, as the firmware keeps its copies: a
# name imported would be interned in the VM, whose heap is the one measured).
BOARD_HANDLE = 0
MACHINE_HANDLE = 1
LENGTH_BYTES = 4  # before each message: its length, big-endian
# The errors a call may raise here that the VM raises again, by name (remote's ERRORS).
ERRORS = (OSError, ValueError, TypeError, IndexError, KeyError, AttributeError)


def _read_exactly(fd, count):
    chunks = []
    while count:
        chunk = os.read(fd, count)
        if not chunk:
            return None  # the VM hung up (it ended, or died)
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


def _receive(fd):
    """(request, its byte strings) as remote._send sent them, or None once the VM hung up."""
    header = _read_exactly(fd, LENGTH_BYTES)
    body = None if header is None else _read_exactly(fd, int.from_bytes(header, "big"))
    if body is None:
        return None
    request = json.loads(body)
    raw = []
    for length in request.pop():
        piece = _read_exactly(fd, length)
        if piece is None:
            return None
        raw.append(piece)
    return request, raw


class BridgeHost:
    """The objects the VM's proxies stand for, by handle."""

    def __init__(self, board):
        self.board = board
        self._objects = {BOARD_HANDLE: board, MACHINE_HANDLE: machine}
        self._handles = {}  # id(object) -> handle: Pin(6) twice is one object, one handle

    def _decode(self, value, raw):
        if isinstance(value, list):
            return [self._decode(item, raw) for item in value]
        if isinstance(value, dict):
            if "x" in value:
                return raw[value["x"]]
            return self._objects[value["h"]]
        return value

    def _encode(self, value, raw):
        if value is None or isinstance(value, (bool, int, str)):
            return value
        if isinstance(value, (bytes, bytearray)):
            raw.append(bytes(value))
            return {"x": len(raw) - 1}
        if isinstance(value, (list, tuple)):
            return [self._encode(item, raw) for item in value]
        handle = self._handles.get(id(value))
        if handle is None:
            handle = self._handles[id(value)] = len(self._objects)
            self._objects[handle] = value
        return {"h": handle}

    def answer(self, request, raw):
        """(the reply to one decoded request and its byte strings `raw` (remote._send's), the
        reply's byte strings): [0, value] or [1, [error class name, args]], then the board's
        state after it (self.state())."""
        handle, name, args, kwargs = request
        if name.startswith("_"):
            return [1, ["AttributeError", [name]]] + self.state(), []
        out = []
        try:
            found = getattr(self._objects[handle], name)
            value = found(*self._decode(args, raw), **{key: self._decode(item, raw) for key, item in kwargs.items()}) \
                if callable(found) else found
            reply = [0, self._encode(value, out)]
        except MachineReset as reset:
            reply = [1, ["MachineReset", [reset.cause]]]
        except ERRORS as error:
            reply = [1, [type(error).__name__, [arg for arg in error.args if isinstance(arg, (int, str))]]]
        return reply + self.state(), out

    def state(self):
        """[now_us, known, levels]: the simulated time, and the levels (bit n: GPIO n) of the
        VM's pins that do not float (PinLine.settled_level), which `known` marks. Nothing on
        the board changes until the VM's next request, so the VM reads those pins from here
        without asking (a floating pin's noise is drawn when it is read: it is asked for)."""
        known = levels = 0
        for number, line in self.board.lines.items():
            level = None if line.pin_object is None else line.settled_level()
            if level is not None:
                known |= 1 << number
                levels |= level << number
        return [self.board.clock.now_us, known, levels]


def serve(board, requests_fd, replies_fd):
    """Answer requests until the VM closes its end; the board is the stand-ins' while serving."""
    host = BridgeHost(board)
    link.attach(board)
    try:
        while True:
            request = _receive(requests_fd)
            if request is None:
                return
            reply, raw = host.answer(*request)
            body = json.dumps(reply + [[len(piece) for piece in raw]], separators=(",", ":")).encode()
            os.write(replies_fd, b"".join([len(body).to_bytes(LENGTH_BYTES, "big"), body] + raw))
    finally:
        link.detach()

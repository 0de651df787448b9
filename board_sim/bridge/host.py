"""The host end of the bridge (CPython): a SimBoard wired as a firmware tree's pin map, serving
the requests of bridge/upy/machine.py running on the MicroPython unix port until it hangs up.

    serve(board, requests_fd, replies_fd)
"""

import json
import os

from board_sim import link
from board_sim.board import MachineReset
from board_sim.bridge.upy.remote import BOARD_HANDLE, ERRORS, LENGTH_BYTES, MACHINE_HANDLE
from board_sim.upy import machine

_ERRORS = tuple(ERRORS.values())  # what the VM raises again by name


def _read_exactly(fd, count):
    chunks = []
    while count:
        chunk = os.read(fd, count)
        if not chunk:
            return None  # the VM hung up (it ended, or died)
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


class BridgeHost:
    """The objects the VM's proxies stand for, by handle."""

    def __init__(self, board):
        self.board = board
        self._objects = {BOARD_HANDLE: board, MACHINE_HANDLE: machine}
        self._handles = {}  # id(object) -> handle: Pin(6) twice is one object, one handle

    def _decode(self, value):
        if isinstance(value, list):
            return [self._decode(item) for item in value]
        if isinstance(value, dict):
            if "x" in value:
                return bytes.fromhex(value["x"])
            return self._objects[value["h"]]
        return value

    def _encode(self, value):
        if value is None or isinstance(value, (bool, int, str)):
            return value
        if isinstance(value, (bytes, bytearray)):
            return {"x": bytes(value).hex()}
        if isinstance(value, (list, tuple)):
            return [self._encode(item) for item in value]
        handle = self._handles.get(id(value))
        if handle is None:
            handle = self._handles[id(value)] = len(self._objects)
            self._objects[handle] = value
        return {"h": handle}

    def answer(self, request):
        """The reply to one decoded request: [0, value] or [1, [error class name, args]], then
        the board's state after it (self.state())."""
        handle, name, args, kwargs = request
        if name.startswith("_"):
            return [1, ["AttributeError", [name]]] + self.state()
        try:
            found = getattr(self._objects[handle], name)
            value = found(*self._decode(args), **{key: self._decode(item) for key, item in kwargs.items()}) \
                if callable(found) else found
            reply = [0, self._encode(value)]
        except MachineReset as reset:
            reply = [1, ["MachineReset", [reset.cause]]]
        except _ERRORS as error:
            reply = [1, [type(error).__name__, [arg for arg in error.args if isinstance(arg, (int, str))]]]
        return reply + self.state()

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
            header = _read_exactly(requests_fd, LENGTH_BYTES)
            if header is None:
                return
            body = _read_exactly(requests_fd, int.from_bytes(header, "big"))
            if body is None:
                return
            reply = json.dumps(host.answer(json.loads(body)), separators=(",", ":")).encode()
            os.write(replies_fd, len(reply).to_bytes(LENGTH_BYTES, "big") + reply)
    finally:
        link.detach()

"""The VM end of the bridge (runs on the MicroPython unix port): connect(requests_fd,
replies_fd) once, then call(handle, name, *args, **kwargs) runs `name` on the host's object and
returns what it returned, raising what it raised (OSError with its errno, ValueError, ...).

Remote is a proxy for an object the host made; board() is the proxy for the SimBoard, whose test
controls (press, flip_flap, set_flap, shake, advance, now_ms) the players use.
"""

import json

from micropython import const

_BOARD_HANDLE = const(0)  # board_sim.bridge.host's (as there)
_LENGTH_BYTES = const(4)
# The errors a call may raise on the host that the VM raises again (board_sim.bridge.host's too).
ERRORS = {"OSError": OSError, "ValueError": ValueError, "TypeError": TypeError,
           "IndexError": IndexError, "KeyError": KeyError, "AttributeError": AttributeError}
_pipes = []  # [requests, replies] once connected
_board = [0, 0, 0]  # [now_us, known, levels] as the last reply left the board (see bridge/__init__.py)


class MachineReset(BaseException):  # noqa: N818 (a reset, not an error)
    """The simulated MCU reset (its watchdog bit): cause is a machine.reset_cause() value."""


class Remote:
    """An object that lives on the host: handle is its number there."""

    def __init__(self, handle):
        self.handle = handle

    def call(self, name, *args, **kwargs):
        return call(self.handle, name, *args, **kwargs)


class Forwarded(Remote):
    """A Remote whose methods not written out here are the host object's, by name."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: call(self.handle, name, *args, **kwargs)


def connect(requests_fd, replies_fd):
    _pipes[:] = [open(requests_fd, "wb"), open(replies_fd, "rb")]


def _encode(value, raw):
    if isinstance(value, Remote):
        return {"h": value.handle}
    if isinstance(value, (bytes, bytearray, memoryview)):
        raw.append(value)  # written as it is after the JSON: no copy, no hex of it in the heap
        return {"x": len(raw) - 1}
    if isinstance(value, (list, tuple)):
        return [_encode(item, raw) for item in value]
    return value


def _decode(value, raw):
    if isinstance(value, list):
        return [_decode(item, raw) for item in value]
    if isinstance(value, dict):
        if "x" in value:
            return raw[value["x"]]
        return Remote(value["h"])
    return value


def _send(pipe, message, raw):
    """One message: its JSON's length, the JSON (with the lengths of the `raw` byte strings
    last in it), then those byte strings as they are."""
    body = json.dumps(message + [[len(piece) for piece in raw]]).encode()
    pipe.write(len(body).to_bytes(_LENGTH_BYTES, "big"))
    pipe.write(body)
    for piece in raw:
        pipe.write(piece)


def _receive(pipe):
    """(the message, its byte strings) as _send sent them."""
    header = pipe.read(_LENGTH_BYTES)
    if len(header) < _LENGTH_BYTES:
        raise RuntimeError("the bridge's host hung up")
    message = json.loads(pipe.read(int.from_bytes(header, "big")))
    return message, [pipe.read(length) for length in message.pop()]


def call(handle, name, *args, **kwargs):
    if not _pipes:
        raise RuntimeError("the bridge is not connected: remote.connect(requests_fd, replies_fd)")
    requests, replies = _pipes
    raw = []
    _send(requests, [handle, name, _encode(args, raw), {key: _encode(kwargs[key], raw) for key in kwargs}], raw)
    reply, raw = _receive(replies)
    failed, value, _board[0], _board[1], _board[2] = reply
    if failed:
        name, error_args = value
        if name == "MachineReset":
            raise MachineReset(*error_args)
        raise ERRORS.get(name, RuntimeError)(*error_args)
    return _decode(value, raw)


def known_level(number):
    """GPIO `number`'s level as the board is now, or None when only asking the host can tell."""
    if _board[1] >> number & 1:
        return _board[2] >> number & 1
    return None


class Board(Remote):
    """The SimBoard's test controls, as board_sim.script_player and the kernels use them."""

    def __init__(self):
        super().__init__(_BOARD_HANDLE)

    @property
    def now_ms(self):
        return _board[0] // 1000

    def advance(self, ms):
        call(_BOARD_HANDLE, "advance", ms)

    def press(self, button, ms=120):
        call(_BOARD_HANDLE, "press", button, ms)

    def set_flap(self, tile, shut):
        call(_BOARD_HANDLE, "set_flap", tile, shut)

    def flip_flap(self, tile):
        call(_BOARD_HANDLE, "flip_flap", tile)

    def shake(self, ms, swing_mg=None):
        call(_BOARD_HANDLE, "shake", ms, swing_mg)

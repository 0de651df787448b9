"""JSON read with bounds, for every file the box reads (config.json, board.json, /data/):
a size cap before reading and a nesting check before json.loads, so a hostile file becomes a
ValueError that says why, never a MemoryError or a RecursionError.

The nesting check walks the bytes once and allocates nothing per byte.
"""

from micropython import const

from hal import json, os  # (a look-up: hal's docstring says why)

_MAX_DEPTH = const(8)  # our deepest file, a snapshot, nests 4 deep
_OPEN_ARRAY = const(0x5B)
_CLOSE_ARRAY = const(0x5D)
_OPEN_OBJECT = const(0x7B)
_CLOSE_OBJECT = const(0x7D)
_QUOTE = const(0x22)
_BACKSLASH = const(0x5C)


def nested_deeper(data, max_depth=_MAX_DEPTH):
    """Do the arrays and objects in `data` (bytes) nest deeper than max_depth? Brackets in
    strings do not count."""
    depth = 0
    in_string = False
    escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == _BACKSLASH:
                escaped = True
            elif byte == _QUOTE:
                in_string = False
        elif byte == _QUOTE:
            in_string = True
        elif byte == _OPEN_ARRAY or byte == _OPEN_OBJECT:
            depth += 1
            if depth > max_depth:
                return True
        elif byte == _CLOSE_ARRAY or byte == _CLOSE_OBJECT:
            depth -= 1
    return False


def parse(data, max_depth=_MAX_DEPTH):
    """The JSON value in `data` (bytes); ValueError saying why when it is not one we read."""
    if nested_deeper(data, max_depth):
        raise ValueError("nested more than %d deep" % max_depth)
    try:
        text = data.decode()
    except UnicodeError:
        raise ValueError("not valid JSON (not UTF-8 text)") from None
    try:
        return json.loads(text)
    except ValueError as error:
        raise ValueError("not valid JSON (%s)" % (str(error) or type(error).__name__)) from None


def read(path, max_bytes, max_depth=_MAX_DEPTH):
    """The JSON value in the file at `path`; OSError if it cannot be opened, ValueError saying
    why when it is too big or not JSON we read. It reads one byte more than the file holds,
    never more than max_bytes + 1: one block the file's size (a fragmented heap may have no
    block of max_bytes)."""
    with open(path, "rb") as stream:
        data = stream.read(min(os.stat(path)[6], max_bytes) + 1)
    if len(data) > max_bytes:
        raise ValueError("over the %d-byte limit" % max_bytes)
    return parse(data, max_depth)

"""Reads one optimal-play table out of policies.bin for game.strategy.load: imported once per
match and let go at once (sys.modules and game.tables forget it), so the box in play holds the
table's bytes and none of this code.

policies.py indexes the tables, policies.bin holds them (a raw-deflate stream per distinct
table, shared by the rule sets whose tables are the same bytes: per open mask the objective's
value, the shut chance and the one-die bit). A board flashed by tools/flash.py keeps each table
once, shared by its firmware trees: game/tables/files.py (generated there) names it.
"""

import sys

from game.tables import WBITS

_POLICIES = "policies.bin"
_HERE = __file__[:__file__.rfind("/")] if "/" in __file__ else "."


def _forget(name):
    """Let a module of game.tables go (its functions live on while a caller holds them)."""
    sys.modules.pop("game.tables." + name, None)
    package = sys.modules["game.tables"]
    if hasattr(package, name):
        delattr(package, name)


def read_policy(key):
    """(index entry, table bytes) of the table generated for a policy key (the entry as
    policies.py documents it), or None; ValueError when its file is missing or damaged."""
    _forget("policy_reader")
    from game.tables import policies

    entry = None
    for candidate in policies.TABLES:
        if candidate[0] == key:
            entry = candidate
            break
    _forget("policies")
    if entry is None:
        return None
    data = bytearray(sum(entry[5]))
    read = _inflate_into(entry[1], data)
    if read != len(data):
        raise ValueError("%s: table %d holds %d of %d bytes: flash the firmware again"
                         % (_POLICIES, entry[1], read, len(data)))
    return entry, data


def _inflate_into(number, data):
    """Bytes of data filled from table `number` of policies.bin: fewer when the file is
    missing, damaged (the decompressor raises OSError) or cut short (EOFError)."""
    from deflate import RAW, DeflateIO

    view = memoryview(data)
    read = 0
    try:
        try:  # where tools/flash.py put it, shared by the board's firmware trees (let go)
            from game.tables.files import _POLICIES as path  # pyright: ignore[reportMissingImports]
            _forget("files")
        except ImportError:  # the simulator, mip, a copy of the sources: beside this file
            path = _HERE + "/" + _POLICIES
        with open(path, "rb") as packed:
            packed.seek(1 + 3 * number)
            where = packed.read(3)
            if len(where) != 3:
                return 0
            packed.seek(where[0] | (where[1] << 8) | (where[2] << 16))
            stream = DeflateIO(packed, RAW, WBITS)
            while read < len(data):
                count = stream.readinto(view[read:])
                if not count:
                    break
                read += count
    except (OSError, EOFError):
        pass
    return read

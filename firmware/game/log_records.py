"""A game.gamelog.GameLog's ring read back and put back: as bytes for /data/match (dump, load;
app.keeper_files saves and restores them) and as events for an export that the simulator can
replay to settle a disputed game (events, export; app.keeper_files.export_log, tools/replay).

Imported only to save, restore or export, and let go after: a box in play holds none of it.
"""

from game.gamelog import KIND_END, KIND_MOVE, KIND_ROLL, KIND_TURN, RECORD_BYTES
from game.tiles import tiles_of

KIND_NAMES = ("", "turn", "roll", "move", "end")  # the event names of export(), by kind
FORMAT = "shutbox-gamelog-1"  # export()'s "format" (tools/replay reads it)


def _at(log, index):
    """Where the log's record `index` (0: the oldest kept) starts in its ring."""
    return ((log.start + index) % log.capacity) * RECORD_BYTES


def dump(log):
    """The log as bytes, oldest record first (allocates): 4 bytes of dropped, then records."""
    blob = bytearray(4 + log.count * RECORD_BYTES)
    dropped = log.dropped
    for index in range(4):
        blob[index] = (dropped >> (8 * index)) & 0xFF
    for index in range(log.count):
        at = _at(log, index)
        blob[4 + index * RECORD_BYTES:4 + (index + 1) * RECORD_BYTES] = log.records[at:at + RECORD_BYTES]
    return blob


def load(log, blob):
    """Set the log from `dump()` bytes; False (the log left empty) if they are not a log."""
    log.clear()
    records = len(blob) - 4
    if records < 0 or records % RECORD_BYTES:
        return False
    count = records // RECORD_BYTES
    skip = count - log.capacity if count > log.capacity else 0
    for index in range(skip * RECORD_BYTES, records):
        if index % RECORD_BYTES == 0 and not KIND_TURN <= blob[4 + index] <= KIND_END:
            log.clear()
            return False
    log.records[0:(count - skip) * RECORD_BYTES] = blob[4 + skip * RECORD_BYTES:]
    log.count = count - skip
    log.dropped = skip + (blob[0] | blob[1] << 8 | blob[2] << 16 | blob[3] << 24)
    return True


def events(log):
    """The logged events, oldest first, as (kind name, values) tuples (allocates)."""
    found = []
    records = log.records
    for index in range(log.count):
        at = _at(log, index)
        kind = records[at]
        b1, b2, b3, b4 = records[at + 1], records[at + 2], records[at + 3], records[at + 4]
        if kind == KIND_TURN:
            found.append(("turn", {"player": b1, "row": b2, "round": b3 | b4 << 8}))
        elif kind == KIND_ROLL:
            dice = [value - 1 for value in (b1, b2, b3, b4) if value]
            found.append(("roll", dice))
        elif kind == KIND_MOVE:
            found.append(("move", tiles_of(b1 | b2 << 8 | b3 << 16)))
        elif kind == KIND_END:
            found.append(("end", {"how": b1, "open": tiles_of(b2 | b3 << 8 | b4 << 16)}))
    return found


def export(log, rules_names, players):
    """A JSON-ready record of the match so far: rules, players and events."""
    return {
        "format": FORMAT,
        "rules": rules_names,
        "players": players,
        "dropped": log.dropped,
        "events": [{name: values} for name, values in events(log)],
    }

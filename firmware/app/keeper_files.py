"""The match in progress read back from /data/play/match (at boot by app.startup through
app.keeper.keep): the snapshot, restored by game.snapshot_load, then the game log's bytes
(app.keeper_save's log_pieces) into its ring; and the log as events, for an export that the
simulator can replay to settle a disputed game (export_log over mpremote:
tools/replay/export_log.py, then tools/replay), which only reads: an unreadable file stays where it
is."""

# An unreadable log alone is reported and the match goes on without it (its file kept as .bad).

from game.gamelog import KIND_END, KIND_MOVE, KIND_ROLL, KIND_TURN, RECORD_BYTES
from game.tiles import tiles_of
from hal import json  # (a look-up: hal's docstring says why)
from hal.storage import AtomicFile, StorageError

from app.keeper_read import dropped, load_newest, parse
from app.keeper_save import match_file, record_at


def load_match(keeper, tally, log, set_aside=True, playable=None):
    """(match, source) as last saved, with `tally` and `log` set from it; None if none.
    playable(rules): why this box cannot play a match, or None; one it cannot is set aside.
    set_aside=False leaves an unreadable file where it is (reading only, as an export)."""
    store = match_file(keeper)
    if set_aside:  # a box saved by earlier firmware kept its match as /data/match: moved in
        try:
            store.adopt(keeper.directory + "/match")
        except OSError as error:
            keeper.faults.append("%s/match not moved to %s (%s)" % (keeper.directory, store.path, error))

    def use(payload):
        if not payload:  # saved empty: the match was left for the menu
            return None
        cut = payload.find(b"\n")
        if cut < 0:
            raise ValueError("no game log after the snapshot")
        from game.snapshot_load import restore  # only for a match: the menu's boot spares it

        restored = restore(parse(payload[:cut]), tally, playable)
        if not load_log(log, payload[cut + 1:]):
            # Only the game log cannot be read: the match plays on without it. With set_aside,
            # a copy of its file is kept as `.bad` (or `.bad.1` ...), which the next save would
            # otherwise lose.
            source = store.loaded_from
            kept = ""
            if set_aside:
                try:  # the same payload as the file, saved whole
                    target = store.bad_path(source)
                    from hal.storage_save import save  # (a fault's: boot never writes otherwise)

                    save(AtomicFile(target, store.files, len(payload)), payload)
                    kept = ", kept as %s%s" % (target, dropped(store))
                except (OSError, StorageError) as error:
                    kept = ", not kept as %s.bad (%s)" % (source, error)
            keeper.faults.append("%s: game log unreadable%s; the match goes on without it" % (source, kept))
        return restored

    restored = load_newest(keeper, store, use, set_aside)
    keeper.count = store.count  # (its slots read: the next save goes over the older)
    return restored


def load_log(log, blob):
    """Set the log from app.keeper_save's log_pieces(), joined; False (the log left empty) if they
    are not a log."""
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


# -- the game log as events ---------------------------------------------------------------
KIND_NAMES = ("", "turn", "roll", "move", "end")  # the event names of export(), by kind
FORMAT = "shutbox-gamelog-1"  # export()'s "format" (tools/replay reads it)


def log_events(log):
    """The logged events, oldest first, as (kind name, values) tuples (allocates)."""
    found = []
    records = log.records
    for index in range(log.count):
        at = record_at(log, index)
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
        "events": [{name: values} for name, values in log_events(log)],
    }


def export_log(directory=None):
    """The saved match's game log as JSON text (run over mpremote by tools/replay/export_log.py)."""
    import gc

    from game.gamelog import LOG_RECORDS, GameLog, MatchTally
    from game.rule_names import as_names

    from app.keeper import Keeper

    gc.collect()  # the imports' leftovers: room for the file in one piece
    keeper = Keeper(directory)
    log = GameLog(LOG_RECORDS)
    restored = load_match(keeper, MatchTally(), log, False)
    if restored is None:
        raise OSError("no saved match in %s: %s" % (keeper.directory, "; ".join(keeper.faults) or "nothing saved yet"))
    match = restored[0]
    return json.dumps(export(log, as_names(match.rules), match.players))

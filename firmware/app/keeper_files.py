"""How app.keeper reads and writes its files: each function here that takes the
app.keeper.Keeper first is called through app.keeper.keep(), which imports this module (with
hal.storage, game.snapshot for the match, game.stats for the statistics) for the call and lets
it all go after, so a box in play holds none of this code. Here too the game log's ring
(game.gamelog) read back and put back: as bytes after the snapshot in /data/match (dump_log,
load_log) and as events for an export that the simulator can replay to settle a disputed game
(log_events, export; export_log over mpremote, tools/replay).

Every file is an hal.storage.AtomicFile read with hal.json_file's bounds. A file that cannot
be read or used is reported, kept as `<name>.bad`, and the older copy or a fresh start takes
its place (app.keeper's docstring says which, when).
"""

import json

from game.gamelog import KIND_END, KIND_MOVE, KIND_ROLL, KIND_TURN, RECORD_BYTES
from game.tiles import tiles_of
from hal.storage import BAD_SUFFIX, AtomicFile, StorageError
from micropython import const

from app.keeper import LOG_RECORDS, Keeper

_LOG_BYTES = 4 + 5 * LOG_RECORDS
_MENU_BYTES = const(256)
_SEPARATOR = const(10)  # the newline between the snapshot and the log


def match_file(keeper):
    from game.snapshot import MAX_BYTES

    return AtomicFile(keeper.directory + "/match", keeper.files, MAX_BYTES + 1 + _LOG_BYTES)


def stats_file(keeper):
    from game.stats import MAX_BYTES

    return AtomicFile(keeper.directory + "/stats", keeper.files, MAX_BYTES)


def menu_file(keeper):
    return AtomicFile(keeper.directory + "/menu", keeper.files, _MENU_BYTES)


def _save(keeper, store, payload):
    try:
        store.save(payload)
    except StorageError as error:
        if not keeper.failing:
            keeper.faults.append("not saved: %s" % error)
        keeper.failing = True
        return False
    keeper.writes += 1
    keeper.failing = False
    return True


def _load(keeper, store, use, set_aside=True):
    """use(payload) for the newest copy of `store` that is whole and usable (use raises
    ValueError saying why not), or None. Each copy that is not is reported and set aside
    as `.bad` (set_aside=False: only reported), and the older copy is tried."""
    while True:
        payload = store.load()
        if store.fault is not None:
            _unreadable(keeper, store, store.path, store.fault, set_aside and store.set_aside(store.path))
        if payload is None:
            return None
        try:
            return use(payload)
        except ValueError as error:
            source = store.loaded_from
            if not _unreadable(keeper, store, source, error, set_aside and store.set_aside(source)):
                return None


def _unreadable(keeper, store, source, why, kept):
    """Report a file that cannot be read or used; returns `kept` (set aside as .bad)."""
    if kept:
        then = "the copy before it is used" if source == store.new_path else "starting afresh"
        keeper.faults.append("%s unreadable (%s); kept as %s, %s" % (source, why, source + BAD_SUFFIX, then))
    else:
        keeper.faults.append("%s unreadable (%s)" % (source, why))
    return kept


# -- the menu --------------------------------------------------------------------------------
def load_menu(keeper):
    """The saved menu choices as (game name, players, hints), or None."""
    menu = _load(keeper, menu_file(keeper), _menu_choices)
    if menu is not None:
        keeper.menu = menu
    return menu


def save_menu(keeper, name, players, hints):
    """Save the menu's choices if they changed since the last load or save."""
    menu = (name, players, hints)
    if menu == keeper.menu:
        return True
    keeper.menu = menu
    payload = json.dumps({"game": name, "players": players, "hints": hints})
    return _save(keeper, menu_file(keeper), payload.encode())


def _menu_choices(payload):
    saved = _parse(payload)
    if not isinstance(saved, dict):
        raise ValueError("expected an object")
    name = saved.get("game")
    players = saved.get("players")
    hints = saved.get("hints")
    if not isinstance(name, str) or not isinstance(players, int) or not isinstance(hints, bool):
        raise ValueError("expected a game's name, players and hints, got %r" % (saved,))
    return name, players, hints


# -- lifetime statistics ---------------------------------------------------------------------
def load_stats(keeper):
    """The saved game.stats.Stats, or fresh ones."""
    from game.stats import Stats

    stats = _load(keeper, stats_file(keeper), _stats)
    return stats if stats is not None else Stats()


def merge_stats(keeper, match, tally, name=None):
    """Merge a finished match's game.gamelog.MatchTally into the saved statistics and save them,
    unless it was merged before (a merge repeated after a power cut counts once); the serial
    of the last match merged. `name`: the match's preset (by default found from its rules)."""
    stats = load_stats(keeper)
    if stats.add_match(match, tally, name):
        _save(keeper, stats_file(keeper), json.dumps(stats.to_dict()).encode())
    return stats.last_serial


def _stats(payload):
    from game.stats import stats_from_dict

    return stats_from_dict(_parse(payload))


# -- the match in progress -------------------------------------------------------------------
def load_match(keeper, tally, log, set_aside=True, playable=None):
    """(match, source) as last saved, with `tally` and `log` set from it; None if none.
    playable(rules): why this box cannot play a match, or None; one it cannot is set aside.
    set_aside=False leaves an unreadable file where it is (reading only, as an export)."""
    from game.snapshot import restore

    store = match_file(keeper)

    def use(payload):
        if not payload:  # saved empty: the match was left for the menu
            return None
        cut = payload.find(b"\n")
        if cut < 0:
            raise ValueError("no game log after the snapshot")
        restored = restore(_parse(payload[:cut]), tally, playable)
        if not load_log(log, payload[cut + 1:]):
            _log_unreadable(keeper, store, payload, set_aside)
        return restored

    return _load(keeper, store, use, set_aside)


def _log_unreadable(keeper, store, payload, keep):
    """Report a match whose game log alone cannot be read (it plays on without it); if
    `keep`, keep a copy of its file as `.bad`, which the next save would otherwise lose."""
    source = store.loaded_from
    bad = "%s%s" % (source, BAD_SUFFIX)
    kept = ""
    if keep:
        kept = ", kept as " + bad
        try:  # the same bytes as the file: the same header and payload
            AtomicFile(bad, store.files, len(payload)).save(payload)
        except StorageError as error:
            kept = ", not kept (%s)" % error
    keeper.faults.append("%s: game log unreadable%s; the match goes on without it" % (source, kept))


def drop_match(keeper):
    """Forget the match in progress (left for the menu): saved as an empty file."""
    return _save(keeper, match_file(keeper), b"")


def save_match(keeper, match, source, tally, log, after=None):
    """Save the match, its tally and its log; False (reported once) if it could not be.
    after: the Turn event's result it follows, saved only when game.snapshot says so."""
    from game.snapshot import encode, saves_after

    if after is not None and not saves_after(after):
        return True
    snapshot = encode(match, source, tally)
    payload = bytearray(len(snapshot) + 1)
    payload[0:len(snapshot)] = snapshot
    payload[len(snapshot)] = _SEPARATOR
    payload.extend(dump_log(log))
    return _save(keeper, match_file(keeper), payload)


# -- the game log ----------------------------------------------------------------------------
KIND_NAMES = ("", "turn", "roll", "move", "end")  # the event names of export(), by kind
FORMAT = "shutbox-gamelog-1"  # export()'s "format" (tools/replay reads it)


def _at(log, index):
    """Where the log's record `index` (0: the oldest kept) starts in its ring."""
    return ((log.start + index) % log.capacity) * RECORD_BYTES


def dump_log(log):
    """The log as bytes, oldest record first (allocates): 4 bytes of dropped, then records."""
    blob = bytearray(4 + log.count * RECORD_BYTES)
    dropped = log.dropped
    for index in range(4):
        blob[index] = (dropped >> (8 * index)) & 0xFF
    for index in range(log.count):
        at = _at(log, index)
        blob[4 + index * RECORD_BYTES:4 + (index + 1) * RECORD_BYTES] = log.records[at:at + RECORD_BYTES]
    return blob


def load_log(log, blob):
    """Set the log from `dump_log()` bytes; False (the log left empty) if they are not a log."""
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


def log_events(log):
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
        "events": [{name: values} for name, values in log_events(log)],
    }


def _parse(payload):
    """JSON within hal.json_file's bounds: imported here, as only boot and a match's end read
    the files (main.py and app.keeper.keep let it go)."""
    from hal.json_file import parse

    return parse(payload)


def export_log(directory=None):
    """The saved match's game log as JSON text (run over mpremote by tools/export_log.py);
    it only reads: an unreadable file stays where it is."""
    import gc

    from game.gamelog import GameLog, MatchTally

    gc.collect()  # the imports' leftovers: room for the file in one piece
    keeper = Keeper(directory)
    log = GameLog(LOG_RECORDS)
    restored = load_match(keeper, MatchTally(), log, False)
    if restored is None:
        raise OSError("no saved match in %s: %s" % (keeper.directory, "; ".join(keeper.faults) or "nothing saved yet"))
    match = restored[0]
    from game.snapshot import as_names

    return json.dumps(export(log, as_names(match.rules), match.players))

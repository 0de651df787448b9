"""What a save in play loads (app.keeper.keep's module unless told another): the keeper's three
files, the game log as bytes, and the save itself, whose failure is reported (once until every
file saves again) and the game plays on, and the saves again of what failed (retry); a save in
steps (save_steps) for the work app.keeper asks for in slices (app.keeper_jobs)."""

from game.gamelog import LOG_RECORDS, RECORD_BYTES
from hal import json  # (a look-up: hal's docstring says why)
from hal.storage import AtomicFile, StorageError
from micropython import const

# What a call through app.keeper.keep or a save may import, let go after it unless it was loaded
# before (hal.json_file, game.config and game.presets to read a file, which boot holds already for
# app.startup to let go). Each is emptied when it goes: the only other modules that import from
# them (app.settings, hal.board_config) are boot's or the menu's, loaded before such a call.
WORK = ("app.keeper_jobs", "app.keeper_save", "app.keeper_read", "app.keeper_files", "game.config", "game.numbers",
        "game.match_saved", "game.snapshot", "game.snapshot_format", "game.snapshot_load",
        "game.snapshot_fields", "game.rule_names", "game.stats", "game.stats_load", "game.presets", "game.rules",
        "hal.json_file", "hal.storage")
_MENU_BYTES = const(256)
MATCH_BIT = const(1)  # Keeper.unsaved's bits: the files whose last save failed
MENU_BIT = const(2)
STATS_BIT = const(4)


def match_file(keeper):
    from game.snapshot_format import MAX_BYTES

    log_bytes = 4 + RECORD_BYTES * LOG_RECORDS  # log_pieces'
    return AtomicFile(keeper.directory + "/match", keeper.files, MAX_BYTES + 1 + log_bytes)


def stats_file(keeper):
    from game.stats import MAX_BYTES

    return AtomicFile(keeper.directory + "/stats", keeper.files, MAX_BYTES)


def menu_file(keeper):
    return AtomicFile(keeper.directory + "/menu", keeper.files, _MENU_BYTES)


def save(keeper, file, payload, kind):
    """Save `payload` to the AtomicFile `file`, the keeper's file `kind` (an unsaved bit); False
    if it could not be: reported when every file was saved (once until all are again, however
    many saves fail meanwhile), and saved again (retry)."""
    try:
        file.save(payload)
    except StorageError as error:
        _failed(keeper, error, kind)
        return False
    _saved(keeper, kind)
    return True


def _failed(keeper, error, kind):
    if not keeper.unsaved:
        keeper.faults.append("not saved: %s" % error)
    keeper.unsaved |= kind
    keeper.no_new &= ~kind  # a `.new` may be left: the next save looks for it


def _saved(keeper, kind):
    keeper.writes += 1
    keeper.unsaved &= ~kind
    keeper.no_new |= kind
    if not keeper.unsaved:
        keeper.tried_ms = None


def retry(keeper, match, source, tally, log):
    """Save again what failed to save (app.core's tick, while any did): the statistics with
    the matches merged in, the menu's choices, the match as it stands now (None: a match left
    for the menu, which stays as last saved, the one to resume)."""
    unsaved = keeper.unsaved
    if unsaved & MENU_BIT:
        save(keeper, menu_file(keeper), menu_payload(keeper.menu), MENU_BIT)
    if unsaved & MATCH_BIT and match is not None:
        save_match(keeper, match, source, tally, log)
    else:
        keeper.unsaved &= ~MATCH_BIT
        _stats_first(keeper)


def save_stats(keeper, payload):
    """Save the lifetime statistics (app.keeper_read's boot_stats), kept as `stats_payload`
    until they are saved: a later merge adds to them, and they are saved again (retry)."""
    keeper.stats_payload = payload
    if save(keeper, stats_file(keeper), payload, STATS_BIT):
        keeper.stats_payload = None


def _stats_first(keeper):
    """Statistics not yet saved are saved before the match file is written over: the finished
    match they count may be the file's."""
    if keeper.unsaved & STATS_BIT:
        save_stats(keeper, keeper.stats_payload)


def menu_payload(menu):
    name, players, hints = menu
    return json.dumps({"game": name, "players": players, "hints": hints}).encode()


def save_match(keeper, match, source, tally, log):
    """Save the match, its tally and its log now, in one go (retry; a host's keep()); False
    (reported once) if it could not be. (The App saves in slices: app.keeper's save_match and
    step, app.keeper_jobs' jobs.)"""
    from game.snapshot import encode

    snapshot = encode(match, source, tally)
    _stats_first(keeper)
    return save(keeper, match_file(keeper), [snapshot, b"\n"] + log_pieces(log), MATCH_BIT)


def save_steps(keeper, file, payload, kind):
    """save(), a step a slice: hal.storage's save_steps, without looking for a `.new` once a
    save of the file has completed here. The rename, its last step, ends a slice: what follows
    (another file's save, the end of the work) takes the next."""
    try:
        for _step in file.save_steps(payload, keeper.no_new & kind != 0):
            yield
    except StorageError as error:
        _failed(keeper, error, kind)
        return
    if kind == STATS_BIT:
        keeper.stats_payload = None
    _saved(keeper, kind)
    yield


def record_at(log, index):
    """Where the log's record `index` (0: the oldest kept) starts in its ring."""
    return ((log.start + index) % log.capacity) * RECORD_BYTES


def log_pieces(log):
    """The game log (game.gamelog) as saved, in pieces (no copy of its ring): 4 bytes of
    dropped, then the records, oldest first (app.keeper_files' load_log reads them back)."""
    records = memoryview(log.records)
    first = record_at(log, 0)
    end = first + log.count * RECORD_BYTES
    ring = log.capacity * RECORD_BYTES
    pieces = [(log.dropped & 0xFFFFFFFF).to_bytes(4, "little"), records[first:min(end, ring)]]
    if end > ring:  # the oldest records are at the ring's end, the newest from its start
        pieces.append(records[0:end - ring])
    return pieces

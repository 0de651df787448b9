"""What a save in play loads (app.keeper.keep's module unless told another): the keeper's three
files, the game log as bytes, and the save itself, whose failure is reported (once until every
file saves again) and the game plays on, and the saves again of what failed (retry); the work
app.keeper asks for in slices (jobs, which its step advances): the menu's choices, the match,
and a finished match merged into the statistics (app.keeper_read's merge_steps)."""

import json
import sys

from game.gamelog import LOG_RECORDS, RECORD_BYTES
from hal.storage import AtomicFile, StorageError
from micropython import const

from app.memory import since

# What a call through app.keeper.keep or a save may import, let go after it unless it was loaded
# before (hal.json_file, game.config and game.presets to read a file, which boot holds already for
# app.startup to let go). Each is emptied when it goes: the only other modules that import from
# them (app.settings, hal.board_config) are boot's or the menu's, loaded before such a call.
WORK = ("app.keeper_save", "app.keeper_read", "app.keeper_files", "game.config", "game.numbers",
        "game.match_saved", "game.snapshot", "game.snapshot_format", "game.snapshot_load",
        "game.snapshot_fields", "game.rule_names", "game.stats", "game.stats_load", "game.presets", "game.rules",
        "hal.json_file", "hal.storage")
_MENU_BYTES = const(256)
_MATCH = const(1)  # Keeper.unsaved's bits: the files whose last save failed
_MENU = const(2)
_STATS = const(4)
_VALUES_PER_SLICE = const(32)  # a match's values encoded per slice of its save (_match_steps)
# What a match's save imports besides this module and hal.storage (game.match_saved: what
# game.rounds' classes keep, which their saved_fields reads), a slice each (jobs).
_SAVE_MODULES = ("game.snapshot_format", "game.match_saved", "game.snapshot")


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


def _saved(keeper, kind):
    keeper.writes += 1
    keeper.unsaved &= ~kind
    if not keeper.unsaved:
        keeper.tried_ms = None


def retry(keeper, match, source, tally, log):
    """Save again what failed to save (app.core's tick, while any did): the statistics with
    the matches merged in, the menu's choices, the match as it stands now (None: a match left
    for the menu, which stays as last saved, the one to resume)."""
    unsaved = keeper.unsaved
    if unsaved & _MENU:
        save(keeper, menu_file(keeper), _menu_payload(keeper.menu), _MENU)
    if unsaved & _MATCH and match is not None:
        save_match(keeper, match, source, tally, log)
    else:
        keeper.unsaved &= ~_MATCH
        _stats_first(keeper)


def save_stats(keeper, payload):
    """Save the lifetime statistics (app.keeper_read's boot_stats), kept as `stats_payload`
    until they are saved: a later merge adds to them, and they are saved again (retry)."""
    keeper.stats_payload = payload
    if save(keeper, stats_file(keeper), payload, _STATS):
        keeper.stats_payload = None


def _stats_first(keeper):
    """Statistics not yet saved are saved before the match file is written over: the finished
    match they count may be the file's."""
    if keeper.unsaved & _STATS:
        save_stats(keeper, keeper.stats_payload)


def _menu_payload(menu):
    name, players, hints = menu
    return json.dumps({"game": name, "players": players, "hints": hints}).encode()


def save_match(keeper, match, source, tally, log):
    """Save the match, its tally and its log now, in one go (retry; a host's keep()); False
    (reported once) if it could not be. (The App saves in slices: app.keeper's save_match and
    step, here match_steps.)"""
    from game.snapshot import encode

    snapshot = encode(match, source, tally)
    _stats_first(keeper)
    return save(keeper, match_file(keeper), [snapshot, b"\n"] + log_pieces(log), _MATCH)


def jobs(keeper):
    """The work app.keeper asks for, in slices: a generator its step advances once a tick. The
    snapshot's modules are imported a slice each; then, while any is asked for, in this order:
    the menu's choices (menu_wanted), the match (save_match: encoded _VALUES_PER_SLICE values a
    slice, from the start again if the App asks for another save meanwhile), a finished
    match's merge into the statistics (merging). Each file is written in hal.storage's
    save_steps, a step a slice."""
    for name in _SAVE_MODULES:  # one a slice, at the match's first save (kept after: app.keeper)
        if name not in sys.modules:
            __import__(name)
            yield
    while True:
        if keeper.menu_wanted is not None:
            keeper.menu = keeper.menu_wanted
            keeper.menu_wanted = None
            yield from save_steps(keeper, menu_file(keeper), _menu_payload(keeper.menu), _MENU)
        elif keeper.wanted is not None:
            yield from _match_steps(keeper)
        elif keeper.merging:
            since((), _SAVE_MODULES)  # the match is over: room for the merge's
            import hal.json_file  # noqa: F401  (app.keeper_read's, in a slice of its own)

            yield
            from app.keeper_read import merge_steps

            yield from merge_steps(keeper)
        else:
            return


def _match_steps(keeper):
    from game.snapshot import dumps, snapshot_steps

    match, source, tally, log = keeper.wanted
    keeper.wanted = None
    state = {}
    done = 0
    for _value in snapshot_steps(match, source, tally, state):
        done += 1
        if done % _VALUES_PER_SLICE == 0:
            yield
            if keeper.wanted is not None:
                return  # changed meanwhile: encoded again
    # the log as it stands, copied: the ring may change before the read-back
    copied = bytearray()
    for piece in log_pieces(log):
        copied.extend(piece)
    payload = [dumps(state), b"\n", copied]
    state = None
    yield
    if keeper.unsaved & _STATS:  # statistics not yet saved go first (_stats_first)
        yield from save_steps(keeper, stats_file(keeper), keeper.stats_payload, _STATS)
    yield from save_steps(keeper, match_file(keeper), payload, _MATCH)


def save_steps(keeper, file, payload, kind):
    """save(), a step a slice: hal.storage's save_steps."""
    try:
        for _step in file.save_steps(payload):
            yield
    except StorageError as error:
        _failed(keeper, error, kind)
        return
    if kind == _STATS:
        keeper.stats_payload = None
    _saved(keeper, kind)


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

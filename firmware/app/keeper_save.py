"""What a save in play loads (app.keeper.keep's module unless told another): the keeper's three
files, the game log as bytes, and the save itself, which a failure reports once and the game
plays on; a match's end merges into the statistics through here (app.keeper_read reads them)."""

import json

from game.gamelog import RECORD_BYTES
from hal.storage import AtomicFile, StorageError
from micropython import const

from app.keeper import LOG_RECORDS

# What a call through app.keeper.keep may import, let go after it unless it was loaded before
# (hal.json_file, game.config and game.presets to read a file, which boot holds already for
# app.startup to let go). Each is emptied when it goes: the only other modules that import from
# them (app.settings, hal.board_config) are boot's or the menu's, loaded before such a call.
WORK = ("app.keeper_save", "app.keeper_read", "app.keeper_files", "game.config", "game.numbers",
        "game.snapshot", "game.snapshot_format", "game.snapshot_load", "game.snapshot_fields",
        "game.rule_names", "game.stats", "game.stats_load", "game.presets", "game.rules",
        "hal.json_file", "hal.storage")
_MENU_BYTES = const(256)


def match_file(keeper):
    from game.snapshot_format import MAX_BYTES

    log_bytes = 4 + RECORD_BYTES * LOG_RECORDS  # log_pieces'
    return AtomicFile(keeper.directory + "/match", keeper.files, MAX_BYTES + 1 + log_bytes)


def stats_file(keeper):
    from game.stats import MAX_BYTES

    return AtomicFile(keeper.directory + "/stats", keeper.files, MAX_BYTES)


def menu_file(keeper):
    return AtomicFile(keeper.directory + "/menu", keeper.files, _MENU_BYTES)


def save(keeper, file, payload):
    """Save `payload` to the AtomicFile `file`; False (reported once until a save succeeds) if
    it could not be."""
    try:
        file.save(payload)
    except StorageError as error:
        if not keeper.failing:
            keeper.faults.append("not saved: %s" % error)
        keeper.failing = True
        return False
    keeper.writes += 1
    keeper.failing = False
    return True


def merge_stats(keeper, match, tally, name=None):
    """A finished match merged into the lifetime statistics: app.keeper_read's merge_stats, which
    reads them first (a match's end is no save in flight)."""
    from app.keeper_read import merge_stats

    return merge_stats(keeper, match, tally, name)


def save_menu(keeper, name, players, hints):
    """Save the menu's choices (app.keeper.keep calls it only when they changed since the last
    load or save)."""
    keeper.menu = (name, players, hints)
    payload = json.dumps({"game": name, "players": players, "hints": hints})
    return save(keeper, menu_file(keeper), payload.encode())


def save_match(keeper, match, source, tally, log, after=None):
    """Save the match, its tally and its log; False (reported once) if it could not be.
    after: the Turn event's result it follows, saved only when game.snapshot says so."""
    from game.snapshot import encode, saves_after

    if after is not None and not saves_after(after):
        return True
    snapshot = encode(match, source, tally)
    return save(keeper, match_file(keeper), [snapshot, b"\n"] + log_pieces(log))


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

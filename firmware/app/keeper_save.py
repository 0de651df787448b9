"""What a save in play loads: the keeper's three files, the game log as bytes, and a save in
steps (save_steps) for the work app.keeper asks for in slices (app.keeper_jobs), whose failure
is reported (once until every file saves again) and the game plays on. The saves in one go
(the saves again of what failed, boot's statistics) are app.keeper_retry's: a save in play
imports this module in a slice of its own, which took an emulated RP2040 16 ms with them (and
app.keeper_jobs' WORK), 12 ms without. The menu's payload is app.keeper_menu's: each name a
module holds is looked up among the interned ones as it loads (some 0.1 ms of a Pico's each,
issue 45), and only the menu's save needs those."""

from game.gamelog import LOG_RECORDS, RECORD_BYTES
from hal.storage import AtomicFile, StorageError
from micropython import const

_MENU_BYTES = const(256)
MATCH_BIT = const(1)  # Keeper.unsaved's bits: the files whose last save failed
MENU_BIT = const(2)
STATS_BIT = const(4)


def match_file(keeper):
    """The match in progress, in a folder of its own (`/data/play/`): LittleFS commits a file's
    change to its folder's metadata, and beside the menu's and the statistics' files a save's
    write or rename took an emulated RP2040 up to 22.5 ms (LittleFS reading more of that
    metadata, and compacting it), alone in its folder at most 10.4 ms. Saved after every roll
    and move, it is kept in hal.storage's two slots (`match.0`, `match.1`), `count` the
    keeper's: a save writes over the older, one commit where a `.new` took three
    (bench/save_bench.py compares the two)."""
    from game.snapshot_format import MAX_BYTES

    log_bytes = 4 + RECORD_BYTES * LOG_RECORDS  # log_pieces'
    file = AtomicFile(keeper.directory + "/play/match", keeper.files, MAX_BYTES + 1 + log_bytes)
    file.count = keeper.count  # (saved after every roll and move: in two slots, hal.storage's)
    return file


def stats_file(keeper):
    from game.stats import MAX_BYTES

    return AtomicFile(keeper.directory + "/stats", keeper.files, MAX_BYTES)


def menu_file(keeper):
    return AtomicFile(keeper.directory + "/menu", keeper.files, _MENU_BYTES)


def report_failed(keeper, error, kind):
    """A save of the keeper's file `kind` failed with `error`."""
    if not keeper.unsaved:
        keeper.faults.append("not saved: %s" % error)
    keeper.unsaved |= kind
    keeper.no_new &= ~kind  # a `.new` may be left: the next save looks for it


def mark_saved(keeper, kind):
    """A save of the keeper's file `kind` completed."""
    keeper.writes += 1
    keeper.unsaved &= ~kind
    keeper.no_new |= kind
    if not keeper.unsaved:
        keeper.tried_ms = None


def save_steps(keeper, file, payload, kind):
    """save(), a step a slice: hal.storage_save's save_steps, without looking for a `.new` once a
    save of the file has completed here. The rename, its last step, ends a slice: what follows
    (another file's save, the end of the work) takes the next."""
    from hal import storage_save  # (the save's: app.keeper_jobs imports it in a slice of its own)

    try:
        for _step in storage_save.save_steps(file, payload, keeper.no_new & kind != 0):
            yield
    except StorageError as error:
        report_failed(keeper, error, kind)
        return
    finally:
        if file.count is not None:  # the match's newest slot as the save left it
            keeper.count = file.count
    if kind == STATS_BIT:
        keeper.stats_payload = None
    mark_saved(keeper, kind)
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

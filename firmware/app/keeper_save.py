"""What a save in play loads first: the keeper's three files and the game log as bytes. A save
in steps (save_steps), for the work app.keeper asks for in slices (app.keeper_jobs), is
app.keeper_steps', imported in a slice of its own: with it, this module's slice took an
emulated RP2040 20-21 ms (issue 45: 46 names looked up as it loads, some 0.1 ms of a Pico's
each, beside finding and reading it). The saves in one go (the saves again of what failed,
boot's statistics) are app.keeper_retry's; the menu's payload is app.keeper_menu's: only the
menu's save needs those names."""

from game.gamelog import LOG_RECORDS, RECORD_BYTES
from hal.storage import AtomicFile
from micropython import const

_MENU_BYTES = const(256)
MATCH_BIT = const(1)  # Keeper.unsaved's bits: the files whose last save failed (app.keeper_steps)
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

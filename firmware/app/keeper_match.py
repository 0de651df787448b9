"""The match in progress read back from /data/match (app.keeper.keep imports it for load_match at
boot, tools/export_log.py's export for its log, then lets it go): the snapshot, restored by
game.snapshot_load, then the game log's bytes (app.keeper_save's dump_log) into its ring.
An unreadable log alone is reported and the match goes on without it."""

from game.gamelog import KIND_END, KIND_TURN, RECORD_BYTES
from hal.storage import BAD_SUFFIX, AtomicFile, StorageError

from app.keeper_files import load_newest, parse_json
from app.keeper_save import match_file


def load_match(keeper, tally, log, set_aside=True, playable=None):
    """(match, source) as last saved, with `tally` and `log` set from it; None if none.
    playable(rules): why this box cannot play a match, or None; one it cannot is set aside.
    set_aside=False leaves an unreadable file where it is (reading only, as an export)."""
    file = match_file(keeper)

    def use(payload):
        if not payload:  # saved empty: the match was left for the menu
            return None
        cut = payload.find(b"\n")
        if cut < 0:
            raise ValueError("no game log after the snapshot")
        from game.snapshot_load import restore  # only for a match: the menu's boot spares it

        restored = restore(parse_json(payload[:cut]), tally, playable)
        if not load_log(log, payload[cut + 1:]):
            _log_unreadable(keeper, file, payload, set_aside)
        return restored

    return load_newest(keeper, file, use, set_aside)


def _log_unreadable(keeper, file, payload, keep):
    """Report a match whose game log alone cannot be read (it plays on without it); if
    `keep`, keep a copy of its file as `.bad`, which the next save would otherwise lose."""
    source = file.loaded_from
    bad = "%s%s" % (source, BAD_SUFFIX)
    kept = ""
    if keep:
        kept = ", kept as " + bad
        try:  # the same bytes as the file: the same header and payload
            AtomicFile(bad, file.files, len(payload)).save(payload)
        except StorageError as error:
            kept = ", not kept (%s)" % error
    keeper.faults.append("%s: game log unreadable%s; the match goes on without it" % (source, kept))


def load_log(log, blob):
    """Set the log from app.keeper_save's dump_log() bytes; False (the log left empty) if they
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

"""The lifetime statistics on the flash (app.keeper's): read at boot (app.startup, through
app.keeper.keep, which lets it go after: boot_stats) and a finished match merged into them and
saved at its end, in slices (merge_steps: app.keeper_jobs), each file read with
app.keeper_read's load_newest."""

from hal.json_file import parse

from app.keeper_read import load_newest
from app.keeper_save import STATS_BIT, stats_file


def load_stats(keeper, read=None):
    """The saved game.stats.Stats (those not yet saved, Keeper.stats_payload, when a save of
    theirs failed: they are newer than the flash's), or fresh ones; `read`: as game.stats_load's
    stats_from_dict."""
    from game.stats import Stats

    def use(payload):
        return _stats(payload, read)

    if keeper.stats_payload is not None:
        return use(keeper.stats_payload)
    stats = load_newest(keeper, stats_file(keeper), use)
    return stats if stats is not None else Stats()


def merge_steps(keeper):
    """Merge the finished match Keeper.merging holds (app.finish_work's; its game.gamelog.MatchTally)
    into the saved statistics and save them, in slices (app.keeper_jobs): their modules
    imported, the file read, the match added and the statistics encoded and saved each in
    slices of their own; unless it was merged before (a merge repeated after a power cut counts
    once). `merged_serial` is then the last merged match's."""
    yield  # (this module was imported in this slice)
    import game.stats  # noqa: F401  (a module a slice)

    yield
    import game.numbers  # noqa: F401  (game.stats_load's: with it, that slice took an emulated RP2040 25 ms)

    yield
    import game.stats_load  # noqa: F401

    yield
    match, tally, name = keeper.merging
    stats = load_stats(keeper, None if name is None else (name,))  # only its own preset read
    yield
    counted = stats.add_match(match, tally, name)
    if counted:
        yield
        from hal import json

        keeper.stats_payload = json.dumps(stats.to_dict()).encode()
    # Not before: a merge cut short by a full heap (app.recover) is made again, its save retried
    keeper.merging = None
    keeper.merged_serial = stats.last_serial
    if counted:
        yield
        from app.keeper_steps import save_steps  # (imported by then: not at boot, which reads)

        yield from save_steps(keeper, stats_file(keeper), keeper.stats_payload, STATS_BIT)


def _merge(keeper, stats, match, tally, name=None):
    from hal import json

    from app.keeper_retry import save_stats

    if stats.add_match(match, tally, name):
        save_stats(keeper, json.dumps(stats.to_dict()).encode())
    return stats.last_serial


def boot_stats(keeper, match, tally):
    """At boot (app.startup): the serial of the last match merged into the statistics, with
    `match` (finished, the power cut short of its merge, or None) merged now; the statistics
    kept but not read (a newer firmware's games) are said once."""
    stats = load_stats(keeper)
    note = stats.unknown_note()
    if note is not None:
        keeper.faults.append("%s: %s, kept as they were" % (stats_file(keeper).path, note))
    if match is not None:
        return _merge(keeper, stats, match, tally)
    return stats.last_serial


def _stats(payload, read=None):
    from game.stats_load import stats_from_dict

    return stats_from_dict(parse(payload), read)

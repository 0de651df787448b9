"""How app.keeper reads its files back: the menu's choices and the lifetime statistics, at boot
(app.startup, through app.keeper.keep, which lets it go after) and at a match's end (merge_steps,
in slices: app.keeper_jobs); app.keeper_files reads the match.

Every file is an hal.storage.AtomicFile read with hal.json_file's bounds. A file that cannot
be read or used is reported, kept as `<name>.bad`, and the older copy or a fresh start takes
its place (app.keeper's docstring says which, when)."""

from hal.json_file import parse
from hal.storage import BAD_KEPT

from app.keeper_save import STATS_BIT, menu_file, save_steps, stats_file


def load_newest(keeper, file, use, set_aside=True):
    """use(payload) for the newest copy of the AtomicFile `file` that is whole and usable (use
    raises ValueError saying why not), or None. Each copy that is not is reported and set aside
    as `.bad` (set_aside=False: only reported), and the older copy is tried: the report says
    whether one is used once the next load has said."""
    aside = None  # (path, why, kept as) of a copy set aside, reported after the next load
    while True:
        payload = file.load()
        if aside is not None:
            _unreadable(keeper, file, *aside, payload is not None)
            aside = None
        if file.fault is not None:
            source, why = file.fault
            kept = set_aside and file.set_aside(source)
            if payload is None and kept:  # (the next copy, if any: a file in slots has two)
                aside = (source, why, kept)
                continue
            _unreadable(keeper, file, source, why, kept, payload is not None)
        if payload is None:
            return None
        try:
            return use(payload)
        except ValueError as error:
            source = file.loaded_from
            kept = set_aside and file.set_aside(source)
            if not kept:
                _unreadable(keeper, file, source, error, kept, False)
                return None
            aside = (source, error, kept)


def _unreadable(keeper, file, source, error, kept, after):
    """Report a file that cannot be read or used: `kept` the path it was kept as (as
    AtomicFile.set_aside gives it), or a false value (not set aside); `after`: a copy before it
    is used in its place."""
    if kept:
        then = "the copy before it is used" if after else "starting afresh"
        keeper.faults.append("%s unreadable (%s); kept as %s, %s%s" % (source, error, kept, then, dropped(file)))
    else:
        keeper.faults.append("%s unreadable (%s)" % (source, error))


def dropped(file):
    """What the report of a copy set aside adds when the oldest went to make room."""
    return "; the oldest copy set aside before it removed (%d are kept)" % BAD_KEPT if file.dropped else ""


# -- the menu --------------------------------------------------------------------------------
def load_menu(keeper):
    """The saved menu choices as (game name, players, hints), or None."""
    menu = load_newest(keeper, menu_file(keeper), _menu_choices)
    if menu is not None:
        keeper.menu = menu
    return menu


def _menu_choices(payload):
    saved = parse(payload)
    if not isinstance(saved, dict):
        raise ValueError("expected an object")
    name = saved.get("game")
    players = saved.get("players")
    hints = saved.get("hints")
    if not isinstance(name, str) or not isinstance(players, int) or not isinstance(hints, bool):
        raise ValueError("expected a game's name, players and hints, got %r" % (saved,))
    return name, players, hints


# -- lifetime statistics ---------------------------------------------------------------------
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
    """Merge the finished match Keeper.merging holds (app.finish's; its game.gamelog.MatchTally)
    into the saved statistics and save them, in slices (app.keeper_jobs): their modules
    imported, the file read, the match added and the statistics encoded and saved each in
    slices of their own; unless it was merged before (a merge repeated after a power cut counts
    once). `merged_serial` is then the last merged match's."""
    yield  # (this module was imported in this slice)
    import game.stats  # noqa: F401  (a module a slice)

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

"""The keeper's saves in one go, a file a call through app.keeper.keep (app.keeper_steps'
save_steps run at once, not a slice a tick as the App's saves): the saves again of what failed
(retry, app.core's tick while any did), the statistics with a match merged at boot
(save_stats, app.keeper_read) and a host's save of the match (save_match)."""

from app.keeper_save import (
    MATCH_BIT,
    MENU_BIT,
    STATS_BIT,
    log_pieces,
    match_file,
    menu_file,
    stats_file,
)
from app.keeper_steps import save_steps


def save(keeper, file, payload, kind):
    """Save `payload` to the AtomicFile `file`, the keeper's file `kind` (an unsaved bit), all
    of app.keeper_steps' steps at once; False if it could not be: reported when every file was
    saved (once until all are again, however many saves fail meanwhile), and saved again
    (retry)."""
    for _step in save_steps(keeper, file, payload, kind):
        pass
    return not keeper.unsaved & kind


def retry(keeper, match, source, tally, log):
    """Save again what failed to save (app.core's tick, while any did): the statistics with
    the matches merged in, the menu's choices, the match as it stands now (None: a match left
    for the menu, which stays as last saved, the one to resume)."""
    unsaved = keeper.unsaved
    if unsaved & MENU_BIT:
        from app.keeper_menu import menu_payload

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


def save_match(keeper, match, source, tally, log):
    """Save the match, its tally and its log now, in one go (retry; a host's keep()); False
    (reported once) if it could not be. (The App saves in slices: app.keeper's save_match and
    step, app.keeper_jobs' jobs.)"""
    from game.snapshot import encode

    snapshot = encode(match, source, tally)
    _stats_first(keeper)
    return save(keeper, match_file(keeper), [snapshot, b"\n"] + log_pieces(log), MATCH_BIT)

"""When the heap runs out in a tick (a MemoryError caught by app.core's tick): the box plays on.
A save under way is dropped like a failed write (the files stay as last saved, "not saved" is
shown once, the keeper saves again later: app.keeper's keep_up), what the save had imported is
let go, the heap is collected and the screen drawn again. Imported only then."""

import gc
import sys

from micropython import const

from app.keeper import report
from app.memory import since

_MATCH_BIT = const(1)  # app.keeper_save's Keeper.unsaved bits (copies: that module may be gone)
_MENU_BIT = const(2)
_STATS_BIT = const(4)
_COLLECT = const(2)  # app.keeper's Keeper.job: its last slice, the heap's collection (as there)
# What a save's first slices import before app.keeper_jobs (and its WORK) is loaded
_FIRST_SLICES = ("hal.storage", "app.keeper_save")


def out_of_memory(app, error):
    """The tick of `app` (app.core's App) raised `error`, a MemoryError: drop the save under
    way, if any, so the keeper saves everything again, then collect and redraw."""
    keeper = app.keeper
    if keeper is not None and keeper.job is not None and keeper.job != _COLLECT:
        loaded = keeper.loaded
        keeper.loaded = None
        keeper.job = None
        keeper.alone = False  # (no slice under way to give a tick of its own)
        jobs = sys.modules.get("app.keeper_jobs")
        since(loaded or list(sys.modules), jobs.WORK if jobs is not None else _FIRST_SLICES)
        # What the work under way had taken from the keeper is saved again as it now stands: the
        # match (the App's), the menu's choices (Keeper.menu), the statistics if their payload
        # was made (a merge not yet that far is still Keeper.merging: app.keeper_stats).
        unsaved = _MATCH_BIT | _MENU_BIT
        if keeper.stats_payload is not None:
            unsaved |= _STATS_BIT
        if not keeper.unsaved:
            keeper.faults.append("not saved: out of memory")
            report(app)
        keeper.unsaved |= unsaved
        keeper.no_new &= ~unsaved  # a `.new` may be left: the next save looks for it
        keeper.tried_ms = None
    gc.collect()
    app.dirty = True

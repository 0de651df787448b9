"""What the box keeps on its flash under /data/ (tools/flash.py never touches it), each file
saved with hal.storage.AtomicFile so a power cut at any byte leaves the old or the new copy:

    /data/play/match.0, .1   the match in progress (game.snapshot's JSON), a newline, then its
                  game log (app.keeper_save's log_pieces): saved at the start, after every roll,
                  tile joining the pending move and committed move, and at each turn's end, so at
                  most 2 * tiles + 1 writes a turn (game.snapshot says when exactly). In two slots
                  written by turns, each save over the older (hal.storage's: one LittleFS commit a
                  save, not a `.new`'s three), alone in their folder, where LittleFS's commits read
                  less (app.keeper_save's match_file); earlier firmware kept one file,
                  /data/match or /data/play/match (and its `.new`): moved into play/ at boot,
                  resumed, and removed once the first save in slots is whole
    /data/stats   lifetime statistics (game.stats), merged and saved once per finished match
    /data/menu    the menu's last choices (game, players, hints), saved when they change

Every file is read with hal.json_file's bounds (at boot). A file that cannot be read or used (damaged,
not ours, a match this box cannot play) is reported, kept as `<name>.bad` for a look (then
`.bad.1` ...: hal.storage's AtomicFile.bad_path, never over an earlier one), and the
older copy (if a `.new` was the bad one) or a fresh start takes its place. A match whose game
log alone cannot be read plays on without it, a copy of its file kept as `.bad`. A save that
fails is reported (once a file until it saves) and the game plays on; what it was to keep is
saved again at the App's next tick and every few seconds after until it is (retry): the match
as it then stands, the menu's choices, and the statistics with the matches merged in
(Keeper.stats_payload, saved before the match file is written over, so a finished match is
counted once whatever the flash did). A match left for the menu is saved as an empty file.

The match is saved in slices, one a tick of the App's loop (save asks, step does the next
slice): its modules imported one at a time, the snapshot encoded a few values at a time and its
modules let go, then the older slot opened, written (512 bytes a tick), closed and read back in
ticks of their own (each of LittleFS's commits may erase a block, 45 ms of a Pico's: a slice
does nothing else beside it, issue 45), and the heap collected in one more, so no tick of the box
waits for a whole save (issue 28: some 300 ms on a Pico in one tick). A match
that changes while it is encoded is encoded again; one that changes while it is written is saved
again after. The menu's choices as a match starts (`menu_wanted`) and a finished match's merge
into the statistics (`merging`) are saved the same way, in the order asked. Any other call through
keep() first finishes the work under way (flush), so the files are written in the order asked.

Each piece of work imports its modules a slice each and lets them go once done: kept in play,
they would leave the coach's tables too little room on a small heap (host_tests/
test_memory_budget.py's tournament on a unix heap). A match without the coach has no tables to
make room for: its saves' modules stay from its first save until it is over (Keeper.hold).

A box in play holds only this module: a Keeper is the keeper's state, and keep() calls the
code that writes the files in one go (app.keeper_retry) or reads them (app.keeper_read, the
statistics app.keeper_stats, the match app.keeper_files), importing it (with game.snapshot,
game.stats, hal.storage ...) and letting go after what it imported. A save loads only what it writes: no reading, no checking, no rules' names
for classic. The App's share (app.core): save asks for its match as it stands, keep_up does each
tick's slice or retry, report hands the keeper's messages to the App's faults.
"""

import sys
import time

from game.turn import SAVES_AFTER
from micropython import const

from app.memory import collect, since

DIRECTORY = "/data"  # absolute: boot.py runs the firmware from /fw_a or /fw_b
_COLLECT = const(2)  # Keeper.job: the work done, its garbage to collect (step's last slice)
_SLICED = const(2)  # keep_up's answer when it did a slice (app.presentation's render has a copy)
_RETRY_MS = const(5000)  # a save that failed is tried again at the next tick, then this often
_MENU = const(0)  # (a copy of app.core's phases: a match's, between them, has the coach's work)
_FINISHED = const(3)


class Keeper:
    """The box's three files in `directory`; `files` as hal.storage's (None: the real ones).

    `faults` collects the messages of files that could not be read or written; `writes`
    counts the saves made, for the bounds in the module docstring; `unsaved`: the files whose
    last save failed (app.keeper_save's bits), `no_new` those whose last save here completed
    (no `.new` of theirs is left to look for), `stats_payload` the statistics to save (a
    finished match merged in) while theirs did, `tried_ms` when the App last saved them again
    (None: not since the last one failed); `menu`: the menu choices as last loaded or saved
    (or tried); `saved_pending`: the tiles of the pending move as last saved (the App's);
    `merged_serial`: the serial of the last match merged into the statistics (the App's next
    match takes the next one).
    """

    def __init__(self, directory=None, files=None):
        if directory is None:
            directory = DIRECTORY  # read now, so a host test can point it elsewhere
        import os  # (boot's alone: a name fewer in this module's globals, 48 bytes of a Pico's heap)

        try:
            os.mkdir(directory)
        except OSError:
            pass  # there already (or the flash is read-only: saving will say so)
        self.directory = directory
        self.files = files
        self.faults = []
        self.writes = 0
        self.unsaved = 0
        self.no_new = 0  # the files whose last save here completed: no `.new` of theirs is left
        self.count = -1  # the match's saves counted in its slots (hal.storage's AtomicFile's count)
        self.stats_payload = None
        self.tried_ms = None
        self.menu = None
        self.saved_pending = 0
        self.merged_serial = 0
        self.wanted = None  # (match, source, tally, log): the match to save, as last asked
        # (rules, game.snapshot's rules_named of them): a match's rules as its saves write them,
        # made at its first save, so the others load no game.rule_names (4 KB of heap a save)
        self.rules_named = None
        self.menu_wanted = None  # the menu's choices to save (a match starts: app.phases)
        self.merging = None  # (match, tally, preset): a finished match to merge (app.finish),
        #                      `merged_serial` then its serial
        self.job = None  # the work under way: app.keeper_jobs' jobs (0, 1: about to be; 2: done)
        self.loaded = None  # the modules loaded before the work under way began
        self.lent = False  # this tick is the coach's, lent by a save under way (keep_up)
        self.alone = False  # the work's next slice commits to the flash: a tick of its own (alone)
        # A match without the coach (app.phases' take_match; no tables of its to make room for):
        # the work's modules stay from its first save until the match is over (app.finish,
        # app.phases_left), so no later save imports any (on 24 tiles on two expanders, a plain
        # tick 7.8 ms of an emulated RP2040, each of those imports made a slice of 18-25 ms); and a
        # match's last save keeps the modules it writes with for the merge (app.keeper_jobs)
        self.hold = False


def under_way(keeper):
    """Is a save of the match, the menu's or the statistics' asked for or under way?"""
    return (keeper.job is not None or keeper.wanted is not None or keeper.menu_wanted is not None
            or keeper.merging is not None)


def step(keeper):
    """The next slice of the work asked for (the App's tick, while some is under way): the first
    three import hal.storage, app.keeper_save and app.keeper_jobs; the work's last lets go what
    it imported; then a slice collects the heap (app.memory's collect). A save leaves some
    15 KB of garbage (the modules it imported, its payload): collected in a tick that does
    nothing else, not by the collector's threshold (main.py) inside a tick that already does a
    slice of the work or of the coach's, where a Pico's 10-12 ms collection would add to it."""
    job = keeper.job
    keeper.alone = False
    if job is None:
        if keeper.loaded is None:  # (else held since an earlier save: `hold`)
            keeper.loaded = list(sys.modules)
        import hal.storage  # noqa: F401  (app.keeper_save's, in a slice of its own)

        keeper.job = 0
        return
    if job == 0:
        import app.keeper_save  # noqa: F401  (app.keeper_jobs', in a slice of its own)

        keeper.job = 1
        return
    if job == 1:
        from app.keeper_jobs import jobs

        keeper.job = jobs(keeper)
        return
    if job == _COLLECT:
        keeper.job = None
        collect()
        return
    try:
        keeper.alone = next(job) is not None  # (hal.storage_save's _ALONE: a commit next)
    except StopIteration:
        keeper.job = _COLLECT
        if not keeper.hold:
            loaded = keeper.loaded
            keeper.loaded = None
            from app.keeper_jobs import WORK

            since(loaded, WORK)


def flush(keeper):
    """Finish the work asked for or under way, now."""
    while under_way(keeper):
        step(keeper)


def keep(keeper, action, *args, module="app.keeper_retry"):
    """The function named `action` of `module` (app.keeper_retry's saves; app.startup reads from
    app.keeper_read, app.keeper_stats and app.keeper_files), called with the keeper and `args`: what the call
    imported of app.keeper_jobs' WORK is let go after it (freed at the collector's next run),
    each module emptied: a stale word that looks like a pointer to one (the collector is
    conservative) then pins that module alone, not all its code, which kept 7 KB after boot.
    So a call returns plain values or objects of modules that stay."""
    flush(keeper)
    loaded = list(sys.modules)
    try:
        return getattr(__import__(module, None, None, (action,)), action)(keeper, *args)
    finally:  # (out of memory too: app.recover)
        from app.keeper_jobs import WORK

        since(loaded, WORK)


def save(app, after=None):
    """Ask for the App's match to be saved as it stands, its tally and its log (after a roll, a
    committed move, a turn's end; after a roll's `after` result, a Turn event's, only when
    game.turn's SAVES_AFTER says so): saved from the next tick on, a slice a tick (keep_up, step).
    Without a keeper, nothing."""
    keeper = app.keeper
    if keeper is not None:
        if after is None or after in SAVES_AFTER:
            keeper.wanted = (app.match, app.source, app.tally, app.log)
        keeper.saved_pending = app.turn.pending


def keep_up(app, now_ms):
    """The keeper's share of the App's tick: with a save asked or under way, its next slice
    (step), unless the tick has other long work (a frame's module to import, a frame to draw)
    or the player would feel it: a band of the OLED still to go (app.screens' flush, some 6 ms
    of the I2C bus), the dice rolling (drawn as they land) or a flap of the row in play to
    answer (nor is it called in a tick that answers a button's press: app.core); a slice may
    erase a block of the flash, 45 ms of a Pico's (issue 45). Else what the keeper could not
    save is saved again (the match as it stands now): at the first tick after a save failed,
    then every _RETRY_MS until it is saved. While the coach has work too (app.hints'
    wants_ticks), every other tick is lent to it (`lent`). _SLICED when it did a slice (app.core
    then draws no frame in the tick: with an import's slice a Pico's tick on 24 tiles took 21
    ms), else True when a save was asked or under way as the tick began (and the tick is not lent).

    A slice that commits a file to the flash (its close, a rename, a remove: LittleFS may
    compact the folder's metadata or scan for free blocks, some 16 ms of an emulated RP2040's,
    and erase a block) is asked for by the slice before (`alone`): app.core calls this first
    in the next tick, before the inputs are read, unless the dice roll, and that tick does
    nothing else (on 24 tiles such a slice with a tick's other work took 21 ms, 66 with the
    erase: issue 45); it is never lent."""
    keeper = app.keeper
    if keeper is None:
        return False
    saving = under_way(keeper)
    if saving and not (keeper.lent or keeper.alone) and app.hints_on and _MENU < app.phase < _FINISHED and app.hints.wants_ticks():
        keeper.lent = True  # every other tick the coach's while both have work (a quick hand's
        return False  # moves, each saved, left a turn's chance never worked out: issue 45)
    keeper.lent = False  # (few locals: a Pico's call then allocates no frame on the heap: issue 45)
    if saving and not app.roller.state and (keeper.alone or not (app.devices.flaps.rows[app.row].changed or (
            app.screen is not None and (app.screen.frames == 0 or app.dirty or app.screen.unsent)))):
        step(keeper)  # (`alone`: at the tick's start, app.core, before the inputs are read)
        report(app)
        return _SLICED
    elif keeper.unsaved and (keeper.tried_ms is None or time.ticks_diff(now_ms, keeper.tried_ms) >= _RETRY_MS):
        keeper.tried_ms = now_ms
        keep(keeper, "retry", app.match, app.source, app.tally, app.log)
        report(app)
    return saving


def report(app):
    """Report and empty the keeper's fault messages (the App's faults show them)."""
    messages = app.keeper.faults
    while messages:
        app.faults.report(messages.pop(0))

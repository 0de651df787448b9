"""What the box keeps on its flash under /data/ (tools/flash.py never touches it), each file
saved with hal.storage.AtomicFile so a power cut at any byte leaves the old or the new copy:

    /data/match   the match in progress (game.snapshot's JSON), a newline, then its game log
                  (app.keeper_save's dump_log): saved at the start, after every roll, tile joining
                  the pending move and committed move, and at each turn's end, so at most
                  2 * tiles + 1 writes a turn (game.snapshot says when exactly)
    /data/stats   lifetime statistics (game.stats), merged and saved once per finished match
    /data/menu    the menu's last choices (game, players, hints), saved when they change

Every file is read with hal.json_file's bounds (at boot). A file that cannot be read or used (damaged,
not ours, a match this box cannot play) is reported, kept as `<name>.bad` for a look, and the
older copy (if a `.new` was the bad one) or a fresh start takes its place. A match whose game
log alone cannot be read plays on without it, a copy of its file kept as `.bad`. A save that
fails is reported and the game plays on. A match left for the menu is saved as an empty file.

A box in play holds only this module: a Keeper is the keeper's state, and keep() calls the
code that writes the files (app.keeper_save) or reads them (app.keeper_files, the match
app.keeper_match) for each save, load or merge, importing it (with game.snapshot, game.stats, hal.storage ...) and letting it go
after. A save loads only what it writes: no reading, no checking, no rules' names for classic.
"""

import os
import sys

from micropython import const

from app import release

DIRECTORY = "/data"  # absolute: boot.py runs the firmware from /fw_a or /fw_b
LOG_RECORDS = const(300)  # about 30 turns of classic; the oldest go first
_READS = ("load_menu", "load_stats", "merge_stats")  # app.keeper_files'; the rest but load_match a save's
# What a keep() call may import (hal.json_file and game.presets to read a file); those boot
# holds already stay for main.py to let go.
_WORK = ("app.keeper_save", "app.keeper_files", "app.keeper_match", "game.snapshot", "game.snapshot_load",
         "game.snapshot_checks", "game.snapshot_fields", "game.snapshot_turns", "game.rule_names",
         "game.stats", "game.presets", "hal.json_file", "hal.storage")


class Keeper:
    """The box's three files in `directory`; `files` as hal.storage's (None: the real ones).

    `faults` collects the messages of files that could not be read or written; `writes`
    counts the saves made, for the bounds in the module docstring; `failing`: the last save
    failed; `menu`: the menu choices as last loaded or saved.
    """

    def __init__(self, directory=None, files=None):
        if directory is None:
            directory = DIRECTORY  # read now, so a host test can point it elsewhere
        try:
            os.mkdir(directory)
        except OSError:
            pass  # there already (or the flash is read-only: saving will say so)
        self.directory = directory
        self.files = files
        self.faults = []
        self.writes = 0
        self.failing = False
        self.menu = None


def keep(keeper, action, *args):
    """The function named `action` of app.keeper_save (a save), app.keeper_match (load_match)
    or app.keeper_files (the other loads, a merge), called with the keeper and `args`: the
    modules the call imports are let go after it (freed at the collector's next run)."""
    imported = [name for name in _WORK if name not in sys.modules]
    if action == "load_match":
        module = "app.keeper_match"
    else:
        module = "app.keeper_files" if action in _READS else "app.keeper_save"
    result = getattr(__import__(module, None, None, (action,)), action)(keeper, *args)
    release(imported, False)
    return result

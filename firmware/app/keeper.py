"""What the box keeps on its flash under /data/ (tools/flash.py never touches it), each file
saved with hal.storage.AtomicFile so a power cut at any byte leaves the old or the new copy:

    /data/match   the match in progress (game.snapshot's JSON), a newline, then its game log
                  (game.gamelog's dump): saved at the start, after every roll, tile joining
                  the pending move and committed move, and at each turn's end, so at most
                  2 * tiles + 1 writes a turn (game.snapshot says when exactly)
    /data/stats   lifetime statistics (game.stats), saved once per finished match
    /data/menu    the menu's last choices (game, players, hints), saved when they change

Every file is read with hal.json_file's bounds (at boot). A file that cannot be read or used (damaged,
not ours, a match this box cannot play) is reported, kept as `<name>.bad` for a look, and the
older copy (if a `.new` was the bad one) or a fresh start takes its place. A match whose game
log alone cannot be read plays on without it, a copy of its file kept as `.bad`. A save that
fails is reported and the game plays on. A match left for the menu is saved as an empty file.

The code that reads and writes the files (app.keeper_files, with game.snapshot and hal.storage)
is imported for each load or save and let go after it: a box in play holds only this module.
"""

import os

from micropython import const

from app import release

DIRECTORY = "/data"  # absolute: boot.py runs the firmware from /fw_a or /fw_b
LOG_RECORDS = const(300)  # about 30 turns of classic; the oldest go first
_WORK = ("app.keeper_files", "game.snapshot", "hal.storage")  # imported for a load or save


def _files():
    """app.keeper_files, imported for one load or save (_done lets it go)."""
    return __import__("app.keeper_files", None, None, ("save_match",))


def _done(result):
    release(_WORK, False)
    return result


class Keeper:
    """The box's three files in `directory`; `files` as hal.storage's (None: the real ones).

    `faults` collects the messages of files that could not be read or written; `writes`
    counts the saves made, for the bounds in the module docstring.
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
        self.failing = False  # the last save failed
        self.menu = None  # the menu choices as last loaded or saved

    @property
    def match_file(self):
        """The match's hal.storage.AtomicFile (a host test's look at the flash)."""
        return _files().match_file(self)

    @property
    def stats_file(self):
        return _files().stats_file(self)

    @property
    def menu_file(self):
        return _files().menu_file(self)

    # -- the menu ----------------------------------------------------------------------------
    def load_menu(self):
        """The saved menu choices as (game name, players, hints), or None."""
        menu = _done(_files().load_menu(self))
        if menu is not None:
            self.menu = menu
        return menu

    def save_menu(self, name, players, hints):
        """Save the menu's choices if they changed since the last load or save."""
        menu = (name, players, hints)
        if menu == self.menu:
            return True
        self.menu = menu
        return _done(_files().save_menu(self, name, players, hints))

    # -- lifetime statistics -----------------------------------------------------------------
    def load_stats(self):
        """The saved Stats, or fresh ones."""
        return _done(_files().load_stats(self))

    def save_stats(self, stats):
        return _done(_files().save_stats(self, stats))

    # -- the match in progress ---------------------------------------------------------------
    def load_match(self, tally, log, set_aside=True, playable=None):
        """(match, source) as last saved, with `tally` and `log` set from it; None if none.
        playable(rules): why this box cannot play a match, or None; one it cannot is set aside.
        set_aside=False leaves an unreadable file where it is (reading only, as an export)."""
        return _done(_files().load_match(self, tally, log, set_aside, playable))

    def drop_match(self):
        """Forget the match in progress (left for the menu): saved as an empty file."""
        return _done(_files().drop_match(self))

    def save_match(self, match, source, tally, log, after=None):
        """Save the match, its tally and its log; False (reported once) if it could not be.
        after: the Turn event's result it follows, saved only when game.snapshot says so."""
        return _done(_files().save_match(self, match, source, tally, log, after))


def export_log(directory=None):
    """The saved match's game log as JSON text (run over mpremote by tools/export_log.py);
    it only reads: an unreadable file stays where it is."""
    import gc
    import json

    from game.gamelog import GameLog
    from game.stats import MatchTally

    gc.collect()  # the imports' leftovers: room for the file in one piece
    keeper = Keeper(directory)
    log = GameLog(LOG_RECORDS)
    restored = keeper.load_match(MatchTally(), log, set_aside=False)
    if restored is None:
        raise OSError("no saved match in %s: %s" % (keeper.directory, "; ".join(keeper.faults) or "nothing saved yet"))
    match = restored[0]
    return json.dumps(log.export(match.rules.as_names(), match.players))

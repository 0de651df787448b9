"""What the box keeps on its flash under /data/ (tools/flash.py never touches it), each file
saved with hal.storage.AtomicFile so a power cut at any byte leaves the old or the new copy:

    /data/match   the match in progress (game.snapshot's JSON), a newline, then its game log
                  (game.gamelog's dump): saved at the start, after every roll and committed
                  move, and at each turn's end, so at most 2 * tiles + 1 writes a turn
    /data/stats   lifetime statistics (game.stats), saved once per finished match
    /data/menu    the menu's last choices (game, players, hints), saved when they change

A file that cannot be read is reported once, kept as `<name>.bad` for a look, and the box
starts afresh; a save that fails is reported and the game plays on.
"""

import json
import os

from game.snapshot import MAX_BYTES as SNAPSHOT_BYTES
from game.snapshot import SnapshotError, decode, encode
from game.stats import MAX_BYTES as STATS_BYTES
from game.stats import Stats, StatsError, stats_from_dict
from hal.storage import AtomicFile, StorageError
from micropython import const

DIRECTORY = "/data"  # absolute: boot.py runs the firmware from /fw_a or /fw_b
LOG_RECORDS = const(300)  # about 30 turns of classic; the oldest go first
_LOG_BYTES = const(4 + 5 * LOG_RECORDS)
_MENU_BYTES = const(256)
_SEPARATOR = const(10)  # the newline between the snapshot and the log


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
        self.match_file = AtomicFile(directory + "/match", files, SNAPSHOT_BYTES + 1 + _LOG_BYTES)
        self.stats_file = AtomicFile(directory + "/stats", files, STATS_BYTES)
        self.menu_file = AtomicFile(directory + "/menu", files, _MENU_BYTES)
        self.faults = []
        self.writes = 0
        self.failing = False  # the last save failed
        self.menu = None  # the menu choices as last loaded or saved

    def _save(self, store, payload):
        try:
            store.save(payload)
        except StorageError as error:
            if not self.failing:
                self.faults.append("not saved: %s" % error)
            self.failing = True
            return False
        self.writes += 1
        self.failing = False
        return True

    def _unreadable(self, store, why):
        """Report a file whose content checks but cannot be used, and set it aside."""
        self.faults.append("%s unreadable (%s); kept as %s.bad, starting afresh" % (store.path, why, store.path))
        try:
            if self.files is None:
                os.rename(store.path, store.path + ".bad")
            else:
                self.files.rename(store.path, store.path + ".bad")
        except OSError:
            pass

    # -- the menu ----------------------------------------------------------------------------
    def load_menu(self):
        """The saved menu choices as (game name, players, hints), or None."""
        payload = self.menu_file.load()
        if payload is None:
            return None
        try:
            saved = json.loads(payload)
            menu = (saved["game"], saved["players"], saved["hints"])
        except (ValueError, KeyError, TypeError) as error:
            self._unreadable(self.menu_file, error)
            return None
        self.menu = menu
        return menu

    def save_menu(self, name, players, hints):
        """Save the menu's choices if they changed since the last load or save."""
        menu = (name, players, hints)
        if menu == self.menu:
            return True
        self.menu = menu
        payload = json.dumps({"game": name, "players": players, "hints": hints})
        return self._save(self.menu_file, payload.encode())

    # -- lifetime statistics -----------------------------------------------------------------
    def load_stats(self):
        """The saved Stats, or fresh ones."""
        payload = self.stats_file.load()
        if payload is None:
            return Stats()
        try:
            return stats_from_dict(json.loads(payload))
        except (ValueError, StatsError) as error:  # StatsError is a ValueError, named for clarity
            self._unreadable(self.stats_file, error)
            return Stats()

    def save_stats(self, stats):
        return self._save(self.stats_file, json.dumps(stats.to_dict()).encode())

    # -- the match in progress ---------------------------------------------------------------
    def load_match(self, tally, log, set_aside=True):
        """(match, source) as last saved, with `tally` and `log` set from it; None if none.
        set_aside=False leaves an unreadable file where it is (reading only, as an export)."""
        payload = self.match_file.load()
        if payload is None:
            return None
        cut = payload.find(b"\n")
        try:
            if cut < 0:
                raise SnapshotError("snapshot", "no game log after it")
            restored = decode(payload[:cut], tally)
        except SnapshotError as error:
            if set_aside:
                self._unreadable(self.match_file, error)
            else:
                self.faults.append("%s unreadable (%s)" % (self.match_file.path, error))
            return None
        if not log.load(payload[cut + 1:]):
            self.faults.append("%s: game log unreadable; the match goes on without it" % self.match_file.path)
        return restored

    def save_match(self, match, source, tally, log):
        """Save the match, its tally and its log; False (reported once) if it could not be."""
        snapshot = encode(match, source, tally)
        payload = bytearray(len(snapshot) + 1)
        payload[0:len(snapshot)] = snapshot
        payload[len(snapshot)] = _SEPARATOR
        payload.extend(log.dump())
        return self._save(self.match_file, payload)


def export_log(directory=None):
    """The saved match's game log as JSON text (run over mpremote by tools/export_log.py);
    it only reads: an unreadable file stays where it is."""
    import gc

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

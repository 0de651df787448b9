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
"""

import json
import os

from game.snapshot import MAX_BYTES as SNAPSHOT_BYTES
from game.snapshot import encode, restore
from game.stats import MAX_BYTES as STATS_BYTES
from game.stats import Stats, stats_from_dict
from hal.storage import BAD_SUFFIX, AtomicFile, StorageError
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

    def _load(self, store, use, set_aside=True):
        """use(payload) for the newest copy of `store` that is whole and usable (use raises
        ValueError saying why not), or None. Each copy that is not is reported and set aside
        as `.bad` (set_aside=False: only reported), and the older copy is tried."""
        while True:
            payload = store.load()
            if store.fault is not None:
                self._unreadable(store, store.path, store.fault, set_aside and store.set_aside(store.path))
            if payload is None:
                return None
            try:
                return use(payload)
            except ValueError as error:
                source = store.loaded_from
                if not self._unreadable(store, source, error, set_aside and store.set_aside(source)):
                    return None

    def _unreadable(self, store, source, why, kept):
        """Report a file that cannot be read or used; returns `kept` (set aside as .bad)."""
        if kept:
            then = "the copy before it is used" if source == store.new_path else "starting afresh"
            self.faults.append("%s unreadable (%s); kept as %s, %s" % (source, why, source + BAD_SUFFIX, then))
        else:
            self.faults.append("%s unreadable (%s)" % (source, why))
        return kept

    # -- the menu ----------------------------------------------------------------------------
    def load_menu(self):
        """The saved menu choices as (game name, players, hints), or None."""
        menu = self._load(self.menu_file, _menu_choices)
        if menu is not None:
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
        stats = self._load(self.stats_file, _stats)
        return stats if stats is not None else Stats()

    def save_stats(self, stats):
        return self._save(self.stats_file, json.dumps(stats.to_dict()).encode())

    # -- the match in progress ---------------------------------------------------------------
    def load_match(self, tally, log, set_aside=True, playable=None):
        """(match, source) as last saved, with `tally` and `log` set from it; None if none.
        playable(rules): why this box cannot play a match, or None; one it cannot is set aside.
        set_aside=False leaves an unreadable file where it is (reading only, as an export)."""
        def use(payload):
            if not payload:  # saved empty: the match was left for the menu
                return None
            cut = payload.find(b"\n")
            if cut < 0:
                raise ValueError("no game log after the snapshot")
            restored = restore(_parse(payload[:cut]), tally, playable)
            if not log.load(payload[cut + 1:]):
                self._log_unreadable(payload, set_aside)
            return restored

        return self._load(self.match_file, use, set_aside)

    def _log_unreadable(self, payload, keep):
        """Report a match whose game log alone cannot be read (it plays on without it); if
        `keep`, keep a copy of its file as `.bad`, which the next save would otherwise lose."""
        source = self.match_file.loaded_from
        bad = "%s%s" % (source, BAD_SUFFIX)
        kept = ""
        if keep:
            kept = ", kept as " + bad
            try:  # the same bytes as the file: the same header and payload
                AtomicFile(bad, self.match_file.files, len(payload)).save(payload)
            except StorageError as error:
                kept = ", not kept (%s)" % error
        self.faults.append("%s: game log unreadable%s; the match goes on without it" % (source, kept))

    def drop_match(self):
        """Forget the match in progress (left for the menu): saved as an empty file."""
        return self._save(self.match_file, b"")

    def save_match(self, match, source, tally, log):
        """Save the match, its tally and its log; False (reported once) if it could not be."""
        snapshot = encode(match, source, tally)
        payload = bytearray(len(snapshot) + 1)
        payload[0:len(snapshot)] = snapshot
        payload[len(snapshot)] = _SEPARATOR
        payload.extend(log.dump())
        return self._save(self.match_file, payload)


def _parse(payload):
    """JSON within hal.json_file's bounds: imported here, as only boot reads the files (main.py
    lets it go before play)."""
    from hal.json_file import parse

    return parse(payload)


def _menu_choices(payload):
    saved = _parse(payload)
    if not isinstance(saved, dict):
        raise ValueError("expected an object")
    name = saved.get("game")
    players = saved.get("players")
    hints = saved.get("hints")
    if not isinstance(name, str) or not isinstance(players, int) or not isinstance(hints, bool):
        raise ValueError("expected a game's name, players and hints, got %r" % (saved,))
    return name, players, hints


def _stats(payload):
    return stats_from_dict(_parse(payload))


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

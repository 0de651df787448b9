"""Files on the board's flash saved so that a power cut at any byte leaves the old or the new
content, never a corrupt or empty one (AtomicFile)."""

# A save writes `<path>.new` (magic, length, CRC-32, payload), reads it back to verify it, then
# renames it over `<path>`. A load takes the newest copy whose length and CRC check: `.new` if it
# is whole (the cut came before the rename), else `<path>`. On FAT, where MicroPython's rename
# first removes the target, the whole `.new` survives that gap.
#
# A `.new` that is not whole is a save the power cut short: it is passed over. `<path>` is only
# ever made by renaming a whole `.new`, so one that is not whole has been damaged: a load says
# why in `fault`, and `set_aside` keeps its bytes as `<path>.bad` before a save replaces it (a
# whole `.new` found unusable is kept as `<path>.new.bad`). A copy set aside is never written
# over: the next is `.bad.1`, then `.bad.2` ... BAD_KEPT copies in all; past them the oldest
# (`.bad`) goes, the others move down one, and `dropped` says so.
#
# Saving is hal.storage_save's: its first save of a file in a boot makes the file's folder if it
# is not there (one level, `adopt`), and `adopt` moves in the copies an earlier layout kept
# elsewhere.

from micropython import const

from hal import crc32, os  # (a look-up: hal's docstring says why)

_MAGIC = const(b"SBX1")
_HEADER_BYTES = const(12)
_NEW_SUFFIX = const(".new")
BAD_SUFFIX = ".bad"
BAD_KEPT = const(4)  # copies set aside of one file at most: a full flash cannot come of them


class StorageError(Exception):
    """A save that could not be completed and verified (flash full, write error)."""


class PosixFiles:
    """The filesystem operations AtomicFile needs, on the board's (or host's) real files."""

    def open(self, path, mode):
        return open(path, mode)

    def rename(self, source, target):
        os.rename(source, target)

    def remove(self, path):
        os.remove(path)

    def mkdir(self, path):
        os.mkdir(path)


class AtomicFile:
    """One small file (settings, the match in progress, statistics) saved atomically."""

    def __init__(self, path, files=None, max_bytes=4096):
        self.path = path
        self.new_path = path + _NEW_SUFFIX
        self.files = files if files is not None else PosixFiles()
        self.max_bytes = max_bytes
        self.fault = None  # why the last load found `path` damaged, or None
        self.loaded_from = None  # the path the last load read
        self.dropped = False  # the last bad_path() removed the oldest copy set aside

    def _check(self, path):
        """(payload, None) if the file at `path` is whole; (None, why) if it is there but not
        whole; (None, None) if it cannot be opened (not there)."""
        # The header, then exactly the length it announces (and one byte more, to tell a file
        # with trailing bytes): one block the size of the payload, not of max_bytes, which a
        # fragmented heap may not have.
        try:
            stream = self.files.open(path, "rb")
        except OSError:
            return None, None
        try:
            with stream:
                header = stream.read(_HEADER_BYTES)
                if len(header) != _HEADER_BYTES or header[0:4] != _MAGIC:  # torn or not ours
                    return None, "not a saved file (header %r)" % (bytes(header[:4]),)
                length = int.from_bytes(header[4:8], "little")
                if length > self.max_bytes:
                    return None, "its header announces %d bytes, over the %d-byte limit" % (length, self.max_bytes)
                payload = stream.read(length + 1)
        except OSError as error:
            return None, "read failed (%s)" % error
        if len(payload) != length:
            return None, "%d bytes where its header announces %d" % (len(payload), length)
        if crc32(payload) & 0xFFFFFFFF != int.from_bytes(header[8:12], "little"):
            return None, "its checksum does not match (bits changed)"
        return payload, None

    def load(self):
        """The newest whole payload (bytes), or None when nothing valid was ever saved.

        `loaded_from` is the path it came from; `fault` says why `path` is there but not
        whole, else None.
        """
        self.fault = None
        self.loaded_from = self.new_path
        payload = self._check(self.new_path)[0]
        if payload is not None:
            return payload
        self.loaded_from = self.path
        payload, self.fault = self._check(self.path)
        return payload

    def set_aside(self, path):
        """Keep the file at `path` (this file or its `.new`) as bad_path(path) says; the path it
        is kept as, or None if it could not be renamed."""
        try:
            kept = self.bad_path(path)
            self.files.rename(path, kept)
        except OSError:
            return None
        return kept

    def bad_path(self, path):
        """Where a copy of `path` set aside goes: the first of `<path>.bad`, `.bad.1` ... that
        is not there; with BAD_KEPT there, the oldest is removed and the others move down one
        (`dropped`). Raises OSError if they cannot be."""
        self.dropped = False
        base = path + BAD_SUFFIX
        for index in range(BAD_KEPT):
            if not self._exists(_numbered(base, index)):
                return _numbered(base, index)
        self.dropped = True
        self.files.remove(base)
        for index in range(1, BAD_KEPT):
            self.files.rename(_numbered(base, index), _numbered(base, index - 1))
        return _numbered(base, BAD_KEPT - 1)

    def _exists(self, path):
        try:
            with self.files.open(path, "rb"):
                return True
        except OSError:
            return False

    def adopt(self, path=None):
        """Make the folder this file is in if it is not there (one level: its parent must be),
        then move in the copies an earlier layout kept at `path` (it and its `.new`), each
        where this file has none: a rename each, so a power cut between leaves every copy whole
        in one place or the other, and the next adopt moves the rest. Raises OSError if a copy
        cannot be moved."""
        cut = self.path.rfind("/")
        if cut > 0:
            try:
                self.files.mkdir(self.path[:cut])
            except OSError:
                pass  # there already (or it cannot be made: a write will say so)
        if path is not None:
            for old, new in ((path + _NEW_SUFFIX, self.new_path), (path, self.path)):
                if self._exists(old) and not self._exists(new):
                    self.files.rename(old, new)

    def _discard_new(self):
        try:
            self.files.remove(self.new_path)
        except OSError:
            pass


def _numbered(base, index):
    """The set-aside copy `index` of a file: `<path>.bad`, then `<path>.bad.1` ..."""
    return base + ".%d" % index if index else base

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
#
# A file saved often (`count` not None: the match, after every roll and move) is kept in two slots,
# `<path>.0` and `<path>.1`, written in place by turns: save n goes to slot n % 2 with n in its
# header (magic SBX2, n, length, CRC-32 of n's bytes and the payload), and a load takes the
# whole slot of the highest n. A save writes over the older copy only: the newer stays whole
# whatever the power or a bad write (its read-back fails) does to the one written. So a save
# makes no `.new` and renames nothing: on LittleFS one commit (the close) where the `.new` took
# three (made, closed, renamed), each of which may erase a block and compact the folder's
# metadata (issue 45). A slot that is not whole is a save cut short (on LittleFS, whose close
# commits a file's new content at once, a write that failed its read-back): passed over, as a
# `.new` that is not whole. `<path>` and `<path>.new` of the one-file layout (earlier firmware)
# are read first, as that layout reads them, and win while either is there: the first save
# writes a slot, then removes them (`<path>` first, so a cut between leaves `.new` if whole, the
# copy before that save).

from micropython import const

from hal import crc32, os  # (a look-up: hal's docstring says why)

_MAGIC = const(b"SBX1")
_HEADER_BYTES = const(12)
_SLOT_MAGIC = const(b"SBX2")  # a slot's: magic, save number, length, CRC-32
_SLOT_HEADER_BYTES = const(16)
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
        # None: kept in one file; kept in two slots (the comment above): the saves they have
        # counted, the newest whole slot's number (0: none), -1 until a load reads them
        self.count = None
        self.fault = None  # (path, why) of a file the last load found there but not whole, or None
        self.loaded_from = None  # the path the last load read
        self.dropped = False  # the last bad_path() removed the oldest copy set aside

    def _check(self, path):
        """(payload, None) if the file at `path` is whole (a slot's: (payload, its save's
        number)); (None, why) if it is there but not whole; (None, None) if it cannot be opened
        (not there), or is a slot that holds the start of a save (cut short)."""
        slot = self.count is not None and path != self.path and path != self.new_path
        # The header, then exactly the length it announces (and one byte more, to tell a file
        # with trailing bytes): one block the size of the payload, not of max_bytes, which a
        # fragmented heap may not have.
        try:
            stream = self.files.open(path, "rb")
        except OSError:
            return None, None
        try:
            with stream:
                size = _SLOT_HEADER_BYTES if slot else _HEADER_BYTES
                header = stream.read(size)
                if slot and len(header) < size and _SLOT_MAGIC.startswith(header[0:4]):
                    return None, None  # a slot's save cut in its header
                if len(header) != size or header[0:4] != (_SLOT_MAGIC if slot else _MAGIC):  # torn or not ours
                    return None, "not a saved file (header %r)" % (bytes(header[:4]),)
                seq = header[4:size - 8]  # (a slot's save number; else empty)
                length = int.from_bytes(header[size - 8:size - 4], "little")
                if length > self.max_bytes:
                    return None, "its header announces %d bytes, over the %d-byte limit" % (length, self.max_bytes)
                payload = stream.read(length + 1)
        except OSError as error:
            return None, "read failed (%s)" % error
        if len(payload) != length:
            if slot and len(payload) < length:
                return None, None  # a slot's save cut in its payload
            return None, "%d bytes where its header announces %d" % (len(payload), length)
        if crc32(payload, crc32(seq)) & 0xFFFFFFFF != int.from_bytes(header[size - 4:size], "little"):
            return None, "its checksum does not match (bits changed)"
        return payload, int.from_bytes(seq, "little") if slot else None

    def load(self):
        """The newest whole payload (bytes), or None when nothing valid was ever saved.

        `loaded_from` is the path it came from; `fault` is (path, why) of a file there but not
        whole (`path`, or a slot: then another slot's payload may be loaded), else None. A file
        kept in slots: `count` is then its newest whole slot's number (0: none)."""
        self.fault = None
        newest = None  # (number, payload, path) of the newest whole slot
        if self.count is not None:
            for index in (0, 1):
                path = self.path + ".%d" % index
                payload, said = self._check(path)  # said: its save's number, or why not whole
                if payload is None:
                    if said is not None and self.fault is None:
                        self.fault = (path, said)
                elif isinstance(said, int) and (newest is None or said > newest[0]):
                    newest = (said, payload, path)
            self.count = newest[0] if newest else 0
        self.loaded_from = self.new_path
        payload = self._check(self.new_path)[0]
        if payload is not None:
            return payload
        self.loaded_from = self.path
        payload, why = self._check(self.path)
        if why is not None:
            self.fault = (self.path, why)
            return None
        if payload is not None or newest is None:
            return payload
        self.loaded_from = newest[2]
        return newest[1]

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

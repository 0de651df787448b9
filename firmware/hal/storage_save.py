"""A save of hal.storage's AtomicFile, in steps (save_steps): the payload written to `<path>.new`
with its header, read back, renamed over `<path>`; or, for a file kept in slots, written over
its older slot and read back (hal.storage's comment says why each). Loaded only to write: a
box's boot reads its files and writes them only after a fault, so the names of this code are
not interned then (app.keeper_jobs imports it in a save's slice of its own)."""

from micropython import const

from hal import crc32  # (a look-up: hal's docstring says why)
from hal.storage import StorageError

_MAGIC = const(b"SBX1")  # a saved file's first bytes, then length, CRC-32 (hal.storage's, as there)
_SLOT_MAGIC = const(b"SBX2")  # a slot's: magic, save number, length, CRC-32 (hal.storage's)
_WRITE_BYTES = const(512)  # a save hands LittleFS at most this many bytes a step (its inline size)
_READ_BACK_BYTES = const(64)  # a save reads its file back this many bytes at a time
_READ_BACK_SLICE = const(512)  # and stops after this many (save_steps' caller's slice)
_ALONE = const(1)  # yielded before a step that commits (the close, a rename, a remove): alone in its tick


def save(file, payload):
    """Store `payload` (bytes, or a list of byte strings saved one after another: a memoryview
    of a ring's part needs no copy) in hal.storage's AtomicFile `file`; raises StorageError if
    it could not be written whole."""
    for _step in save_steps(file, payload):
        pass


def save_steps(file, payload, no_new=False):
    """AtomicFile `file`'s save() in steps, a generator: it stops after each of the flash's
    operations, so a caller can spread one save over several ticks of its loop, each doing
    one: an earlier `.new` looked for, then finished or removed; the file made; its bytes
    written, _WRITE_BYTES a step; the file closed; its read-back; the rename. The payload must
    not change before the last step: the read-back compares it with the file. Each of LittleFS's
    commits (the file made, closed or renamed) or a write past its inline size may erase a
    block of the flash (45 ms of a Pico's) and compact its folder's metadata first (up to
    15 ms of an emulated RP2040's): a step that does one does nothing else (issue 45: the file
    made and its header written, then its whole payload in one step, took up to 25 ms). The
    step before a close, a rename or a remove yields _ALONE: the caller may give the next a
    tick with no other work (app.keeper's alone); the others yield None.

    no_new: the caller knows no `.new` of this file is left (its last save completed), so
    the first steps are skipped: looking for one, and removing it, took a Pico 12 ms of
    LittleFS's search of the folder (measured on an emulated RP2040).

    A file kept in slots (`count` not None) is written over its older slot (the file opened,
    its bytes written, closed, read back: a step each as above), with no `.new` and no rename:
    LittleFS commits it once, at the close. Without no_new its first steps look for the
    one-file layout's `<path>` and `.new` (a step), which its last steps remove, a step each."""
    pieces = payload if isinstance(payload, list) else [payload]
    seq = b""  # (a slot's save number)
    if file.count is not None:
        if file.count < 0:  # (not loaded: the slots read to find their newest)
            file.load()
            yield
        seq = (file.count + 1).to_bytes(4, "little")
    size = 0
    crc = crc32(seq)
    for piece in pieces:
        size += len(piece)
        crc = crc32(piece, crc)
    if size > file.max_bytes:
        raise StorageError("%s: %d bytes is over the %d-byte limit" % (file.path, size, file.max_bytes))
    path = file.new_path
    left = ()  # the one-file layout's copies a save in slots removes once it is whole
    if seq:
        path = file.path + ".%d" % ((file.count + 1) & 1)
        if not no_new:
            file.adopt()  # its folder made if it is not there
            yield
            left = [old for old in (file.path, file.new_path) if file._exists(old)]
            yield
    elif not no_new:  # finish an earlier save cut before its rename, so this one cannot lose it
        file.adopt()  # its folder made if it is not there
        yield
        whole = file._check(file.new_path)[0] is not None
        yield _ALONE  # (renamed or removed next)
        if whole:
            try:
                file.files.rename(file.new_path, file.path)
            except OSError as error:
                raise StorageError("%s: rename failed (%s)" % (file.path, error)) from None
        else:
            file._discard_new()
        yield
    header = (_SLOT_MAGIC if seq else _MAGIC) + seq + size.to_bytes(4, "little") + (crc & 0xFFFFFFFF).to_bytes(4, "little")
    try:  # the file made, its bytes written a few hundred a step, the file closed: a step each
        with file.files.open(path, "wb") as stream:
            yield
            room = _WRITE_BYTES - len(header)
            stream.write(header)  # magic, (number,) length and CRC-32 (little-endian), then the payload
            for piece in pieces:
                at = 0
                end = len(piece)
                while at < end:
                    if not room:
                        yield
                        room = _WRITE_BYTES
                    part = min(end - at, room)
                    stream.write(memoryview(piece)[at:at + part] if part < end else piece)
                    room -= part
                    at += part
            # the close next: LittleFS's commit (a compaction of the folder or a scan for free
            # blocks, some 16 ms of an emulated RP2040's, and an erase)
            yield _ALONE
    except OSError as error:
        if not seq:
            file._discard_new()
        raise StorageError("%s: write failed (%s)" % (file.path, error)) from None
    yield
    if not (yield from _holds(file.files, path, header, pieces)):
        if not seq:
            file._discard_new()
        raise StorageError("%s: read-back did not match (flash full or failing?)" % file.path)
    if seq:
        file.count = int.from_bytes(seq, "little")
        for old in left:  # `<path>` first: a cut after it leaves `.new` if whole, as before this save
            yield _ALONE
            try:
                file.files.remove(old)
            except OSError as error:
                raise StorageError("%s: not removed (%s)" % (old, error)) from None
        return
    yield _ALONE
    try:
        file.files.rename(file.new_path, file.path)
    except OSError as error:
        raise StorageError("%s: rename failed (%s)" % (file.path, error)) from None


def _holds(files, path, header, pieces):
    """Is the file at `path` `header` then the `pieces`, exactly and nothing after? A
    generator (its value the answer), stopping after each _READ_BACK_SLICE bytes read: read
    back a few bytes at a time, so a save needs no second block the size of its payload
    (which a fragmented heap may not have), and a slice of a save reads a few hundred bytes
    of the flash (a match's whole file took an emulated RP2040 up to 25 ms, issue 45)."""
    try:
        with files.open(path, "rb") as stream:
            if stream.read(len(header)) != header:
                return False
            read = 0
            for piece in pieces:
                size = len(piece)
                at = 0
                while at < size:
                    end = min(size, at + _READ_BACK_BYTES)
                    if stream.read(end - at) != piece[at:end]:
                        return False
                    read += end - at
                    if read >= _READ_BACK_SLICE:
                        read = 0
                        yield
                    at = end
            return not stream.read(1)
    except OSError:
        return False

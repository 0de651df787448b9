"""The firmware's modules, packed in one file (tools/flashing/pack.py writes it), as a read-only
filesystem that boot.py mounts at /pack: LittleFS gives each file over its inline size a 4 KiB
block, one pack takes its bytes rounded up to a block.

A plain file of the tree, compiled, not code in boot.py: compiled from source at every boot,
its code lands scattered between the compiler's garbage, and a 12 KiB hint table no longer
finds room in one piece (measured on the virtual board). Kept small: it stays in the heap as
long as the box runs.
"""

import io
import os


class Member(io.IOBase):
    """The file an import opens in the pack: its `left` bytes from where PackFs.open put the
    open pack file. Imports do not overlap (a module is read whole before it runs), nor does a
    look-up come between an open and its reads (the web server reads a file's piece in one
    call): one Member serves them all, and the pack is not sought again each read (a seek and
    the reads it made were some 0.2 ms of an emulated RP2040's of each 255 bytes, issue 45)."""

    def readinto(self, buffer):
        left = self.left
        if left < len(buffer):
            buffer = memoryview(buffer)[:left]
        count = self.pack.readinto(buffer)
        self.left = left - count
        return count

    def ioctl(self, cmd, *args):
        # MP_STREAM_GET_BUFFER_SIZE (11): an import reads 255 bytes a call (MicroPython's most),
        # not 20; a close (4) leaves the pack open for the next import
        return 255 if cmd == 11 else 0


class PackFs:
    """The pack file at `path` as a read-only filesystem (MicroPython's user VFS protocol; not
    an io.IOBase itself: MicroPython would take the stream protocol for a filesystem's).

    The pack stays open: an open LittleFS file holds a cache of 4 program blocks (1 KiB on a
    Pico), and an open per import left that much garbage each time, which fragmented the heap
    (measured on the virtual board's LittleFS: a 12 KiB hint table found no room in one
    piece). The pack's table of its files and folders stays on flash, looked up there into
    three small buffers: no name is kept in RAM. LittleFS counts a file held open twice in
    statvfs once another handle of it closes: tools/flashing/device.py unmounts /pack before
    it reads the trees."""

    def __init__(self, path):
        pack = open(path, "rb")
        header = pack.read(12)
        if header[:4] != b"SBPK" or os.stat(path)[6] != int.from_bytes(header[8:], "little"):
            pack.close()
            raise OSError(22)  # EINVAL: not a whole pack (cut short, or not one)
        self.pack = pack
        self.bytes = int.from_bytes(header[8:], "little")
        self.count = int.from_bytes(header[4:6], "little")  # the table's slots
        self.name = bytearray(header[6])  # a slot's name, offset and size
        self.compiled = header[7] & 1  # no member is a .py file (tools/flashing/pack.py's COMPILED)
        self.offset = bytearray(4)
        self.size = bytearray(4)
        self.hit = -1  # the home slot of the path whose slot those hold (the last look-up's answer)
        self.member = Member()
        self.member.pack = pack

    def _entry(self, number):
        """Read slot `number`'s name into self.name: its offset and size follow it."""
        self.hit = -1
        pack = self.pack
        pack.seek(12 + number * (len(self.name) + 8))
        pack.readinto(self.name)

    def _numbers(self):
        """Read the offset and size after the name _entry read; the offset."""
        self.pack.readinto(self.offset)
        self.pack.readinto(self.size)
        return int.from_bytes(self.offset, "little")

    def stat(self, path):
        """path ("/hal/flaps.mpy") as os.stat gives it; its slot's numbers left in self.offset
        and self.size.

        An import asks for "/app/x" (a folder?), "/app/x.py", "/app/x.mpy", then opens it: a
        compiled pack answers the ".py" at once, and the others are looked up in the pack's
        table (_looked_up). A binary search of a sorted index read 8 entries for an import's
        first look-up, most of them in another KiB of the pack than the last (LittleFS's
        cache of the file): with its Python, an emulated RP2040's 3-4 ms (issue 45)."""
        if path.endswith(".py") and self.compiled:
            raise OSError(2)  # ENOENT: an import then tries the next path
        if self._looked_up(path) or (path.endswith("/") or not path.startswith("/") or path.startswith(
                "//")) and self._looked_up("/" + path.strip("/")):  # "/app/", "app" from a chdir
            return (0x8000 if int.from_bytes(self.offset, "little") else 0x4000, 0, 0, 0, 0, 0,
                    int.from_bytes(self.size, "little"), 0, 0, 0)  # (a folder has offset 0)
        raise OSError(2)

    def _looked_up(self, path):
        """Whether the pack's table holds `path` ("/app/x.mpy"; the root "/"): its slot's name
        and numbers are then read (`hit`: an open after its stat reads none again). Its slots from tools/flashing/pack.py's hash_slot on, up
        to the first empty one (its name's first byte 255): a miss mostly reads one or two,
        a hit one, all in a KiB or two of the pack. hash_slot is MicroPython's hash() of a
        str, its low byte (0 taken as 1): the same on every port (not CPython's)."""
        home = hash(path) & 0xFF or 1
        number = home
        read = self.hit != home  # (else the answer for a path of this home is read: an open's)
        key = None
        while True:
            if read:
                self._entry(number)
            if self.name[0] == 255:  # (no name's first byte, in UTF-8)
                return False
            if key is None:  # the path as the table names it: no "/", NUL-padded
                key = path.encode()
                if not key.startswith(b"/") or len(key) > len(self.name) + 1:
                    return False  # (stat asks again for "/" + a relative path)
                key = key[1:] + bytes(len(self.name) + 1 - len(key))
            if self.name == key:
                if read:
                    self._numbers()
                    self.hit = home
                return True
            if read:
                number += 1
            read = True

    # No __repr__ naming the pack for mpremote df: the method took 128 B of the boot heap;
    # app.repl_stop gives the class one once the box is stopped at the REPL (issue 44).
    def mount(self, readonly, mkfs):
        pass

    def statvfs(self, path):
        """As a read-only mount answers (mpremote df): the pack's bytes, all used, f_flag
        ST_RDONLY (1)."""
        return (1, 1, self.bytes, 0, 0, self.count, 0, 0, 1, len(self.name))

    def umount(self):
        self.pack.close()

    def ilistdir(self, path):
        prefix = path.strip("/").encode()
        if prefix:
            prefix += b"/"
        for number in range(self.count):
            self._entry(number)
            if self.name[0] == 255:  # a free slot
                continue
            offset = self._numbers()
            name = bytes(self.name).rstrip(b"\0")
            if name.startswith(prefix) and len(name) > len(prefix) and b"/" not in name[len(prefix):]:
                yield (name[len(prefix):].decode(), 0x8000 if offset else 0x4000, 0,
                       int.from_bytes(self.size, "little"))

    def open(self, path, mode):
        stat = self.stat(path)
        if stat[0] != 0x8000 or "w" in mode or "a" in mode or "+" in mode:
            raise OSError(1)  # EPERM: a directory, or a write to this read-only pack
        member = self.member
        member.left = stat[6]
        self.pack.seek(int.from_bytes(self.offset, "little"))
        return member

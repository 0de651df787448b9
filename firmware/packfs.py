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
    """The file an import opens in the pack: bytes `at`..`end` of the open pack file. Imports
    do not overlap (a module is read whole before it runs): one Member serves them all."""

    def readinto(self, buffer):
        left = self.end - self.at
        pack = self.pack
        pack.seek(self.at)  # the index's search moved it
        count = pack.readinto(buffer if left >= len(buffer) else memoryview(buffer)[:left])
        self.at += count
        return count

    def ioctl(self, cmd, *args):
        # MP_STREAM_GET_BUFFER_SIZE (11): an import reads 255 bytes a call, not 20; a close (4)
        # leaves the pack open for the next import
        return 255 if cmd == 11 else 0


class PackFs:
    """The pack file at `path` as a read-only filesystem (MicroPython's user VFS protocol; not
    an io.IOBase itself: MicroPython would take the stream protocol for a filesystem's).

    The pack stays open: an open LittleFS file holds a cache of 4 program blocks (1 KiB on a
    Pico), and an open per import left that much garbage each time, which fragmented the heap
    (measured on the virtual board's LittleFS: a 12 KiB hint table found no room in one
    piece). The index stays on flash, binary-searched there into three small buffers: no name
    is kept in RAM. LittleFS counts a file held open twice in statvfs once another handle of
    it closes: tools/flashing/device.py unmounts /pack before it reads the trees."""

    def __init__(self, path):
        pack = open(path, "rb")
        header = pack.read(12)
        if header[:4] != b"SBPK" or os.stat(path)[6] != int.from_bytes(header[8:], "little"):
            pack.close()
            raise OSError(22)  # EINVAL: not a whole pack (cut short, or not one)
        self.pack = pack
        self.bytes = int.from_bytes(header[8:], "little")
        self.count = int.from_bytes(header[4:6], "little")
        self.name = bytearray(header[6])  # an index entry's name, offset and size
        self.compiled = header[7] & 1  # no member is a .py file (tools/flashing/pack.py's COMPILED)
        self.offset = bytearray(4)
        self.size = bytearray(4)
        self.start = 0  # where the next search starts: the entry where the last one ended
        self.member = Member()
        self.member.pack = pack

    def _entry(self, number):
        """Read index entry `number`'s name into self.name: its offset and size follow it."""
        pack = self.pack
        pack.seek(12 + number * (len(self.name) + 8))
        pack.readinto(self.name)

    def _numbers(self):
        """Read the offset and size after the name _entry read; the offset."""
        self.pack.readinto(self.offset)
        self.pack.readinto(self.size)
        return int.from_bytes(self.offset, "little")

    def _found(self):
        """os.stat's answer for the entry whose name and numbers were read last (a directory
        has offset 0)."""
        return (0x8000 if int.from_bytes(self.offset, "little") else 0x4000, 0, 0, 0, 0, 0,
                int.from_bytes(self.size, "little"), 0, 0, 0)

    def stat(self, path):
        """path ("/hal/flaps.mpy") as os.stat gives it; its offset left in self.offset.

        An import asks for names that sort next to each other ("app/x", "app/x.py",
        "app/x.mpy", then opens it): the search looks first where the last one ended, and at
        the entry beside it, before it halves the index; a compiled pack has no "app/x.py", and
        the open finds its name in the entry the last stat read: an import reads 2 to 5 entries,
        not 4 searches' 28 (each some 0.2 ms of an RP2040's; imports took 9-20 ms, issue 45)."""
        key = path.strip("/").encode()
        width = len(self.name)
        if len(key) <= width and not (self.compiled and key.endswith(b".py")):
            key += bytes(width - len(key))
            if self.name == key:  # the entry read last (a search's hit, its numbers read after it)
                return self._found()
            low = 0
            high = self.count
            middle = self.start
            nearby = True  # the second probe: the entry beside `start`, on the key's side
            while low < high:
                if middle < low or middle >= high:
                    middle = (low + high) >> 1
                self._entry(middle)
                if self.name == key:
                    self.start = middle
                    self._numbers()
                    return self._found()
                if self.name < key:
                    low = middle + 1
                    middle = low if nearby else (low + high) >> 1
                else:
                    high = middle
                    middle = middle - 1 if nearby else (low + high) >> 1
                nearby = False
            self.start = low
            self.name[0] = 255  # no name's first byte (UTF-8): the entry read last is no answer
        raise OSError(2)  # ENOENT: an import then tries the next path

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
        member.at = int.from_bytes(self.offset, "little")
        member.end = member.at + stat[6]
        return member

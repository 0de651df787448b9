"""The keeper's saves of the match on MicroPython's own LittleFS (vfs.VfsLfs2), formatted as a
Pico formats its flash (4 KiB erase blocks, progsize=256), on the virtual board's block device
(board_sim/virtual_board/lfs_image.py: a host file of whole blocks), counting what LittleFS
reads and erases, in the two schemes side by side, each on a flash of its own: "one-file" (a
`.new` made, written, closed, read back and renamed over the file: the firmware before issue 45's
slots) and "slots" (hal.storage's two slots, the older written over in place: the match's now).
The menu's choices and the statistics are saved once beside the match's folder, then the match
`saves` times, each step of hal.storage_save's save_steps timed (bench/save_bench.py runs it on
the unix port), a match of SIZES' bytes each: within LittleFS's inline size (a match's early
saves: its data kept in the folder's metadata) and over it (a block of its own).

    save <scheme> <match bytes> <step> <longest µs> <most bytes read> <most block reads> <blocks erased>
    saves <scheme> <match bytes> <saves> <erases> <block reads> <bytes read> <steps>   (their totals)"""

import gc
import time

import vfs
from hal.storage import AtomicFile
from hal.storage_save import save, save_steps
from lfs_image import FileBlockDevice

SIZES = (400, 1400)  # a match's bytes: its first saves (snapshot and a short log), then mid-game
_WRITE_BYTES = 512  # hal.storage_save's: the most a step hands LittleFS (with its header)
_ERASE = 6  # the block device's ioctl: erase a block
STEPS = ("open", "write", "close", "read-back", "rename")


class CountingDevice(FileBlockDevice):
    """The virtual board's block device, counting LittleFS's reads (calls and bytes) and erases."""

    def __init__(self, path, block_count):
        super().__init__(path, block_count)
        self.read_bytes = self.reads = self.erases = 0

    def readblocks(self, block, buffer, offset=0):
        self.reads += 1
        self.read_bytes += len(buffer)
        super().readblocks(block, buffer, offset)

    def ioctl(self, op, arg):
        if op == _ERASE:
            self.erases += 1
        return super().ioctl(op, arg)


def _timed(flash, steps, slots, writes, figures, totals):
    """Run a save's steps, the longest time, most bytes and block reads of each kept by its
    name with the blocks erased in all of them; the erases, block reads, bytes read and steps
    added to `totals`."""
    index = 0
    while True:
        gc.collect()  # (not inside a step: a collection's pause is not LittleFS's)
        reads = flash.reads
        read_bytes = flash.read_bytes
        erases = flash.erases
        started = time.ticks_us()
        try:
            next(steps)
            done = False
        except StopIteration:
            done = True
        spent = time.ticks_diff(time.ticks_us(), started)
        # the file made, its _WRITES writes, closed, read back a few hundred bytes a step
        # (its last, with slots), renamed (one-file)
        name = ("read-back" if slots else "rename") if done else STEPS[
            0 if index == 0 else 1 if index <= writes else 2 if index == writes + 1 else 3]
        was = figures.get(name, (0, 0, 0, 0))
        figures[name] = (max(was[0], spent), max(was[1], flash.read_bytes - read_bytes),
                         max(was[2], flash.reads - reads), was[3] + flash.erases - erases)
        totals[0] += flash.erases - erases
        totals[1] += flash.reads - reads
        totals[2] += flash.read_bytes - read_bytes
        totals[3] += 1
        if done:
            return
        index += 1


def run(saves, image, blocks):
    """`image`: a host file of `blocks` erased blocks, the flash (formatted again per scheme)."""
    flash = CountingDevice(image, blocks)
    for match_bytes in SIZES:
        writes = (match_bytes + 16 + _WRITE_BYTES - 1) // _WRITE_BYTES  # a save's write steps
        for scheme in ("one-file", "slots"):
            slots = scheme == "slots"
            vfs.VfsLfs2.mkfs(flash, progsize=256)
            vfs.mount(vfs.VfsLfs2(flash, progsize=256), "/flash")
            for name, size in (("menu", 60), ("stats", 600)):
                save(AtomicFile("/flash/" + name), bytes(size))
            match = AtomicFile("/flash/play/match", None, match_bytes + 16)
            if slots:
                match.count = -1  # (kept in slots: hal.storage's)
            save(match, bytes(match_bytes))  # the first save: its folder made
            figures = {}
            totals = [0, 0, 0, 0]
            for turn in range(saves):
                steps = save_steps(match, bytes([turn & 0xFF]) * match_bytes, True)
                _timed(flash, steps, slots, writes, figures, totals)
            for name in STEPS:
                if name in figures:
                    print("save", scheme, match_bytes, name, *figures[name])
            print("saves", scheme, match_bytes, saves, *totals)
            vfs.umount("/flash")

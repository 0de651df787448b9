"""The keeper's saves on MicroPython's own LittleFS (vfs.VfsLfs2), formatted as a Pico formats its
flash (4 KiB erase blocks, progsize=256), on the virtual board's block device (board_sim/
virtual_board/lfs_image.py: a host file of whole blocks), counting what LittleFS reads: the
menu's choices and the statistics saved once, then the match `saves` times, each step of
hal.storage_save's save_steps timed (bench/save_bench.py runs it on the unix port).

    save <folder> <step> <longest µs> <most bytes read> <saves>   (a line per step)

folder: "shared", the match beside the menu's and the statistics' files (as before /data/play/),
or "own", the match alone in its folder (app.keeper_save's match_file)."""

import gc
import time

import vfs
from hal.storage import AtomicFile
from hal.storage_save import save, save_steps
from lfs_image import FileBlockDevice

_MATCH_BYTES = 1400  # about a match's save mid-game: its snapshot, then its game log
_WRITE_BYTES = 512  # hal.storage_save's: the most a step hands LittleFS (with its 12-byte header)
_WRITES = (_MATCH_BYTES + 12 + _WRITE_BYTES - 1) // _WRITE_BYTES  # the save's write steps


class CountingDevice(FileBlockDevice):
    """The virtual board's block device, counting the bytes LittleFS reads."""

    def __init__(self, path, block_count):
        super().__init__(path, block_count)
        self.read_bytes = 0

    def readblocks(self, block, buffer, offset=0):
        self.read_bytes += len(buffer)
        super().readblocks(block, buffer, offset)


def _timed(flash, steps, longest, most):
    """Run a save's steps, the longest time and most bytes read of each kept by its name."""
    names = ("open", "write", "close", "read-back", "rename")
    index = 0
    while True:
        gc.collect()  # (not inside a step: a collection's pause is not LittleFS's)
        flash.read_bytes = 0
        started = time.ticks_us()
        try:
            next(steps)
            done = False
        except StopIteration:
            done = True
        spent = time.ticks_diff(time.ticks_us(), started)
        # the file made, its _WRITES writes, closed, read back a few hundred bytes a step, renamed
        name = "rename" if done else names[0 if index == 0 else 1 if index <= _WRITES else
                                            2 if index == _WRITES + 1 else 3]
        longest[name] = max(longest.get(name, 0), spent)
        most[name] = max(most.get(name, 0), flash.read_bytes)
        if done:
            return
        index += 1


def run(saves, image, blocks):
    """`image`: a host file of `blocks` erased blocks, the flash."""
    flash = CountingDevice(image, blocks)
    vfs.VfsLfs2.mkfs(flash, progsize=256)
    vfs.mount(vfs.VfsLfs2(flash, progsize=256), "/flash")
    for folder, match_path in (("shared", "/flash/shared/match"), ("own", "/flash/own/play/match")):
        directory = "/flash/" + folder
        for name, size in (("menu", 60), ("stats", 600)):
            save(AtomicFile(directory + "/" + name), bytes(size))  # (makes the folder)
        match = AtomicFile(match_path, None, _MATCH_BYTES)
        save(match, bytes(_MATCH_BYTES))  # the first save: its folder made, no `.new` looked for
        longest = {}
        most = {}
        for turn in range(saves):
            _timed(flash, save_steps(match, bytes([turn & 0xFF]) * _MATCH_BYTES, True), longest, most)
        for name in ("open", "write", "close", "read-back", "rename"):
            print("save", folder, name, longest[name], most[name], saves)
    vfs.umount("/flash")

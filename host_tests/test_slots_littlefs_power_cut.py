"""The match's saves in hal.storage's two slots on MicroPython's own LittleFS (the unix port),
formatted as a Pico formats its flash (4 KiB blocks, progsize 256), with the power cut before
each of the flash's operations (a block programmed or erased; nothing after the cut reaches
it) in each of 40 saves, the first over earlier firmware's one-file layout (`match` and a
whole `.new`): mounted again, the flash gives the match as last saved or as newly saved, never
another or none, and no fault. The 40 saves take LittleFS through its metadata's compactions
(a save's operations vary)."""

import pathlib

import pytest

from host_tests.micropython_runtimes import run_on

pytestmark = pytest.mark.micropython

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAVES = 40
BLOCKS = 32

SCRIPT = '''
import vfs
from hal.storage import AtomicFile
from hal.storage_save import save
from lfs_image import BLOCK_BYTES, FileBlockDevice

class Cut(BaseException):
    pass

class CuttingDevice(FileBlockDevice):
    def __init__(self, path, blocks, cut_at):
        super().__init__(path, blocks)
        self.ops = 0
        self.cut_at = cut_at

    def _op(self):
        if self.cut_at is not None and self.ops >= self.cut_at:
            raise Cut()
        self.ops += 1

    def writeblocks(self, block, buffer, offset=None):
        self._op()
        super().writeblocks(block, buffer, offset)

    def ioctl(self, op, arg):
        if op == 6:  # an erase: the block's bytes 0xff
            self._op()
            super().writeblocks(arg, b"\\xff" * BLOCK_BYTES, 0)
        return super().ioctl(op, arg)

def copy(source, target):
    with open(source, "rb") as read, open(target, "wb") as write:
        while True:
            block = read.read(BLOCK_BYTES)
            if not block:
                return
            write.write(block)

def mounted(image, cut_at=None):
    device = CuttingDevice(image, %(blocks)d, cut_at)
    vfs.mount(vfs.VfsLfs2(device, progsize=256), "/f")
    return device

def slots():
    store = AtomicFile("/f/play/match", None, 8192)
    store.count = -1  # (in slots, the newest not yet read)
    return store

def payload(index):
    return bytes([index & 0xff]) * (1300 + index * 7)  # (over LittleFS's inline size, growing)

image = %(image)r
base = image + ".base"
device = CuttingDevice(image, %(blocks)d, None)
vfs.VfsLfs2.mkfs(device, progsize=256)
mounted(image)
vfs.mkdir("/f/play") if hasattr(vfs, "mkdir") else __import__("os").mkdir("/f/play")
save(AtomicFile("/f/play/match"), payload(0))  # earlier firmware's file
save(AtomicFile("/f/play/x"), payload(1))
__import__("os").rename("/f/play/x", "/f/play/match.new")  # and its whole .new
vfs.umount("/f")
for index in range(2, 2 + %(saves)d):
    copy(image, base)
    cut_at = 0
    ops = None
    while ops is None or cut_at <= ops:
        copy(base, image)
        device = mounted(image, None if ops is None else cut_at)
        store = slots()
        try:
            store.load()
            save(store, payload(index))
        except Cut:
            pass
        vfs.umount("/f")
        if ops is None:
            ops = device.ops
            copy(image, base + ".next")
            continue
        mounted(image)
        store = slots()
        got = store.load()
        print("cut", index, cut_at, ops, "new" if got == payload(index) else "old" if got == payload(index - 1) else "other", store.fault)
        vfs.umount("/f")
        cut_at += 1
    copy(base + ".next", image)
print("done")
'''


def test_a_cut_before_any_flash_operation_of_a_save_in_slots_keeps_the_last_saved_or_the_new(tmp_path):
    image = tmp_path / "flash.img"
    image.write_bytes(b"\xff" * (BLOCKS * 4096))
    status, out, err = run_on("unix", SCRIPT % {"image": str(image), "blocks": BLOCKS, "saves": SAVES},
                              (ROOT / "firmware", ROOT / "board_sim" / "virtual_board"), heap="1m")
    assert status == 0 and out.rstrip().endswith("done"), (out + err)[-3000:]
    cuts = [line.split() for line in out.splitlines() if line.startswith("cut ")]
    assert len({int(words[1]) for words in cuts}) == SAVES
    assert [words for words in cuts if words[4] != ("new" if words[2] == words[3] else "old") or words[5] != "None"] == []
    ops = {int(words[1]): int(words[3]) for words in cuts}
    usual = min(ops.values())  # (4: a data block erased and written, the folder's commit)
    assert usual >= 2 and ops[2] > usual + 2, ops  # the first: its slot, then earlier firmware's files removed
    assert sum(1 for count in ops.values() if count > usual) >= 4, ops  # (the folder's compactions)

"""A LittleFS image in a host file as the board's flash (runs inside the unix port).

FileBlockDevice is the block device MicroPython's docs describe (vfs.AbstractBlockDev, the
extended interface LittleFS needs) over a file of whole 4 KiB blocks; every write reaches the
file at once, so a power cut (the port killed) leaves the blocks written so far, as on flash.
mount_image() mounts it at "/" the way rp2's _boot.py does: LittleFS v2, formatted when it does
not mount (a new image is a freshly erased flash).
"""

import vfs

BLOCK_BYTES = 4096
_IOCTL_BLOCK_COUNT = 4
_IOCTL_BLOCK_SIZE = 5


class FileBlockDevice:
    """Blocks of BLOCK_BYTES kept in the host file `path` (opened once, before "/" changes)."""

    def __init__(self, path, block_count):
        self._file = open(path, "r+b")
        self._block_count = block_count

    def readblocks(self, block, buffer, offset=0):
        self._file.seek(block * BLOCK_BYTES + offset)
        self._file.readinto(buffer)

    def writeblocks(self, block, buffer, offset=None):
        self._file.seek(block * BLOCK_BYTES + (offset or 0))
        self._file.write(buffer)

    def ioctl(self, op, arg):
        if op == _IOCTL_BLOCK_COUNT:
            return self._block_count
        if op == _IOCTL_BLOCK_SIZE:
            return BLOCK_BYTES
        return 0  # init, deinit, sync, erase: nothing to do on a file


def mount_image(path, image_bytes, progsize):
    """Mount the LittleFS image at `path` (image_bytes long) at "/", formatting it if needed."""
    device = FileBlockDevice(path, image_bytes // BLOCK_BYTES)
    try:
        flash = vfs.VfsLfs2(device, progsize=progsize)
    except OSError:
        vfs.VfsLfs2.mkfs(device, progsize=progsize)
        flash = vfs.VfsLfs2(device, progsize=progsize)
    vfs.umount("/")
    vfs.mount(flash, "/")

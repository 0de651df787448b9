"""A host directory as the board's flash (runs inside the unix port): mount it at "/".

The port's own VfsPosix(root) does the work; this subclass mends its rename (which loses
the first path when given two absolute ones), reports a flash of `capacity_bytes` in 4 KiB
blocks through statvfs as MicroPython's LittleFS does (free blocks computed unsigned, so files
over the capacity wrap the figure to about 2^32), and refuses to open a file for writing on a
full one with OSError(ENOSPC), MicroPython's errno 28. It lists a folder with each file's
size, as LittleFS does, and names itself by the host directory (mpremote df).
"""

import vfs

_ENOSPC = 28  # MicroPython's errno module has no ENOSPC name; the number is the standard one
_DIR_TYPE = 0x4000
_BLOCK_BYTES = 4096
_DIR_BLOCKS = 2  # a LittleFS directory is a metadata pair


class HostDirVfs(vfs.VfsPosix):
    """The board's root filesystem kept in host_dir, sized like the board's flash."""

    def __init__(self, host_dir, capacity_bytes):
        super().__init__(host_dir)
        self._host_dir = host_dir.rstrip("/")
        self._plain = vfs.VfsPosix()  # no root: takes host paths as they are
        self._capacity_blocks = capacity_bytes // _BLOCK_BYTES

    def _host(self, path):
        # A relative path is relative to the process's directory, which chdir keeps in step.
        return self._host_dir + path if path.startswith("/") else path

    # mpremote df's name of the mount: the host directory. (Names the board has interned
    # already, here and below: the firmware's heap is a Pico's, and selftest fits it tightly.)
    def __repr__(self):
        return self._host_dir

    # As LittleFS lists a folder: (name, type, inode, size); VfsPosix gives no size, and
    # mpremote's fs ls showed each file as 0 bytes.
    def ilistdir(self, path):
        for entry in super().ilistdir(path):
            size = 0
            if entry[1] != _DIR_TYPE:
                size = self.stat(path.rstrip("/") + "/" + entry[0] if path else entry[0])[6]
            yield (entry[0], entry[1], entry[2], size)

    def rename(self, old_path, new_path):
        self._plain.rename(self._host(old_path), self._host(new_path))

    def open(self, path, mode):
        if ("w" in mode or "a" in mode or "+" in mode) and self._free_blocks() <= 0:
            raise OSError(_ENOSPC)
        return super().open(path, mode)

    def _used_blocks(self, host_path):
        blocks = _DIR_BLOCKS
        for entry in self._plain.ilistdir(host_path):
            child = host_path + "/" + entry[0]
            if entry[1] == _DIR_TYPE:
                blocks += self._used_blocks(child)
            else:
                size = self._plain.stat(child)[6]
                blocks += max(1, (size + _BLOCK_BYTES - 1) // _BLOCK_BYTES)
        return blocks

    def _free_blocks(self):
        return self._capacity_blocks - self._used_blocks(self._host_dir)

    def statvfs(self, path):
        free = self._free_blocks() & 0xFFFFFFFF
        return (_BLOCK_BYTES, _BLOCK_BYTES, self._capacity_blocks, free, free, 0, 0, 0, 0, 255)

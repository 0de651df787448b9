"""A filesystem wrapper that loses power at a chosen step: every byte written, every rename
and every remove is one step. Bytes written before the cut stay on flash; nothing after does.
`fat_rename` models FAT, where MicroPython removes the target before renaming over it."""

import os

from hal.storage import PosixFiles


class PowerCut(BaseException):
    """The power went off (BaseException, so no `except OSError` in the firmware catches it)."""


class _CuttingStream:
    def __init__(self, stream, files):
        self.stream = stream
        self.files = files

    def write(self, data):
        for index in range(len(data)):
            self.files.step()
            self.stream.write(data[index:index + 1])
        return len(data)

    def read(self, size=-1):
        return self.stream.read(size)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stream.close()
        return False


class PowerCutFiles(PosixFiles):
    """Real files in a directory, with the power cut at step `cut_at` (None: never)."""

    def __init__(self, cut_at=None, fat_rename=False):
        self.cut_at = cut_at
        self.steps = 0
        self.fat_rename = fat_rename

    def step(self):
        if self.cut_at is not None and self.steps >= self.cut_at:
            raise PowerCut()
        self.steps += 1

    def open(self, path, mode):
        stream = open(path, mode)
        return _CuttingStream(stream, self) if "w" in mode else stream

    def rename(self, source, target):
        if self.fat_rename:
            try:
                os.stat(target)
                self.step()
                os.remove(target)
            except OSError:
                pass
        self.step()
        os.rename(source, target)

    def remove(self, path):
        self.step()
        os.remove(path)


def fresh_dir(tag):
    """An empty directory for one test on this runtime."""
    import sys

    path = "/tmp/shutbox-%s-%s-%d" % (tag, sys.implementation.name, id(object()))
    try:
        os.mkdir(path)
    except OSError:
        for name in os.listdir(path):
            os.remove(path + "/" + name)
    return path

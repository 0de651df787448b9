"""Blocks a tree of files takes on a board's LittleFS, counted the way MicroPython's statvfs
counts them: what tools/flash.py checks before it writes anything.

MicroPython's statvfs counts the blocks lfs_fs_traverse visits, and that visits a directory's
metadata pair twice (once along the directories' chain, once from its entry in its parent): a
directory uses 2 blocks and is counted as 4. A file of inline_bytes or less lives in its
directory's metadata; a larger one is a CTZ skip-list of whole blocks. A directory's metadata
(each entry's tags, name and inline data) splits into another pair as it grows: written in
name order, as flash.py writes a tree, a pair holds at most about 1200 bytes of it (measured
on MicroPython's LittleFS with trees of 1 to 30 files of random sizes: never more).
"""

# LittleFS keeps a file this small in its directory's metadata, no block of its own: rp2's
# _boot.py mounts with progsize=256 (512 bytes inline, measured), other ports with the default
# 32 (128 bytes).
INLINE_BYTES = {"rp2": 512}
DEFAULT_INLINE_BYTES = 128
DIR_BLOCKS = 4  # one metadata pair, counted twice by statvfs
PAIR_BLOCKS = 2  # each further pair a directory's metadata splits into
ENTRY_BYTES = 32  # an entry's tags in its directory's metadata: name, struct, mtime, commit share
STRUCT_BYTES = 8  # a file's head block and size, or a directory's pair
PAIR_BYTES = 1200
_POINTER_BYTES = 4


def file_blocks(size, block_bytes, inline_bytes):
    """Blocks a file of `size` bytes takes: none when its directory holds it; else block 0
    holds data only and block n (n >= 1) starts with ctz(n) + 1 pointers back."""
    if size <= inline_bytes:
        return 0
    blocks = 1
    capacity = block_bytes
    while capacity < size:
        capacity += block_bytes - _POINTER_BYTES * (blocks & -blocks).bit_length()
        blocks += 1
    return blocks


def tree_blocks(sizes, block_bytes, inline_bytes):
    """Blocks statvfs counts for a directory holding {relative path: size}, with its own
    directory and every directory under it."""
    metadata = {"": 0}
    blocks = 0
    for path, size in sizes.items():
        parent, _, name = path.rpartition("/")
        _add_directory(metadata, parent)
        metadata[parent] += ENTRY_BYTES + len(name) + (size if size <= inline_bytes else STRUCT_BYTES)
        blocks += file_blocks(size, block_bytes, inline_bytes)
    for used in metadata.values():
        blocks += DIR_BLOCKS + PAIR_BLOCKS * (max(used - 1, 0) // PAIR_BYTES)
    return blocks


def _add_directory(metadata, path):
    while path not in metadata:
        metadata[path] = 0
        parent, _, name = path.rpartition("/")
        metadata.setdefault(parent, 0)
        metadata[parent] += ENTRY_BYTES + len(name) + STRUCT_BYTES
        path = parent

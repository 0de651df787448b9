"""The firmware tree as a board keeps it: main.py and the JSON files a user may edit stay plain
files, and so does packfs (it mounts the pack); every other file (the .mpy modules, selftest,
version) goes into one pack file, pack.bin, which boot.py mounts read-only at /pack (with
firmware/packfs.py) and puts on sys.path. LittleFS gives each
file over its inline size a 4 KiB block of its own and each directory 4 blocks as statvfs
counts them: 79 modules took 404 KiB as files, one pack takes its bytes rounded up to a block.

pack.bin (little-endian):
    header  b"SBPK", the table's slot count (u16), name width W (u8), flags (u8: COMPILED when
            no member is a .py file), the pack's length (u32)
    table   its files and folders by the hash of their path ("/app/x.mpy"; the root's "/"),
            a slot each: W bytes of name (NUL-padded, no leading "/"; the root is the empty
            name) then the member's offset (u32) and size (u32), a folder's 0 and 0. A path
            is in the first free slot from hash_slot(path) on (no wrap-around); a free slot's
            name starts with byte 255 (none in UTF-8); the table has 256 slots, or as many as
            its last one used, and one free slot after them.
    data    the members' bytes, one after another
firmware/packfs.py reads it: the slots of a path from its hash_slot, on the pack file, so
its names never sit in RAM; a member is read from flash when it is opened.
"""

import json
import struct

from tools.flashing.build import FIRMWARE, ROOT_FILES, build_image, firmware_version, sha256
from tools.flashing.tables import MANIFEST_KEY, split_tables

PACK = "pack.bin"
MAGIC = b"SBPK"
HEADER = struct.Struct("<4sHBBI")
COMPILED = 1  # the header's flag: no member is a .py file (packfs answers an import's ".py" at once)
_HOME_SLOTS = 256  # hash_slot's
_FREE = 255  # a free slot's first byte
ENTRY_NUMBERS = struct.Struct("<II")
# main.py: MicroPython runs it only as a file; packfs: it mounts the pack. JSON stays plain too.
KEPT_PLAIN = ("main.py", "packfs.mpy", "packfs.py")


class PackError(ValueError):
    """A pack that cannot be read (not one, cut short)."""


def plain(path):
    """Whether a tree's file stays a plain file: main.py, packfs and the JSON files (board.json,
    config.json, the pin map, the manifest: users edit them, tools/flash.py reads them)."""
    return path in KEPT_PLAIN or path.endswith(".json")


def pack(members):
    """The pack file's bytes holding `members` ({relative path: bytes}) and their directories."""
    names = {""}
    for path in members:
        parts = path.split("/")
        names.update("/".join(parts[:end]) for end in range(1, len(parts)))
    names.update(members)
    width = max(len(name.encode()) for name in names)
    slots: list[str | None] = [None] * (_HOME_SLOTS + len(names))
    for name in sorted(names):
        at = hash_slot(("/" + name).encode())  # (the root's "/")
        while slots[at] is not None:
            at += 1
        slots[at] = name
    while slots[-1] is None:
        slots.pop()
    slots += [None] * (max(_HOME_SLOTS, len(slots)) + 1 - len(slots))
    offset = HEADER.size + len(slots) * (width + ENTRY_NUMBERS.size)
    table = []
    data = []
    for name in slots:
        if name is None:
            table.append(bytes((_FREE,)).ljust(width + ENTRY_NUMBERS.size, b"\0"))
            continue
        if name in members:
            numbers = ENTRY_NUMBERS.pack(offset, len(members[name]))
            offset += len(members[name])
            data.append(members[name])
        else:
            numbers = ENTRY_NUMBERS.pack(0, 0)
        table.append(name.encode().ljust(width, b"\0") + numbers)
    flags = 0 if any(name.endswith(".py") for name in members) else COMPILED
    return HEADER.pack(MAGIC, len(slots), width, flags, offset) + b"".join(table) + b"".join(data)


def hash_slot(path):
    """The table's first slot for `path` (bytes, "/app/x.mpy"): the low byte of MicroPython's
    hash of it (qstr_compute_hash: djb2, hash * 33 ^ byte from 5381, masked to its 1 or 2
    bytes, 0 taken as 1), so 0 taken as 1 here too: the same on every port."""
    value = 5381
    for byte in path:
        value = (value * 33 ^ byte) & 0xFFFF
    return value & 0xFF or 1


def unpack(data):
    """{relative path: bytes} of a pack's files (its directories left out); PackError if it is
    not a whole pack."""
    if len(data) < HEADER.size:
        raise PackError("%d bytes: shorter than a pack's header" % len(data))
    magic, count, width, _flags, length = HEADER.unpack_from(data)
    if magic != MAGIC or length != len(data):
        raise PackError("not a whole pack (%r, %d bytes of %d)" % (magic, len(data), length))
    members = {}
    for number in range(count):
        at = HEADER.size + number * (width + ENTRY_NUMBERS.size)
        offset, size = ENTRY_NUMBERS.unpack_from(data, at + width)
        if offset and data[at] != _FREE:
            members[data[at:at + width].rstrip(b"\0").decode()] = data[offset:offset + size]
    return members


def packed_tree(image):
    """A tree ({relative path: bytes}, as tools.flashing.build.build_image gives it) as the board
    keeps it: its plain files, and pack.bin holding the rest."""
    tree = {path: data for path, data in image.items() if plain(path)}
    members = {path: data for path, data in image.items() if not plain(path)}
    if members:
        tree[PACK] = pack(members)
    return tree


def unpacked_tree(tree):
    """The files of a tree as the board keeps it, its pack's members among them."""
    files = {path: data for path, data in tree.items() if path != PACK}
    if PACK in tree:
        files.update(unpack(tree[PACK]))
    return files


def manifest(version, board_json_bytes, tables):
    """A verified tree's manifest.json: its version, the sha256 of the board.json flashed with
    it, the shared tables it names ({board path: bytes})."""
    return json.dumps({"version": version, "board_json": sha256(board_json_bytes),
                       MANIFEST_KEY: sorted(tables)}).encode()


def board_files(bytecode, board_json_bytes, firmware_dir=FIRMWARE, tree="fw_a", root="/"):
    """{path from the board's "/": bytes} of a board tools/flash.py flashed once: boot.py, the
    tree (its modules packed) with its manifest, /active naming it, the shared tables.
    `root`: the board's "/" as the firmware finds it (tools.flashing.tables.split_tables)."""
    image = build_image(bytecode, board_json_bytes, firmware_dir)
    files = {name: image.pop(name) for name in ROOT_FILES if name in image}
    tables = split_tables(image, bytecode, root)
    files.update(("%s/%s" % (tree, path), data) for path, data in packed_tree(image).items())
    files["%s/manifest.json" % tree] = manifest(firmware_version(firmware_dir), board_json_bytes, tables)
    files["active"] = (tree + "\n").encode()
    files.update((path[1:], data) for path, data in tables.items())
    return files

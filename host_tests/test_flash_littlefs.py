"""tools/flash.py against the filesystem a board really has: a LittleFS image of a Pico W's
848 KiB takes a second flash; a nearly full board keeps the 16 KiB promised for saved games or
is refused and left as it was; a write to a full one says so (MicroPython prints "OSError:
28"); statvfs figures that wrapped are not believed."""

import pathlib
import random
import subprocess
import sys

import pytest

from board_sim.virtual_board import FS_IMAGES, VirtualBoard
from host_tests.micropython_runtimes import run_on
from tools.flashing.build import FlashError
from tools.flashing.device import Board, believable_free_blocks, free_bytes_at
from tools.flashing.flash import DATA_RESERVE_BYTES, flash
from tools.flashing.pack import PACK, packed_tree
from tools.flashing.space import file_blocks, tree_blocks
from tools.flashing.tables import SHARED

MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"
KIB = 1024
_INTERRUPT_ATTEMPTS = 2  # mpremote's exec, asked this often to stop a booting firmware
TREE_KIB_MAX = 280  # issue 13: a flashed firmware tree, in 4 KiB blocks

pytestmark = pytest.mark.micropython


def quiet(_message):
    pass


def set_version(firmware, version):
    (firmware / "version.py").write_text(
        '"""The firmware\'s version (a test copy)."""\n\nVERSION = "%s"\n' % version)


def on_board(board, code):
    """What code prints on the board, run by mpremote's exec. A board that was just flashed is
    booting its firmware, which may let mpremote's one Ctrl-C go unanswered (a KeyboardInterrupt
    raised inside an import's look-up in a Python filesystem is taken for "no such file"):
    mpremote then says it "could not enter raw repl" and, as a builder would, the helper asks
    once more (tools.flashing.device.Board does the same)."""
    for attempt in range(_INTERRUPT_ATTEMPTS):
        result = subprocess.run([str(MPREMOTE), "connect", board.url, "exec", code],
                                capture_output=True, text=True, timeout=60)
        if "could not enter raw repl" not in result.stderr or attempt + 1 == _INTERRUPT_ATTEMPTS:
            break
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def fill_data(board, leave_bytes):
    """Grow /data/filler until the board has at most leave_bytes free (less by under a block),
    or its filesystem is full."""
    on_board(board, (
        "import os\ntry:\n os.mkdir('/data')\nexcept OSError:\n pass\n"
        "def free():\n s = os.statvfs('/')\n return s[0] * s[3]\n"
        "chunk = b'f' * 4096\n"
        "with open('/data/filler', 'ab') as f:\n"
        " try:\n  while free() > %d:\n   f.write(chunk)\n   f.flush()\n"
        " except OSError:\n  pass\n" % leave_bytes))


def test_the_virtual_board_offers_each_boards_littlefs(tmp_path):
    assert {name: size // KIB for name, (size, _progsize, _heap) in FS_IMAGES.items()} == {
        "pico": 1408, "pico_w": 848, "esp32_devkit": 2048}
    with VirtualBoard(tmp_path / "board", fs_image="pico_w") as board:
        statvfs = on_board(board, "import os\nwith open('/kept', 'w') as f:\n f.write('kept')\n"
                                  "print(os.statvfs('/')[:3])")
        kept = subprocess.run([str(MPREMOTE), "connect", board.url, "soft-reset", "exec",
                               "print(open('/kept').read())"],
                              capture_output=True, text=True, timeout=30).stdout.strip()
    assert statvfs == "(4096, 4096, 212)"
    assert kept == "kept"
    assert (tmp_path / "board" / "pico_w.lfs2").stat().st_size == 848 * KIB


def test_a_pico_w_takes_a_second_flash_of_one_changed_file(tmp_path, firmware):
    with VirtualBoard(tmp_path / "board", board="pico_w", fs_image="pico_w") as board:
        set_version(firmware, "v1")
        first = flash(board.url, firmware_dir=firmware, log=quiet)
        set_version(firmware, "v2")
        second = flash(board.url, firmware_dir=firmware, log=quiet)
    assert (first.tree, second.tree) == ("fw_a", "fw_b")
    assert second.selftest == "shutbox selftest ok v2"
    assert second.sent == [PACK]  # version.mpy changed: the pack holding it, whole
    assert second.free_bytes >= DATA_RESERVE_BYTES
    # a tree, as statvfs counts it: two and /data fit the Pico W's 848 KiB with a third to spare
    assert first.free_bytes - second.free_bytes <= TREE_KIB_MAX * KIB


def test_a_nearly_full_board_keeps_the_promised_margin_or_is_left_as_it_was(tmp_path, firmware,
                                                                           monkeypatch):
    # A Pico's filesystem, filled below to leave a set room beside the first tree.
    with VirtualBoard(tmp_path / "board", board="pico", fs_image="pico") as board:
        before = free_bytes_at(board.url)
        set_version(firmware, "v1")
        first_flash_bytes = before - flash(board.url, firmware_dir=firmware, log=quiet).free_bytes
        # The tables are on the board once, shared by both trees (tools/flashing/tables.py): a
        # second tree takes the first flash's room less theirs (files in "/").
        tree_bytes = first_flash_bytes - 4 * KIB * sum(
            file_blocks((firmware / path).stat().st_size, 4096, 512) for _name, path in SHARED)
        fill_data(board, tree_bytes + 12 * KIB)  # a second tree fits, leaving under 12 KiB
        set_version(firmware, "v2")
        refused_free = free_bytes_at(board.url)
        with pytest.raises(FlashError, match="not enough room on the board: the firmware needs"):
            flash(board.url, firmware_dir=firmware, log=quiet)  # refused before anything is sent
        assert free_bytes_at(board.url) == refused_free
        with monkeypatch.context() as estimate:  # were the estimate wrong, the board says so
            estimate.setattr("tools.flashing.flash.space_needed", lambda *_args: (0, 0))
            with pytest.raises(FlashError, match="this firmware would leave [0-9]+ KiB free, less "
                                                 "than the 16 KiB kept for saved games"):
                flash(board.url, firmware_dir=firmware, log=quiet)
        still = on_board(board, "import os, version\nprint(os.getcwd(), version.VERSION, "
                                "os.stat('/data/filler')[6] > 0, 'fw_b' in os.listdir('/'))")
        assert free_bytes_at(board.url) >= refused_free - 8 * KIB  # the staged copy is gone
        on_board(board, "import os\nos.remove('/data/filler')")
        # The estimate counts a few blocks more than LittleFS takes (tools.flashing.space).
        fill_data(board, tree_bytes + DATA_RESERVE_BYTES + 48 * KIB)
        report = flash(board.url, firmware_dir=firmware, log=quiet)
    assert still == "/fw_a v1 True False"
    assert report.selftest == "shutbox selftest ok v2"
    assert report.free_bytes >= DATA_RESERVE_BYTES


def test_a_write_to_a_full_board_says_the_filesystem_is_full(tmp_path):
    with VirtualBoard(tmp_path / "board", fs_image="pico_w") as board:
        fill_data(board, 0)
        connection = Board(board.url)
        try:
            with pytest.raises(FlashError, match=r"the board's filesystem is full \(OSError 28"):
                connection.write("/more", b"m" * 20 * KIB)
        finally:
            connection.close()


@pytest.mark.parametrize("printed", ["OSError: 28", "OSError: [Errno 28] ENOSPC"])
def test_a_full_filesystem_met_by_mpremotes_helpers_says_so(printed):
    from mpremote.transport import TransportExecError, _convert_filesystem_error

    board = Board.__new__(Board)  # no connection: only its error handling
    board.device = "socket://test"
    failed = TransportExecError(1, "Traceback (most recent call last):\n%s\n" % printed)
    with pytest.raises(FlashError, match=r"the board's filesystem is full \(OSError 28"):
        with board._talking():
            raise _convert_filesystem_error(failed, "/fw_a/game")  # as mpremote's fs_* raise it


def test_statvfs_figures_that_wrapped_are_counted_from_the_files(tmp_path, capsys):
    (tmp_path / "small" / "data").mkdir(parents=True)
    (tmp_path / "small" / "data" / "scores.bin").write_bytes(b"s" * 100 * KIB)
    with VirtualBoard(tmp_path / "small", fs_bytes=64 * KIB) as board:
        wrapped = on_board(board, "import os\nprint(os.statvfs('/')[3])")
        free = free_bytes_at(board.url)
        with pytest.raises(FlashError, match="not enough room on the board"):
            flash(board.url, log=quiet)
    assert int(wrapped) > 2 ** 31  # as MicroPython's LittleFS reports an over-full count
    assert free == 0
    assert sorted(path.name for path in (tmp_path / "small").iterdir()) == ["data"]
    assert not believable_free_blocks(212, 4294967295)
    assert believable_free_blocks(212, 0) and believable_free_blocks(212, 212)


# Writes each tree, in name order as flash.py does, into a fresh LittleFS in RAM (a Pico W's
# size and progsize) and prints the blocks statvfs counts for it.
_MEASURE_TREES = """
import os, vfs
class RamBlocks:
    def __init__(self, count):
        self.data = bytearray(count * 4096)
        self.count = count
    def readblocks(self, block, buffer, offset=0):
        at = block * 4096 + offset
        buffer[:] = self.data[at:at + len(buffer)]
    def writeblocks(self, block, buffer, offset=0):
        at = block * 4096 + offset
        self.data[at:at + len(buffer)] = buffer
    def ioctl(self, op, arg):
        return self.count if op == 4 else 4096 if op == 5 else 0
for tree in TREES:
    device = RamBlocks(212)
    vfs.VfsLfs2.mkfs(device, progsize=256)
    vfs.mount(vfs.VfsLfs2(device, progsize=256), '/fs')
    empty = os.statvfs('/fs')[3]
    for path, size in tree:
        at = '/fs'
        for part in ('t/' + path).split('/')[:-1]:
            at += '/' + part
            try:
                os.mkdir(at)
            except OSError:
                pass
        with open('/fs/t/' + path, 'wb') as f:
            for start in range(0, size, 1024):
                f.write(b'x' * min(1024, size - start))
    print(empty - os.statvfs('/fs')[3])
    vfs.umount('/fs')
"""


def test_the_space_estimate_never_counts_fewer_blocks_than_littlefs(firmware):
    from tools.flashing.build import board_json_for, build_image

    rng = random.Random(13)
    image = build_image("6.3", board_json_for("pico_w"), firmware)
    trees = [sorted({path: len(data) for path, data in tree.items()}.items())
             for tree in (image, packed_tree(image))]  # as files, and as flashed: one pack
    for _ in range(12):
        tree = {}
        for number in range(rng.randint(1, 40)):
            folder = rng.choice(("", "app/", "game/", "game/tables/"))
            tree["%s%s%d.mpy" % (folder, "m" * rng.randint(1, 10), number)] = rng.choice(
                (rng.randint(1, 512), rng.randint(300, 512), rng.randint(513, 12000)))
        trees.append(sorted(tree.items()))
    status, output, errors = run_on("unix", "TREES = %r\n%s" % (trees, _MEASURE_TREES),
                                    paths=(), heap="4m")
    assert status == 0, errors
    measured = [int(line) for line in output.split()]
    estimated = [tree_blocks(dict(tree), 4096, 512) for tree in trees]
    pairs = list(zip(estimated, measured, strict=True))
    assert all(0 <= estimate - blocks <= 12 for estimate, blocks in pairs), pairs
    assert [file_blocks(size, 4096, 512) for size in (512, 513, 4096, 4097, 40896, 40897)] == [
        0, 1, 1, 2, 10, 11]


@pytest.mark.parametrize("board", ["pico", "pico_w", "pico2", "pico2_w", "esp32_devkit"])
def test_only_the_chosen_pin_map_is_flashed_beside_board_json_taking_no_block(board):
    from tools.flashing.build import HOST_ONLY_KEYS, board_json_for, build_image

    image = build_image("6.3", board_json_for(board))
    pin_maps = {path: data for path, data in image.items()
                if path.endswith(".json") and path not in ("board.json", "config.json")}
    assert list(pin_maps) == ["%s.json" % board]  # no boards/ directory: 4 blocks less
    data = pin_maps["%s.json" % board]
    assert not any(key.encode() in data for key in HOST_ONLY_KEYS)
    assert len(data) <= 512  # LittleFS keeps it in its directory (rp2)


@pytest.mark.parametrize("board, overrides, wifi", [
    ("pico", {}, False), ("pico_w", {}, True), ("pico2", {}, False), ("pico2_w", {}, True),
    ("esp32_devkit", {}, False), ("pico", {"wifi": True}, True), ("pico_w", {"wifi": False}, False)])
def test_the_network_is_flashed_only_to_a_board_with_wifi(board, overrides, wifi):
    import json

    from tools.flashing.build import build_image

    image = build_image("6.3", json.dumps({"board": board, "overrides": overrides}).encode())
    network = sorted(path for path in image if path.startswith("net/"))
    assert bool(network) == wifi  # flash room: a box without Wi-Fi never loads any of it
    if wifi:
        assert {"net/server.mpy", "net/page.html", "net/match_state.mpy"} <= set(network)
    assert "app/startup.mpy" in image


def test_a_pin_map_named_as_a_file_of_the_tree_is_refused(firmware):
    from tools.flashing.build import build_image

    (firmware / "boards" / "config.json").write_text((firmware / "boards" / "pico.json").read_text())
    with pytest.raises(FlashError, match="boards/config.json would be flashed as config.json, a "
                                         "file the firmware has already"):
        build_image("6.3", b'{"board": "config"}', firmware)

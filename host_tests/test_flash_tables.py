"""The generated tables on a flashed board: stored once in "/", named by their content and
shared by both trees (tools/flashing/tables.py); those a flash before put in /tables go, and the
folder with them. A re-flash of one file writes none; changed tables
are written and the old tree's stay until that tree is gone; a cable cut mid-table leaves the
old firmware booting with its tables; the box reads its hint tables from there."""

import hashlib

import pytest

from board_sim.virtual_board import VirtualBoard
from board_sim.virtual_board.cable import Cable
from host_tests.test_flash_power_cut import booted_version, cut_in
from tools.flashing.build import FlashError
from tools.flashing.device import Board
from tools.flashing.flash import flash
from tools.flashing.pack import PACK, unpack
from tools.flashing.tables import SHARED, TablePlan

pytestmark = pytest.mark.micropython

# Plays a hand's hints on the board: the optimal-play table and the win-chance end values
# (win_ends.bin, read only for a player with others still to throw), from where the tree says.
HINTS = ("from game.presets import preset\nfrom game.strategy import load\n"
         "from game.win_chance import WinChance\nfrom game.tables.files import _POLICIES, ENDS_FILE\n"
         "rules = preset('classic')\n"
         "print(_POLICIES, ENDS_FILE, load(rules) is not None, WinChance(rules).begin(9, 1, 1))")


def quiet(_message):
    pass


def set_version(firmware, version):
    (firmware / "version.py").write_text('"""Test copy."""\n\nVERSION = "%s"\n' % version)


def change_policies(firmware, tail):
    """Another policies.bin that reads the same (its tables are found by their offsets)."""
    path = firmware / dict(SHARED)["_POLICIES"]
    path.write_bytes(path.read_bytes() + tail)
    return table_path(path.read_bytes())


def table_path(data):
    return "/table_%s.bin" % hashlib.sha256(data).hexdigest()[:12]


def tables_on(board):
    return sorted("/" + path.name for path in board.fs_dir.glob("table_*"))


def run_hints(board):
    connection = Board(board.url)
    try:
        return connection.soft_reset_and_run(HINTS).strip().splitlines()[-1]
    finally:
        connection.close()


def test_tables_are_written_once_and_kept_while_a_tree_names_them(tmp_path, firmware):
    policies = table_path((firmware / dict(SHARED)["_POLICIES"]).read_bytes())
    win_ends = table_path((firmware / dict(SHARED)["ENDS_FILE"]).read_bytes())
    with VirtualBoard(tmp_path / "board") as board:
        set_version(firmware, "v1")
        first = flash(board.url, firmware_dir=firmware, log=quiet)
        set_version(firmware, "v2")
        second = flash(board.url, firmware_dir=firmware, log=quiet)
        assert sorted(path for path in first.sent if path.startswith("/table_")) == sorted([policies, win_ends])
        assert second.sent == [PACK]  # version.mpy in the pack; no table: both trees share them
        assert not [path for tree in ("fw_a", "fw_b") for path in
                    unpack((board.fs_dir / tree / PACK).read_bytes()) if path.endswith(".bin")]
        new_policies = change_policies(firmware, b"v3")
        set_version(firmware, "v3")
        third = flash(board.url, firmware_dir=firmware, log=quiet)  # replaces v1's tree
        assert third.sent == [PACK, new_policies]  # the pack: game/tables/files.mpy, version.mpy
        assert tables_on(board) == sorted([policies, new_policies, win_ends])  # v2's still there
        assert run_hints(board) == "%s %s True True" % (new_policies, win_ends)
        set_version(firmware, "v4")
        fourth = flash(board.url, firmware_dir=firmware, log=quiet)  # v2's tree and table go
        assert tables_on(board) == sorted([new_policies, win_ends])
        assert fourth.selftest == "shutbox selftest ok v4"


def test_a_cable_cut_while_a_table_is_written_leaves_the_old_firmware_with_its_tables(
        tmp_path, firmware, monkeypatch):
    """The cut falls half-way through the new table's bytes, counted from its write's first
    command (test_flash_power_cut's cut_in). Until issue 48 a whole flash through the cable
    counted where the table went first, and the board's files were put back as they were."""
    with VirtualBoard(tmp_path / "board") as board:
        set_version(firmware, "v1")
        flash(board.url, firmware_dir=firmware, log=quiet)
        old_tables = tables_on(board)
        new_policies = change_policies(firmware, b"v2")
        set_version(firmware, "v2")
        with Cable(board) as cable, pytest.raises(FlashError):
            cut_in(monkeypatch, cable, "write", lambda path, data: path == new_policies + ".part",
                   lambda path, data: len(data) * 2 // 3)  # about half its base64: within the table's 55 KB
            flash(cable.url, firmware_dir=firmware, log=quiet)
        monkeypatch.undo()
        assert cable.cut
        assert booted_version(board.url) == "v1"  # its self-test reads its tables
        assert tables_on(board) == sorted(old_tables + [new_policies + ".part"])  # never half a
        # table under its final name
        report = flash(board.url, firmware_dir=firmware, log=quiet)
        assert report.selftest == "shutbox selftest ok v2"
        assert new_policies in report.sent
        assert tables_on(board) == sorted(set(old_tables) | {new_policies})


def test_tables_a_flash_before_put_in_their_own_folder_go_with_the_folder(tmp_path, firmware):
    with VirtualBoard(tmp_path / "board") as board:
        set_version(firmware, "v1")
        flash(board.url, firmware_dir=firmware, log=quiet)
        # As that layout had it: the running tree's tables in /tables, its manifest naming them.
        (board.fs_dir / "tables").mkdir()
        manifest = board.fs_dir / "fw_a" / "manifest.json"
        for path in tables_on(board):
            (board.fs_dir / path[1:]).rename(board.fs_dir / "tables" / path[1:])
            manifest.write_text(manifest.read_text().replace(path, "/tables" + path))
        set_version(firmware, "v2")
        second = flash(board.url, firmware_dir=firmware, log=quiet)
        assert len(list((board.fs_dir / "tables").iterdir())) == 2  # the running tree's, kept
        set_version(firmware, "v3")
        third = flash(board.url, firmware_dir=firmware, log=quiet)
    assert (second.selftest, third.selftest) == ("shutbox selftest ok v2", "shutbox selftest ok v3")
    assert not (board.fs_dir / "tables").exists()
    assert len(tables_on(board)) == 2


class _ListedBoard:
    """A board whose "/" holds `files` and /tables `legacy` ({name: bytes}): all TablePlan asks
    of one."""

    def __init__(self, files, legacy=None):
        self.files_in = {"/": files, "/tables": legacy or {}}

    def _listed(self, files):
        return {name: (hashlib.sha256(data).hexdigest(), len(data)) for name, data in files.items()}

    def files(self, directory, prefix):
        assert directory == "/"
        return self._listed({name: data for name, data in self.files_in["/"].items()
                             if name.startswith(prefix)})

    def tree(self, path):
        assert path == "/tables"
        return self._listed(self.files_in[path])


def test_the_space_estimate_counts_a_table_only_when_it_must_be_written():
    kept, new, stale = b"k" * 9000, b"n" * 5000, b"s" * 20000
    tables = {table_path(kept): kept, table_path(new): new}
    fresh = TablePlan(_ListedBoard({}), tables, kept=set())
    assert fresh.to_write == sorted(tables) and fresh.to_remove == []
    assert fresh.space(4096, 512) == ((3 + 2) * 4096, 0)  # no folder of their own
    on_board = {table_path(kept)[1:]: kept, table_path(stale)[1:]: stale,
                table_path(new)[1:] + ".part": new[:100], "main.py": b"m" * 9000}
    again = TablePlan(_ListedBoard(on_board, {"old.bin": stale}), tables, kept={table_path(kept)})
    assert again.to_write == [table_path(new)]
    assert again.to_remove == sorted([table_path(stale), table_path(new) + ".part", "/tables/old.bin"])
    assert again.space(4096, 512) == (2 * 4096, 10 * 4096)  # the stale tables' blocks come back

"""tools/flash.py on a virtual board: a fresh board gets the whole firmware (its modules in one
pack file) and passes its self-test; a re-flash moves only what changed (a changed module: the
pack); saved games and an edited board.json stay."""

import json
import pathlib
import subprocess
import sys
import time

import pytest

from board_sim.virtual_board import VirtualBoard
from board_sim.virtual_board.server import FS_IMAGES
from tools.flashing.build import NETWORK, firmware_files
from tools.flashing.flash import flash
from tools.flashing.pack import PACK, unpack
from tools.flashing.tables import SHARED

MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"

pytestmark = pytest.mark.micropython


def quiet(_message):
    pass


@pytest.fixture
def board(tmp_path):
    with VirtualBoard(tmp_path / "board") as board:
        yield board


def flashed(board, firmware, version):
    """The board after a first flash of `version`."""
    set_version(firmware, version)
    assert flash(board.url, firmware_dir=firmware, log=quiet).tree == "fw_a"
    return board


def set_version(firmware, version):
    (firmware / "version.py").write_text(
        '"""The firmware\'s version (a test copy)."""\n\nVERSION = "%s"\n' % version)


def test_fresh_board_gets_every_file_and_reports_its_version(board, firmware):
    (board.fs_dir / "data").mkdir()
    (board.fs_dir / "data" / "scores.bin").write_bytes(b"saved scores")
    set_version(firmware, "1.0.0")
    report = flash(board.url, firmware_dir=firmware, log=quiet)
    expected = sorted(path[:-3] + ".mpy" if path.endswith(".py") and path not in ("main.py", "boot.py")
                      else path
                      for path in firmware_files(firmware)
                      if path not in dict(SHARED).values() and not path.startswith(("boards/", NETWORK)))
    # (no net/: a Pico has no Wi-Fi, build.has_wifi)
    expected = sorted(expected + ["game/tables/files.mpy", "pico.json"])  # the one pin map
    plain = ["board.json", "boot.py", "config.json", "main.py", "packfs.mpy", "pico.json"]
    tables = [path for path in report.sent if path.startswith("/table_")]
    assert sorted(set(report.sent) - set(tables)) == sorted(plain + [PACK])
    assert len(tables) == len(SHARED)  # the tables, once, shared by both trees (flashing.tables)
    assert report.selftest == "shutbox selftest ok 1.0.0"
    assert (board.fs_dir / "active").read_text() == "fw_a\n"
    assert (board.fs_dir / "boot.py").read_bytes() == (firmware / "boot.py").read_bytes()
    packed = unpack((board.fs_dir / "fw_a" / PACK).read_bytes())
    assert sorted(packed) == sorted(set(expected) - set(plain))  # every other file, in the pack
    assert "hal/board.mpy" in packed and not (board.fs_dir / "fw_a" / "hal").exists()
    assert (board.fs_dir / "data" / "scores.bin").read_bytes() == b"saved scores"


def test_unchanged_firmware_moves_nothing(board, firmware):
    flashed(board, firmware, "1.0.0")
    report = flash(board.url, firmware_dir=firmware, log=quiet)
    assert (report.sent, report.copied, report.tree) == ([], [], "fw_a")
    assert report.selftest == "shutbox selftest ok 1.0.0"


def test_a_change_sends_only_the_changed_files(board, firmware):
    flashed(board, firmware, "1.0.0")
    set_version(firmware, "1.0.1")
    report = flash(board.url, firmware_dir=firmware, log=quiet)
    assert report.sent == [PACK]  # version.mpy changed: the pack holding it goes again, whole
    assert report.tree == "fw_b"
    assert "main.py" in report.copied  # copied on the board, not over the cable
    assert report.selftest == "shutbox selftest ok 1.0.1"
    before, after = (unpack((board.fs_dir / tree / PACK).read_bytes()) for tree in ("fw_a", "fw_b"))
    assert sorted(path for path in after if before.get(path) != after[path]) == ["version.mpy"]
    set_version(firmware, "1.0.2")
    report = flash(board.url, firmware_dir=firmware, log=quiet)
    assert (report.sent, report.copied, report.tree) == ([PACK], [], "fw_a")


def test_the_flashed_selftest_runs_through_mpremote(board, firmware):
    flashed(board, firmware, "1.0.2")
    result = subprocess.run(
        [str(MPREMOTE), "connect", board.url, "soft-reset", "exec", "import selftest; selftest.main()"],
        capture_output=True, text=True, timeout=60)
    assert result.stdout.splitlines()[-1] == "shutbox selftest ok 1.0.2"


def test_a_board_json_edited_on_the_board_is_kept_until_board_is_given(tmp_path, firmware):
    # Half-way it becomes a Pico W, whose self-test imports net/ too: the interpreter's heap is
    # a Pico W's (server.FS_IMAGES; at a Pico's the names interned by then wanted a new pool
    # of them, 14 KB in one piece on this 64-bit port, which its heap no longer had)
    with VirtualBoard(tmp_path / "board", heap=FS_IMAGES["pico_w"][2]) as board:
        _edited_board_json_is_kept(board, firmware)


def _edited_board_json_is_kept(board, firmware):
    flashed(board, firmware, "1.0.2")
    edited = {"board": "pico", "overrides": {"leds": {"count": 12}}}
    (board.fs_dir / "fw_a" / "board.json").write_text(json.dumps(edited))
    messages = []
    set_version(firmware, "1.0.3")
    flash(board.url, firmware_dir=firmware, log=messages.append)
    assert json.loads((board.fs_dir / "fw_b" / "board.json").read_text()) == edited
    assert any("keeping the board's own board.json" in message for message in messages)
    set_version(firmware, "1.0.4")
    report = flash(board.url, board_name="pico_w", firmware_dir=firmware, log=quiet)
    assert json.loads((board.fs_dir / "fw_a" / "board.json").read_text())["board"] == "pico_w"
    assert "board.json" in report.sent
    set_version(firmware, "1.0.5")
    flash(board.url, firmware_dir=firmware, log=quiet)  # no --board: the board stays a Pico W
    assert json.loads((board.fs_dir / "fw_b" / "board.json").read_text())["board"] == "pico_w"


def test_boot_leaves_main_only_its_modules_names():
    """boot.py and main.py share the board's __main__ globals: what boot.py leaves there stays
    in the heap while the box runs."""
    from host_tests.micropython_runtimes import run_on
    from tools.flashing.build import FIRMWARE

    script = ("names = {'__name__': '__main__'}\nexec(open(%r).read(), names)\n"
              "print(sorted(name for name in names if not name.startswith('__')))"
              % str(FIRMWARE / "boot.py"))
    status, output, errors = run_on("unix", script, paths=())
    assert status == 0, output + errors
    assert output.strip() == "['os']"


def test_a_flash_ends_with_the_box_playing(board, firmware):
    """The flasher's last step is a hard reset: the box boots as from power-on and main.py
    runs (closing the port alone would leave the board at its REPL)."""
    flashed(board, firmware, "1.0.0")
    give_up = time.monotonic() + 120  # a bound on waiting for the boot, not a timing
    # main.py starts, then its boot arms the watchdog: wait for both (a busy machine may be
    # between the two when main_starts is first seen)
    while (board.main_starts == 0 or board.watchdog_ms is None) and time.monotonic() < give_up:
        time.sleep(0.05)
    assert board.main_starts == 1 and board.watchdog_ms == 8000

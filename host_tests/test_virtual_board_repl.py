"""The virtual board is a board to mpremote: raw REPL over socket://, soft reset reruns boot.py,
files kept in a host directory as its "/", MicroPython's errno numbers, a Pico's free heap,
its chip's sys.platform with the unix port's real .mpy version, a closed port leaves it running
and a cut cable is a power cut."""

import pathlib
import subprocess
import sys

import pytest

from board_sim.virtual_board import VirtualBoard

ROOT = pathlib.Path(__file__).resolve().parent.parent
MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"
MICROPYTHON = pathlib.Path(sys.executable).parent / "micropython"

pytestmark = pytest.mark.micropython


def mpremote(url, *command):
    result = subprocess.run([str(MPREMOTE), "connect", url, *command],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with VirtualBoard(tmp_path_factory.mktemp("board")) as board:
        yield board


def test_reports_the_simulated_chip_and_the_ports_real_mpy_version(board):
    port_mpy = subprocess.run([str(MICROPYTHON), "-c", "import sys; print(sys.implementation._mpy)"],
                              capture_output=True, text=True, timeout=30).stdout.strip()
    output = mpremote(board.url, "exec", "import sys; print(sys.platform, sys.implementation._mpy)")
    assert output.split() == ["rp2", port_mpy]


def test_root_is_the_host_directory_and_survives_soft_resets(board):
    (board.fs_dir / "boot.py").write_text("print('boot ran')\nBOOTED = 1\n")
    output = mpremote(board.url, "exec", "open('/kept.txt', 'w').write('kept')",
                      "soft-reset", "exec", "print(BOOTED, open('/kept.txt').read())")
    assert output.split() == ["1", "kept"]
    assert (board.fs_dir / "kept.txt").read_text() == "kept"
    assert sorted(mpremote(board.url, "exec", "import os; print(sorted(os.listdir('/')))")
                  .strip("[]\n").replace("'", "").split(", ")) == ["boot.py", "kept.txt"]
    (board.fs_dir / "boot.py").unlink()


def test_rename_and_errno_are_micropythons(board):
    output = mpremote(board.url, "exec", (
        "import os\nos.mkdir('/d')\nopen('/d/a', 'w').close()\nos.rename('/d/a', '/d/b')\n"
        "print(os.listdir('/d'))\ntry:\n open('/d/a')\nexcept OSError as e:\n print(e.errno)\n"
        "os.remove('/d/b')\nos.rmdir('/d')"))
    assert output.split() == ["['b']", "2"]


def test_firmware_gets_a_picos_free_heap(board):
    free = int(mpremote(board.url, "exec", "import gc; gc.collect(); print(gc.mem_free())"))
    assert 150_000 < free < 240_000


def test_statvfs_reports_a_pico_sized_flash(board):
    output = mpremote(board.url, "exec", "import os; s = os.statvfs('/'); print(s[0] * s[2])")
    assert int(output) == 1408 * 1024


def test_a_closed_port_leaves_the_board_running_and_a_cut_cable_is_a_power_cut(board):
    assert mpremote(board.url, "exec", "KEPT_IN_RAM = 7", "resume", "exec",
                    "print(KEPT_IN_RAM)").strip() == "7"
    power_ons = board.power_ons
    assert mpremote(board.url, "resume", "exec", "print(KEPT_IN_RAM)").strip() == "7"
    assert board.power_ons == power_ons
    board.cut_power()
    output = mpremote(board.url, "resume", "exec", "print('KEPT_IN_RAM' in globals())")
    assert board.power_ons == power_ons + 1
    assert output.strip() == "False"

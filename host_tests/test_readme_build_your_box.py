"""The README's "Build your box" is followed as written: its wiring table is the pin maps', every
pin map has its MicroPython download and --board, and its virtual-board lines, run one after the other in a shell from the repository's root, flash
the firmware and pass the flashed self-test."""

import os
import pathlib
import shutil
import signal
import subprocess

import pytest

from tools.build import wiring_table
from tools.flashing.build import FIRMWARE, firmware_version
from tools.flashing.pack import PACK, unpack

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FLASHING = ROOT / "docs" / "flashing.md"  # the README's "Flash it" goes on there (mip's lines)


def readme_block(marker, document=README):
    """The command lines of the fenced block between the document's marker comments."""
    text = document.read_text()
    block = text[text.index("<!-- %s:begin -->" % marker):text.index("<!-- %s:end -->" % marker)]
    lines = block.split("```")[1].strip().splitlines()
    return [line for line in lines if line.strip()]


def test_the_wiring_table_is_made_from_the_pin_maps():
    assert README.read_text() == wiring_table.readme_with_table(README.read_text()), (
        "run: python -m tools.build.wiring_table")
    assert "| flap switches (to GND) | tiles 1-9: GP6 GP7 GP8" in README.read_text()


def test_every_board_file_has_its_micropython_download_and_its_board_option():
    text = README.read_text()
    rows = text[text.index("<!-- boards:begin -->"):text.index("<!-- boards:end -->")].splitlines()
    for board_file in sorted((FIRMWARE / "boards").glob("*.json")):
        name = board_file.stem
        row = [line for line in rows if "(`%s.json`" % name in line]
        assert len(row) == 1, "README's MicroPython table has no row for boards/%s.json" % name
        download, flash_with = row[0].split("|")[2:4]
        assert "`RPI_PICO" in download or "`ESP32_GENERIC" in download, row[0]
        assert '`make flash ARGS="--board %s"`' % name in flash_with, row[0]
    for what in ("BOOTSEL", "COM3", "/dev/cu.usbmodem", "dialout", ".venv\\Scripts"):
        assert what in text, what


@pytest.mark.micropython
def test_the_virtual_board_steps_flash_and_self_test_as_written(tmp_path):
    lines = readme_block("virtual-board")
    assert lines[0].startswith("make virtual-board") and lines[0].endswith("&")
    board_files = ROOT / "build" / "virtual-board"
    shutil.rmtree(board_files, ignore_errors=True)
    script = "set -e\n" + "\n".join(lines) + "\n"
    out_path, err_path = tmp_path / "stdout", tmp_path / "stderr"
    with out_path.open("w") as out, err_path.open("w") as err:  # files: the board outlives bash
        shell = subprocess.Popen(["bash", "-c", script], cwd=ROOT, stdout=out, stderr=err,
                                 text=True, start_new_session=True)
        try:
            shell.wait(timeout=240)
        finally:  # the virtual board left running in the background goes with its session
            try:
                os.killpg(shell.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    stdout, stderr = out_path.read_text(), err_path.read_text()
    try:
        assert shell.returncode == 0, stdout + stderr
        version = firmware_version(FIRMWARE)
        assert "flashed %s to /fw_a" % version in stdout
        assert stdout.strip().splitlines()[-1] == "shutbox selftest ok %s" % version
        assert (board_files / "active").read_text() == "fw_a\n"
        assert "game/turn.mpy" in unpack((board_files / "fw_a" / PACK).read_bytes())
    finally:
        shutil.rmtree(board_files, ignore_errors=True)

"""package.json serves mip as well as npm: its "urls" list every firmware file (kept current
by tools/gen_mip_package.py), and `mpremote mip install` of it puts the firmware at a board's
root, where boot.py, finding no flashed tree, leaves it to run."""

import json
import pathlib
import subprocess
import sys

import pytest

from board_sim.virtual_board import VirtualBoard
from tools.flash_build import FIRMWARE, ROOT, firmware_files, firmware_version
from tools.gen_mip_package import PACKAGE_JSON, package_json_text

MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"


def test_package_json_is_current():
    current = PACKAGE_JSON.read_text()
    assert current == package_json_text(current), "run: python tools/gen_mip_package.py"


def test_package_json_keeps_npms_fields_and_lists_every_firmware_file():
    package = json.loads(PACKAGE_JSON.read_text())
    assert package["devDependencies"] == {"@micropython/micropython-webassembly-pyscript": "1.27.0"}
    assert package["version"] == firmware_version(FIRMWARE)
    assert [dest for dest, _source in package["urls"]] == firmware_files(FIRMWARE)
    for dest, source in package["urls"]:
        assert (ROOT / source).read_bytes() == (FIRMWARE / dest).read_bytes()


@pytest.mark.micropython
def test_mip_install_of_the_local_package_runs_from_the_root(tmp_path):
    with VirtualBoard(tmp_path / "board", lifetime_s=200) as board:
        install = subprocess.run(
            [str(MPREMOTE), "connect", board.url, "mip", "install", "--target", "/",
             str(PACKAGE_JSON)], capture_output=True, text=True, timeout=180, cwd=ROOT)  # ~700 kB of source, file by file
        assert install.returncode == 0, install.stderr
        check = subprocess.run(
            [str(MPREMOTE), "connect", board.url, "soft-reset", "exec",
             "import os, version; print(os.getcwd(), version.VERSION)"],
            capture_output=True, text=True, timeout=30)
    assert check.stdout.split() == ["/", firmware_version(FIRMWARE)]
    for path in firmware_files(FIRMWARE):
        assert (board.fs_dir / path).read_bytes() == (FIRMWARE / path).read_bytes()

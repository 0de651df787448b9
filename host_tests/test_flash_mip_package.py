"""mip installs the firmware at a board's root, where boot.py, finding no flashed tree, runs it: the
root package.json (npm's too) lists every firmware source (kept current by
tools/build/gen_mip_package.py); build/mip/package.json (tools/build/mip.py, `make mip`) the
firmware compiled to .mpy, installed by docs/flashing.md's exact lines onto a Pico W-sized LittleFS."""

import json
import pathlib
import subprocess
import sys

import pytest

from board_sim.virtual_board import VirtualBoard
from host_tests.test_readme_build_your_box import FLASHING, readme_block
from tools.build.gen_mip_package import PACKAGE_JSON, package_json_text
from tools.flashing.build import FIRMWARE, ROOT, firmware_files, firmware_version

MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"


def test_package_json_is_current():
    current = PACKAGE_JSON.read_text()
    assert current == package_json_text(current), "run: python -m tools.build.gen_mip_package"


def test_package_json_keeps_npms_fields_and_lists_every_firmware_file():
    package = json.loads(PACKAGE_JSON.read_text())
    assert package["devDependencies"] == {"@micropython/micropython-webassembly-pyscript": "1.27.0",
                                          "axe-core": "4.14.1"}
    assert package["version"] == firmware_version(FIRMWARE)
    assert [dest for dest, _source in package["urls"]] == firmware_files(FIRMWARE)
    for dest, source in package["urls"]:
        assert (ROOT / source).read_bytes() == (FIRMWARE / dest).read_bytes()


@pytest.mark.micropython
def test_mip_install_of_the_local_package_runs_from_the_root(tmp_path):
    with VirtualBoard(tmp_path / "board") as board:
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


@pytest.mark.micropython
def test_the_readmes_mip_lines_install_mpy_files_that_boot_on_a_pico_w(tmp_path):
    lines = readme_block("mip", FLASHING)
    assert lines[0] == "make mip"
    assert lines[1].startswith(".venv/bin/mpremote mip install --target / build/mip/package.json")
    make = subprocess.run(["bash", "-c", lines[0]], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert make.returncode == 0, make.stdout + make.stderr
    package = json.loads((ROOT / "build" / "mip" / "package.json").read_text())
    assert all(not path.endswith(".py") for path, _url in package["urls"]
               if path not in ("main.py", "boot.py"))
    with VirtualBoard(tmp_path / "board", board="pico_w", fs_image="pico_w") as board:
        command = lines[1].split()
        install = subprocess.run([command[0], "connect", board.url] + command[1:],
                                 capture_output=True, text=True, timeout=90, cwd=ROOT)
        assert install.returncode == 0, install.stdout + install.stderr
        check = subprocess.run(
            [str(MPREMOTE), "connect", board.url, "soft-reset", "exec",
             "import os, selftest\nprint(os.getcwd(), sorted(os.listdir('/'))[:4])\nselftest.main()"],
            capture_output=True, text=True, timeout=60)
    lines = check.stdout.strip().splitlines()
    assert lines[0] == "/ ['app', 'board.json', 'boot.py', 'config.json']"
    assert lines[-1] == "shutbox selftest ok %s" % firmware_version(FIRMWARE)


@pytest.mark.micropython
def test_flash_names_a_mip_copy_at_the_root_and_removes_it_when_asked(tmp_path):
    """A board that had the sources installed by mip at "/" keeps them beside the flashed trees:
    the flasher says so (their size, and the exact command to remove them), and removes them
    with --remove-root-copy; boot.py and the saved games stay."""
    from tools.flashing.flash import flash
    from tools.flashing.leftovers import copy_names

    with VirtualBoard(tmp_path / "board") as board:
        for path in firmware_files(FIRMWARE):  # what the root package.json's mip install leaves
            (board.fs_dir / path).parent.mkdir(parents=True, exist_ok=True)
            (board.fs_dir / path).write_bytes((FIRMWARE / path).read_bytes())
        (board.fs_dir / "data").mkdir()
        (board.fs_dir / "data" / "stats.json").write_text("{}")
        said = []
        flash(board.url, log=said.append)
        note = [line for line in said if line.startswith("note: a copy of the firmware")]
        assert len(note) == 1 and "--remove-root-copy" in note[0]
        assert "%s connect %s rm -r :/app :/board.json" % (MPREMOTE, board.url) in note[0]
        assert (board.fs_dir / "main.py").exists()
        flash(board.url, log=said.append, remove_root_copy=True)
        left = sorted(path.name for path in board.fs_dir.iterdir())
    assert not set(left) & copy_names(FIRMWARE), left
    assert {"boot.py", "data", "active", "fw_a"} <= set(left)
    assert (board.fs_dir / "data" / "stats.json").read_text() == "{}"

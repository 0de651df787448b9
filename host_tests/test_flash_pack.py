"""A flashed tree keeps its modules in one pack file (tools/flashing/pack.py), which boot.py mounts
read-only at /pack (firmware/packfs.py) on real MicroPython: every module imports from it, a
missing one raises ImportError as before, a package stats as a directory, a pack cut short or
damaged gives one clear line and the REPL (boot.py stays in "/", where no main.py runs), on
the unix port, the wasm build and a flashed virtual board."""

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from board_sim.firmware_dir import FIRMWARE
from board_sim.virtual_board import VirtualBoard
from host_tests.micropython_runtimes import RUNTIMES, run_on
from tools.flashing.build import board_json_for, build_image
from tools.flashing.flash import flash
from tools.flashing.pack import PACK, PackError, board_files, pack, packed_tree, unpack

pytestmark = pytest.mark.micropython

# Where each runtime sees the board's "/" (tools/build/wasm_runner.mjs copies the first path to
# /mods/0)
BOARD_ROOT = {"wasm": "/mods/0"}
BYTECODE = "6.3"
MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"


def test_a_pack_holds_every_file_but_main_py_packfs_and_the_json_files():
    image = build_image(BYTECODE, board_json_for("pico"))
    tree = packed_tree(image)
    assert sorted(tree) == ["board.json", "config.json", "main.py", PACK, "packfs.mpy", "pico.json"]
    assert unpack(tree[PACK]) == {path: data for path, data in image.items() if path not in tree}


def test_a_pack_cut_short_or_not_a_pack_is_refused():
    whole = pack({"a.mpy": b"a" * 10, "dir/b.mpy": b"b" * 3})
    assert unpack(whole) == {"a.mpy": b"a" * 10, "dir/b.mpy": b"b" * 3}
    for damaged in (whole[:-1], b"XXXX" + whole[4:], b""):
        with pytest.raises(PackError):
            unpack(damaged)


def lay_out_board(board, runtime, damage=None):
    """A board as a first flash leaves it, in `board`; `damage(pack bytes)` -> the pack flashed."""
    root = BOARD_ROOT.get(runtime, str(board))
    files = board_files(BYTECODE, board_json_for("pico"), root=root + "/")
    if damage is not None:
        files["fw_a/" + PACK] = damage(files["fw_a/" + PACK])
    for path, data in files.items():
        (board / path).parent.mkdir(parents=True, exist_ok=True)
        (board / path).write_bytes(data)
    return root, files


def boot_then(root, code):
    """Boot as a board does (boot.py from "/", the current directory first on sys.path), then
    run code."""
    return ("import os, sys\nos.chdir(%r)\nsys.path.insert(0, '')\n"
            "exec(open('boot.py').read(), {'__name__': '__main__'})\n%s" % (root, code))


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_every_module_imports_from_the_mounted_pack(tmp_path, runtime):
    root, files = lay_out_board(tmp_path / "board", runtime)
    members = unpack(files["fw_a/" + PACK])
    modules = sorted(path[:-4].replace("/", ".").replace(".__init__", "") for path in members
                     if path.endswith(".mpy"))
    code = boot_then(root, """
import gc
print(os.getcwd().endswith('/fw_a'), sys.path[:2])
loaded = set(sys.modules)
for name in %r:
    module = __import__(name)
    for part in name.split('.')[1:]:
        module = getattr(module, part)
    print('imported', name, module.__file__)
    for name in list(sys.modules):
        if name not in loaded:
            del sys.modules[name]
    gc.collect()
for name in ('no_such_module', 'hal.no_such_module', 'game.tables.no_such_table'):
    try:
        __import__(name)
    except ImportError as error:
        print('ImportError', name)
for path in ('/pack/hal', '/pack/game', '/pack/game/tables', '/pack/hal/flaps.mpy'):
    print('stat', path, hex(os.stat(path)[0]), os.stat(path)[6])
print('listed', sorted(os.listdir('/pack/game/tables')))
import version
print('version', version.VERSION)
""" % modules)
    simulator = tmp_path / "sim"  # machine, neopixel ... as the simulator has them
    shutil.copytree(FIRMWARE.parent / "board_sim", simulator / "board_sim", ignore=shutil.ignore_patterns(
        "__pycache__", "frontend", "browser", "virtual_board", "*.md"))
    status, output, errors = run_on(runtime, code, paths=(tmp_path / "board", simulator,
                                                          simulator / "board_sim" / "upy"))
    assert status == 0, output + errors
    lines = output.splitlines()
    assert lines[0] == "True ['', '/pack']"
    assert [line for line in lines if line.startswith("imported")] == [
        "imported %s /pack/%s" % (name, path) for name, path in sorted(
            (path[:-4].replace("/", ".").replace(".__init__", ""), path)
            for path in members if path.endswith(".mpy"))]
    assert [line for line in lines if line.startswith("ImportError")] == [
        "ImportError no_such_module", "ImportError hal.no_such_module",
        "ImportError game.tables.no_such_table"]
    flaps = len(members["hal/flaps.mpy"])
    assert [line for line in lines if line.startswith("stat")] == [
        "stat /pack/hal 0x4000 0", "stat /pack/game 0x4000 0", "stat /pack/game/tables 0x4000 0",
        "stat /pack/hal/flaps.mpy 0x8000 %d" % flaps]
    assert "listed ['__init__.mpy', 'files.mpy', 'policies.mpy']" in lines
    assert "version %s" % json.loads(files["fw_a/manifest.json"])["version"] in lines


def _cut_short(data):
    return data[:len(data) // 2]


def _not_a_pack(data):
    return b"MPY!" + data[4:]


@pytest.mark.parametrize("damage", [_cut_short, _not_a_pack], ids=["cut-short", "not-a-pack"])
@pytest.mark.parametrize("runtime", RUNTIMES)
def test_a_damaged_pack_says_so_and_leaves_the_repl(tmp_path, runtime, damage):
    root, _files = lay_out_board(tmp_path / "board", runtime, damage)
    code = boot_then(root, """
print('cwd is root', os.getcwd() == %r, '/pack' in sys.path)
try:
    import app
except ImportError:
    print('no firmware mounted')
""" % root)
    status, output, errors = run_on(runtime, code, paths=(tmp_path / "board",))
    assert status == 0, output + errors
    assert output.splitlines() == [
        "shutbox cannot start: cannot mount %s/fw_a/pack.bin ([Errno 22] EINVAL): flash the "
        "firmware again" % root, "cwd is root True False", "no firmware mounted"]


def test_a_flashed_board_whose_pack_is_cut_short_stays_in_root_at_its_repl(tmp_path):
    """The virtual board powers on as a board does (boot.py, then main.py if there is one):
    with its pack cut short, nothing is mounted and no main.py runs."""
    with VirtualBoard(tmp_path / "board") as board:
        assert flash(board.url, log=lambda _message: None).selftest.startswith("shutbox selftest ok")
        pack_file = board.fs_dir / "fw_a" / PACK
        pack_file.write_bytes(pack_file.read_bytes()[:1000])
        result = subprocess.run([str(MPREMOTE), "connect", board.url, "soft-reset", "exec",
                                 "import os, sys\nprint(os.getcwd(), '/pack' in sys.path)"],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["/", "False"]


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_a_traceback_from_the_pack_names_the_module(tmp_path, runtime):
    """Each module's bytecode is compiled under its module name (tools/flashing/build.module_name),
    which the board interns anyway: no file path of its own in the heap, and still a traceback
    that says where."""
    root, _files = lay_out_board(tmp_path / "board", runtime)
    code = boot_then(root, """
from game.tiles import bit
try:
    bit('a tile')
except TypeError as error:
    sys.print_exception(error)
""")
    status, output, errors = run_on(runtime, code, paths=(tmp_path / "board",))
    assert status == 0, output + errors
    assert 'File "game.tiles", line' in output, output


def test_mpremote_df_ls_and_tree_work_on_a_flashed_board(tmp_path):
    """The pack answers statvfs as a read-only mount does (all used, none free), is named by
    its file, and lists each module with its size, so mpremote's own commands work on a
    flashed board."""
    with VirtualBoard(tmp_path / "board") as board:
        flash(board.url, log=lambda _message: None)
        members = unpack((board.fs_dir / "fw_a" / PACK).read_bytes())
        pack_bytes = (board.fs_dir / "fw_a" / PACK).stat().st_size
        result = subprocess.run([str(MPREMOTE), "connect", board.url, "df", "+", "fs", "ls", ":/pack",
                                 "+", "fs", "tree", "-s", ":/pack/hal"],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    mounted = [line.split() for line in result.stdout.splitlines() if line.endswith(" /pack")]
    assert len(mounted) == 1 and mounted[0][-5:] == [str(pack_bytes), str(pack_bytes), "0", "100", "/pack"]
    assert mounted[0][0] == "fw_a/" + PACK  # named by app.repl_stop, not <PackFs object at ...>
    listed = dict(line.split()[::-1] for line in result.stdout.splitlines()
                  if line.strip().endswith("version.mpy"))
    assert listed == {"version.mpy": str(len(members["version.mpy"]))}
    flaps = len(members["hal/flaps.mpy"])
    assert any(line.endswith("[%9d]  flaps.mpy" % flaps) for line in result.stdout.splitlines()), \
        result.stdout

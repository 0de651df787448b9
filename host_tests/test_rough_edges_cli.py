"""Issue 44's rough edges on the command line, each as a newcomer hit it: the simulator's key
help, a command piped to `head`, the coach's max-penalty and the-300 answers, shutbox-flash's
usage and its checks before the board is touched, make flash's device, the virtual board's
`mpremote fs ls` and `df`, a script's dice and release, and the simulator's boards."""

import ast
import json
import os
import pathlib
import re
import subprocess
import sys

import pytest
from game.presets import changed
from game.presets import preset as real_preset
from micropython_runtimes import run_on
from test_frontend import Screen80x24

from board_sim.box import BoxOptions, SimBox
from board_sim.frontend.terminal import Terminal
from board_sim.script import ScriptError, run_script
from tools.build.micropython_runtimes import FIRMWARE

ROOT = pathlib.Path(__file__).resolve().parent.parent
BOARD_FILES = sorted(path.stem for path in (ROOT / "firmware" / "boards").glob("*.json"))


# -- 1. make sim's key help ----------------------------------------------------------------------
def test_the_key_help_fits_an_80_column_terminal_whole():
    box = SimBox(BoxOptions(seed=1))
    try:
        screen = Screen80x24()
        Terminal(box).draw(screen)
    finally:
        box.close()
    shown = "  ".join(line.strip() for line in screen.lines[22:])
    for key in ("the key under a tile flips it", "Tab: next row", "space (hold) / s: shake",
                "t: tap", "z/Z: select short/long", "x/X or Enter: ok short/long"):
        assert key in shown
    assert re.search(r"q: quit \([a-z ]+\)", shown), shown  # the quit key's words, not cut


# -- 2. a command piped to a reader that stops early ------------------------------------------
def _with_its_reader_gone(*command):
    """Run a command whose standard output is a pipe nobody reads any more (`| head` done)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(command, stdout=write_end, stderr=subprocess.PIPE, text=True,
                              cwd=ROOT, timeout=120)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("command", [
    ("-m", "tools.coach.analyze", "classic"),
    ("-m", "board_sim", "run", "SCRIPT"),
])
def test_a_command_piped_to_head_ends_quietly(tmp_path, command):
    script = tmp_path / "game.txt"
    script.write_text("wait 1000\npress ok long\nwait 500\n")
    done = _with_its_reader_gone(sys.executable, *(str(script) if word == "SCRIPT" else word
                                                   for word in command))
    assert done.returncode == 141 and done.stderr == ""  # as `yes | head`: no traceback


def test_every_installed_command_that_prints_ends_quietly_on_a_closed_pipe():
    from importlib.metadata import distribution

    scripts = [point for point in distribution("shutbox").entry_points if point.group == "console_scripts"]
    assert len(scripts) == 4
    for point in scripts:
        if point.name != "shutbox-flash":  # a flash's few lines: it goes on or fails on its own
            assert point.load().__wrapped__, point.name


# -- 3. max-penalty with a total already out ------------------------------------------------
def test_a_max_penalty_total_already_out_is_said_so():
    from tools.coach import play_to_win

    for total in (45, 99):
        report = play_to_win.stay_in_report("max-penalty", total)
        assert report["already_out"] and report["stay_in"] == 0.0
        assert "already out" in report["rule"] and "45" in report["rule"]
        assert "already out" in play_to_win.human_goal(report, "stay_in")
    report = play_to_win.stay_in_report("max-penalty", 44)
    assert not report["already_out"] and report["rule"] == "stays in with a score < 1"


# -- 4. the-300's figures ---------------------------------------------------------------------
@pytest.fixture
def a_smaller_300(monkeypatch):
    """the-300 on 14 tiles (2^14 masks, seconds): the same 4d6 box the plain solver cannot take.
    game.presets is patched as sys.modules holds it: the `game` package there may not be the one
    it was first imported into (a simulated box's uninstall lets the firmware's modules go), so
    `game.presets` as an attribute may be missing (seen with three pytest workers)."""
    import importlib

    presets = importlib.import_module("game.presets")

    def smaller(name):
        rules = real_preset(name)
        return changed(rules, tiles=14) if name == "the-300" else rules

    from tools.coach import analyze

    monkeypatch.setattr(analyze, "preset", smaller)
    monkeypatch.setattr(presets, "preset", smaller)  # vector_solver's main imports it


def test_analyze_the_300_gives_the_shut_chance_and_the_expected_score(a_smaller_300, capsys):
    from tools.coach import analyze, vector_solver

    assert analyze.main(["the-300", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rules = changed(real_preset("the-300"), tiles=14)
    shut = vector_solver.VectorSolver(rules, vector_solver.SHUT).solve().start_value()
    score = -vector_solver.VectorSolver(rules, vector_solver.SCORE).solve().start_value()
    assert report["solvable"] and report["p_shut"] == shut and report["expected_score"] == score > 0
    assert report["one_die"]["offered"] and "vector_solver" in report["method"]
    assert analyze.main(["the-300"]) == 0
    assert "%.4f" % score in capsys.readouterr().out
    left_out = analyze.analyze("the-300", big_box=False)  # as `all` asks
    assert not left_out["solvable"] and left_out["left_out"] and "shutbox-analyze the-300" in left_out["why"]
    assert "left out: " in analyze.human(left_out)


def test_vector_solver_gives_the_expected_score_as_a_score(a_smaller_300, capsys):
    from tools.coach import vector_solver

    assert vector_solver.main(["the-300", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["score"]["expected_score"] > 0 and 0 < report["shut"]["p_shut"] < 1


# -- 5. shutbox-flash's usage and its checks --------------------------------------------------
def test_flash_help_names_the_command_run_and_every_board_file(monkeypatch, capsys):
    from tools.flashing import flash

    monkeypatch.setattr(sys, "argv", ["/home/builder/.venv/bin/shutbox-flash", "--help"])
    with pytest.raises(SystemExit):
        flash.main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: shutbox-flash ")
    for name in BOARD_FILES:
        assert name in out
    assert flash.command_name("tools/flash.py") == "python tools/flash.py"


def test_an_unknown_board_is_refused_before_the_board_is_touched(monkeypatch, capsys):
    from tools.flashing import flash

    touched = []
    monkeypatch.setattr(flash, "stop_for_flash", lambda *args: touched.append(args))
    assert flash.main(["--device", "socket://127.0.0.1:9", "--board", "nope"]) == 1
    assert "no pin map boards/nope.json; known boards: %s" % ", ".join(BOARD_FILES) in capsys.readouterr().err
    assert touched == []


# -- 6. make flash's device -------------------------------------------------------------------
def _make(*arguments):
    return subprocess.run(["make", "--no-print-directory", *arguments, "RUN_STAMP=", "PY=" + sys.executable],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_make_flash_takes_the_device_and_a_port_path_is_pointed_at_it():
    done = _make("-n", "flash", "DEVICE=/dev/ttyACM0", "ARGS=--board pico_w")
    assert "tools/flash.py --device /dev/ttyACM0 --board pico_w" in done.stdout
    done = _make("flash", "PORT=/dev/ttyACM0")
    assert done.returncode != 0 and "make flash DEVICE=/dev/ttyACM0" in done.stderr
    assert "tools/flash.py" not in done.stdout  # stopped before the flasher ran
    assert "--port 9000" in _make("-n", "web", "PORT=9000").stdout


def test_no_board_found_says_how_to_name_one_with_make():
    from tools.flashing.build import FlashError
    from tools.flashing.flash import find_device

    with pytest.raises(FlashError, match="make flash DEVICE=/dev/ttyACM0"):
        find_device(ports=[])


# -- 7. the virtual board's fs ls and df ------------------------------------------------------
def test_the_virtual_boards_listing_has_sizes_and_df_names_its_mounts(tmp_path):
    """On the unix port, as the virtual board mounts them: its files (a host folder) at "/",
    a pack at /pack; listed as mpremote's fs ls lists, "/" named by its folder as df names it."""
    from mpremote.main import _BUILTIN_COMMAND_EXPANSIONS

    from tools.flashing.pack import pack

    board = tmp_path / "board"
    board.mkdir()
    (board / "boot.py").write_text("# boot\n" * 10)
    (board / "pack.bin").write_bytes(pack({"app/core.mpy": b"c" * 300, "version.mpy": b"v" * 42}))
    df = _BUILTIN_COMMAND_EXPANSIONS["df"][1]
    script = "\n".join([
        "import os, vfs", "from host_dir_vfs import HostDirVfs", "from packfs import PackFs",
        "os.chdir(%r)" % str(board), "vfs.umount('/')",
        "vfs.mount(HostDirVfs(%r, 1408 * 1024), '/')" % str(board), "os.chdir('/')",
        "vfs.mount(PackFs('/pack.bin'), '/pack')",
        "print(repr(sorted(os.ilistdir('/'))))", "print(repr(sorted(os.ilistdir('/pack'))))",
        "print(repr(sorted(os.ilistdir(''))))", df])
    paths = (FIRMWARE, ROOT / "board_sim" / "virtual_board")
    status, out, err = run_on("unix", script, paths)
    assert status == 0, out + err
    root, packed, here, *df_lines = out.splitlines()
    assert _sizes(root) == {"boot.py": 70, "pack": 0, "pack.bin": (board / "pack.bin").stat().st_size}
    assert _sizes(here) == _sizes(root)
    assert _sizes(packed) == {"app": 0, "version.mpy": 42}
    names = {line.split()[-1]: line.split()[0] for line in df_lines[1:]}
    assert names["/"] == str(board)  # (the pack's own name would cost boot heap: see packfs.py)


def _sizes(listing):
    """{name: size} of an os.ilistdir listing, as mpremote's fs ls reads it (a 3-tuple, which
    MicroPython gives for a mount point, is size 0)."""
    return {entry[0]: (entry + (0,))[3] for entry in ast.literal_eval(listing)}


# -- 10. a script's dice and release ----------------------------------------------------------
def test_a_die_out_of_the_games_range_names_the_games_range():
    with pytest.raises(ScriptError, match=r"line 1: die 0 does not fit this game's 6-sided dice: 1\.\.6"):
        run_script("dice 0 1\n")


def test_releasing_a_button_not_held_is_a_mistake():
    with pytest.raises(ScriptError, match="line 2: release ok, but ok is not held"):
        run_script("wait 100\nrelease ok\n")
    run_script("hold ok\nwait 100\nrelease ok\n")


# -- 11. the simulator's boards ---------------------------------------------------------------
def test_the_simulator_offers_every_board_file(tmp_path, capsys):
    from board_sim.__main__ import main

    with pytest.raises(SystemExit):
        main(["--help"])
    usage = capsys.readouterr().out
    assert "--board {%s}" % ",".join(BOARD_FILES) in usage
    script = tmp_path / "game.txt"
    script.write_text("wait 500\n")
    for name in ("pico2", "pico2_w"):
        assert main(["run", str(script), "--board", name, "--log", str(tmp_path / "log")]) == 0

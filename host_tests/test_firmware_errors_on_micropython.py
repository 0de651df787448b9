"""The firmware's errors read cleanly on MicroPython: it supports no exception chaining, and the
unix port prints "Warning: exception chaining not supported" for every `raise ... from error`,
so the firmware raises `from None` (its messages already name the cause)."""

import ast

import pytest
from micropython_runtimes import FIRMWARE, run_on


def chained_raises(path):
    """(line, source) of each `raise ... from <something but None>` in a Python file."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.cause is not None:
            if not (isinstance(node.cause, ast.Constant) and node.cause.value is None):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_firmware_file_chains_an_exception():
    chained = {}
    for path in sorted(FIRMWARE.rglob("*.py")):
        found = chained_raises(path)
        if found:
            chained[str(path.relative_to(FIRMWARE))] = found
    assert chained == {}


def test_the_check_finds_a_chained_raise(tmp_path):
    source = tmp_path / "chained.py"
    source.write_text("try:\n    pass\nexcept OSError as error:\n    raise ValueError('x') from error\n"
                      "raise ValueError('y') from None\n")
    assert [line for line, _text in chained_raises(source)] == [4]


BOARD_CONFIG_ERRORS = """
import os
from hal.board_config import BoardError, load_config
root = %r
os.mkdir(root + "boards")
for selection, board_file in ((None, None), ('{"board": "pico9"}', None),
                              ('{"board": "pico"}', '{"flaps": ')):
    for name, text in (("board.json", selection), ("boards/pico.json", board_file)):
        try:
            os.remove(root + name)
        except OSError:
            pass
        if text is not None:
            with open(root + name, "w") as out:
                out.write(text)
    try:
        load_config(root)
    except BoardError as error:
        print("refused:", error)
"""


@pytest.mark.micropython
def test_a_refused_board_file_prints_only_its_message_on_the_unix_port(tmp_path):
    status, out, err = run_on("unix", BOARD_CONFIG_ERRORS % (str(tmp_path) + "/",))
    assert status == 0, out + err
    refused = [line for line in out.splitlines() if line.startswith("refused:")]
    assert len(refused) == 3, out + err
    assert "chaining" not in out + err and "Warning" not in out + err, out + err

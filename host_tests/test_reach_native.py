"""The legality tables' maker (game.reach) as the flasher compiles it for a board with native
code (viper, board_sim.native_build): on the unix port (x64) it makes exactly the tables the
bytecode makes, and CPython, for every box size and roll range (16-bit masks and wide ones)."""

import pytest

from host_tests.micropython_runtimes import run_on
from host_tests.test_win_kernel_native import compiled_tree

BOXES = ((5, 12), (9, 12), (11, 12), (9, 17), (12, 20), (24, 24))

_SCRIPT = """
from game.tables import LegalityTable
for tiles, max_total in %r:
    table = LegalityTable(tiles, max_total)
    print(tiles, max_total, table.width, len(table.reach), sum(table.reach), list(table.reach[-4:]))
"""


def cpython_figures():
    from game.tables import LegalityTable

    lines = []
    for tiles, max_total in BOXES:
        table = LegalityTable(tiles, max_total)
        lines.append("%d %d %d %d %d %s" % (tiles, max_total, table.width, len(table.reach), sum(table.reach),
                                             list(table.reach[-4:])))
    return lines


def unix_figures(tree):
    status, out, err = run_on("unix", _SCRIPT % (BOXES,), (tree,))
    assert status == 0, out + err
    return out.splitlines()


@pytest.mark.micropython
def test_the_native_tables_are_the_bytecodes(tmp_path):
    native_tree, _kernel = compiled_tree(tmp_path / "native", "x64")
    bytecode_tree, _kernel = compiled_tree(tmp_path / "bytecode", None)
    assert (native_tree / "game" / "reach.mpy").read_bytes()[2] >> 2 == 2  # .mpy header: x64
    assert (bytecode_tree / "game" / "reach.mpy").read_bytes()[2] >> 2 == 0
    expected = cpython_figures()
    assert unix_figures(bytecode_tree) == expected
    assert unix_figures(native_tree) == expected

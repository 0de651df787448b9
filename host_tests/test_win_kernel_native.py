"""The win-chance kernel as the flasher compiles it for a board with native code (viper,
board_sim.native_build): on the unix port (x64) it computes exactly what the bytecode computes, on
CPython and on the unix port, for every kind of outcome table (the sum rule, the rules that go
by the dice's numbers, doubles thrown again, unlucky 7, one d20, 2-to-go's first roll, digital
scoring), and a board without native code gets the bytecode."""

import pytest
from game.presets import preset

from tools.build.micropython_runtimes import RuntimeMissing, run_unix
from tools.flashing.build import board_json_for, build_image, native_arch_for

PRESETS = ("classic", "thai", "exact-match", "single-die", "long-game", "unlucky-7", "2-to-go",
           "digital", "3-down-extreme", "2012")
UNIX_MPY = 2822  # the unix port's sys.implementation._mpy: .mpy 6.3, x64 native code
ROUND = (12, 1, 0)  # the last player, against 12 held alone

_SCRIPT = """
from game.presets import preset
from game.win_chance import WinChance
for name in %r:
    rules = preset(name)
    win = WinChance(rules)
    win.begin(*%r)
    while not win.step(64):
        pass
    total = 0
    for mask in range(1 << rules.tiles):
        total = (total * 31 + win.chance(mask) + 7 * win.one_die_at(mask)) %% 1000000007
    print(name, total, win.first_chance, win.first_one_die)
"""


def cpython_figures(name):
    from game.win_chance import WinChance

    rules = preset(name)
    win = WinChance(rules)
    win.begin(*ROUND)
    while not win.step(64):
        pass
    total = 0
    for mask in range(1 << rules.tiles):
        total = (total * 31 + win.chance(mask) + 7 * win.one_die_at(mask)) % 1000000007
    return "%s %d %d %s" % (name, total, win.first_chance, win.first_one_die)


def unix_figures(tree):
    try:
        status, out, err = run_unix(_SCRIPT % (PRESETS, ROUND), (tree,), timeout=600)
    except RuntimeMissing as missing:
        pytest.skip(str(missing))
    assert status == 0, out + err
    return out.splitlines()


def compiled_tree(tmp_path, arch):
    image = build_image("6.3", board_json_for("pico"), arch=arch)
    for path, data in image.items():
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return tmp_path, image["game/win_kernel.mpy"]


def test_the_unix_ports_native_architecture_is_read_from_its_mpy_value():
    assert native_arch_for(UNIX_MPY) == "x64"
    assert native_arch_for(6 | (3 << 8) | (4 << 10)) == "armv6m"  # an RP2040
    assert native_arch_for(6 | (3 << 8)) is None  # the wasm build: no native code


@pytest.mark.micropython
def test_the_native_kernel_computes_what_the_bytecode_does(tmp_path):
    native_tree, native_kernel = compiled_tree(tmp_path / "native", "x64")
    bytecode_tree, bytecode_kernel = compiled_tree(tmp_path / "bytecode", None)
    assert native_kernel[2] >> 2 == 2 and bytecode_kernel[2] >> 2 == 0  # .mpy header: its arch
    expected = [cpython_figures(name) for name in PRESETS]
    assert unix_figures(bytecode_tree) == expected
    assert unix_figures(native_tree) == expected

"""board_sim/bridge: the firmware's `machine` on the MicroPython unix port answered by board_sim
on CPython, as the boot bench runs the box (its heap cap is then the firmware's)."""

import ast
import json
import pathlib

import pytest

from board_sim import link
from board_sim.board import SimBoard
from board_sim.bridge import host as bridge_host
from board_sim.bridge.host import BridgeHost
from host_tests import micropython_runtimes
from tools.build import micropython_runtimes as runtimes

ROOT = pathlib.Path(__file__).resolve().parent.parent
PINMAP = {
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
    "flaps": [{"type": "gpio", "pins": [6, 7], "active_low": True},
              {"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 8},
              {"type": "mcp23017", "address": 32, "count": 8}],
    "accel": {"type": "lis3dh", "address": 24},
    "leds": {"pin": 22, "count": 3},
    "buttons": {"ok": {"pin": 21, "active_low": True}},
    "buzzer": {"pin": 15},
}
NOW, KNOWN, LEVELS = 2, 3, 4  # where a reply carries the board's state


@pytest.fixture
def host():
    """A host as `python -m board_sim.bridge` serves it (serve() attaches its board)."""
    board = SimBoard.from_pinmap(PINMAP, seed=5)
    link.attach(board)
    yield BridgeHost(board)
    link.detach()


def test_the_host_makes_one_object_per_gpio_and_tells_every_level_but_a_floating_pins(host):
    first = host.answer([1, "Pin", [6, 0, 1], {"value": None}], [])[0]  # IN, PULL_UP: an open flap
    again = host.answer([1, "Pin", [6], {}], [])[0]
    assert first[:2] == [0, {"h": 2}] and again[:2] == [0, {"h": 2}]
    assert first[KNOWN] >> 6 & 1 and first[LEVELS] >> 6 & 1
    floating = host.answer([1, "Pin", [2, 0], {}], [])[0]  # nothing wired, no pull: it reads noise
    assert not floating[KNOWN] >> 2 & 1
    driven = host.answer([1, "Pin", [18, 0], {}], [])[0]  # the shift register's data line: it drives it
    assert driven[KNOWN] >> 18 & 1
    host.board.set_flap(1, True)  # tile 1: the flap on GPIO 6
    host.board.advance(20)  # past the bounce
    state = host.answer([1, "Pin", [6], {}], [])[0]
    assert state[KNOWN] >> 6 & 1 and not state[LEVELS] >> 6 & 1
    assert state[NOW] == 20000


def test_the_host_sends_bytes_after_the_json_and_errors_by_name_with_their_errno(host):
    i2c = host.answer([1, "I2C", [0], {"scl": 5, "sda": 4}], [])[0][1]
    assert host.answer([i2c["h"], "readfrom_mem", [24, 0x0F, 1], {}], []) == ([0, {"x": 0}] + host.state(), [b"\x33"])
    assert host.answer([i2c["h"], "readfrom", [0x50, 1], {}], [])[0][:2] == [1, ["OSError", [5, "EIO"]]]  # rp2
    assert host.answer([0, "_objects", [], {}], [])[0][:2] == [1, ["AttributeError", ["_objects"]]]
    reply, raw = host.answer([i2c["h"], "writevto", [24, [{"x": 0}, {"x": 1}]], {}], [b"\x20", b"\x07"])
    assert reply[:2] == [0, 2] and raw == []  # two bytes acknowledged
    assert host.answer([i2c["h"], "readfrom_mem", [24, 0x20, 1], {}], [])[1] == [b"\x07"]  # CTRL_REG1 written
    json.dumps(reply)


def _vm_constants(name):
    """The const() values a module of the VM's end names, without importing it here."""
    tree = ast.parse((ROOT / "board_sim" / "bridge" / "upy" / name).read_text())
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and getattr(
                node.value.func, "id", None) == "const":
            found[node.targets[0].id] = ast.literal_eval(node.value.args[0])
        elif isinstance(node, ast.Assign) and node.targets[0].id == "ERRORS":
            found["ERRORS"] = [key.value for key in node.value.keys]
    return found


def test_the_vm_s_copies_of_the_protocol_equal_the_host_s():
    remote, machine = _vm_constants("remote.py"), _vm_constants("machine.py")
    assert remote["_BOARD_HANDLE"] == bridge_host.BOARD_HANDLE
    assert remote["_LENGTH_BYTES"] == bridge_host.LENGTH_BYTES
    assert machine["_MACHINE_HANDLE"] == bridge_host.MACHINE_HANDLE
    assert remote["ERRORS"] == [error.__name__ for error in bridge_host.ERRORS]


SCRIPT = """
import machine, neopixel, remote
remote.connect(%d, %d)
board = remote.Board()
i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
print("scan", i2c.scan())
print("whoami", i2c.readfrom_mem(24, 0x0F, 1)[0])
i2c.writeto_mem(32, 0x0C, bytes((255, 255)))  # the expander's pull-ups on
buf = bytearray(2)
i2c.readfrom_mem_into(32, 0x12, buf)  # the expander's GPIOA, GPIOB
print("expander", list(buf))
try:
    i2c.readfrom(0x50, 1)
except OSError as error:
    print("nack", error.args[0])
flap = machine.Pin(6, machine.Pin.IN, machine.Pin.PULL_UP)
print("same pin", flap is machine.Pin(6), flap.value())
board.set_flap(1, True)  # GPIO 6
board.set_flap(5, True)  # the shift register's third input
board.advance(20)
print("shut", flap.value(), board.now_ms)
load = machine.Pin(16, machine.Pin.OUT, value=1)
clock = machine.Pin(17, machine.Pin.OUT, value=0)
data = machine.Pin(18, machine.Pin.IN)
load.value(0)
load.value(1)
levels = 0
for _ in range(8):
    levels = (levels << 1) | data.value()
    clock.value(1)
    clock.value(0)
print("shift", levels)
strip = neopixel.NeoPixel(machine.Pin(22), 3)
strip[1] = (1, 2, 3)
strip.write()
buzzer = machine.PWM(machine.Pin(15), freq=440, duty_u16=1000)
print("pwm", buzzer.freq(), buzzer.duty_u16())
machine.WDT(timeout=100)
try:
    board.advance(200)
except remote.MachineReset as reset:
    print("reset", reset.args[0])
"""


@pytest.mark.micropython
def test_the_unix_port_drives_the_board_on_cpython_through_the_bridge(tmp_path):
    (tmp_path / "board.json").write_text(json.dumps({"board": "bridged"}))
    (tmp_path / "bridged.json").write_text(json.dumps(PINMAP))
    paths = (ROOT / "board_sim" / "bridge" / "upy", ROOT / "board_sim" / "upy", ROOT)
    try:
        status, out, err = runtimes.run_unix_bridged(lambda *fds: SCRIPT % fds, tmp_path, paths, seed=5)
    except runtimes.RuntimeMissing as missing:
        if micropython_runtimes.required("unix"):
            pytest.fail(str(missing))
        pytest.skip(str(missing))
    assert status == 0, out + err
    lines = out.splitlines()
    assert lines[:4] == ["scan [24, 32]", "whoami 51", "expander [255, 255]", "nack 5"]
    assert lines[4] == "same pin True 1"
    assert lines[5].split()[:2] == ["shut", "0"] and int(lines[5].split()[2]) >= 20
    assert lines[6] == "shift 251"  # tile 5 shut: the chain's input 2 reads 0, as board_sim has it in one process
    assert lines[7] == "pwm 440 1000"
    assert lines[8] == "reset 3"  # WDT_RESET

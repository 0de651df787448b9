"""board_sim's machine, neopixel and devices run on the real MicroPython unix port."""

import pathlib

import pytest

from host_tests.micropython_runtimes import run_on

ROOT = pathlib.Path(__file__).resolve().parent.parent

SCRIPT = """
import framebuf, machine, micropython, neopixel, time
from board_sim import link
from board_sim.board import MachineReset, SimBoard
assert "board_sim" not in str(framebuf) and "board_sim" in str(machine)  # native framebuf
board = SimBoard.from_pinmap({
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
    "flaps": [{"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 8},
              {"type": "mcp23017", "address": 32, "count": 8}],
    "accel": {"type": "lis3dh", "address": 24},
    "display": {"type": "ssd1306", "address": 60, "width": 128, "height": 64},
    "leds": {"pin": 22, "count": 3},
    "buttons": {"ok": {"pin": 21, "active_low": True}},
    "buzzer": {"pin": 15},
})
link.attach(board)
i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
print("scan", i2c.scan())
print("whoami", i2c.readfrom_mem(24, 0x0F, 1)[0])
board.set_flap(2, True)
board.set_flap(10, True)
board.advance(10)
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
print("chain", levels ^ 0xFF)
i2c.writeto_mem(32, 0x0C, b"\\xff")
print("expander", i2c.readfrom_mem(32, 0x12, 1)[0] ^ 0xFF)
strip = neopixel.NeoPixel(machine.Pin(22), 3)
strip[1] = (10, 20, 30)
strip.write()
print("leds", board.led_colors()[1])
try:
    machine.WDT(timeout=50)
    board.advance(100)
except MachineReset as reset:
    print("reset", reset.cause, board.wdt_resets)
try:
    i2c.readfrom_mem(0x50, 0, 1)
except OSError as error:
    print("nack", error.args[0])
"""


@pytest.mark.micropython
def test_machine_and_devices_run_on_the_unix_port():
    status, out, err = run_on("unix", SCRIPT, (ROOT / "board_sim" / "upy", ROOT))
    assert status == 0, err + out
    lines = dict(line.split(" ", 1) for line in out.strip().splitlines())
    assert lines["scan"] == "[24, 32, 60]"
    assert lines["whoami"] == "51"
    assert lines["chain"] == "2"
    assert lines["expander"] == "2"
    assert lines["leds"] == "(10, 20, 30)"
    assert lines["reset"].startswith("3 ")
    assert lines["nack"] == "5"

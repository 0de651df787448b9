"""The App's per-event path allocates nothing, measured on real MicroPython (unix port with a
Pico-sized heap): feeding flaps to the turn, rolling, the LEDs and a whole OLED frame."""

import pytest

from host_tests.micropython_runtimes import FIRMWARE, run_on

BENCH = FIRMWARE.parent / "bench"

PROBE = r"""
import gc
import framebuf
from app.lights import Lights
from app.reconcile import FlapFeed, expected_open
from app.roller import Roller
from app.screens import MESSAGE_LINES, Screen
from game.match import source_for
from game.presets import preset
from game.prng import Xorshift32
from game.sources import feed
from game.turn import Turn
from hal.leds import TileLeds


class Strip:
    # What hal.leds writes into: a neopixel's buffer; write() would clock it out.
    ORDER = (1, 0, 2)
    bpp = 3

    def __init__(self, count):
        self.count = count
        self.buf = bytearray(3 * count)

    def __len__(self):
        return self.count

    def write(self):
        pass


class Panel(framebuf.FrameBuffer):
    # MicroPython's own framebuf, as hal.ssd1306 is; show() would send it over I2C.
    def __init__(self):
        self.buffer = bytearray(1024)
        self.bands = (None, None, None, None)  # hal.ssd1306's: four bands of 16 rows
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)

    def show_band(self, band):
        pass


def message(*lines):
    # A turn's message as app.presentation's constants make it: each line's number, 5 bits each.
    code = 0
    for index in range(len(lines)):
        code |= (MESSAGE_LINES.split("|").index(lines[index]) + 1) << 5 * index
    return code


MSG_REFUSED = message("Open tile", "again") | 1 << 15  # the number after the first line
MSG_MOVE = message("Shut lit tiles", "to make")
rules = preset("classic")
turn = Turn(rules)
flaps = FlapFeed()
lights = Lights(TileLeds(Strip(9)), 9)
screen = Screen(Panel())
rng = Xorshift32(5)
source = source_for(rules, rng)
roller = Roller(None, rng)
ALL = 0x1FF


def turn_events():
    turn.start()
    flaps.clear()
    roller.press(0)
    roller.update(400, True)
    roller.update(800, True)  # lands
    feed(turn, b"\x03\x05", 2)  # a roll of 8, as the App feeds the drawn dice
    lit = turn.legal_tiles()
    flaps.feed(turn, ALL & ~0x100)  # tile 9 shut: refused
    lights.play(0, 9, turn.open_mask, turn.pending, lit, 0, 0x100, 0, 250)
    screen.show_turn(0, source.values, 2, turn.total, MSG_REFUSED, 9, -1)
    while screen.flush():  # the frame sent a part at a time, as app.presentation does
        pass
    flaps.feed(turn, ALL & ~0x010)  # 9 reopened, 5 shut: pending
    flaps.feed(turn, ALL)  # 5 taken back
    flaps.feed(turn, ALL & ~0x080 & ~0x001)  # 8 adds up (taken); 1, shut before a roll, refused
    expected_open(turn, 0, ALL)
    count = source.draw(turn.dice_expected())
    feed(turn, source.values, count)
    lights.play(0, 9, turn.open_mask, turn.pending, turn.legal_tiles(), 0, 0, 0x24, 0)
    lights.play(0, 9, turn.open_mask, turn.pending, turn.legal_tiles(), 0, 0, 0x24, 0)  # not written again
    screen.show_turn(0, source.values, count, turn.total, MSG_MOVE, turn.total, 37)
    while screen.flush():
        pass


for _ in range(3):
    turn_events()
gc.collect()
gc.disable()
before = gc.mem_alloc()
for _ in range(200):
    turn_events()
print("allocated", gc.mem_alloc() - before)
"""


@pytest.mark.micropython
def test_the_turn_flow_allocates_nothing_on_micropython():
    status, out, err = run_on("unix", PROBE)
    assert status == 0, out[-3000:] + err[-3000:]
    assert out.strip().splitlines()[-1] == "allocated 0", out


QSTR_PROBE = r"""
import framebuf
import micropython
from app.screens import MESSAGE_LINES, Screen
import app.screen_turn


class Panel(framebuf.FrameBuffer):
    def __init__(self):
        self.buffer = bytearray(1024)
        self.bands = ()
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


screen = Screen(Panel())
micropython.qstr_info()
for line in range(1, MESSAGE_LINES.count("|") + 1):  # every line of every message, every number
    screen.show_turn(7, b"\x01\x06\x0c", 3, 12, line | line << 5 | 1 << 15, 9876543210, 100, 1)
for value in range(100):
    screen.show_turn(0, bytes((value % 12 + 1, 11)), 2, value, 1, value, value, 0)
    app.screen_turn.show_setup(screen, 7, value * 11, 1, 12, 7, None, 0x3FF, 0x3FF, round_number=3)
micropython.qstr_info()
"""


@pytest.mark.micropython
def test_drawing_interns_no_string():
    """Drawing a turn's frame and a between-turns frame, every message line, digit and die
    face, interns no string: MicroPython interns a one-character string the first time one is
    made (str indexing), which may take the heap in whichever play tick draws it first."""
    status, out, err = run_on("unix", QSTR_PROBE)
    assert status == 0, out[-3000:] + err[-3000:]
    counts = [line.split("n_qstr=")[1].split(",")[0] for line in out.splitlines() if "n_qstr=" in line]
    assert len(counts) == 2 and counts[0] == counts[1], out


@pytest.mark.micropython
def test_app_ticks_allocate_nothing_between_turn_ends():
    """The whole App.tick over the HAL drivers (bench/app_kernel.py): three turns of flap events,
    shakes and button presses; only a turn's end may allocate."""
    status, out, err = run_on("unix", "import app_kernel\napp_kernel.allocation(3)\n",
                              paths=(FIRMWARE, BENCH), heap="1024k")  # source, not .mpy: room to compile
    assert status == 0, out + err
    figures = dict(line.split()[1:] for line in out.splitlines() if line.startswith("app_alloc"))
    assert int(figures["flap_events"]) >= 20 and int(figures["rolls"]) >= 6
    assert (figures["play_bytes"], figures["setup_bytes"], figures["idle_bytes"]) == ("0", "0", "0")

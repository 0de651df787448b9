"""Bytes the App allocates on its event path, measured on MicroPython with the collector off.

The real App and the real HAL drivers (GPIO flap bank, debounced buttons, LIS3DH and shake
detector, SSD1306, WS2812 strip, piezo) run over bus stand-ins that themselves never allocate:
pins whose level the kernel sets, an I2C bus answering from a register file, a LED buffer.
The kernel plays whole turns of classic through the switches and the accelerometer (shake to
roll, shut the lit tiles one flap at a time, reopen them for the next turn) and adds up
gc.mem_alloc() across the App.tick() calls alone, so the kernel's own bookkeeping is not counted.

    import app_kernel; app_kernel.allocation(turns)    prints "app_alloc NAME VALUE" lines
    import app_kernel; app_kernel.saving(turns)        prints "app_save NAME VALUE" lines

saving() gives the App a Keeper (app.keeper) saving to DATA_DIR, as main.py does on the box;
allocation() leaves it out, to see the event path alone. The heap the App holds is measured
booted through main.py's own start() (bench/boot_kernel.py), not here.
"""

import gc
import sys

from app.core import FINISHED, MENU, PLAY, SETUP, App
from app.keeper import Keeper
from app.settings import Settings
from game.prng import Xorshift32
from game.turn import AWAIT_MOVE, AWAIT_ROLL
from hal.buttons import Button
from hal.buzzer import Buzzer
from hal.flaps import FlapSwitches, GpioBank
from hal.leds import TileLeds
from hal.lis3dh import LIS3DH_I2C
from hal.shake import ShakeDetector
from hal.ssd1306 import SSD1306_I2C

# What app.startup imports at boot beside the App and keeps (older trees have no game.rounds):
# imported here too, so a match's start imports what it imports on a box.
for _name in ("game.gamelog", "game.rounds"):
    try:
        __import__(_name)
    except ImportError:
        pass

TILES = 9
TICK_MS = 5
_STILL_Z = 16384  # 1 g on z at +-2 g, high resolution: the box at rest
_SHAKE_X = 20000


class Pin:
    """An input pin at a level the kernel sets (a switch or a button, active low)."""

    def __init__(self, level=1):
        self.level = level

    def value(self, level=None):
        return self.level


class Bus:
    """An I2C bus: an LIS3DH's registers to read, writes (the OLED's stream) swallowed; `bytes`
    counts what a real bus would clock (each address and register byte too, coach_kernel's
    bus time)."""

    def __init__(self):
        self.bytes = 0
        self.registers = bytearray(256)
        self.registers[0x0F] = 0x33  # WHO_AM_I: an LIS3DH
        self.set_accel(0, _STILL_Z)

    def set_accel(self, x, z):
        regs = self.registers
        regs[0x28], regs[0x29] = x & 0xFF, (x >> 8) & 0xFF
        regs[0x2A], regs[0x2B] = 0, 0
        regs[0x2C], regs[0x2D] = z & 0xFF, (z >> 8) & 0xFF

    def readfrom_mem_into(self, address, register, buf):
        self.bytes += 3 + len(buf)  # address, register; address again, the bytes read
        start = register & 0x7F
        for index in range(len(buf)):
            buf[index] = self.registers[start + index]

    def writeto_mem(self, address, register, buf):
        self.bytes += 2 + len(buf)

    def writeto(self, address, buf, stop=True):
        self.bytes += 1 + len(buf)
        return 1

    def writevto(self, address, vector, stop=True):
        self.bytes += 1
        for part in vector:
            self.bytes += len(part)
        return 1


class Strip:
    """What hal.leds writes into: a neopixel's buffer (write() would clock it out)."""

    ORDER = (1, 0, 2)
    bpp = 3

    def __init__(self, count):
        self.n = count
        self.buf = bytearray(3 * count)
        self.writes = 0

    def __len__(self):
        return self.n

    def write(self):
        self.writes += 1


class Pwm:
    """A PWM output (no *args: a tuple per call would be the stand-in's allocation, not the App's)."""

    def freq(self, hz=None):
        return 0

    def duty_u16(self, duty=None):
        return 0


class Devices:
    """What hal.board.build_devices hands the App (that module needs machine, which the wasm
    build lacks): the same attributes."""

    def __init__(self, name):
        self.name = name
        self.i2c = None
        self.flaps = None
        self.accel = None
        self.shake = None
        self.display = None
        self.leds = None
        self.buttons = {}
        self.buzzer = None
        self.wifi = False
        self.faults = []


class Kernel:
    """The App on stand-in buses, and the hands that play it."""

    def __init__(self, seed, keeper=None, settings=None, hints=None):
        self.switches = [Pin(1) for _ in range(TILES)]  # 1: flap open (switch open, pulled up)
        self.ok = Pin(1)
        self.select = Pin(1)
        self.bus = Bus()
        devices = Devices("bench")
        devices.i2c = self.bus
        devices.flaps = FlapSwitches([GpioBank(self.switches)], 20, 1)
        devices.accel = LIS3DH_I2C(self.bus)
        devices.shake = ShakeDetector(devices.accel)
        devices.display = SSD1306_I2C(128, 64, self.bus)
        self.strip = Strip(TILES)
        devices.leds = TileLeds(self.strip)
        devices.buzzer = Buzzer(Pwm())
        devices.buttons = {"ok": Button(self.ok), "select": Button(self.select)}
        if settings is None:
            settings = Settings({"preset": "classic"}, 1, False)
        self.app = App(devices, settings, Xorshift32(seed), hints=hints, keeper=keeper)
        # What the kernel reads: the App itself, whose names app.view.View shares. View, a host's
        # module that a box never loads, is a class of some 40 properties: on an emulated RP2040
        # it overflowed the collector's mark stack, and each collection took 2 passes, not one.
        self.view = self.app
        self.now = 0
        self.ticks = 0
        self.reset_counts()

    def reset_counts(self):
        self.steady = [0, 0, 0, 0]  # bytes by phase (MENU, SETUP, PLAY, FINISHED)
        self.transitions = 0
        self.transition_bytes = 0
        self.ticks = 0
        self.flap_events = 0
        self.rolls = 0

    def run(self, ms):
        """Let ms pass; only what App.tick allocates is counted: in a tick that stays in its
        phase and turn (the event path), or in one that ends a turn or changes phase (with the
        tick after it that imports the new phase's frames, app.presentation's, the tick after a
        match's end, which imports app.finish, and the ticks before a match starts, which import
        what starts it: any tick that imports or lets go a module)."""
        app = self.app
        view = self.view
        end = self.now + ms
        while self.now < end:
            self.now += TICK_MS
            phase = view.phase
            turn = view.turn
            importing = app.screen.frames == 0  # (app.presentation's)
            modules = len(sys.modules)
            ending = app.ending
            before = gc.mem_alloc()
            app.tick(self.now)
            allocated = gc.mem_alloc() - before
            if (view.phase == phase and view.turn is turn and not importing and app.ending is ending
                    and modules == len(sys.modules)):
                self.steady[phase] += allocated
            else:
                self.transitions += 1
                self.transition_bytes += allocated
            self.ticks += 1

    def press_ok(self):
        self.ok.level = 0
        self.run(120)
        self.ok.level = 1
        self.run(60)

    def set_flap(self, tile, shut):
        pin = self.switches[tile - 1]
        level = 0 if shut else 1
        if pin.level != level:
            pin.level = level
            self.flap_events += 1
            self.run(40)

    def shake(self):
        bus = self.bus
        for step in range(60):  # 600 ms of swinging, then still until the dice land
            bus.set_accel(_SHAKE_X if step % 2 else -_SHAKE_X, _STILL_Z)
            self.run(10)
        bus.set_accel(0, _STILL_Z)
        self.rolls += 1
        self.run(500)

    def play_turn(self):
        """Set the flaps right, then roll and shut lit tiles until the turn is over."""
        view = self.view
        for _ in range(200):
            if view.phase == MENU:
                self.press_ok() if view.menu.row == 3 else self.press_select()
            elif view.phase == SETUP and not (view.must_open or view.must_shut):
                self.press_ok()  # "ok to play"
            elif view.phase == SETUP or (view.phase == PLAY and (view.must_open or view.must_shut)):
                for tile in range(1, TILES + 1):
                    if view.must_open >> (tile - 1) & 1:
                        self.set_flap(tile, False)
                    elif view.must_shut >> (tile - 1) & 1:
                        self.set_flap(tile, True)
                self.run(100)
            elif view.phase == PLAY and view.turn.state == AWAIT_ROLL:
                self.shake()
            elif view.phase == PLAY and view.turn.state == AWAIT_MOVE:
                lit = view.legal
                tile = TILES
                while tile and not lit >> (tile - 1) & 1:
                    tile -= 1
                if tile:
                    self.set_flap(tile, True)
                else:
                    self.run(100)
            else:
                while view.phase == FINISHED:
                    self.press_ok()  # past the last turn's result, then play again
                return

    def press_select(self):
        self.select.level = 0
        self.run(120)
        self.select.level = 1
        self.run(60)


DATA_DIR = "/tmp/shutbox-bench-data"


def saving(turns, seed=5):
    """What saving the match costs: saves made and bytes allocated in play ticks over `turns`
    turns with a Keeper, against the same turns without one (the collector off for both)."""
    for name, keeper in (("without", None), ("with", Keeper(DATA_DIR))):
        kernel = Kernel(seed, keeper)
        kernel.play_turn()
        kernel.reset_counts()
        writes = keeper.writes if keeper is not None else 0
        gc.collect()
        gc.disable()
        for _ in range(turns):
            kernel.play_turn()
        gc.enable()
        print("app_save %s_bytes" % name, kernel.steady[PLAY] + kernel.transition_bytes)
        if keeper is not None:
            print("app_save saves", keeper.writes - writes)
            from app.keeper_save import match_file  # keep() would let its file class go

            print("app_save match_bytes", len(match_file(keeper).load()))


def allocation(turns, seed=5):
    kernel = Kernel(seed)
    kernel.play_turn()  # warm up: the menu, the first turn, every screen drawn once
    kernel.reset_counts()
    gc.collect()
    gc.disable()  # no collection inside a tick: each tick's mem_alloc() difference is what it allocated
    for _ in range(turns):
        kernel.play_turn()
        gc.collect()  # between turns, outside the ticks counted: a match's start loads its modules again
    gc.enable()
    print("app_alloc ticks", kernel.ticks)
    print("app_alloc flap_events", kernel.flap_events)
    print("app_alloc rolls", kernel.rolls)
    print("app_alloc play_bytes", kernel.steady[PLAY])
    print("app_alloc setup_bytes", kernel.steady[SETUP])
    print("app_alloc idle_bytes", kernel.steady[MENU] + kernel.steady[FINISHED])
    print("app_alloc transitions", kernel.transitions)
    print("app_alloc transition_bytes", kernel.transition_bytes)

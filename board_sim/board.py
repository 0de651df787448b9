"""SimBoard: the simulated box. Its clock, GPIO lines, I2C buses, devices and the test controls.

The firmware reaches it only through the stand-in `machine`/`neopixel`/`time` modules; tests
and front ends use the controls: flip_flap, set_flap, press, shake, tap, advance,
display_pixels, led_colors, sounds, fail_device, heal_device, wdt_resets.
Time moves only when something advances it (board.advance, the firmware's sleep_ms, the
time an I2C transfer takes); timers, pin interrupts and the watchdog act as it passes.
"""

from board_sim.clock import SimClock
from board_sim.devices.motion import MotionModel
from board_sim.devices.piezo import Piezo
from board_sim.devices.switch import Switch
from board_sim.devices.ws2812 import LedStrip
from board_sim.i2c_bus import I2CBus
from board_sim.pins import IRQ_FALLING, IRQ_RISING, PinLine
from board_sim.prng import Random32

# machine.reset_cause() values of the rp2 port.
PWRON_RESET = 1
WDT_RESET = 3
SOFT_RESET = 5
_IRQ_SAMPLE_US = 1000


class MachineReset(BaseException):  # noqa: N818 (it is a reset, not an error)
    """The simulated MCU reset: raised out of the firmware's call; cause is a reset_cause value.

    A BaseException so that the firmware's own `except Exception` cannot swallow it.
    """

    def __init__(self, cause):
        super().__init__(cause)
        self.cause = cause


class SimBoard:
    """A board with nothing wired yet; SimBoard.from_pinmap() wires what a pin map names."""

    def __init__(self, seed=1, start_ms=0, platform="rp2", bus_timing=True):
        self.seed = seed
        self.platform = platform
        self.bus_timing = bus_timing
        self.clock = SimClock(start_ms)
        self.rng = Random32(seed)
        self.motion = MotionModel(seed + 1)
        self.lines = {}
        self.buses = {}
        self.devices = {}
        self.flaps = []
        self.buttons = {}
        self.accel = None
        self.display = None
        self.wifi = None  # a WifiChip on a Pico W (board_sim.devices.wifi)
        self.strips = {}
        self.piezos = {}
        self.timers = []
        # The lines with an interrupt handler, as a tuple replaced when one is set or cleared
        # (set_irq, reset): advance_us reads it at every step of time without rebuilding it.
        self.irq_lines = ()
        self.watchdog_timeout_us = 0
        self.watchdog_deadline_us = None
        self.wdt_resets = []
        self.reset_cause = PWRON_RESET
        self.boots = 1
        self.cpu_freq = 125000000
        self.adc_u16 = {}  # ADC channel or pin -> the reading machine.ADC.read_u16() gives
        # What outlives this interpreter (the virtual board's server): its watchdog runs on the
        # wall clock and survives the interpreter's restart at a soft reset, and it makes a hard
        # reset. None: the watchdog runs on the simulated clock, here.
        self.host = None

    @classmethod
    def from_pinmap(cls, pinmap, seed=1, leave_out=(), accel=None, **options):
        """A board wired as pinmap says (see board_sim.wiring.wire for leave_out and accel)."""
        from board_sim.wiring import wire

        board = cls(seed=seed, **options)
        wire(board, pinmap, leave_out, accel)
        return board

    # --- wiring ---

    def line(self, number):
        line = self.lines.get(number)
        if line is None:
            line = self.lines[number] = PinLine(self, number)
        return line

    def bus(self, sda, scl):
        bus = self.buses.get((sda, scl))
        if bus is None:
            bus = self.buses[(sda, scl)] = I2CBus(sda, scl)
        return bus

    def add_device(self, name, device):
        if name in self.devices:
            raise ValueError("two devices named %r" % name)
        self.devices[name] = device
        return device

    def new_switch(self, closed=False, closed_level=0):
        return Switch(Random32(self.rng.next32()), closed, closed_level)

    def strip_on(self, pin, count):
        strip = self.strips[pin] = LedStrip(count)
        return strip

    def piezo_on(self, pin):
        piezo = self.piezos[pin] = Piezo()
        return piezo

    def floating_level(self):
        """A pin that nothing drives picks up noise."""
        return self.rng.next32() & 1

    # --- time ---

    @property
    def now_ms(self):
        return self.clock.now_ms

    def advance(self, ms):
        """Let ms milliseconds pass (timers fire, interrupts run, the watchdog may bite)."""
        self.advance_us(int(ms * 1000))

    def advance_us(self, us):
        clock = self.clock
        target_us = clock.now_us + us
        while True:
            next_us = target_us
            irq_lines = self.irq_lines
            if irq_lines and clock.now_us + _IRQ_SAMPLE_US < next_us:
                next_us = clock.now_us + _IRQ_SAMPLE_US
            for timer in self.timers:
                if timer.due_us < next_us:
                    next_us = timer.due_us
            deadline = self.watchdog_deadline_us
            if deadline is not None and deadline <= next_us:
                clock.now_us = max(clock.now_us, deadline)
                self.wdt_resets.append(clock.now_ms)
                self.reset(WDT_RESET)
            if next_us > clock.now_us:
                clock.now_us = next_us
            if irq_lines:
                self._run_interrupts(irq_lines)
            if self.timers:
                self._run_due_timers()
            if clock.now_us >= target_us:
                return

    def set_irq(self, line, handler, trigger, pin):
        """Pin.irq(): `line` calls handler(pin) on the edges in trigger (None: no interrupt)."""
        line.irq_handler = handler
        line.irq_trigger = trigger
        line.irq_pin = pin
        line.irq_last_level = line.level() if handler is not None else None
        self.irq_lines = tuple(each for each in self.lines.values() if each.irq_handler is not None)

    def _run_interrupts(self, irq_lines):
        for line in irq_lines:
            level = line.level()
            before = line.irq_last_level
            line.irq_last_level = level
            if before is None or level == before:
                continue
            if (level and line.irq_trigger & IRQ_RISING) or (not level and line.irq_trigger & IRQ_FALLING):
                line.irq_handler(line.irq_pin)

    def _run_due_timers(self):
        now_us = self.clock.now_us
        for timer in [timer for timer in self.timers if timer.due_us <= now_us]:
            timer.fire()

    def spend_us(self, us):
        """Time the MCU spends busy in a call (an I2C transfer): passes only with bus_timing."""
        if self.bus_timing and us > 0:
            self.advance_us(us)

    # --- the MCU side, used by the machine stand-in ---

    def start_watchdog(self, timeout_ms):
        if self.host is not None:
            self.host.start_watchdog(timeout_ms)
            return
        self.watchdog_timeout_us = timeout_ms * 1000
        self.feed_watchdog()

    def feed_watchdog(self):
        if self.host is not None:
            self.host.feed_watchdog()
            return
        self.watchdog_deadline_us = self.clock.now_us + self.watchdog_timeout_us

    def reset(self, cause):
        """Reset the MCU (not the devices, which keep their power) and raise MachineReset. As
        on rp2 a soft reset leaves a started watchdog running (it has no deinit): only a hard
        reset (the watchdog's own, machine.reset(), a power cut) stops it. With a host (the
        virtual board) a hard reset is the host's: this interpreter ends there."""
        if self.host is not None and cause != SOFT_RESET:
            self.host.hard_reset()
        for line in self.lines.values():
            line.reset()
        self.irq_lines = ()
        for piezo in self.piezos.values():
            piezo.pwm_changed(self.clock.now_ms, 0, 0)
        self.timers = []
        if cause != SOFT_RESET:
            self.watchdog_deadline_us = None
            self.reset_cause = cause
            self.boots += 1
        raise MachineReset(cause)

    def bitstream(self, pin, timing_ns, data):
        strip = self.strips.get(pin)
        if strip is not None:
            strip.receive(timing_ns, data)
        # Sending 8 bits a byte at the given timing keeps the MCU busy.
        bit_ns = (timing_ns[0] + timing_ns[1] + timing_ns[2] + timing_ns[3]) // 2
        self.spend_us(len(data) * 8 * bit_ns // 1000)

    def pwm_output(self, pin, freq_hz, duty_u16):
        piezo = self.piezos.get(pin)
        if piezo is not None:
            piezo.pwm_changed(self.clock.now_ms, freq_hz, duty_u16)

    # --- test controls: the player's side ---

    def set_flap(self, tile, shut):
        """Shut (True) or open the flap over tile 1..N: its switch closes or opens, bouncing."""
        self.flaps[tile - 1].set_closed(bool(shut), self.clock.now_us)

    def flip_flap(self, tile):
        self.set_flap(tile, not self.flap_shut(tile))

    def flap_shut(self, tile):
        """Whether the flap is down (as the player left it; a stuck switch may say otherwise)."""
        return self.flaps[tile - 1].closed

    def shut_tiles(self):
        return [tile for tile in range(1, len(self.flaps) + 1) if self.flap_shut(tile)]

    def press(self, button, ms=120):
        """Press the named button now and let go of it ms later."""
        switch = self.buttons[button]
        switch.set_closed(True, self.clock.now_us)
        switch.set_closed(False, self.clock.now_us + int(ms * 1000))

    def hold(self, button, held=True):
        """Press (held=True) or release the named button until told otherwise."""
        self.buttons[button].set_closed(held, self.clock.now_us)

    def shake(self, ms, swing_mg=None):
        """Shake the box for ms from now."""
        if swing_mg is None:
            self.motion.shake(self.clock.now_us, int(ms * 1000))
        else:
            self.motion.shake(self.clock.now_us, int(ms * 1000), swing_mg)

    def tap(self):
        """Knock the box (or the table) once."""
        self.motion.tap(self.clock.now_us)

    # --- test controls: what the player sees and hears ---

    def display_pixels(self):
        """The OLED as seen: height rows of width 0/1 values (all dark with no display)."""
        if self.display is None:
            return []
        return self.display.visible_pixels()

    def display_text(self):
        return "" if self.display is None else self.display.render_text()

    def led_colors(self):
        """(r, g, b) of every LED of the first strip: LED i lights tile i+1."""
        for strip in self.strips.values():
            return strip.colors()
        return []

    @property
    def sounds(self):
        """(time_ms, freq_hz, duty_u16) of every change of the buzzer's PWM."""
        for piezo in self.piezos.values():
            return piezo.sounds
        return []

    def tones(self):
        """(start_ms, duration_ms, freq_hz) of every note the buzzer has played."""
        for piezo in self.piezos.values():
            return piezo.tones(self.clock.now_ms)
        return []

    # --- test controls: faults ---

    def fail_device(self, name, mode):
        """Inject a fault: I2C devices "eio", "timeout", "vanish"; switches "stuck_closed", "stuck_open"."""
        self.devices[name].fail(mode)

    def heal_device(self, name):
        self.devices[name].heal()

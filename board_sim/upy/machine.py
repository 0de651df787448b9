"""Stand-in for MicroPython's `machine` (rp2 flavour, or esp32), acting on the attached SimBoard.

Pin, Signal, I2C, SoftI2C, PWM, Timer, WDT, ADC and the module functions behave as the
MicroPython docs and the rp2 port do, errno values included; the devices behind them are
simulated at the bus level by board_sim. Runs on CPython and on the MicroPython unix port.
"""

import errno

from board_sim import link, pins
from board_sim.board import PWRON_RESET, SOFT_RESET, WDT_RESET  # noqa: F401 (machine.*_RESET)

_PORTS = {
    # hardware I2C: default (scl, sda) per bus id, errno of an address NACK
    "rp2": {"i2c_pins": {0: (9, 8), 1: (7, 6)}, "i2c_nack": errno.EIO, "pwm_min_hz": 8},
    "esp32": {"i2c_pins": {0: (18, 19), 1: (25, 26)}, "i2c_nack": errno.ENODEV, "pwm_min_hz": 1},
}
_RP2_PIN_COUNT = 30
_RP2_LED_PIN = 25
_UNSET = -1


def _port(board):
    return _PORTS[board.platform]


def _pin_number(board, pin_id):
    if isinstance(pin_id, Pin):
        return pin_id.id
    if isinstance(pin_id, int):
        return pin_id
    if board.platform == "rp2" and isinstance(pin_id, str):
        if pin_id == "LED":
            return _RP2_LED_PIN
        if pin_id.startswith("GP") and pin_id[2:].isdigit():
            return int(pin_id[2:])
    raise ValueError("unknown pin %r" % (pin_id,))


class Pin:
    """A GPIO: Pin(id, mode=-1, pull=-1, *, value=None); -1 leaves that setting as it is.

    One object per GPIO, as the rp2 and esp32 ports keep theirs in a static table (no heap):
    Pin(6) is Pin(6), and a new Pin(6, ...) configures that same object again."""

    IN = pins.MODE_IN
    OUT = pins.MODE_OUT
    OPEN_DRAIN = pins.MODE_OPEN_DRAIN
    ALT = pins.MODE_ALT
    PULL_UP = pins.PULL_UP
    PULL_DOWN = pins.PULL_DOWN
    IRQ_FALLING = pins.IRQ_FALLING
    IRQ_RISING = pins.IRQ_RISING

    def __new__(cls, id, *_settings, **_keywords):  # noqa: A002
        board = link.current()
        number = _pin_number(board, id)
        if board.platform == "rp2" and not 0 <= number < _RP2_PIN_COUNT:
            raise ValueError("invalid pin")
        line = board.line(number)
        if line.pin_object is None:
            pin = object.__new__(cls)
            pin.id = number
            pin._line = line
            line.pin_object = pin
        return line.pin_object

    def __init__(self, id, mode=_UNSET, pull=_UNSET, *, value=None, drive=None, alt=None):  # noqa: A002
        self.init(mode, pull, value=value)

    def init(self, mode=_UNSET, pull=_UNSET, *, value=None, drive=None, alt=None):
        self._line.configure(mode, pull, value)

    def value(self, level=None):
        if level is None:
            return self._line.level()
        self._line.set_output(level)
        return None

    def __call__(self, level=None):
        return self.value(level)

    def on(self):
        self._line.set_output(1)

    def off(self):
        self._line.set_output(0)

    high = on
    low = off

    def toggle(self):
        self._line.set_output(1 - self._line.output)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        """Call handler(pin) on the edges in trigger, as simulated time passes (1 ms sampling)."""
        line = self._line
        line.board.set_irq(line, handler, trigger, self)
        return _PinIrq(line)

    def __repr__(self):
        names = {pins.MODE_IN: "IN", pins.MODE_OUT: "OUT", pins.MODE_OPEN_DRAIN: "OPEN_DRAIN",
                 pins.MODE_ALT: "ALT", None: "IN"}
        pulls = {pins.PULL_UP: ", pull=PULL_UP", pins.PULL_DOWN: ", pull=PULL_DOWN"}
        return "Pin(GPIO%d, mode=%s%s)" % (self.id, names[self._line.mode], pulls.get(self._line.pull, ""))


class _PinIrq:
    def __init__(self, line):
        self._line = line

    def trigger(self):
        return self._line.irq_trigger


class Signal:
    """A pin that says active/inactive: Signal(pin, invert=False) or Signal(id, mode, ..., invert=)."""

    def __init__(self, pin, *args, invert=False, **kwargs):
        self._pin = pin if isinstance(pin, Pin) and not args and not kwargs else Pin(pin, *args, **kwargs)
        self._invert = 1 if invert else 0

    def value(self, active=None):
        if active is None:
            return self._pin.value() ^ self._invert
        self._pin.value((1 if active else 0) ^ self._invert)
        return None

    def __call__(self, active=None):
        return self.value(active)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


def _buffer_bytes(buffer):
    return bytes(memoryview(buffer))


class _I2CBase:
    """The I2C methods MicroPython's machine.I2C and machine.SoftI2C share."""

    def _setup(self, board, scl, sda, freq, timeout, nack_errno):
        self._board = board
        self.freq = freq
        self.timeout_us = timeout
        self._nack_errno = nack_errno
        self._bus = board.bus(sda, scl)

    def _spend(self, byte_count):
        # START, address byte, data bytes (9 clocks each with the ACK), STOP.
        self._board.spend_us((9 * (1 + byte_count) + 2) * 1000000 // self.freq)

    def _transfer(self, address, write_data=None, read_count=0):
        try:
            if write_data is not None:
                self._spend(len(write_data))
                self._bus.write(address, write_data, self._nack_errno)
            if read_count:
                self._spend(read_count)
                return self._bus.read(address, read_count, self._nack_errno)
            return b""
        except OSError as error:
            if error.args and error.args[0] == errno.ETIMEDOUT:
                self._board.spend_us(self.timeout_us)
            raise

    def scan(self):
        self._spend(0)
        return self._bus.scan()

    def readfrom(self, addr, nbytes, stop=True):
        return self._transfer(addr, read_count=nbytes)

    def readfrom_into(self, addr, buf, stop=True):
        data = self._transfer(addr, read_count=len(buf))
        for index in range(len(buf)):
            buf[index] = data[index]

    def writeto(self, addr, buf, stop=True):
        data = _buffer_bytes(buf)
        self._transfer(addr, write_data=data)
        return len(data)

    def writevto(self, addr, vector, stop=True):
        data = b"".join([_buffer_bytes(part) for part in vector])
        self._transfer(addr, write_data=data)
        return len(data)

    def _memory_address(self, memaddr, addrsize):
        if addrsize == 8:  # the usual one-byte register address
            return bytes((memaddr & 0xFF,))
        if addrsize % 8 or addrsize > 32:
            raise ValueError("invalid addrsize")
        return bytes([(memaddr >> shift) & 0xFF for shift in range(addrsize - 8, -1, -8)])

    def readfrom_mem(self, addr, memaddr, nbytes, *, addrsize=8):
        return self._transfer(addr, self._memory_address(memaddr, addrsize), nbytes)

    def readfrom_mem_into(self, addr, memaddr, buf, *, addrsize=8):
        data = self._transfer(addr, self._memory_address(memaddr, addrsize), len(buf))
        for index in range(len(buf)):
            buf[index] = data[index]

    def writeto_mem(self, addr, memaddr, buf, *, addrsize=8):
        self._transfer(addr, self._memory_address(memaddr, addrsize) + _buffer_bytes(buf))


def _check_rp2_i2c_pins(bus_id, scl, sda):
    # GPIO n carries I2C(n // 2 % 2): SDA where n % 4 is 0 (I2C0) or 2 (I2C1), SCL one above.
    if sda % 4 != 2 * bus_id:
        raise ValueError("bad SDA pin")
    if scl % 4 != 2 * bus_id + 1:
        raise ValueError("bad SCL pin")


class I2C(_I2CBase):
    """The port's hardware I2C: I2C(id, *, scl=Pin, sda=Pin, freq=400000, timeout=50000)."""

    def __init__(self, id, *, scl=None, sda=None, freq=400000, timeout=50000):  # noqa: A002
        board = link.current()
        port = _port(board)
        if id not in port["i2c_pins"]:
            raise ValueError("I2C(%s) doesn't exist" % (id,))
        default_scl, default_sda = port["i2c_pins"][id]
        scl = default_scl if scl is None else _pin_number(board, scl)
        sda = default_sda if sda is None else _pin_number(board, sda)
        if board.platform == "rp2":
            _check_rp2_i2c_pins(id, scl, sda)
        self.id = id
        self._setup(board, scl, sda, freq, timeout, port["i2c_nack"])


class SoftI2C(_I2CBase):
    """Bit-banged I2C on any two pins: an address NACK raises ENODEV."""

    def __init__(self, scl, sda, *, freq=400000, timeout=255):
        board = link.current()
        self._setup(board, _pin_number(board, scl), _pin_number(board, sda), freq, timeout,
                    errno.ENODEV)


class PWM:
    """PWM(dest, *, freq=, duty_u16=, duty_ns=, invert=False) on a pin; a new one is silent."""

    def __init__(self, dest, *, freq=None, duty_u16=None, duty_ns=None, invert=False):
        self._board = link.current()
        self._pin_id = _pin_number(self._board, dest)
        self._freq = 1907  # rp2 power-up divider: 125 MHz / 65536
        self._duty_u16 = 0
        self.init(freq=freq, duty_u16=duty_u16, duty_ns=duty_ns)

    def init(self, *, freq=None, duty_u16=None, duty_ns=None, invert=False):
        if freq is not None:
            self._set_freq(freq)
        if duty_u16 is not None:
            self._duty_u16 = max(0, min(65535, duty_u16))
        if duty_ns is not None:
            self._duty_u16 = self._duty_from_ns(duty_ns)
        self._report()

    def _report(self):
        self._board.pwm_output(self._pin_id, self._freq, self._duty_u16)

    def _set_freq(self, hz):
        if hz < _port(self._board)["pwm_min_hz"]:
            raise ValueError("freq too small")
        self._freq = int(hz)

    def _duty_from_ns(self, ns):
        return max(0, min(65535, ns * self._freq * 65536 // 1000000000))

    def freq(self, hz=None):
        if hz is None:
            return self._freq
        self._set_freq(hz)
        self._report()
        return None

    def duty_u16(self, duty=None):
        if duty is None:
            return self._duty_u16
        self._duty_u16 = max(0, min(65535, duty))
        self._report()
        return None

    def duty_ns(self, ns=None):
        if ns is None:
            return self._duty_u16 * 1000000000 // (self._freq * 65536)
        self._duty_u16 = self._duty_from_ns(ns)
        self._report()
        return None

    def deinit(self):
        self._duty_u16 = 0
        self._report()


class Timer:
    """Software timer on the board's time: Timer(id, mode=PERIODIC, period=ms | freq=hz,
    callback=f). The ids are the port's: rp2 has only -1 (a virtual timer), an esp32 0 to 3.
    On the virtual board its host (the server's clock) runs it; elsewhere the simulated clock.
    A soft reset ends every timer (rp2's gc_sweep_all finalises them; esp32 deinits them all)."""

    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, **kwargs):  # noqa: A002
        self._board = link.current()
        if self._board.platform == "rp2" and id != -1:
            raise ValueError("Timer doesn't exist")
        if self._board.platform == "esp32" and not 0 <= id < 4:
            raise ValueError("invalid Timer number")
        self.due_us = None
        self._running = False
        if kwargs:
            self.init(**kwargs)

    def init(self, *, mode=PERIODIC, freq=-1, period=-1, callback=None, tick_hz=1000, hard=False):
        if freq > 0:
            period_us = int(1000000 / freq)
        elif period > 0:
            period_us = int(period * 1000000 // tick_hz)
        else:
            raise ValueError("need a period or a freq")
        self.deinit()
        self._mode = mode
        self._period_us = period_us
        self._callback = callback
        self._running = True
        host = self._board.host
        if host is not None:
            host.start_timer(self, period_us, mode == Timer.PERIODIC)
            return
        self.due_us = self._board.clock.now_us + period_us
        self._board.timers.append(self)

    def deinit(self):
        if not self._running:
            return
        self._running = False
        host = self._board.host
        if host is not None:
            host.stop_timer(self)
        elif self in self._board.timers:
            self._board.timers.remove(self)

    def fire(self):
        """Called by the board (or its host) when the timer is due."""
        if self._mode == Timer.PERIODIC:
            if self.due_us is not None:
                self.due_us += self._period_us
        else:
            self.deinit()
        if self._callback is not None:
            self._callback(self)


class WDT:
    """WDT(id=0, timeout=5000): once started, a missed feed() resets the MCU (MachineReset)."""

    def __init__(self, id=0, timeout=5000):  # noqa: A002
        board = link.current()
        if id != 0:
            raise ValueError("WDT(%d) doesn't exist" % id)
        if board.platform == "rp2" and timeout > 8388:
            raise ValueError("timeout exceeds 8388")
        self._board = board
        board.start_watchdog(timeout)

    def feed(self):
        self._board.feed_watchdog()


class ADC:
    """ADC(pin or channel): read_u16() gives board.adc_u16[channel or pin] (rp2 channel 4: ~27 C)."""

    CORE_TEMP = 4

    def __init__(self, source):
        board = link.current()
        self._board = board
        self._key = source.id if isinstance(source, Pin) else source

    def read_u16(self):
        return self._board.adc_u16.get(self._key, 14000 if self._key == ADC.CORE_TEMP else 0)

    def read_uv(self):
        return self.read_u16() * 3300000 // 65535



def freq(hz=None):
    board = link.current()
    if hz is None:
        return board.cpu_freq
    board.cpu_freq = hz
    return None


def reset():
    """rp2 resets through the watchdog, so reset_cause() reports WDT_RESET afterwards."""
    link.current().reset(WDT_RESET)


def soft_reset():
    link.current().reset(SOFT_RESET)


def reset_cause():
    return link.current().reset_cause


def unique_id():
    seed = link.current().seed
    return bytes([(seed * 0x9E3779B1 >> shift) & 0xFF for shift in range(0, 64, 8)])


def bitstream(pin, encoding, timing, buf):
    """encoding 0: each bit a high then a low pulse (timing_ns = high0, low0, high1, low1)."""
    if encoding != 0:
        raise ValueError("unsupported encoding")
    board = link.current()
    board.bitstream(_pin_number(board, pin), timing, _buffer_bytes(buf))


def disable_irq():
    return 0


def enable_irq(state=0):
    return None


def idle():
    """Wait for the next event: here, the next millisecond tick."""
    board = link.current()
    board.advance_us(1000 - board.clock.now_us % 1000)


def lightsleep(time_ms=None):
    if time_ms is not None:
        link.current().advance(time_ms)


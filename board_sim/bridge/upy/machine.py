"""`machine` for firmware on the MicroPython unix port whose board is board_sim on CPython,
across the bridge (board_sim/bridge): Pin, Signal, I2C, SoftI2C, PWM, WDT, ADC, bitstream and
the module functions, with the rp2 port's constants; each call is answered by board_sim's own
stand-in (board_sim/upy/machine.py) on the host. Connect first: remote.connect(requests, replies).

One proxy per GPIO, as a port keeps its Pin objects in a static table.
"""

from remote import MACHINE_HANDLE, Remote, call, known_level

_UNSET = -1
_pins = {}  # host handle -> Pin


def _new(kind, *args, **kwargs):
    return call(MACHINE_HANDLE, kind, *args, **kwargs).handle


class Pin(Remote):
    """A GPIO: Pin(id, mode=-1, pull=-1, *, value=None); the same id is the same object."""

    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __new__(cls, id, mode=_UNSET, pull=_UNSET, *, value=None):  # noqa: A002
        handle = _new("Pin", id, mode, pull, value=value)
        pin = _pins.get(handle)
        if pin is None:
            pin = _pins[handle] = object.__new__(cls)
            Remote.__init__(pin, handle)
            pin.id = call(handle, "id")
        return pin

    def __init__(self, id, mode=_UNSET, pull=_UNSET, *, value=None):  # noqa: A002
        pass  # configured by the host's Pin(...) in __new__

    def init(self, mode=_UNSET, pull=_UNSET, *, value=None):
        self.call("init", mode, pull, value=value)

    def value(self, level=None):
        if level is None:
            known = known_level(self.id)
            if known is not None:
                return known
        return self.call("value", level)

    def __call__(self, level=None):
        return self.value(level)

    def on(self):
        self.call("on")

    def off(self):
        self.call("off")

    high = on
    low = off

    def toggle(self):
        self.call("toggle")


class Signal(Remote):
    def __init__(self, pin, *args, invert=False, **kwargs):
        super().__init__(_new("Signal", pin, *args, invert=invert, **kwargs))

    def value(self, active=None):
        return self.call("value", active)

    def __call__(self, active=None):
        return self.call("value", active)

    def on(self):
        self.call("on")

    def off(self):
        self.call("off")


class _I2CBase(Remote):
    def scan(self):
        return self.call("scan")

    def readfrom(self, addr, nbytes, stop=True):
        return self.call("readfrom", addr, nbytes, stop)

    def readfrom_into(self, addr, buf, stop=True):
        buf[:] = self.call("readfrom", addr, len(buf), stop)

    def writeto(self, addr, buf, stop=True):
        return self.call("writeto", addr, buf, stop)

    def writevto(self, addr, vector, stop=True):
        return self.call("writevto", addr, vector, stop)

    def readfrom_mem(self, addr, memaddr, nbytes, *, addrsize=8):
        return self.call("readfrom_mem", addr, memaddr, nbytes, addrsize=addrsize)

    def readfrom_mem_into(self, addr, memaddr, buf, *, addrsize=8):
        buf[:] = self.call("readfrom_mem", addr, memaddr, len(buf), addrsize=addrsize)

    def writeto_mem(self, addr, memaddr, buf, *, addrsize=8):
        self.call("writeto_mem", addr, memaddr, buf, addrsize=addrsize)


class I2C(_I2CBase):
    def __init__(self, id, *, scl=None, sda=None, freq=400000, timeout=50000):  # noqa: A002
        super().__init__(_new("I2C", id, scl=scl, sda=sda, freq=freq, timeout=timeout))


class SoftI2C(_I2CBase):
    def __init__(self, scl, sda, *, freq=400000, timeout=255):
        super().__init__(_new("SoftI2C", scl, sda, freq=freq, timeout=timeout))


class PWM(Remote):
    def __init__(self, dest, *, freq=None, duty_u16=None, duty_ns=None, invert=False):
        super().__init__(_new("PWM", dest, freq=freq, duty_u16=duty_u16, duty_ns=duty_ns, invert=invert))

    def init(self, *, freq=None, duty_u16=None, duty_ns=None, invert=False):
        self.call("init", freq=freq, duty_u16=duty_u16, duty_ns=duty_ns, invert=invert)

    def freq(self, hz=None):
        return self.call("freq", hz)

    def duty_u16(self, duty=None):
        return self.call("duty_u16", duty)

    def duty_ns(self, ns=None):
        return self.call("duty_ns", ns)

    def deinit(self):
        self.call("deinit")


class WDT(Remote):
    def __init__(self, id=0, timeout=5000):  # noqa: A002
        super().__init__(_new("WDT", id, timeout))

    def feed(self):
        self.call("feed")


class ADC(Remote):
    CORE_TEMP = 4

    def __init__(self, source):
        super().__init__(_new("ADC", source))

    def read_u16(self):
        return self.call("read_u16")

    def read_uv(self):
        return self.call("read_uv")


def bitstream(pin, encoding, timing, data):
    call(MACHINE_HANDLE, "bitstream", pin, encoding, timing, data)


def freq(hz=None):
    return call(MACHINE_HANDLE, "freq", hz)


def reset():
    call(MACHINE_HANDLE, "reset")


def soft_reset():
    call(MACHINE_HANDLE, "soft_reset")


def reset_cause():
    return call(MACHINE_HANDLE, "reset_cause")


def unique_id():
    return call(MACHINE_HANDLE, "unique_id")

"""`machine` for firmware on the MicroPython unix port whose board is board_sim on CPython,
across the bridge (board_sim/bridge): Pin, Signal, I2C, SoftI2C, PWM, WDT, ADC, bitstream and
the module functions, with the rp2 port's constants; each call is answered by board_sim's own
stand-in (board_sim/upy/machine.py) on the host. Connect first: remote.connect(requests, replies).

One proxy per GPIO, as a port keeps its Pin objects in a static table. Beyond a Pin's level
(read here when the last reply told it) and the I2C reads into a buffer (filled here), an
object's methods are forwarded by name (remote.Forwarded): the VM interns no name of its own
for them, so the heap the firmware is measured on (bench/boot_bench.py) holds fewer of the
bridge's names (past 1,260 names the unix port takes 14.4 KB for a seventh pool of them).
"""

from micropython import const
from remote import Forwarded, call, known_level

_MACHINE_HANDLE = const(1)  # board_sim.bridge.host's (as there)
_UNSET = const(-1)
_pins = {}  # host handle -> Pin


def _new(kind, *args, **kwargs):
    return call(_MACHINE_HANDLE, kind, *args, **kwargs).handle


class Pin(Forwarded):
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
            Forwarded.__init__(pin, handle)
            pin.id = call(handle, "id")
        return pin

    def __init__(self, id, mode=_UNSET, pull=_UNSET, *, value=None):  # noqa: A002
        pass  # configured by the host's Pin(...) in __new__

    def value(self, level=None):
        if level is None:
            known = known_level(self.id)
            if known is not None:
                return known
        return self.call("value", level)

    def __call__(self, level=None):
        return self.value(level)


class Signal(Forwarded):
    def __init__(self, pin, *args, invert=False, **kwargs):
        super().__init__(_new("Signal", pin, *args, invert=invert, **kwargs))

    def __call__(self, active=None):
        return self.call("value", active)


class I2C(Forwarded):
    def __init__(self, id, *, scl=None, sda=None, freq=400000, timeout=50000):  # noqa: A002
        super().__init__(_new("I2C", id, scl=scl, sda=sda, freq=freq, timeout=timeout))

    def readfrom_into(self, addr, buf, stop=True):
        buf[:] = self.call("readfrom", addr, len(buf), stop)

    def readfrom_mem_into(self, addr, memaddr, buf, *, addrsize=8):
        buf[:] = self.call("readfrom_mem", addr, memaddr, len(buf), addrsize=addrsize)


class SoftI2C(I2C):
    def __init__(self, scl, sda, *, freq=400000, timeout=255):  # (not I2C.__init__: the host makes a SoftI2C)
        Forwarded.__init__(self, _new("SoftI2C", scl, sda, freq=freq, timeout=timeout))


class PWM(Forwarded):
    def __init__(self, dest, **kwargs):
        super().__init__(_new("PWM", dest, **kwargs))


class WDT(Forwarded):
    def __init__(self, id=0, timeout=5000):  # noqa: A002
        super().__init__(_new("WDT", id, timeout))


class ADC(Forwarded):
    CORE_TEMP = 4

    def __init__(self, source):
        super().__init__(_new("ADC", source))


def bitstream(pin, encoding, timing, data):
    call(_MACHINE_HANDLE, "bitstream", pin, encoding, timing, data)


def freq(hz=None):
    return call(_MACHINE_HANDLE, "freq", hz)


def reset():
    call(_MACHINE_HANDLE, "reset")


def soft_reset():
    call(_MACHINE_HANDLE, "soft_reset")


def reset_cause():
    return call(_MACHINE_HANDLE, "reset_cause")


def unique_id():
    return call(_MACHINE_HANDLE, "unique_id")

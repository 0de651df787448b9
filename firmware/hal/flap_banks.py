"""Banks of flap switches: GPIO pins, chained 74HC165 shift registers, an MCP23017 expander.

Every bank has `count` inputs and read_closed() -> a mask with bit i set when input i's
switch is closed (its flap shut). Pins and buses are built by the caller.
"""

MAX_BANK_INPUTS = 24


def _check_count(count):
    if not 0 < count <= MAX_BANK_INPUTS:
        raise ValueError("a flap bank holds 1..%d switches, got %d" % (MAX_BANK_INPUTS, count))


class GpioBank:
    """One switch per input Pin (already configured with its pull); input i is pins[i]."""

    def __init__(self, pins, active_low=True):
        _check_count(len(pins))
        self.pins = pins
        self.count = len(pins)
        self._closed_level = 0 if active_low else 1
        self.label = "GPIO bank"

    def read_closed(self):
        closed = 0
        level = self._closed_level
        bit = 1
        for pin in self.pins:
            if pin.value() == level:
                closed |= bit
            bit <<= 1
        return closed


class ShiftRegisterBank:
    """Chained 74HC165s, bit-banged: load (/PL), clock (CP, idles low), data (QH of the last chip).

    Input i is parallel input i % 8 (A=0 .. H=7) of chip i // 8, chips counted from the one
    at the far end of the chain (its SER tied low) to the one whose QH reaches the board.
    /CE is tied low. Each input has its own pull-up; a closed switch pulls it to GND.
    """

    def __init__(self, load, clock, data, count, active_low=True):
        _check_count(count)
        if count % 8:
            raise ValueError("a 74HC165 chain has a multiple of 8 inputs, got %d" % count)
        self.load = load
        self.clock = clock
        self.data = data
        self.count = count
        self._invert = (1 << count) - 1 if active_low else 0
        self.label = "74HC165 chain"
        load.value(1)
        clock.value(0)

    def read_closed(self):
        self.load.value(0)  # latch the parallel inputs
        self.load.value(1)
        levels = 0
        clock = self.clock
        data = self.data
        # QH of the last chip comes out first: it ends up as the highest input.
        for _ in range(self.count):
            levels = (levels << 1) | data.value()
            clock.value(1)
            clock.value(0)
        return levels ^ self._invert


class ExpanderBank:
    """The first `count` pins of an MCP23017 (GPA0 = input 0, GPB0 = input 8)."""

    def __init__(self, expander, count=16, active_low=True):
        if not 0 < count <= 16:
            raise ValueError("an MCP23017 bank has 1..16 inputs, got %d" % count)
        self.expander = expander
        self.count = count
        self._used = (1 << count) - 1
        self._invert = self._used if active_low else 0
        self.label = "MCP23017 at 0x%02x" % expander.address
        # Pull-ups on the switches when they close to GND, and on unused pins (never floating).
        expander.configure_inputs(0xFFFF, 0xFFFF if active_low else 0xFFFF ^ self._used)

    def read_closed(self):
        return (self.expander.read_gpio() & self._used) ^ self._invert

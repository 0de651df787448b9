"""The first `count` pins of an MCP23017 as a bank of flap switches (see hal.flaps).

hal.mcp23017 configures the chip at boot and is let go; the bank reads the pin levels itself.
"""

from micropython import const

_GPIOA = const(0x12)  # pin levels, A then B


class ExpanderBank:
    """The first `count` pins (1..16, as hal.board_config checks) of an MCP23017, GPA0 = input 0,
    GPB0 = input 8: set up through `expander` (hal.mcp23017's driver), then read directly."""

    def __init__(self, expander, count=16, active_low=True):
        self.i2c = expander.i2c
        self.address = expander.address
        self.count = count
        self._pair = bytearray(2)
        self._used = (1 << count) - 1
        self._invert = self._used if active_low else 0
        self.label = "MCP23017 at 0x%02x" % expander.address
        # Pull-ups on the switches when they close to GND, and on unused pins (never floating).
        expander.configure_inputs(0xFFFF, 0xFFFF if active_low else 0xFFFF ^ self._used)

    def read_closed(self):
        """As MCP23017.read_gpio(), without holding the driver (OSError if the chip is absent)."""
        pair = self._pair
        self.i2c.readfrom_mem_into(self.address, _GPIOA, pair)
        return ((pair[0] | (pair[1] << 8)) & self._used) ^ self._invert

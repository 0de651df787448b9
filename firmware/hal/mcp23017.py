"""MCP23017 16-bit I2C port expander (register bank 0, the power-on layout), inputs only.

Port A is bits 0-7 and port B bits 8-15 of every 16-bit value, as GPA0..GPB7 on the chip.
"""

from micropython import const

_IODIRA = const(0x00)  # 1 = input; A then B (sequential addressing in bank 0)
_IPOLA = const(0x02)  # 1 = the GPIO bit reads inverted
_GPINTENA = const(0x04)  # interrupt-on-change enable
_IOCON = const(0x0A)  # BANK(7) MIRROR(6) SEQOP(5) DISSLW(4) HAEN(3) ODR(2) INTPOL(1)
_GPPUA = const(0x0C)  # 1 = 100k pull-up on
_GPIOA = const(0x12)  # pin levels, A then B

DEFAULT_ADDRESS = const(0x20)


class MCP23017:
    """One MCP23017 on an I2C bus (machine.I2C or SoftI2C), address 0x20..0x27."""

    def __init__(self, i2c, address=DEFAULT_ADDRESS):
        self.i2c = i2c
        self.address = address
        self._pair = bytearray(2)
        self._byte = bytearray(1)
        # Bank 0, sequential addressing: A and B registers sit side by side.
        self._write_byte(_IOCON, 0x00)

    def _write_byte(self, register, value):
        self._byte[0] = value
        self.i2c.writeto_mem(self.address, register, self._byte)

    def _write_pair(self, register_a, value):
        self._pair[0] = value & 0xFF
        self._pair[1] = (value >> 8) & 0xFF
        self.i2c.writeto_mem(self.address, register_a, self._pair)

    def configure_inputs(self, input_mask=0xFFFF, pullup_mask=0xFFFF):
        """Make the masked pins inputs (others outputs), pull-ups on as masked, no inversion."""
        self._write_pair(_IODIRA, input_mask)
        self._write_pair(_IPOLA, 0)
        self._write_pair(_GPINTENA, 0)
        self._write_pair(_GPPUA, pullup_mask)

    def read_gpio(self):
        """The 16 pin levels: GPA0 is bit 0, GPB7 bit 15. Raises OSError if the chip is absent."""
        self.i2c.readfrom_mem_into(self.address, _GPIOA, self._pair)
        return self._pair[0] | (self._pair[1] << 8)

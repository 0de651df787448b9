"""Microchip MCP23017 16-bit I2C port expander, registers as in datasheet DS20001952 table 3-1.

Registers are kept in IOCON.BANK=0 order (A/B pairs, 0x00..0x15); with BANK=1 the address
map is the split one (port A at 0x00..0x0A, port B at 0x10..0x1A). Sequential addressing
(IOCON.SEQOP=0) advances the pointer and wraps; SEQOP=1 stays on one register (BANK=1) or
toggles within the A/B pair (BANK=0). Interrupt-on-change is evaluated at every access.
Pins: switches[i] (GPA0 = 0, GPB0 = 8) close to GND; an open input reads its GPPU pull-up,
or noise when the pull-up is off.
"""

from board_sim.devices.i2c_device import RegisterDevice

IODIRA = 0x00
IPOLA = 0x02
GPINTENA = 0x04
DEFVALA = 0x06
INTCONA = 0x08
IOCON = 0x0A
GPPUA = 0x0C
INTFA = 0x0E
INTCAPA = 0x10
GPIOA = 0x12
OLATA = 0x14
_REGISTER_COUNT = 0x16
_IOCON_BANK = 0x80
_IOCON_SEQOP = 0x20
_IOCON_WRITABLE = 0xFE  # bit 0 is unimplemented and reads 0
_READ_ONLY = (INTFA, INTFA + 1, INTCAPA, INTCAPA + 1)


def _bank1_to_bank0(address):
    """Register index (BANK=0 order) for a BANK=1 address, or None when unimplemented."""
    port = address >> 4
    offset = address & 0x0F
    if port > 1 or offset > 0x0A:
        return None
    return offset * 2 + port


class MCP23017(RegisterDevice):
    """One expander on the board's clock; rng gives the noise of a floating input."""

    def __init__(self, clock, rng):
        super().__init__()
        self.clock = clock
        self.rng = rng
        self.switches = [None] * 16
        self.registers = bytearray(_REGISTER_COUNT)
        self.power_on_reset()

    def power_on_reset(self):
        for index in range(_REGISTER_COUNT):
            self.registers[index] = 0
        self.registers[IODIRA] = 0xFF
        self.registers[IODIRA + 1] = 0xFF
        self.pointer = 0

    def _pair(self, register_a):
        return self.registers[register_a] | (self.registers[register_a + 1] << 8)

    def _set_pair(self, register_a, value):
        self.registers[register_a] = value & 0xFF
        self.registers[register_a + 1] = (value >> 8) & 0xFF

    @property
    def bank1(self):
        return bool(self.registers[IOCON] & _IOCON_BANK)

    def pin_levels(self):
        """The 16 pin levels now (GPA0 = bit 0): outputs follow OLAT, inputs their switch."""
        directions = self._pair(IODIRA)
        pullups = self._pair(GPPUA)
        levels = self._pair(OLATA) & ~directions & 0xFFFF
        for pin in range(16):
            bit = 1 << pin
            if not directions & bit:
                continue
            switch = self.switches[pin]
            if switch is not None and switch.closed_at(self.clock.now_us):
                continue
            if pullups & bit or self.rng.chance(0.5):
                levels |= bit
        return levels

    def _gpio_value(self):
        return (self.pin_levels() ^ (self._pair(IPOLA) & self._pair(IODIRA))) & 0xFFFF

    def _update_interrupts(self):
        enabled = self._pair(GPINTENA) & self._pair(IODIRA) & ~self._pair(INTFA)
        if not enabled:
            return
        levels = self.pin_levels()
        compare_to_default = self._pair(INTCONA)
        reference = (self._pair(DEFVALA) & compare_to_default) | (self._pair(INTCAPA) & ~compare_to_default)
        fired = (levels ^ reference) & enabled
        if fired:
            self._set_pair(INTFA, self._pair(INTFA) | fired)
            self._set_pair(INTCAPA, self._gpio_value())

    def _index(self, address):
        """The register (BANK=0 order) at a bus address, or None where nothing is implemented."""
        if self.bank1:
            return _bank1_to_bank0(address)
        return address if address < _REGISTER_COUNT else None

    def next_register(self, address):
        sequential = not self.registers[IOCON] & _IOCON_SEQOP
        if not self.bank1:
            return (address + 1) % _REGISTER_COUNT if sequential else address ^ 1
        if not sequential:
            return address
        address += 1
        if address & 0x0F > 0x0A:  # past OLATx: on to the other port's first register
            address = 0x10 if address < 0x10 else 0x00
        return address

    def begin_read(self):
        self._update_interrupts()

    def read_register(self, address):
        register = self._index(address)
        if register is None:
            return 0
        if register in (GPIOA, GPIOA + 1):
            value = self._gpio_value() >> (8 * (register - GPIOA)) & 0xFF
            self._clear_interrupt(register - GPIOA)
            return value
        if register in (INTCAPA, INTCAPA + 1):
            self._clear_interrupt(register - INTCAPA)
        return self.registers[register]

    def _clear_interrupt(self, port):
        self.registers[INTFA + port] = 0

    def write_register(self, address, value):
        register = self._index(address)
        if register is None or register in _READ_ONLY:
            return
        if register in (IOCON, IOCON + 1):
            self.registers[IOCON] = self.registers[IOCON + 1] = value & _IOCON_WRITABLE
            return
        if register in (GPIOA, GPIOA + 1):
            register += OLATA - GPIOA  # writing GPIO writes the output latch
        self.registers[register] = value
        self._update_interrupts()

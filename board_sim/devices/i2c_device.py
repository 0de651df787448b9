"""Base classes of the simulated I2C chips: fault injection, and the register-pointer protocol.

A register chip takes the first byte of a write as its register pointer and stores the
bytes after it in successive registers; a read returns registers from the pointer on.
Subclasses say how the pointer advances and what each register holds.
"""

I2C_FAULT_MODES = ("eio", "timeout", "vanish")


class I2CDevice:
    """A chip on the bus, answering i2c_write(data) and i2c_read(count). fault: None, "eio", "timeout" or "vanish" (see board_sim.i2c_bus)."""

    FAULT_MODES = I2C_FAULT_MODES

    def __init__(self):
        self.fault = None

    def fail(self, mode):
        if mode not in self.FAULT_MODES:
            raise ValueError("fault mode %r is not one of %r" % (mode, self.FAULT_MODES))
        self.fault = mode

    def heal(self):
        self.fault = None


class RegisterDevice(I2CDevice):
    """Pointer-addressed registers: override select, next_register, read_register, write_register."""

    def __init__(self):
        super().__init__()
        self.pointer = 0

    def select(self, sub_address):
        """The register a write's first byte points at (a chip may strip flag bits here)."""
        return sub_address

    def next_register(self, register):
        return register + 1

    def begin_read(self):
        """Called once at the start of every read transaction (sensors latch a sample here)."""

    def i2c_write(self, data):
        if not data:
            return
        self.pointer = self.select(data[0])
        for value in data[1:]:
            self.write_register(self.pointer, value)
            self.pointer = self.next_register(self.pointer)

    def i2c_read(self, count):
        self.begin_read()
        read_register = self.read_register
        next_register = self.next_register
        reply = bytearray(count)
        for index in range(count):
            reply[index] = read_register(self.pointer)
            self.pointer = next_register(self.pointer)
        return bytes(reply)

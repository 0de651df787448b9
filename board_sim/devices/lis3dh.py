"""ST LIS3DH accelerometer on I2C, registers as in its datasheet (DocID17530), sampling a MotionModel.

WHO_AM_I (0x0F) is 0x33. CTRL_REG1 (0x20) powers up 0x07: ODR 0, power-down, outputs 0.
CTRL_REG4 (0x23): BDU, BLE, FS (2/4/8/16 g), HR. The resolution is 8 bits with LPen, 12
with HR, else 10, left-justified in OUT_X_L..OUT_Z_H (0x28..0x2D); a multi-byte read
advances the register only when bit 7 of the sub-address is set. STATUS_REG (0x27)
reports new (ZYXDA) and overwritten (ZYXOR) data.
"""

from board_sim.devices.i2c_device import RegisterDevice

WHO_AM_I = 0x0F
WHO_AM_I_VALUE = 0x33
CTRL_REG1 = 0x20
CTRL_REG4 = 0x23
CTRL_REG5 = 0x24
STATUS_REG = 0x27
OUT_X_L = 0x28
OUT_Z_H = 0x2D
AUTO_INCREMENT = 0x80
_CTRL_REG1_RESET = 0x07
_WRITABLE = (0x1E, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x2E, 0x30, 0x32, 0x33,
             0x34, 0x36, 0x37, 0x38, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F)
# ODR code -> samples a second (codes 8 and 9 are the low-power-only rates).
_RATE_HZ = (0, 1, 10, 25, 50, 100, 200, 400, 1600, 1344)
# mg per digit by [mode][full scale]: low-power 8-bit, normal 10-bit, high-resolution 12-bit.
_MG_PER_DIGIT = {8: (16, 32, 64, 192), 10: (4, 8, 16, 48), 12: (1, 2, 4, 12)}


class LIS3DH(RegisterDevice):
    """One LIS3DH on the board's clock, feeling `motion`."""

    def __init__(self, clock, motion):
        super().__init__()
        self.clock = clock
        self.motion = motion
        self.registers = bytearray(0x40)
        self.registers[CTRL_REG1] = _CTRL_REG1_RESET
        self._increment = False
        self._output = bytearray(6)  # the latched sample, as the output registers hold it
        self._latched_index = -1
        self._read_index = -1
        self._pending_high = 0  # BDU: output high bytes still to be read before a new latch

    def _sample_index(self):
        rate = _RATE_HZ[self.registers[CTRL_REG1] >> 4]
        if rate == 0:
            return -1
        return self.clock.now_us * rate // 1000000

    def _resolution_bits(self):
        if self.registers[CTRL_REG1] & 0x08:
            return 8
        return 12 if self.registers[CTRL_REG4] & 0x08 else 10

    def _latch(self):
        registers = self.registers
        rate = _RATE_HZ[registers[CTRL_REG1] >> 4]
        if rate == 0:  # powered down (_sample_index -1)
            return
        index = self.clock.now_us * rate // 1000000
        if index == self._latched_index:
            return
        control4 = registers[CTRL_REG4]
        if control4 & 0x80 and self._pending_high:
            return  # block data update: keep the sample until it has been read out
        self._latched_index = index
        sample_us = index * 1000000 // rate
        bits = self._resolution_bits()
        mg_per_digit = _MG_PER_DIGIT[bits][(control4 >> 4) & 3]
        limit = 1 << (bits - 1)
        shift = 16 - bits
        low_first = 0 if control4 & 0x40 else 1  # big-endian: the high byte first
        output = self._output
        for axis, mg in enumerate(self.motion.acceleration_mg(sample_us)):
            digits = max(-limit, min(limit - 1, int(round(mg / mg_per_digit))))
            word = (digits << shift) & 0xFFFF
            high = 2 * axis + low_first
            output[high] = word >> 8
            output[high ^ 1] = word & 0xFF
        self._pending_high = 0

    def select(self, sub_address):
        self._increment = bool(sub_address & AUTO_INCREMENT)
        return sub_address & 0x7F

    def next_register(self, register):
        return (register + 1) & 0x7F if self._increment else register

    def begin_read(self):
        self._latch()

    def i2c_read(self, count):
        if count == 6 and self.pointer == OUT_X_L and self._increment:
            # The usual read, the whole sample at once: what reading OUT_X_L..OUT_Z_H a
            # register at a time does (every high byte read, the sample marked as read).
            self._latch()
            self._pending_high &= ~0x2A
            self._read_index = self._latched_index
            self.pointer = OUT_Z_H + 1
            return bytes(self._output)
        return super().i2c_read(count)

    def read_register(self, register):
        if register == WHO_AM_I:
            return WHO_AM_I_VALUE
        if register == STATUS_REG:
            return self._status()
        if OUT_X_L <= register <= OUT_Z_H:
            offset = register - OUT_X_L
            if offset & 1:
                self._pending_high &= ~(1 << offset)
            else:
                self._pending_high |= 1 << (offset + 1)
            if register == OUT_Z_H:
                self._read_index = self._latched_index
            return self._output[offset]
        if register < len(self.registers):
            return self.registers[register]
        return 0

    def _status(self):
        index = self._sample_index()
        if index < 0 or index == self._read_index:
            return 0
        overrun = 0x80 | 0x70 if index - self._read_index > 1 and self._read_index >= 0 else 0
        return overrun | 0x08 | 0x07

    def write_register(self, register, value):
        if register not in _WRITABLE:
            return
        if register == CTRL_REG5:
            value &= 0x7F  # BOOT clears itself once the trimming values are reloaded
        self.registers[register] = value

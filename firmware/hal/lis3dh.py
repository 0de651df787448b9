"""ST LIS3DH 3-axis accelerometer over I2C, in the shape of Adafruit's adafruit_lis3dh.

`acceleration` gives (x, y, z) in m/s^2 as Adafruit's does; read_raw(into) is the
allocation-free path the shake detector polls (left-justified 16-bit counts, counts_per_g).
"""

from micropython import const

_REG_WHOAMI = const(0x0F)
_REG_CTRL1 = const(0x20)  # ODR(7:4) LPen(3) Zen Yen Xen
_REG_CTRL4 = const(0x23)  # BDU(7) BLE(6) FS(5:4) HR(3)
_REG_OUT_X_L = const(0x28)
_AUTO_INCREMENT = const(0x80)  # set in the sub-address for a multi-byte read
_WHOAMI_LIS3DH = const(0x33)
_CTRL4_BDU_HR = const(0x88)

RANGE_2_G = const(0b00)
RANGE_4_G = const(0b01)
RANGE_8_G = const(0b10)
RANGE_16_G = const(0b11)
DATARATE_400_HZ = const(0b0111)
DATARATE_200_HZ = const(0b0110)
DATARATE_100_HZ = const(0b0101)
DATARATE_50_HZ = const(0b0100)
DATARATE_25_HZ = const(0b0011)
DATARATE_10_HZ = const(0b0010)
STANDARD_GRAVITY = 9.806

# Counts of the left-justified 16-bit output per g, by range (as Adafruit divides).
_COUNTS_PER_G = const((16380, 8190, 4096, 1365))


class LIS3DH_I2C:
    """A LIS3DH at `address` (0x18, or 0x19 with SDO high); starts at +-4 g, 100 Hz, high-res."""

    # Where read_raw() (and hal.shake.BusAccel, once this module is let go) reads the sample:
    # x, y, z as little-endian words (the high byte second).
    sample_register = _REG_OUT_X_L | _AUTO_INCREMENT
    sample_high_byte = 1

    def __init__(self, i2c, address=0x18):
        self.i2c = i2c
        self.address = address
        self._byte = bytearray(1)
        self._sample = bytearray(6)
        found = self._read_byte(_REG_WHOAMI)
        if found != _WHOAMI_LIS3DH:
            raise OSError("no LIS3DH at 0x%02x (WHO_AM_I 0x%02x)" % (address, found))
        self._write_byte(_REG_CTRL1, 0x07)  # all axes on, normal (not low-power) mode
        self.data_rate = DATARATE_100_HZ
        self.range = RANGE_4_G  # a hand shake tops 2 g; keep headroom

    def _read_byte(self, register):
        self.i2c.readfrom_mem_into(self.address, register, self._byte)
        return self._byte[0]

    def _write_byte(self, register, value):
        self._byte[0] = value
        self.i2c.writeto_mem(self.address, register, self._byte)

    @property
    def data_rate(self):
        return self._read_byte(_REG_CTRL1) >> 4

    @data_rate.setter
    def data_rate(self, value):
        self._write_byte(_REG_CTRL1, (self._read_byte(_REG_CTRL1) & 0x0F) | (value << 4))

    @property
    def range(self):
        return (self._read_byte(_REG_CTRL4) >> 4) & 0x03

    @range.setter
    def range(self, value):
        self._write_byte(_REG_CTRL4, _CTRL4_BDU_HR | (value << 4))
        self.counts_per_g = _COUNTS_PER_G[value]

    def read_raw(self, into):
        """Fill into[0..2] with signed x, y, z counts (counts_per_g a g). Raises OSError."""
        sample = self._sample
        self.i2c.readfrom_mem_into(self.address, _REG_OUT_X_L | _AUTO_INCREMENT, sample)
        # Little-endian 16-bit two's complement: flipping the sign bit and subtracting it extends it.
        into[0] = ((sample[0] | (sample[1] << 8)) ^ 0x8000) - 0x8000
        into[1] = ((sample[2] | (sample[3] << 8)) ^ 0x8000) - 0x8000
        into[2] = ((sample[4] | (sample[5] << 8)) ^ 0x8000) - 0x8000

    @property
    def acceleration(self):
        """(x, y, z) in m/s^2."""
        counts = [0, 0, 0]
        self.read_raw(counts)
        scale = STANDARD_GRAVITY / self.counts_per_g
        return (counts[0] * scale, counts[1] * scale, counts[2] * scale)

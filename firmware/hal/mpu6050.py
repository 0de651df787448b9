"""InvenSense MPU-6050 (and its MPU-6500/9250 kin) accelerometer over I2C; the gyro is unused.

Same shape as hal.lis3dh: `acceleration` in m/s^2, read_raw(into) allocation-free counts.
"""

from micropython import const

_REG_SMPLRT_DIV = const(0x19)
_REG_CONFIG = const(0x1A)  # DLPF_CFG(2:0)
_REG_ACCEL_CONFIG = const(0x1C)  # AFS_SEL(4:3)
_REG_ACCEL_XOUT_H = const(0x3B)
_REG_PWR_MGMT_1 = const(0x6B)  # SLEEP(6) CLKSEL(2:0)
_REG_WHO_AM_I = const(0x75)
_CLOCK_PLL_GYRO_X = const(0x01)  # awake, stable clock
_DLPF_44_HZ = const(0x03)  # internal rate 1 kHz
_DIVIDE_TO_100_HZ = const(9)  # 1 kHz / (1 + 9)

RANGE_2_G = const(0)
RANGE_4_G = const(1)
RANGE_8_G = const(2)
RANGE_16_G = const(3)
STANDARD_GRAVITY = 9.806

# WHO_AM_I of the MPU-6050 and of the pin-compatible parts sold on the same breakouts.
_KNOWN_IDS = const((0x68, 0x70, 0x71, 0x72, 0x73, 0x98))


def _signed_be(buf, index):
    value = (buf[index] << 8) | buf[index + 1]
    return value - 0x10000 if value & 0x8000 else value


class MPU6050:
    """An MPU-6050 at `address` (0x68, or 0x69 with AD0 high); starts at +-4 g, 100 Hz."""

    # Where read_raw() (and hal.shake.BusAccel, once this module is let go) reads the sample:
    # x, y, z as big-endian words (the high byte first).
    sample_register = _REG_ACCEL_XOUT_H
    sample_high_byte = 0

    def __init__(self, i2c, address=0x68):
        self.i2c = i2c
        self.address = address
        self._byte = bytearray(1)
        self._sample = bytearray(6)
        found = self._read_byte(_REG_WHO_AM_I)
        if found not in _KNOWN_IDS:
            raise OSError("no MPU-6050 at 0x%02x (WHO_AM_I 0x%02x)" % (address, found))
        self._write_byte(_REG_PWR_MGMT_1, _CLOCK_PLL_GYRO_X)  # leaves sleep mode
        self._write_byte(_REG_CONFIG, _DLPF_44_HZ)
        self._write_byte(_REG_SMPLRT_DIV, _DIVIDE_TO_100_HZ)
        self.range = RANGE_4_G

    def _read_byte(self, register):
        self.i2c.readfrom_mem_into(self.address, register, self._byte)
        return self._byte[0]

    def _write_byte(self, register, value):
        self._byte[0] = value
        self.i2c.writeto_mem(self.address, register, self._byte)

    @property
    def range(self):
        return (self._read_byte(_REG_ACCEL_CONFIG) >> 3) & 0x03

    @range.setter
    def range(self, value):
        self._write_byte(_REG_ACCEL_CONFIG, value << 3)
        self.counts_per_g = 16384 >> value

    def read_raw(self, into):
        """Fill into[0..2] with signed x, y, z counts (counts_per_g a g). Raises OSError."""
        sample = self._sample
        self.i2c.readfrom_mem_into(self.address, _REG_ACCEL_XOUT_H, sample)
        into[0] = _signed_be(sample, 0)
        into[1] = _signed_be(sample, 2)
        into[2] = _signed_be(sample, 4)

    @property
    def acceleration(self):
        """(x, y, z) in m/s^2."""
        counts = [0, 0, 0]
        self.read_raw(counts)
        scale = STANDARD_GRAVITY / self.counts_per_g
        return (counts[0] * scale, counts[1] * scale, counts[2] * scale)

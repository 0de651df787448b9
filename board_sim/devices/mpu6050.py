"""InvenSense MPU-6050 on I2C (register map RM-MPU-6000A), its accelerometer sampling a MotionModel.

WHO_AM_I (0x75) is 0x68. It powers up asleep (PWR_MGMT_1 = 0x40): the data registers read
0 until the SLEEP bit is cleared. ACCEL_CONFIG (0x1C) AFS_SEL picks 2/4/8/16 g (16384 >> n
counts a g); ACCEL_XOUT_H (0x3B) on are big-endian signed words, then TEMP_OUT and the
gyro. Reads always advance the register; one read transaction sees one sample. New samples
arrive at the gyro rate (8 kHz, or 1 kHz with the DLPF on) / (1 + SMPLRT_DIV).
"""

from board_sim.devices.i2c_device import RegisterDevice

SMPLRT_DIV = 0x19
CONFIG = 0x1A
ACCEL_CONFIG = 0x1C
INT_STATUS = 0x3A
ACCEL_XOUT_H = 0x3B
PWR_MGMT_1 = 0x6B
WHO_AM_I = 0x75
WHO_AM_I_VALUE = 0x68
_SLEEP = 0x40
_DEVICE_RESET = 0x80
_DATA_READY = 0x01
_DATA_END = 0x49  # one past GYRO_ZOUT_L
_ROOM_TEMPERATURE_RAW = -4940  # (22 C - 36.53) * 340
_READ_ONLY_FROM = 0x3A  # INT_STATUS and the sensor data up to 0x60 are read-only
_READ_ONLY_TO = 0x60


class MPU6050(RegisterDevice):
    """One MPU-6050 on the board's clock, feeling `motion`; the gyro reads noise around 0."""

    def __init__(self, clock, motion):
        super().__init__()
        self.clock = clock
        self.motion = motion
        self.registers = bytearray(0x76)
        self._sample_index = -1
        self._seen_index = -1
        self.power_on_reset()

    def power_on_reset(self):
        for index in range(len(self.registers)):
            self.registers[index] = 0
        self.registers[PWR_MGMT_1] = _SLEEP
        self.registers[WHO_AM_I] = WHO_AM_I_VALUE

    def _rate_hz(self):
        dlpf = self.registers[CONFIG] & 0x07
        gyro_rate = 8000 if dlpf in (0, 7) else 1000
        return gyro_rate / (1 + self.registers[SMPLRT_DIV])

    def _asleep(self):
        return bool(self.registers[PWR_MGMT_1] & _SLEEP)

    def _current_index(self):
        return int(self.clock.now_us * self._rate_hz() // 1000000)

    def _store_word(self, register, value):
        value = max(-32768, min(32767, value)) & 0xFFFF
        self.registers[register] = value >> 8
        self.registers[register + 1] = value & 0xFF

    def begin_read(self):
        if self._asleep():
            return
        index = self._current_index()
        if index == self._sample_index:
            return
        self._sample_index = index
        sample_us = int(index * 1000000 // self._rate_hz())
        counts_per_g = 16384 >> ((self.registers[ACCEL_CONFIG] >> 3) & 3)
        for axis, mg in enumerate(self.motion.acceleration_mg(sample_us)):
            self._store_word(ACCEL_XOUT_H + 2 * axis, int(round(mg * counts_per_g / 1000)))
        self._store_word(0x41, _ROOM_TEMPERATURE_RAW)
        for axis in range(3):
            self._store_word(0x43 + 2 * axis, (index * 7 + axis * 13) % 9 - 4)

    def read_register(self, register):
        if register == INT_STATUS:
            ready = not self._asleep() and self._sample_index != self._seen_index
            self._seen_index = self._sample_index
            return _DATA_READY if ready else 0
        if register < len(self.registers):
            return self.registers[register]
        return 0

    def write_register(self, register, value):
        if register >= len(self.registers) or register == WHO_AM_I:
            return
        if _READ_ONLY_FROM <= register <= _READ_ONLY_TO:
            return
        if register == PWR_MGMT_1 and value & _DEVICE_RESET:
            self.power_on_reset()
            return
        self.registers[register] = value

"""Shake to roll: the dice tumble while the box is shaken and land once it has been still.

Motion energy is how far a sample strays from a slow gravity baseline (sum over the axes,
in mg). A shake is motion above threshold_mg, its pauses shorter than gap_ms, kept up for
shake_ms: a tap or a bump is over long before that. The dice then land after settle_ms
without motion. Every sample's bits are folded into a 30-bit entropy pool.

On the box the detector reads a BusAccel: the accelerometer's sample straight off the bus, as
its driver (hal.lis3dh, hal.mpu6050) set it up at boot; the driver's module is then let go.
"""

import time

from micropython import const

IDLE = const(0)  # box at rest, or a motion too short to be a shake
TUMBLING = const(1)  # a shake is under way: the dice are rolling
LANDED = const(2)  # reported by exactly one update: the shake ended, read the dice now
FAULT = const(3)  # the accelerometer is not answering; retried every retry_ms

_POOL_MASK = const(0x3FFFFFFF)
_ROTATE_KEEP = const(0x7FFFFF)  # the pool's low 23 bits, shifted up by 7
_BASELINE_SHIFT = const(4)  # gravity baseline follows a sample with weight 1/16


class BusAccel:
    """read_raw(into) and counts_per_g as driver `accel`'s, without holding it (as
    hal.expander_bank reads an MCP23017): the driver names where its sample is (sample_register:
    x, y, z as 16-bit two's complement words) and which byte of a word is the high one
    (sample_high_byte: 1 little-endian, 0 big-endian). Its range is set for good at boot."""

    def __init__(self, accel):
        self.i2c = accel.i2c
        self.address = accel.address
        self.counts_per_g = accel.counts_per_g
        self.sample_register = accel.sample_register
        self.sample_high_byte = accel.sample_high_byte
        self._sample = bytearray(6)

    def read_raw(self, into):
        """Fill into[0..2] with signed x, y, z counts (counts_per_g a g). Raises OSError."""
        sample = self._sample
        self.i2c.readfrom_mem_into(self.address, self.sample_register, sample)
        high = self.sample_high_byte
        for axis in range(3):
            word = (sample[2 * axis + high] << 8) | sample[2 * axis + 1 - high]
            into[axis] = (word ^ 0x8000) - 0x8000  # flipping the sign bit and subtracting it extends it


class ShakeDetector:
    """update(now_ms) -> IDLE, TUMBLING, LANDED or FAULT; entropy() -> 30 random-ish bits.

    `accel` is any driver with read_raw(into) and counts_per_g (hal.lis3dh, hal.mpu6050).
    Sensor errors never escape: the state becomes FAULT and `fault` says why.
    """

    def __init__(self, accel, threshold_mg=350, shake_ms=400, gap_ms=150, settle_ms=350,
                 sample_ms=10, retry_ms=1000):
        self.accel = accel
        self.threshold_mg = threshold_mg
        self.shake_ms = shake_ms
        self.gap_ms = gap_ms
        self.settle_ms = settle_ms
        self.sample_ms = sample_ms
        self.retry_ms = retry_ms
        self.state = IDLE
        self.fault = None
        self.entropy_samples = 0
        self._counts = [0, 0, 0]
        self._baseline16 = [0, 0, 0]  # gravity per axis in mg, times 16
        self._has_baseline = False
        self._pool = 0
        self._last_sample_ms = None  # None: no sample taken yet
        self._burst_start_ms = None  # None: no burst of motion under way
        self._last_motion_ms = 0

    def entropy(self):
        """The entropy pool: every sample's bits mixed in (sensor noise lives in the low bits)."""
        return self._pool

    def update(self, now_ms):
        """Take a sample if sample_ms has passed and advance the state; returns the state."""
        if self.state == LANDED:
            self.state = IDLE
        if self._last_sample_ms is not None:
            wait = self.retry_ms if self.state == FAULT else self.sample_ms
            if time.ticks_diff(now_ms, self._last_sample_ms) < wait:
                return self.state
        self._last_sample_ms = now_ms
        counts = self._counts
        try:
            self.accel.read_raw(counts)
        except OSError as error:
            if self.state != FAULT:
                self.fault = "accelerometer: read failed (%s)" % error
                self.state = FAULT
            return FAULT
        if self.state == FAULT:
            self.state = IDLE
            self.fault = None
            self._has_baseline = False
            self._burst_start_ms = None
        # Fold the sample into the pool and the baseline; its motion energy in mg is how far it
        # strays from the baseline, summed over the axes.
        mixed = (counts[0] & 0xFFFF) ^ ((counts[1] & 0xFFFF) << 7) ^ ((counts[2] & 0xFFFF) << 14)
        pool = self._pool
        self._pool = (((pool & _ROTATE_KEEP) << 7) | (pool >> 23)) ^ (mixed & _POOL_MASK)
        self.entropy_samples += 1
        per_g = self.accel.counts_per_g
        baseline16 = self._baseline16
        energy = 0
        for axis in range(3):
            milli_g = counts[axis] * 1000 // per_g
            if not self._has_baseline:
                baseline16[axis] = milli_g << _BASELINE_SHIFT
            deviation = milli_g - (baseline16[axis] >> _BASELINE_SHIFT)
            energy += deviation if deviation >= 0 else -deviation
            baseline16[axis] += deviation
        self._has_baseline = True
        moving = energy >= self.threshold_mg
        if self.state == TUMBLING:
            if moving:
                self._last_motion_ms = now_ms
            elif time.ticks_diff(now_ms, self._last_motion_ms) >= self.settle_ms:
                self.state = LANDED
                self._burst_start_ms = None
        elif moving:
            if (self._burst_start_ms is None
                    or time.ticks_diff(now_ms, self._last_motion_ms) > self.gap_ms):
                self._burst_start_ms = now_ms
            self._last_motion_ms = now_ms
            if time.ticks_diff(now_ms, self._burst_start_ms) >= self.shake_ms:
                self.state = TUMBLING
        return self.state

"""What the box feels, in mg on its own x, y, z axes: gravity, noise, shakes and taps.

At rest: gravity (the box lying flat: z = +1000 mg) plus a few mg of seeded noise. A shake
is a hand waving the box for a while: a 3..6 Hz swing of about 1.5 g on every axis plus
jolts, so it stays far above rest for its whole length. A tap or bump is one spike that has
died away within 30 ms. Both sensors sample this same model at their own data rate.
"""

import math

from board_sim.prng import Random32, mix32_3

REST_NOISE_MG = 8
SHAKE_SWING_MG = 1500
TAP_PEAK_MG = 2000
TAP_US = 30000
_AXES = 3


class _Shake:
    def __init__(self, start_us, end_us, swing_mg, rng):
        self.start_us = start_us
        self.end_us = end_us
        self.swing_mg = swing_mg
        self.hertz = 3.0 + 3.0 * (rng.next32() / 4294967296.0)
        self.phases = [rng.signed_unit() * math.pi for _ in range(_AXES)]
        self.jolt_seed = rng.next32()


class MotionModel:
    """acceleration_mg(t_us) -> [x, y, z]; shake(), tap(), tilt() schedule what happens."""

    def __init__(self, seed):
        self.rng = Random32(seed)
        self.noise_seed = self.rng.next32()
        self.gravity_mg = [0, 0, 1000]
        self._shakes = []
        self._taps = []  # (time_us, [peak per axis])

    def tilt(self, x_mg, y_mg, z_mg):
        """The box at rest in another orientation (gravity seen on its axes)."""
        self.gravity_mg = [x_mg, y_mg, z_mg]

    def _forget_before(self, t_us):
        self._shakes = [shake for shake in self._shakes if shake.end_us >= t_us - 1000000]
        self._taps = [tap for tap in self._taps if tap[0] + TAP_US >= t_us - 1000000]

    def shake(self, start_us, duration_us, swing_mg=SHAKE_SWING_MG):
        self._forget_before(start_us)
        self._shakes.append(_Shake(start_us, start_us + duration_us, swing_mg, self.rng))

    def tap(self, at_us, peak_mg=TAP_PEAK_MG):
        self._forget_before(at_us)
        peaks = [int(peak_mg * self.rng.signed_unit()) for _ in range(_AXES)]
        peaks[2] = peak_mg  # a knock on the table comes up through the bottom
        self._taps.append((at_us, peaks))

    def acceleration_mg(self, t_us):
        """The acceleration at t_us, the same every time it is asked for the same t_us."""
        noise_seed = self.noise_seed
        span = 2 * REST_NOISE_MG + 1
        gravity_mg = self.gravity_mg
        values = [gravity_mg[axis] + (mix32_3(noise_seed, t_us, axis) % span - REST_NOISE_MG)
                  for axis in range(_AXES)]
        for shake in self._shakes:
            if shake.start_us <= t_us < shake.end_us:
                seconds = (t_us - shake.start_us) / 1000000.0
                for axis in range(_AXES):
                    swing = math.sin(2 * math.pi * shake.hertz * seconds + shake.phases[axis])
                    jolt = mix32_3(shake.jolt_seed, t_us, axis) / 4294967296.0 - 0.5
                    values[axis] += int(shake.swing_mg * (swing + jolt))
        for at_us, peaks in self._taps:
            if at_us <= t_us < at_us + TAP_US:
                fade = 1.0 - (t_us - at_us) / TAP_US
                for axis in range(_AXES):
                    values[axis] += int(peaks[axis] * fade * fade)
        return values

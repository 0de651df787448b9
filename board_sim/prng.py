"""Seeded pseudo-random numbers that come out the same on CPython and MicroPython.

MicroPython's `random` has no Random class and differs between ports, so every simulated
device draws from its own xorshift32 stream, and per-sample noise comes from mix32().
"""

_MASK32 = 0xFFFFFFFF


def mix32(*values):
    """A well-mixed 32-bit hash of a few integers (for noise that depends only on its inputs)."""
    state = 0x9E3779B9
    for value in values:
        state = (state ^ (value & _MASK32)) & _MASK32
        state = (state * 0x85EBCA6B) & _MASK32
        state ^= state >> 13
        state = (state * 0xC2B2AE35) & _MASK32
        state ^= state >> 16
    return state


def mix32_3(first, second, third):
    """mix32(first, second, third), unrolled: the motion model's noise asks for it per axis
    per sample."""
    state = 0x9E3779B9 ^ (first & _MASK32)
    state = (state * 0x85EBCA6B) & _MASK32
    state ^= state >> 13
    state = (state * 0xC2B2AE35) & _MASK32
    state ^= state >> 16
    state ^= second & _MASK32
    state = (state * 0x85EBCA6B) & _MASK32
    state ^= state >> 13
    state = (state * 0xC2B2AE35) & _MASK32
    state ^= state >> 16
    state ^= third & _MASK32
    state = (state * 0x85EBCA6B) & _MASK32
    state ^= state >> 13
    state = (state * 0xC2B2AE35) & _MASK32
    return state ^ (state >> 16)


class Random32:
    """xorshift32 from a seed: next32(), below(n), between(low, high), chance(p), signed_unit()."""

    def __init__(self, seed):
        self.state = mix32(seed) or 1

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
        self.state = x
        return x

    def below(self, limit):
        """An integer in 0..limit-1."""
        return self.next32() % limit

    def between(self, low, high):
        """An integer in low..high inclusive."""
        return low + self.below(high - low + 1)

    def chance(self, probability):
        return self.next32() < probability * 4294967296.0

    def signed_unit(self):
        """A float in [-1, 1)."""
        return self.next32() / 2147483648.0 - 1.0

"""A small seedable random generator (xorshift32) that can take in accelerometer noise.

The 32-bit state is kept as two 16-bit halves so no value ever reaches MicroPython's long
integers (small ints are 31-bit on a Pico): every step and draw allocates nothing.
"""

from micropython import const

_HALF = const(0xFFFF)
_DEFAULT_HIGH = const(0x2545)  # any non-zero state will do; zero is xorshift's fixed point
_DEFAULT_LOW = const(0xF491)


class Xorshift32:
    """Marsaglia's xorshift32 (shifts 13, 17, 5): period 2**32 - 1 over non-zero states."""

    def __init__(self, seed=0):
        """Start from a state made from the low 32 bits of `seed` (0 picks a fixed state)."""
        self.high = (seed >> 16) & _HALF
        self.low = seed & _HALF
        if not (self.high or self.low):
            self.high = _DEFAULT_HIGH
            self.low = _DEFAULT_LOW

    def mix(self, noise):
        """Stir in entropy bits (e.g. the accelerometer's noise); the state stays non-zero."""
        self.high ^= (noise >> 16) & _HALF
        self.low ^= noise & _HALF
        if not (self.high or self.low):
            self.high = _DEFAULT_HIGH
            self.low = _DEFAULT_LOW
        self.next16()

    def next16(self):
        """Advance one step and return the top 16 bits of the 32-bit state."""
        high = self.high
        low = self.low
        # x ^= x << 13
        high ^= ((high << 13) | (low >> 3)) & _HALF
        low ^= (low << 13) & _HALF
        # x ^= x >> 17
        low ^= high >> 1
        # x ^= x << 5
        high ^= ((high << 5) | (low >> 11)) & _HALF
        low ^= (low << 5) & _HALF
        self.high = high
        self.low = low
        return high

    def below(self, limit):
        """A uniform integer 0..limit-1 (1 <= limit <= 65536), by rejection: no modulo bias.

        Takes just enough top bits to cover `limit` and draws again when the value is too big,
        so every result is exactly equally likely (at most two draws on average).
        """
        bits = 0
        while (1 << bits) < limit:
            bits += 1
        while True:
            value = self.next16() >> (16 - bits)
            if value < limit:
                return value

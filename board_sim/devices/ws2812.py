"""A strip of WS2812 LEDs on one data pin, decoding what machine.bitstream sends it.

Each LED keeps the first 24 bits that reach it (green, red, blue, most significant bit
first) and passes the rest along; the strip shows the new colours once the line idles
(the reset/latch). A bit reads 1 when its high pulse is longer than about 600 ns, as the
WS2812B samples it: 800 kHz timing (400/800 ns highs) decodes, 400 kHz timing would not.
"""

_ONE_THRESHOLD_NS = 600
_BYTES_PER_LED = 3
# What each byte sent decodes to, by (the bit a 0 is read as, the bit a 1 is read as): the
# strip reads each bit's pulse alone, so a byte maps to one byte (bytes.translate's table).
_DECODE = {(zero_bit, one_bit): bytes(
    sum((one_bit if value >> bit & 1 else zero_bit) << bit for bit in range(8)) for value in range(256))
    for zero_bit in (0, 1) for one_bit in (0, 1)}


class LedStrip:
    """count LEDs; colors() -> [(r, g, b)] as the strip lights them; frames counts latches."""

    def __init__(self, count):
        self.count = count
        self._grb = bytearray(count * _BYTES_PER_LED)
        self.frames = 0

    def receive(self, timing_ns, data):
        """One machine.bitstream(pin, 0, timing_ns, data) burst followed by the latch."""
        high_for_zero, _, high_for_one, _ = timing_ns[:4]
        zero_bit = 1 if high_for_zero > _ONE_THRESHOLD_NS else 0
        one_bit = 1 if high_for_one > _ONE_THRESHOLD_NS else 0
        usable = min(len(data), len(self._grb))
        self._grb[:usable] = bytes(data[:usable]).translate(_DECODE[zero_bit, one_bit])
        self.frames += 1

    def colors(self):
        grb = self._grb
        return [(grb[i + 1], grb[i], grb[i + 2]) for i in range(0, len(grb), _BYTES_PER_LED)]

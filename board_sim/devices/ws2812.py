"""A strip of WS2812 LEDs on one data pin, decoding what machine.bitstream sends it.

Each LED keeps the first 24 bits that reach it (green, red, blue, most significant bit
first) and passes the rest along; the strip shows the new colours once the line idles
(the reset/latch). A bit reads 1 when its high pulse is longer than about 600 ns, as the
WS2812B samples it: 800 kHz timing (400/800 ns highs) decodes, 400 kHz timing would not.
"""

_ONE_THRESHOLD_NS = 600
_BYTES_PER_LED = 3


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
        if one_bit and not zero_bit:  # each bit read as sent (the strip's own timing): one slice
            self._grb[:usable] = data[:usable]
        else:  # every bit read alike, or each the other way round
            for index in range(usable):
                value = data[index]
                self._grb[index] = (value if one_bit else 0) | ((value ^ 0xFF) if zero_bit else 0)
        self.frames += 1

    def colors(self):
        grb = self._grb
        return [(grb[i + 1], grb[i], grb[i + 2]) for i in range(0, len(grb), _BYTES_PER_LED)]

"""WS2812 LEDs under the tiles, through MicroPython's neopixel.NeoPixel: LED i lights tile i+1.

Colours are 0xRRGGBB ints (no tuples, so setting and showing allocate nothing); the brightness
the strip is built with (0..255, as board.json sets it) scales them all. show() writes the strip
only when something changed.
"""

from micropython import const

_OFF = const(0)


class TileLeds:
    """Colour per tile over a neopixel.NeoPixel strip (its buf/ORDER/bpp, as micropython-lib's)."""

    def __init__(self, strip, brightness=64):
        self.strip = strip
        self.count = len(strip)
        self._colours = [_OFF] * self.count
        self._scale = brightness + 1  # 255 -> full, 0 -> off
        self._dirty = True

    def set_tile(self, tile, colour):
        """Colour (0xRRGGBB) for the LED of tile 1..count; tiles beyond the strip are ignored."""
        index = tile - 1
        if 0 <= index < self.count and self._colours[index] != colour:
            self._colours[index] = colour
            self._dirty = True

    def fill(self, colour):
        for index in range(self.count):
            if self._colours[index] != colour:
                self._colours[index] = colour
                self._dirty = True

    def show(self):
        """Write the strip if anything changed since the last write; returns True if it wrote."""
        if not self._dirty:
            return False
        strip = self.strip
        buf = strip.buf
        order = strip.ORDER
        step = strip.bpp
        scale = self._scale
        offset = 0
        for colour in self._colours:
            buf[offset + order[0]] = ((colour >> 16) * scale) >> 8
            buf[offset + order[1]] = (((colour >> 8) & 0xFF) * scale) >> 8
            buf[offset + order[2]] = ((colour & 0xFF) * scale) >> 8
            offset += step
        strip.write()
        self._dirty = False
        return True

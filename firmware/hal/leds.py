"""WS2812 LEDs under the tiles, through MicroPython's neopixel.NeoPixel: LED i lights tile i+1.

Colours are 0xRRGGBB ints (no tuples, so setting and showing allocate nothing); the brightness
the strip is built with (0..255, as board.json sets it) scales them all. show() writes the strip
only when some LED's colour differs from the last write, so a caller may turn every LED off, then
light some, each tick (issue 45: the menu did, and its LEDs took a Pico 1.4 ms of every tick).
"""

from micropython import const

_OFF = const(0)
_NONE = const(-1)  # no colour: what the strip shows before the first write


class TileLeds:
    """Colour per tile over a neopixel.NeoPixel strip (its buf/ORDER/bpp, as micropython-lib's);
    `colours`: each LED's as set since the last write (app.lights' play sets a row's at once)."""

    def __init__(self, strip, brightness=64):
        self.strip = strip
        self.count = len(strip)
        self.colours = [_OFF] * self.count  # as set since
        self._shown = [_NONE] * self.count  # as last written
        self._scale = brightness + 1  # 255 -> full, 0 -> off
        self.drawn = [-1] * 8  # what app.lights or the end's chase last drew, till another write

    def set_tile(self, tile, colour):
        """Colour (0xRRGGBB) for the LED of tile 1..count; tiles beyond the strip are ignored."""
        index = tile - 1
        if 0 <= index < self.count:
            self.colours[index] = colour

    def fill(self, colour):
        colours = self.colours
        for index in range(self.count):
            colours[index] = colour

    def show(self):
        """Write the strip if an LED's colour differs from the last write; returns True if it wrote."""
        self.drawn[0] = -1  # (app.lights' and the chase set it again after their own)
        if self.colours == self._shown:  # (a call of few locals: a Pico allocates it no frame on
            return False  # the heap, as it does _write's, whose search for room took up to 0.5 ms)
        self._write()
        return True

    def _write(self):
        colours = self.colours
        shown = self._shown
        strip = self.strip
        buf = strip.buf
        order = strip.ORDER
        step = strip.bpp
        scale = self._scale
        offset = 0
        for index in range(self.count):
            colour = shown[index] = colours[index]
            buf[offset + order[0]] = ((colour >> 16) * scale) >> 8
            buf[offset + order[1]] = (((colour >> 8) & 0xFF) * scale) >> 8
            buf[offset + order[2]] = ((colour & 0xFF) * scale) >> 8
            offset += step
        strip.write()

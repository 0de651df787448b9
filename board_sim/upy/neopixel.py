"""Stand-in for MicroPython's `neopixel`: NeoPixel(pin, n, bpp=3, timing=1), GRB(W) in `buf`.

write() sends buf through machine.bitstream with WS2812 timing, as the real module does;
the simulated strip on that pin decodes it.
"""

from machine import bitstream


class NeoPixel:
    ORDER = (1, 0, 2, 3)  # the bytes of a pixel go out G, R, B (, W)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        pin.init(pin.OUT)
        if isinstance(timing, int):
            self.timing = (400, 850, 800, 450) if timing else (800, 1700, 1600, 900)  # 800, 400 kHz
        else:
            self.timing = timing

    def __len__(self):
        return self.n

    def __setitem__(self, index, value):
        offset = index * self.bpp
        for channel in range(self.bpp):
            self.buf[offset + self.ORDER[channel]] = value[channel]

    def __getitem__(self, index):
        offset = index * self.bpp
        return tuple(self.buf[offset + self.ORDER[channel]] for channel in range(self.bpp))

    def fill(self, value):
        for index in range(self.n):
            self[index] = value

    def write(self):
        bitstream(self.pin, 0, self.timing, self.buf)

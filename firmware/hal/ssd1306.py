"""SSD1306 OLED (128x64, 128x32 ...) over I2C, API-compatible with micropython-lib's ssd1306.

SSD1306_I2C(width, height, i2c, addr=0x3C, external_vcc=False) is a framebuf.FrameBuffer
(MONO_VLSB: one byte is 8 rows of a column, a page); draw into it, then show(), or
show_band(n) for the band of two pages from page 2n alone (16 rows): a band of a 128-wide panel
is 256 bytes, about 6 ms of a 400 kHz bus, where a whole 128x64 frame takes about 23 ms.
Written from the Solomon Systech SSD1306 datasheet, section 10 (command table).
"""

import framebuf
from micropython import const

_DISPLAY_OFF = const(0xAE)  # | 1 = on
_MEMORY_MODE = const(0x20)  # + 0x00: horizontal addressing (pages wrap left to right)
_COLUMN_RANGE = const(0x21)  # + first, last column
_PAGE_RANGE = const(0x22)  # + first, last page
_START_LINE_0 = const(0x40)
_CONTRAST = const(0x81)  # + 0..255
_CHARGE_PUMP = const(0x8D)  # + 0x14 on (internal VCC), 0x10 off
_SEGMENT_REMAP = const(0xA0)  # | 1: column 127 drives SEG0 (mirror x)
_FOLLOW_RAM = const(0xA4)  # 0xA5 would light every pixel
_NORMAL = const(0xA6)  # | 1 = inverse video
_MULTIPLEX = const(0xA8)  # + rows - 1
_IREF = const(0xAD)  # + 0x30: internal current reference (SSD1306B and later)
_COM_SCAN = const(0xC0)  # | 8: scan COM[N-1] to COM0 (mirror y)
_DISPLAY_OFFSET = const(0xD3)  # + 0
_CLOCK_DIVIDE = const(0xD5)  # + 0x80: reset oscillator, divide by 1
_PRECHARGE = const(0xD9)  # + phase 2 << 4 | phase 1
_COM_PINS = const(0xDA)  # + 0x02 sequential (x32 panels), 0x12 alternative (x64)
_VCOMH = const(0xDB)  # + 0x30: about 0.83 x VCC
_I2C_COMMAND = const(0x80)  # control byte: one command byte follows
_I2C_DATA = const(0x40)  # control byte: display RAM bytes follow to the stop


class SSD1306_I2C(framebuf.FrameBuffer):
    """An SSD1306 on an I2C bus at addr (0x3C, or 0x3D with SA0 high). micropython-lib's
    SSD1306 and SSD1306_I2C in one class: the box has no SPI panel, and a class costs heap."""

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.i2c = i2c
        self.addr = addr
        self._command = bytearray(2)
        self._command[0] = _I2C_COMMAND
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.pages = height // 8
        self.buffer = bytearray(self.pages * width)
        view = memoryview(self.buffer)  # a view of each band, made once: show_band() allocates nothing
        self.bands = tuple([view[at:at + 2 * width] for at in range(0, len(self.buffer), 2 * width)])
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.init_display()

    def init_display(self):
        """Send the power-up sequence, clear the screen and switch it on (OSError escapes)."""
        external = self.external_vcc
        for command in (
            _DISPLAY_OFF,
            _MEMORY_MODE, 0x00,
            _START_LINE_0,
            _SEGMENT_REMAP | 1,
            _MULTIPLEX, self.height - 1,
            _COM_SCAN | 8,
            _DISPLAY_OFFSET, 0x00,
            _COM_PINS, 0x02 if self.width > 2 * self.height else 0x12,
            _CLOCK_DIVIDE, 0x80,
            _PRECHARGE, 0x22 if external else 0xF1,
            _VCOMH, 0x30,
            _CONTRAST, 0xFF,
            _FOLLOW_RAM,
            _NORMAL,
            _IREF, 0x30,
            _CHARGE_PUMP, 0x10 if external else 0x14,
            _DISPLAY_OFF | 1,
        ):
            self.write_cmd(command)
        self.fill(0)
        self.show()

    def poweroff(self):
        self.write_cmd(_DISPLAY_OFF)

    def poweron(self):
        self.write_cmd(_DISPLAY_OFF | 1)

    def contrast(self, contrast):
        self.write_cmd(_CONTRAST)
        self.write_cmd(contrast)

    def invert(self, invert):
        self.write_cmd(_NORMAL | (invert & 1))

    def rotate(self, rotate):
        """rotate(True) is the power-up orientation; rotate(False) turns the picture 180 degrees."""
        self.write_cmd(_COM_SCAN | ((rotate & 1) << 3))
        self.write_cmd(_SEGMENT_REMAP | (rotate & 1))

    def show(self):
        """Copy the whole frame buffer to the display RAM (OSError escapes, as with
        micropython-lib's driver: the caller decides what a failed write means)."""
        self._to(0, self.pages - 1)
        self.write_data(self.buffer)

    def show_band(self, band):
        """Copy the band'th two pages of the frame buffer (len(bands) of them) to the display
        RAM (OSError escapes)."""
        self._to(2 * band, 2 * band + 1)
        self.write_data(self.bands[band])

    def _to(self, first, last):
        """Point the display's RAM at pages first..last, all columns of the panel."""
        column = (128 - self.width) // 2  # a narrower panel is wired to the middle columns
        self.write_cmd(_COLUMN_RANGE)
        self.write_cmd(column)
        self.write_cmd(column + self.width - 1)
        self.write_cmd(_PAGE_RANGE)
        self.write_cmd(first)
        self.write_cmd(last)

    def write_cmd(self, cmd):
        self._command[1] = cmd
        self.i2c.writeto(self.addr, self._command)

    def write_data(self, buf):
        self.i2c.writeto_mem(self.addr, _I2C_DATA, buf)  # the control byte, then the bytes

"""Solomon Systech SSD1306 OLED controller on I2C, decoding its byte stream (datasheet section 8.1.5, 10).

Each write transaction is a control byte then bytes: control 0x80/0xC0 (Co=1) carries one
command/data byte and another control byte follows; 0x00 (commands) and 0x40 (data) carry
every byte to the end. Multi-byte commands may be split over transactions, as
micropython-lib's driver sends them. The controller holds 128 x 8 pages of GDDRAM and
powers up with it full of noise, display off, charge pump off, page addressing.

visible_pixels() is what a person sees on the glass: dark unless the display is on and
powered (charge pump on, or external_vcc), with entire-on, inversion, segment remap, COM
scan direction, start line, offset, multiplex ratio and COM pin wiring applied. The panel
is mounted as these modules are: upright with remap (0xA1) and reversed scan (0xC8), its
rows wired for alternative COM pins when 64 high and sequential when 32 high.
"""

from board_sim.devices.i2c_device import I2CDevice

COLUMNS = 128
PAGES = 8
ROWS = 64
_CONTROL_CONTINUATION = 0x80  # Co bit
_CONTROL_DATA = 0x40  # D/C# bit
# Parameter counts of the commands that take them.
_PARAMETERS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1, 0xA3: 2,
    0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD8: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
}
HORIZONTAL = 0
VERTICAL = 1
PAGE = 2


class SSD1306(I2CDevice):
    """A width x height panel (128x64 or 128x32) on an SSD1306; rng fills the power-up RAM."""

    def __init__(self, rng, width=128, height=64, external_vcc=False):
        super().__init__()
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        self.first_column = (COLUMNS - width) // 2  # narrow panels use the middle segments
        self.gddram = bytearray(rng.next32() & 0xFF for _ in range(COLUMNS * PAGES))
        self.power_on_reset()

    def power_on_reset(self):
        self.display_on = False
        self.charge_pump = False
        self.addressing = PAGE
        self.column_start, self.column_end = 0, COLUMNS - 1
        self.page_start, self.page_end = 0, PAGES - 1
        self.column = 0
        self.page = 0
        self.start_line = 0
        self.segment_remap = False
        self.com_reversed = False
        self.multiplex = ROWS
        self.offset = 0
        self.com_alternative = True
        self.com_left_right = False
        self.contrast = 0x7F
        self.entire_on = False
        self.inverted = False
        self.clock_divide = 0x80
        self.precharge = 0x22
        self.vcomh = 0x20
        self.scrolling = False
        self._command = []

    # --- the I2C byte stream ---

    def i2c_write(self, data):
        index = 0
        while index < len(data):
            control = data[index]
            index += 1
            is_data = bool(control & _CONTROL_DATA)
            if control & _CONTROL_CONTINUATION:
                if index < len(data):
                    self._take(data[index], is_data)
                index += 1
                continue
            if is_data:
                self._write_ram_run(data[index:])
            else:
                for value in data[index:]:
                    self._take(value, False)
            return

    def i2c_read(self, count):
        # Only the SPI/parallel interfaces read status; over I2C the controller returns
        # its status byte: bit 6 set while the display is off.
        return bytes((0x00 if self.display_on else 0x40,)) * count

    def _take(self, value, is_data):
        if is_data:
            self._write_ram(value)
            return
        command = self._command
        command.append(value)
        if len(command) - 1 < _PARAMETERS.get(command[0], 0):
            return
        self._command = []
        self._execute(command[0], command[1:])

    def _execute(self, opcode, parameters):
        if opcode in (0xAE, 0xAF):
            self.display_on = opcode == 0xAF
        elif opcode == 0x20:
            self.addressing = parameters[0] & 3 if parameters[0] & 3 != 3 else self.addressing
        elif opcode == 0x21:
            self.column_start, self.column_end = parameters[0] & 0x7F, parameters[1] & 0x7F
            self.column = self.column_start
        elif opcode == 0x22:
            self.page_start, self.page_end = parameters[0] & 7, parameters[1] & 7
            self.page = self.page_start
        elif opcode <= 0x0F:
            self.column = (self.column & 0xF0) | opcode
        elif opcode <= 0x1F:
            self.column = (self.column & 0x0F) | ((opcode & 0x07) << 4)
        elif 0xB0 <= opcode <= 0xB7:
            self.page = opcode & 7
        elif 0x40 <= opcode <= 0x7F:
            self.start_line = opcode & 0x3F
        elif opcode in (0xA0, 0xA1):
            self.segment_remap = opcode == 0xA1
        elif opcode in (0xC0, 0xC8):
            self.com_reversed = opcode == 0xC8
        elif opcode == 0xA8:
            if parameters[0] & 0x3F >= 15:
                self.multiplex = (parameters[0] & 0x3F) + 1
        elif opcode == 0xD3:
            self.offset = parameters[0] & 0x3F
        elif opcode == 0xDA:
            self.com_alternative = bool(parameters[0] & 0x10)
            self.com_left_right = bool(parameters[0] & 0x20)
        elif opcode == 0x81:
            self.contrast = parameters[0]
        elif opcode in (0xA4, 0xA5):
            self.entire_on = opcode == 0xA5
        elif opcode in (0xA6, 0xA7):
            self.inverted = opcode == 0xA7
        elif opcode == 0x8D:
            self.charge_pump = bool(parameters[0] & 0x04)
        elif opcode == 0xD5:
            self.clock_divide = parameters[0]
        elif opcode == 0xD9:
            self.precharge = parameters[0]
        elif opcode == 0xDB:
            self.vcomh = parameters[0]
        elif opcode in (0x2E, 0x2F):
            self.scrolling = opcode == 0x2F
        # 0xAD (IREF), 0xD8, scroll set-up and 0xE3 (NOP) change nothing visible here.

    def _write_ram_run(self, data):
        """_write_ram of each byte of data in turn, as many as fit a page's row at once (the
        same RAM and pointers as byte by byte)."""
        if self.addressing == VERTICAL:
            for value in data:
                self._write_ram(value)
            return
        index = 0
        while index < len(data):
            column, page = self.column, self.page
            if self.addressing == PAGE:
                count = min(len(data) - index, COLUMNS - column)
                self.column = (column + count) & 0x7F
            else:  # HORIZONTAL: to the column range's end, then the next page from its start
                count = min(len(data) - index, max(self.column_end - column + 1, 1))
                if column + count - 1 < self.column_end:
                    self.column = column + count
                else:
                    self.column = self.column_start
                    self.page = page + 1 if page < self.page_end else self.page_start
            start = page * COLUMNS + column
            self.gddram[start:start + count] = data[index:index + count]
            index += count

    def _write_ram(self, value):
        self.gddram[self.page * COLUMNS + self.column] = value
        if self.addressing == PAGE:
            self.column = (self.column + 1) & 0x7F
            return
        if self.addressing == HORIZONTAL:
            if self.column < self.column_end:
                self.column += 1
                return
            self.column = self.column_start
            self.page = self.page + 1 if self.page < self.page_end else self.page_start
            return
        if self.page < self.page_end:
            self.page += 1
            return
        self.page = self.page_start
        self.column = self.column + 1 if self.column < self.column_end else self.column_start

    # --- what the glass shows ---

    def ram_pixel(self, column, row):
        return (self.gddram[(row >> 3) * COLUMNS + column] >> (row & 7)) & 1

    def _com_pin(self, scan_row):
        """The COM pin that drives the scan_row-th row of a frame."""
        logical = self.multiplex - 1 - scan_row if self.com_reversed else scan_row
        if self.com_alternative:
            pin = logical // 2 + (32 if logical & 1 else 0)
        else:
            pin = logical
        return pin ^ 32 if self.com_left_right else pin

    def _glass_row(self, com_pin):
        """Where the panel's wiring puts COM pin com_pin, counted from the top; None if unwired."""
        if self.height == ROWS:
            panel_row = 2 * com_pin if com_pin < 32 else 2 * (com_pin - 32) + 1
        elif com_pin < self.height:
            panel_row = com_pin
        else:
            return None
        return self.height - 1 - panel_row

    def visible_pixels(self):
        """height rows of width 0/1 values: 1 where the glass is lit."""
        dark = [[0] * self.width for _ in range(self.height)]
        if not self.display_on or not (self.charge_pump or self.external_vcc):
            return dark
        for scan_row in range(self.multiplex):
            glass_row = self._glass_row(self._com_pin(scan_row))
            if glass_row is None:
                continue
            ram_row = (scan_row + self.start_line + self.offset) % ROWS
            row = dark[glass_row]
            for x in range(self.width):
                segment = COLUMNS - 1 - self.first_column - x
                column = COLUMNS - 1 - segment if self.segment_remap else segment
                lit = 1 if self.entire_on else self.ram_pixel(column, ram_row)
                row[x] = lit ^ 1 if self.inverted else lit
        return dark

    def render_text(self, lit="#", unlit="."):
        """visible_pixels() as lines of text, for test failure messages and terminals."""
        return "\n".join("".join(lit if value else unlit for value in row)
                         for row in self.visible_pixels())

"""CPython stand-in for MicroPython's `framebuf`: the same formats, drawing and byte layout.

Every method leaves the buffer byte for byte as MicroPython's C module does for the same
call (clipping, Bresenham steps, ellipse and polygon rules, C integer division included);
host_tests/test_sim_framebuf.py draws one scene on both and compares. On MicroPython the
native module is used instead of this file.
"""

from board_sim.upy.font8x8 import FIRST_CHAR, FONT, LAST_CHAR

MONO_VLSB = 0
MVLSB = MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_ELLIPSE_FILL = 0x10
_ELLIPSE_ALL = 0x0F
_Q1 = 0x01
_Q2 = 0x02
_Q3 = 0x04
_Q4 = 0x08
_NO_KEY = 0xFFFFFFFF  # key=-1 as the C code's uint32 compare sees it


def _c_div(numerator, denominator):
    """Integer division truncating toward zero, as C does."""
    quotient = abs(numerator) // abs(denominator)
    return quotient if (numerator < 0) == (denominator < 0) else -quotient


_VLSB_TABLES = {}  # (mask, set or clear): what each byte becomes


def _vlsb_table(mask, colour):
    """bytes.translate's table setting (colour true) or clearing the bits of mask in a byte."""
    key = (mask, bool(colour))
    table = _VLSB_TABLES.get(key)
    if table is None:
        table = _VLSB_TABLES[key] = bytes((value | mask) if colour else (value & ~mask)
                                          for value in range(256))
    return table


def _bits_per_pixel(format_id):
    return {MONO_VLSB: 1, MONO_HLSB: 1, MONO_HMSB: 1, GS2_HMSB: 2, GS4_HMSB: 4, GS8: 8,
            RGB565: 16}.get(format_id)


class FrameBuffer:
    """FrameBuffer(buffer, width, height, format, stride=width) over any writable buffer."""

    def __init__(self, buffer, width, height, format, stride=None):  # noqa: A002 (MicroPython's name)
        self._setup(buffer, width, height, format, stride, writable=True)

    def _setup(self, buffer, width, height, format_id, stride, writable):
        if stride is None:
            stride = width
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF or stride < width:
            raise ValueError()
        bpp = _bits_per_pixel(format_id)
        if bpp is None:
            raise ValueError("invalid format")
        height_required = height
        width_required = width
        strides_required = height - 1
        if format_id == MONO_VLSB:
            height_required = (height + 7) & ~7
            strides_required = height_required - 8
        elif format_id in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
            width_required = (width + 7) & ~7
        elif format_id == GS2_HMSB:
            stride = (stride + 3) & ~3
            width_required = (width + 3) & ~3
        elif format_id == GS4_HMSB:
            stride = (stride + 1) & ~1
            width_required = (width + 1) & ~1
        view = memoryview(buffer)
        if view.readonly and writable:
            raise TypeError("object with buffer protocol required")
        view = view.cast("B")
        needed = (strides_required * stride + (height_required - strides_required) * width_required) * bpp // 8
        if needed > len(view):
            raise ValueError()
        self._buffer_object = buffer
        self._bytes = view
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format_id
        self._set, self._get, self._fill_area = {
            MONO_VLSB: (self._set_vlsb, self._get_vlsb, self._fill_vlsb),
            MONO_HLSB: (self._set_horiz, self._get_horiz, self._fill_horiz),
            MONO_HMSB: (self._set_horiz, self._get_horiz, self._fill_horiz),
            RGB565: (self._set_rgb565, self._get_rgb565, self._fill_by_pixel),
            GS2_HMSB: (self._set_gs2, self._get_gs2, self._fill_by_pixel),
            GS4_HMSB: (self._set_gs4, self._get_gs4, self._fill_gs4),
            GS8: (self._set_gs8, self._get_gs8, self._fill_gs8),
        }[format_id]

    # --- per-format pixel access (x, y already inside the buffer) ---

    def _set_vlsb(self, x, y, colour):
        index = (y >> 3) * self.stride + x
        mask = 1 << (y & 7)
        self._bytes[index] = (self._bytes[index] | mask) if colour else (self._bytes[index] & ~mask)

    def _get_vlsb(self, x, y):
        return (self._bytes[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def _fill_vlsb(self, x, y, w, h, colour):
        # A page (8 rows) at a time: the rows' bits of w bytes set or cleared with one slice.
        data = self._bytes
        row = y
        while row < y + h:
            page_end = min(y + h, (row | 7) + 1)
            mask = ((1 << (page_end - row)) - 1) << (row & 7)
            start = (row >> 3) * self.stride + x
            data[start:start + w] = bytes(data[start:start + w]).translate(_vlsb_table(mask, colour))
            row = page_end

    def _horiz_shift(self, x):
        return x & 7 if self.format == MONO_HMSB else 7 - (x & 7)

    def _set_horiz(self, x, y, colour):
        index = (x + y * self.stride) >> 3
        mask = 1 << self._horiz_shift(x)
        self._bytes[index] = (self._bytes[index] | mask) if colour else (self._bytes[index] & ~mask)

    def _get_horiz(self, x, y):
        return (self._bytes[(x + y * self.stride) >> 3] >> self._horiz_shift(x)) & 1

    def _fill_horiz(self, x, y, w, h, colour):
        data = self._bytes
        row_bytes = self.stride >> 3
        for column in range(x, x + w):
            mask = 1 << self._horiz_shift(column)
            index = (column >> 3) + y * row_bytes
            for _ in range(h):
                data[index] = (data[index] | mask) if colour else (data[index] & ~mask)
                index += row_bytes

    def _set_rgb565(self, x, y, colour):
        index = (x + y * self.stride) * 2
        self._bytes[index] = colour & 0xFF
        self._bytes[index + 1] = (colour >> 8) & 0xFF

    def _get_rgb565(self, x, y):
        index = (x + y * self.stride) * 2
        return self._bytes[index] | (self._bytes[index + 1] << 8)

    def _set_gs2(self, x, y, colour):
        index = (x + y * self.stride) >> 2
        shift = (x & 3) << 1
        self._bytes[index] = ((colour & 3) << shift) | (self._bytes[index] & ~(3 << shift) & 0xFF)

    def _get_gs2(self, x, y):
        return (self._bytes[(x + y * self.stride) >> 2] >> ((x & 3) << 1)) & 3

    def _set_gs4(self, x, y, colour):
        index = (x + y * self.stride) >> 1
        if x % 2:
            self._bytes[index] = (colour & 0x0F) | (self._bytes[index] & 0xF0)
        else:
            self._bytes[index] = ((colour << 4) & 0xFF) | (self._bytes[index] & 0x0F)

    def _get_gs4(self, x, y):
        value = self._bytes[(x + y * self.stride) >> 1]
        return value & 0x0F if x % 2 else value >> 4

    def _fill_gs4(self, x, y, w, h, colour):
        # Byte-level walk of the C fill (its odd-x/odd-w quirks included).
        colour &= 0x0F
        data = self._bytes
        index = (x + y * self.stride) >> 1
        high = (colour << 4) & 0xFF
        pair = high | colour
        to_next_line = (self.stride - w) >> 1
        odd_x = x % 2 == 1
        for _ in range(h):
            remaining = w
            if odd_x and remaining > 0:
                data[index] = (data[index] & 0xF0) | colour
                index += 1
                remaining -= 1
            for offset in range(remaining >> 1):
                data[index + offset] = pair
            index += remaining >> 1
            if remaining % 2:
                data[index] = high | (data[index] & 0x0F)
                if not odd_x:
                    index += 1
            index += to_next_line

    def _set_gs8(self, x, y, colour):
        self._bytes[x + y * self.stride] = colour & 0xFF

    def _get_gs8(self, x, y):
        return self._bytes[x + y * self.stride]

    def _fill_gs8(self, x, y, w, h, colour):
        value = colour & 0xFF
        row_start = x + y * self.stride
        for _ in range(h):
            self._bytes[row_start:row_start + w] = bytes((value,)) * w
            row_start += self.stride

    def _fill_by_pixel(self, x, y, w, h, colour):
        for row in range(y, y + h):
            for column in range(x, x + w):
                self._set(column, row, colour)

    # --- shared drawing ---

    def _set_checked(self, x, y, colour, enabled=True):
        if enabled and 0 <= x < self.width and 0 <= y < self.height:
            self._set(x, y, colour)

    def _clipped_fill(self, x, y, w, h, colour):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        x_end = min(self.width, x + w)
        y_end = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill_area(x, y, x_end - x, y_end - y, colour)

    def fill(self, c):
        self._fill_area(0, 0, self.width, self.height, c)

    def fill_rect(self, x, y, w, h, c):
        self._clipped_fill(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self.width and 0 <= y < self.height:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._clipped_fill(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._clipped_fill(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._clipped_fill(x, y, w, h, c)
        else:
            self._clipped_fill(x, y, w, 1, c)
            self._clipped_fill(x, y + h - 1, w, 1, c)
            self._clipped_fill(x, y, 1, h, c)
            self._clipped_fill(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        step_x = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        step_y = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            step_x, step_y = step_y, step_x
        error = 2 * dy - dx
        for _ in range(dx):
            if steep:
                self._set_checked(y1, x1, c)
            else:
                self._set_checked(x1, y1, c)
            while error >= 0:
                y1 += step_y
                error -= 2 * dx
            x1 += step_x
            error += 2 * dy
        self._set_checked(x2, y2, c)

    def _ellipse_points(self, cx, cy, x, y, colour, mask):
        if mask & _ELLIPSE_FILL:
            if mask & _Q1:
                self._clipped_fill(cx, cy - y, x + 1, 1, colour)
            if mask & _Q2:
                self._clipped_fill(cx - x, cy - y, x + 1, 1, colour)
            if mask & _Q3:
                self._clipped_fill(cx - x, cy + y, x + 1, 1, colour)
            if mask & _Q4:
                self._clipped_fill(cx, cy + y, x + 1, 1, colour)
        else:
            self._set_checked(cx + x, cy - y, colour, mask & _Q1)
            self._set_checked(cx - x, cy - y, colour, mask & _Q2)
            self._set_checked(cx - x, cy + y, colour, mask & _Q3)
            self._set_checked(cx + x, cy + y, colour, mask & _Q4)

    def ellipse(self, x, y, xr, yr, c, f=False, m=None):
        mask = _ELLIPSE_FILL if f else 0
        mask |= _ELLIPSE_ALL if m is None else (m & _ELLIPSE_ALL)
        if xr == 0 and yr == 0:
            self._set_checked(x, y, c, mask & _ELLIPSE_ALL)
            return
        two_a_square = 2 * xr * xr
        two_b_square = 2 * yr * yr
        # First the points where the slope is shallower than -1, stepping y.
        px = xr
        py = 0
        x_change = yr * yr * (1 - 2 * xr)
        y_change = xr * xr
        error = 0
        stopping_x = two_b_square * xr
        stopping_y = 0
        while stopping_x >= stopping_y:
            self._ellipse_points(x, y, px, py, c, mask)
            py += 1
            stopping_y += two_a_square
            error += y_change
            y_change += two_a_square
            if 2 * error + x_change > 0:
                px -= 1
                stopping_x -= two_b_square
                error += x_change
                x_change += two_b_square
        # Then the steep part, stepping x.
        px = 0
        py = yr
        x_change = yr * yr
        y_change = xr * xr * (1 - 2 * yr)
        error = 0
        stopping_x = 0
        stopping_y = two_a_square * yr
        while stopping_x <= stopping_y:
            self._ellipse_points(x, y, px, py, c, mask)
            px += 1
            stopping_x += two_b_square
            error += x_change
            x_change += two_b_square
            if 2 * error + y_change > 0:
                py -= 1
                stopping_y -= two_a_square
                error += y_change
                y_change += two_a_square

    def poly(self, x, y, coords, c, f=False):
        vertex_count = len(coords) // 2
        if vertex_count == 0:
            return
        values = [int(value) for value in coords]
        if not f:
            x1, y1 = values[0], values[1]
            index = vertex_count * 2 - 1
            while index >= 0:
                y2 = values[index]
                x2 = values[index - 1]
                index -= 2
                self.line(x + x1, y + y1, x + x2, y + y2, c)
                x1, y1 = x2, y2
            return
        ys = values[1:vertex_count * 2:2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            x1, y1 = values[0], values[1]
            index = vertex_count * 2 - 1
            while index >= 0:
                y2 = values[index]
                x2 = values[index - 1]
                index -= 2
                # An edge's bottom pixel is left out so that it is not counted twice.
                if y1 != y2 and ((y1 > row >= y2) or (y1 <= row < y2)):
                    crossing = 32 * x1 + _c_div(32 * (x2 - x1) * (row - y1), y2 - y1) + 16
                    nodes.append(_c_div(crossing, 32))
                elif row == max(y1, y2):
                    if y1 < y2:
                        self._set_checked(x + x2, y + y2, c)
                    elif y2 < y1:
                        self._set_checked(x + x1, y + y1, c)
                    else:
                        self.line(x + x1, y + y1, x + x2, y + y2, c)
                x1, y1 = x2, y2
            nodes.sort()
            for pair in range(0, len(nodes) - 1, 2):
                self._clipped_fill(x + nodes[pair], y + row, nodes[pair + 1] - nodes[pair] + 1, 1, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        source = _as_framebuffer(fbuf)
        palette_buffer = None if palette is None else _as_framebuffer(palette)
        if x >= self.width or y >= self.height or -x >= source.width or -y >= source.height:
            return
        key &= 0xFFFFFFFF
        source_y = max(0, -y)
        first_source_x = max(0, -x)
        x_end = min(self.width, x + source.width)
        y_end = min(self.height, y + source.height)
        for target_y in range(max(0, y), y_end):
            source_x = first_source_x
            for target_x in range(max(0, x), x_end):
                colour = source._get(source_x, source_y)
                if palette_buffer is not None:
                    colour = palette_buffer._get(colour, 0)
                if colour != key:
                    self._set(target_x, target_y, colour)
                source_x += 1
            source_y += 1

    def scroll(self, xstep, ystep):
        if xstep < 0:
            if -xstep >= self.width:
                return
            columns = range(0, self.width + xstep)
        else:
            if xstep >= self.width:
                return
            columns = range(self.width - 1, xstep - 1, -1)
        if ystep < 0:
            if -ystep >= self.height:
                return
            rows = range(0, self.height + ystep)
        else:
            if ystep >= self.height:
                return
            rows = range(self.height - 1, ystep - 1, -1)
        for row in rows:
            for column in columns:
                self._set(column, row, self._get(column - xstep, row - ystep))

    def text(self, s, x, y, c=1):
        if self.format == MONO_VLSB and y >= 0:
            self._text_vlsb(s, x, y, c)
            return
        for code in s.encode("utf-8"):
            if code < FIRST_CHAR or code > LAST_CHAR:
                code = LAST_CHAR
            glyph_start = (code - FIRST_CHAR) * 8
            for column_bits in FONT[glyph_start:glyph_start + 8]:
                if 0 <= x < self.width:
                    row = y
                    while column_bits:
                        if column_bits & 1 and 0 <= row < self.height:
                            self._set(x, row, c)
                        column_bits >>= 1
                        row += 1
                x += 1


    def _text_vlsb(self, s, x, y, c):
        """text() on MONO_VLSB from row y >= 0: a glyph's column (8 rows) is the bits of at most
        two bytes, set or cleared at once (the same pixels as one at a time, clipped alike)."""
        data = self._bytes
        page, shift = y >> 3, y & 7
        pages = []  # (index of the page's byte at x = 0, the glyph's rows that fall in it)
        for spread_shift, in_page in ((shift, page), (shift - 8, page + 1)):
            rows_in = max(0, min(8, self.height - in_page * 8))
            if rows_in and (spread_shift >= 0 or shift):
                pages.append((in_page * self.stride, spread_shift, (1 << rows_in) - 1))
        for code in s.encode("utf-8"):
            if code < FIRST_CHAR or code > LAST_CHAR:
                code = LAST_CHAR
            glyph_start = (code - FIRST_CHAR) * 8
            for column_bits in FONT[glyph_start:glyph_start + 8]:
                if column_bits and 0 <= x < self.width:
                    for page_start, spread_shift, rows_mask in pages:
                        bits = (column_bits << spread_shift if spread_shift >= 0
                                else column_bits >> -spread_shift) & rows_mask
                        if bits:
                            index = page_start + x
                            data[index] = (data[index] | bits) if c else (data[index] & ~bits)
                x += 1


class _ReadOnlyFrameBuffer(FrameBuffer):
    """The (buffer, width, height, format[, stride]) tuple form blit() accepts for a source."""

    def __init__(self, description):
        if not 4 <= len(description) <= 5:
            raise ValueError()
        buffer, width, height, format_id = description[:4]
        stride = description[4] if len(description) == 5 else None
        self._setup(buffer, width, height, format_id, stride, writable=False)


def _as_framebuffer(source):
    if isinstance(source, FrameBuffer):
        return source
    return _ReadOnlyFrameBuffer(tuple(source))


def FrameBuffer1(buffer, width, height, stride=None):  # noqa: N802 (MicroPython's name)
    """The legacy MONO_VLSB constructor."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is None else stride)

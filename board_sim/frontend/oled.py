"""The simulated OLED read back from its glass: text on the 8x8 grid, and terminal drawings.

`text_lines(pixels)` decodes each 8x8 cell of the grid the App draws text on against
MicroPython's font (cells holding anything else, such as the dice, read as spaces).
`braille(pixels)` draws 2x4 pixels a character (128x64 -> 64x16 characters, exact);
`ascii_art(pixels)` does the same with plain characters for terminals without Unicode.
"""

from board_sim.upy.font8x8 import FIRST_CHAR, FONT, LAST_CHAR

_CELL = 8
_BRAILLE_BASE = 0x2800
# Braille dot bits by (dx, dy) within a 2x4 cell.
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
_SHADES = " .:-=+*#%@"


def _glyphs():
    glyphs = {}
    for index in range(LAST_CHAR - FIRST_CHAR):
        glyph = bytes(FONT[index * _CELL:(index + 1) * _CELL])
        glyphs.setdefault(glyph, chr(FIRST_CHAR + index))
    return glyphs


_GLYPHS = _glyphs()


def text_lines(pixels):
    """The text on each 8-pixel row of the grid, right-stripped (one string per text row)."""
    if not pixels:
        return []
    lines = []
    for top in range(0, len(pixels) - _CELL + 1, _CELL):
        chars = []
        for left in range(0, len(pixels[0]) - _CELL + 1, _CELL):
            columns = bytearray(_CELL)
            for dx in range(_CELL):
                byte = 0
                for dy in range(_CELL):
                    if pixels[top + dy][left + dx]:
                        byte |= 1 << dy
                columns[dx] = byte
            chars.append(_GLYPHS.get(bytes(columns), " "))
        lines.append("".join(chars).rstrip())
    return lines


def _cells(pixels, draw):
    rows = []
    for top in range(0, len(pixels), 4):
        chars = []
        for left in range(0, len(pixels[0]), 2):
            chars.append(draw(pixels, left, top))
        rows.append("".join(chars))
    return rows


def _braille_cell(pixels, left, top):
    bits = 0
    for dx in range(2):
        for dy in range(4):
            if top + dy < len(pixels) and pixels[top + dy][left + dx]:
                bits |= _DOTS[dx][dy]
    return chr(_BRAILLE_BASE + bits)


def _ascii_cell(pixels, left, top):
    lit = 0
    for dx in range(2):
        for dy in range(4):
            if top + dy < len(pixels) and pixels[top + dy][left + dx]:
                lit += 1
    return _SHADES[lit * (len(_SHADES) - 1) // 8]


def braille(pixels):
    """Rows of braille characters, each 2 pixels wide and 4 high."""
    return _cells(pixels, _braille_cell) if pixels else []


def ascii_art(pixels):
    """Rows of plain characters, each 2x4 pixels shaded by how many are lit."""
    return _cells(pixels, _ascii_cell) if pixels else []

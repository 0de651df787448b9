"""A plain SVG drawing for the wiring diagrams (tools.build.wiring_svg): lines, boxes, text and
the few schematic symbols they need, written with whole-number coordinates so the same drawing
is the same bytes. Every text's box is estimated and kept, so a layout can be checked for
labels that overlap (`overlapping_texts`)."""

from xml.sax.saxutils import escape

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
# A text's width per character, as a share of its size: wide enough for DejaVu Sans and
# Verdana (the widest of the fonts named) in capitals and digits.
CHAR_WIDTH = 0.64


def text_width(content, size):
    return int(len(content) * size * CHAR_WIDTH + 0.5)


class Canvas:
    """The elements of one SVG picture, in drawing order, and the boxes of its texts."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.elements = []
        self.text_boxes = []  # (left, top, right, bottom, text)

    def line(self, x1, y1, x2, y2, colour, width=2, dashed=False):
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        self.elements.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" '
                             'stroke-width="%s"%s/>' % (x1, y1, x2, y2, colour, width, dash))

    def rect(self, x, y, width, height, fill, stroke="none", radius=0, dashed=False,
             stroke_width=1):
        """A box from x to x + width (a negative width: leftwards)."""
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        self.elements.append('<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="%s" '
                             'stroke="%s" stroke-width="%s"%s/>'
                             % (min(x, x + width), y, abs(width), height, radius, fill, stroke,
                                stroke_width, dash))

    def circle(self, x, y, radius, fill, stroke="none"):
        self.elements.append('<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" '
                             'stroke-width="1.5"/>' % (x, y, radius, fill, stroke))

    def text(self, x, y, content, size=12, anchor="start", fill="#222", bold=False):
        """`content` with its baseline at y; anchor "start", "middle" or "end" at x."""
        width = text_width(content, size)
        left = {"start": x, "middle": x - width // 2, "end": x - width}[anchor]
        self.text_boxes.append((left, y - size, left + width, y + size // 4, content))
        weight = ' font-weight="bold"' if bold else ""
        self.elements.append('<text x="%d" y="%d" font-size="%d" text-anchor="%s" fill="%s"%s>'
                             '%s</text>' % (x, y, size, anchor, fill, weight, escape(content)))

    def ground(self, x, y, colour):
        """The ground symbol hanging from (x, y)."""
        self.line(x, y, x, y + 6, colour)
        for step, half in ((0, 7), (1, 4), (2, 1)):
            self.line(x - half, y + 6 + 3 * step, x + half, y + 6 + 3 * step, colour, 1.5)

    def switch(self, x, y, direction, colour):
        """An open switch from (x, y), 30 wide, drawn towards `direction` (+1 right, -1 left)."""
        end = x + 30 * direction
        self.circle(x, y, 3, "#fff", colour)
        self.circle(end, y, 3, "#fff", colour)
        self.line(x + 2 * direction, y - 2, end - 2 * direction, y - 11, colour)

    def resistor(self, x, y, direction, colour, value):
        """A resistor from (x, y), 30 wide, its value above it."""
        self.rect(min(x, x + 30 * direction), y - 5, 30, 10, "#fff", colour, stroke_width=2)
        self.text(x + 15 * direction, y - 8, value, 10, "middle")

    def tag(self, x, y, direction, colour, name, width=46):
        """A net's name in a box from (x, y) outwards: where a wire goes on (see the box of that
        name)."""
        self.rect(min(x, x + width * direction), y - 9, width, 18, colour, radius=4)
        self.text(x + width // 2 * direction, y + 4, name, 11, "middle", "#fff", bold=True)

    def svg(self, title):
        return "\n".join([
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
            'font-family="%s">' % (self.width, self.height, self.width, self.height, FONT),
            "<title>%s</title>" % escape(title),
            '<rect x="0" y="0" width="%d" height="%d" fill="#fff"/>' % (self.width, self.height),
            *self.elements,
            "</svg>",
            "",
        ])


def overlapping_texts(canvas):
    """The pairs of texts whose estimated boxes overlap."""
    pairs = []
    boxes = sorted(canvas.text_boxes)
    for index, first in enumerate(boxes):
        for second in boxes[index + 1:]:
            if second[0] >= first[2]:
                break
            if second[1] < first[3] and first[1] < second[3]:
                pairs.append((first[4], second[4]))
    return pairs


def wrap(content, size, width):
    """`content` broken at spaces into lines at most `width` wide."""
    lines = [""]
    for word in content.split(" "):
        candidate = (lines[-1] + " " + word).strip()
        if lines[-1] and text_width(candidate, size) > width:
            lines.append(word)
        else:
            lines[-1] = candidate
    return lines

"""The wiring diagram of each board file, drawn from it: docs/wiring/<board>.svg for every
firmware/boards/<board>.json.

    python -m tools.build.wiring_svg           write the diagrams that differ
    python -m tools.build.wiring_svg --check   exit 1, naming them, if any is stale

The board's header (tools.build.pinouts) with every pin the board file uses: a lane per pin
out of the header (flap switches and buttons to ground, the buzzer, the LED strip's data, the
I2C bus, the supplies), then a box per part on a bus or with several wires (the I2C boards,
the LED strip, MCP23017 and 74HC165 flap banks), each wire named by its header pin; what goes
where is tools.build.wiring_parts'. A board file the drawing does not know all of, or whose
labels would overlap, raises WiringError.
"""

import pathlib
import sys

from tools.build.generated import refresh
from tools.build.svg_canvas import Canvas, overlapping_texts, text_width, wrap
from tools.build.wiring_parts import Diagram, WiringError, read_board

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOARDS = ROOT / "firmware" / "boards"
OUT = ROOT / "docs" / "wiring"
COMMAND = "python -m tools.build.wiring_svg"

COLOURS = {
    "gnd": "#222222", "3v3": "#e67e00", "5v": "#d62020", "sda": "#1f5fd6", "scl": "#0aa3b5",
    "flap": "#23993a", "button": "#8e3ab8", "leds": "#d4308a", "buzzer": "#8b5a2b",
    "shift": "#5d6d7e",
}
LEGEND = (
    ("gnd", "ground (all GND pins)"), ("3v3", "3.3 V (3V3 out)"),
    ("5v", "5 V (USB)"), ("sda", "I2C SDA"), ("scl", "I2C SCL"), ("flap", "flap switch"),
    ("button", "button"), ("leds", "LED strip data"), ("buzzer", "buzzer"),
    ("shift", "74HC165 chain"),
)

MARGIN = 30
PITCH = 30  # between two header pins
BOARD_WIDTH = 250
LANE = 420  # a lane's length, from its header pin outwards
WIDTH = 2 * MARGIN + 2 * LANE + BOARD_WIDTH
FREE = "#f4d03f"  # a header pin with nothing on it
UNUSABLE = "#9aa3a8"  # a GPIO the board file's usable_pins leaves out
LANE_TEXT_FROM = 16  # a lane's text, from the pin
# How much of a lane's far end each kind of end draws in (a net's tag: the rest).
END_ROOM = {"switch-gnd": 90, "switch-3v3": 90, "buzzer": 130, "leds": 160}


def _draw_lane(canvas, lane, x, y, direction):
    """`lane` out of the pad at (x, y), towards `direction` (-1 left, +1 right)."""
    colour = COLOURS[lane.kind]

    def at(distance):
        return x + direction * distance

    if lane.end == "ground":
        canvas.line(at(9), y, at(24), y, colour)
        canvas.ground(at(24), y, colour)
        return
    end_from = LANE - END_ROOM.get(lane.end, 46)
    room = end_from - 10 - LANE_TEXT_FROM
    if text_width(lane.text, 11) > room:
        raise WiringError("wiring diagram layout: %r is wider than its lane (%d px)"
                          % (lane.text, room))
    canvas.text(at(LANE_TEXT_FROM), y - 5, lane.text, 11, "start" if direction > 0 else "end",
                colour)
    canvas.line(at(9), y, at(end_from), y, colour)
    if lane.end in ("switch-gnd", "switch-3v3"):
        canvas.switch(at(end_from), y, direction, colour)
        to = LANE - 46 if lane.end == "switch-3v3" else LANE - 20
        canvas.line(at(end_from + 30), y, at(to), y, colour)
        if lane.end == "switch-gnd":
            canvas.ground(at(LANE - 20), y, COLOURS["gnd"])
        else:
            canvas.tag(at(LANE - 46), y, direction, COLOURS["3v3"], "3V3")
    elif lane.end == "buzzer":
        canvas.resistor(at(end_from), y, direction, colour, "100 Ω")
        canvas.line(at(end_from + 30), y, at(LANE - 20), y, colour)
        canvas.circle(at(LANE - 50), y, 8, "#fff", colour)
        canvas.text(at(LANE - 50), y + 4, "BZ", 8, "middle", colour, bold=True)
        canvas.ground(at(LANE - 20), y, COLOURS["gnd"])
    elif lane.end == "leds":
        canvas.line(at(end_from + 56), y, at(LANE - 46), y, colour)
        canvas.rect(at(end_from), y - 9, 56 * direction, 18, "#fff", colour, dashed=True)
        canvas.text(at(end_from + 28), y + 4, "3V3>5V", 9, "middle", colour)
        canvas.resistor(at(end_from + 80), y, direction, colour, "330 Ω")
        canvas.tag(at(LANE - 46), y, direction, colour, "DIN")
    else:
        canvas.tag(at(LANE - 46), y, direction, colour, lane.end)


def _box_layouts(diagram, box_width, top):
    """Each part box's (column, top, kind, title, wrapped lines, height), and the bottom of the
    lowest; a box goes under the column that ends highest."""
    columns = [top] * 3
    placed = []
    for kind, title, lines in diagram.boxes:
        wrapped = []
        for line_kind, line in lines:
            for index, part in enumerate(wrap(line, 11, box_width - 34)):
                wrapped.append((line_kind if index == 0 else None, part))
        height = 34 + 16 * len(wrapped)
        column = columns.index(min(columns))
        placed.append((column, columns[column], kind, title, wrapped, height))
        columns[column] += height + 16
    return placed, max(columns)


def _draw_header(canvas, diagram, top, bottom, first_row):
    header = diagram.header
    left = MARGIN + LANE
    right = left + BOARD_WIDTH
    canvas.rect(left, top, BOARD_WIDTH, bottom - top, "#2e7d4f", "#1d5535", radius=8,
                stroke_width=2)
    usb_y = top - 12 if header.usb == "top" else bottom - 4
    canvas.rect(left + BOARD_WIDTH // 2 - 24, usb_y, 48, 16, "#b0b7bd", "#6b737a", radius=2)
    canvas.text(left + BOARD_WIDTH // 2, usb_y + 12, "USB", 9, "middle", "#333", bold=True)
    canvas.text(left + BOARD_WIDTH // 2, top + 20 if header.usb == "bottom" else bottom - 8,
                header.short, 11, "middle", "#fff", bold=True)
    for pin in header.pins:
        x = left if pin.column == 0 else right
        y = first_row + pin.row * PITCH
        direction = -1 if pin.column == 0 else 1
        lane = diagram.lanes.get(pin)
        if lane is not None:
            fill, label_fill = COLOURS[lane.kind], "#fff"
            _draw_lane(canvas, lane, x, y, direction)
        elif pin.gpio is not None and not diagram.usable(pin.gpio):
            fill, label_fill = UNUSABLE, "#c9d3cc"
        else:
            fill, label_fill = FREE, "#fff"
        canvas.rect(x - 9, y - 9, 18, 18, fill, "#111", radius=2)
        canvas.text(x, y + 4, pin.number, 10, "middle", "#222" if fill == FREE else "#fff",
                    bold=True)
        canvas.text(x - 16 * direction, y + 4, pin.name, 11, "end" if direction > 0 else "start",
                    label_fill, bold=lane is not None)


def _draw_boxes(canvas, placed, box_width):
    for column, y, kind, title, wrapped, box_height in placed:
        x = MARGIN + column * (box_width + 20)
        canvas.rect(x, y, box_width, box_height, "#fafafa", COLOURS[kind], radius=6, stroke_width=2)
        canvas.text(x + 10, y + 20, title, 12, fill=COLOURS[kind], bold=True)
        for index, (line_kind, line) in enumerate(wrapped):
            line_y = y + 40 + 16 * index
            if line_kind is not None:
                canvas.line(x + 10, line_y - 4, x + 24, line_y - 4, COLOURS[line_kind], 4)
            canvas.text(x + 30, line_y, line, 11)


def _draw_legend(canvas, diagram, top, notes):
    """The wire colours the drawing uses, the symbols, then the notes; returns the bottom."""
    used = {lane.kind for lane in diagram.lanes.values()}
    for kind, _, lines in diagram.boxes:
        used.add(kind)
        used.update(line_kind for line_kind, _ in lines)
    step = (WIDTH - 2 * MARGIN) // 5
    canvas.text(MARGIN, top + 18, "Wire colours and symbols", 13, bold=True)
    shown = [(kind, meaning) for kind, meaning in LEGEND if kind in used]
    for index, (kind, meaning) in enumerate(shown):
        x = MARGIN + (index % 5) * step
        y = top + 42 + (index // 5) * 22
        canvas.line(x, y - 4, x + 30, y - 4, COLOURS[kind], 4)
        canvas.text(x + 38, y, meaning, 11)
    y = top + 42 + (len(shown) + 4) // 5 * 22 + 8
    symbols = ["any GND pin", "switch (flap, button)", "goes on to that box",
               "level shifter (advised)", "a free pin"]
    for index, meaning in enumerate(symbols):
        x = MARGIN + index * step
        if index == 0:
            canvas.line(x + 15, y - 12, x + 15, y - 10, "#222")
            canvas.ground(x + 15, y - 10, "#222")
        elif index == 1:
            canvas.switch(x, y - 2, 1, "#222")
        elif index == 2:
            canvas.tag(x, y - 2, 1, COLOURS["sda"], "SDA", 34)
        elif index == 3:
            canvas.rect(x, y - 11, 30, 18, "#fff", COLOURS["leds"], dashed=True)
        else:
            canvas.rect(x + 6, y - 11, 18, 18, FREE, "#111", radius=2)
        canvas.text(x + 38, y + 2, meaning, 11)
    y += 40
    for note in notes:
        canvas.text(MARGIN, y, note, 12)
        y += 18
    return y


def draw(diagram):
    """The diagram's SVG text; WiringError if its labels would overlap."""
    top = 130
    first_row = top + 34
    board_bottom = first_row + (diagram.header.rows - 1) * PITCH + 24
    box_width = (WIDTH - 2 * MARGIN - 2 * 20) // 3
    placed, boxes_bottom = _box_layouts(diagram, box_width, board_bottom + 70)
    notes = []
    for note in diagram.notes:
        notes.extend(wrap(note, 12, WIDTH - 2 * MARGIN))
    legend_top = boxes_bottom + 10

    canvas = Canvas(WIDTH, 0)
    name = diagram.config["name"]
    canvas.text(MARGIN, 38, "shutbox wiring: %s" % name, 22, bold=True)
    canvas.text(MARGIN, 62, "firmware/boards/%s.json, drawn by %s (do not edit: regenerate)"
                % (diagram.stem, COMMAND), 12, fill="#555")
    canvas.text(MARGIN, 82, "%s, %s" % (diagram.header.title, diagram.header.view), 12, fill="#555")
    _draw_header(canvas, diagram, top, board_bottom, first_row)
    canvas.text(MARGIN, board_bottom + 48, "Parts with several wires: each wire names the header "
                "pin it goes to (← from the header or a supply, → to it)", 13, bold=True)
    _draw_boxes(canvas, placed, box_width)
    canvas.height = _draw_legend(canvas, diagram, legend_top, notes) + 8

    clashes = overlapping_texts(canvas)
    if clashes:
        raise WiringError("wiring diagram layout: labels overlap: %r" % (clashes[:3],))
    return canvas.svg("shutbox wiring: %s (firmware/boards/%s.json)" % (name, diagram.stem))


def svg_for(path):
    """The wiring diagram (SVG text) of the board file at `path`."""
    return draw(Diagram(path.stem, *read_board(path)))


def main(argv=None, boards=BOARDS, out=OUT):
    """Write (or with --check compare) the diagram of every board file in `boards` to `out`;
    1 if any was stale under --check, 2 on a bad argument."""
    argv = sys.argv[1:] if argv is None else argv
    if [arg for arg in argv if arg != "--check"]:
        print("usage: %s [--check]" % COMMAND, file=sys.stderr)
        return 2
    if "--check" not in argv:
        out.mkdir(parents=True, exist_ok=True)
    stale = 0
    for board in sorted(boards.glob("*.json")):
        target = out / (board.stem + ".svg")
        shown = target.relative_to(ROOT) if target.is_relative_to(ROOT) else target
        stale += refresh(target, lambda _current, board=board: svg_for(board), argv,
                         "%s is stale: run %s" % (shown, COMMAND))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

"""The wiring table of the README's "Build your box", made from the board pin maps.

    python -m tools.build.wiring_table           rewrite the table in README.md
    python -m tools.build.wiring_table --check   exit 1 if README.md's table is not the pin maps'

The table sits between the README's `<!-- wiring:begin -->` and `<!-- wiring:end -->` lines:
a row per part, a column per board file in firmware/boards/, each cell the pins or the I2C
address that board file gives the part.
"""

import json
import pathlib
import sys

from tools.build.generated import refresh

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
BOARDS = ROOT / "firmware" / "boards"
# The boards whose heap the firmware leaves half free (host_tests/test_memory_budget.py checks
# it against each board file's heap_bytes); the README says why the others are not listed.
BOARD_NAMES = ("pico", "pico_w", "pico2", "pico2_w")
BEGIN = "<!-- wiring:begin -->"
END = "<!-- wiring:end -->"


def _pins(pin_list):
    return " ".join("GP%d" % pin for pin in pin_list)


def _gpio(pin_list, board):
    return _pins(pin_list) if board.startswith("pico") else " ".join("GPIO%d" % p for p in pin_list)


def _flap_cell(flaps, board):
    cells = []
    first = 1
    for bank in flaps:
        if bank["type"] == "gpio":
            count = len(bank["pins"])
            pins = _gpio(bank["pins"], board)
        elif bank["type"] == "74hc165":
            count = bank["count"]
            pins = "74HC165 load %s clock %s data %s" % tuple(
                _gpio([bank[key]], board) for key in ("load", "clock", "data"))
        else:
            count = bank["count"]
            pins = "MCP23017 at 0x%02X" % bank["address"]
        cells.append("tiles %d-%d: %s" % (first, first + count - 1, pins))
        first += count
    return "; ".join(cells)


def _rows(pinmap, board):
    """(part, what to wire) for one board file."""
    i2c = pinmap.get("i2c")
    rows = [("flap switches (to GND)", _flap_cell(pinmap["flaps"], board))]
    if i2c is not None:
        rows.append(("I2C SDA / SCL", "%s / %s" % (_gpio([i2c["sda"]], board), _gpio([i2c["scl"]], board))))
    accel = pinmap.get("accel")
    if accel is not None:
        rows.append(("accelerometer", "%s at I2C 0x%02X" % (accel["type"].upper(), accel["address"])))
    display = pinmap.get("display")
    if display is not None:
        rows.append(("OLED %dx%d" % (display["width"], display["height"]),
                     "%s at I2C 0x%02X" % (display["type"].upper(), display["address"])))
    leds = pinmap.get("leds")
    if leds is not None:
        rows.append(("WS2812 data (through 330 R)", "%s, %d LEDs" % (_gpio([leds["pin"]], board), leds["count"])))
    buzzer = pinmap.get("buzzer")
    if buzzer is not None:
        rows.append(("piezo (through 100 R)", _gpio([buzzer["pin"]], board)))
    for name in sorted(pinmap.get("buttons", {})):
        rows.append(('button "%s" (to GND)' % name, _gpio([pinmap["buttons"][name]["pin"]], board)))
    return rows


def table():
    """The markdown table, a line per part."""
    per_board = {}
    names = {}
    for board in BOARD_NAMES:
        pinmap = json.loads((BOARDS / (board + ".json")).read_text())
        names[board] = pinmap.get("name", board)
        per_board[board] = dict(_rows(pinmap, board))
    parts = []
    for board in BOARD_NAMES:
        for part in per_board[board]:
            if part not in parts:
                parts.append(part)
    lines = ["| part | " + " | ".join("%s (`%s`)" % (names[b], b) for b in BOARD_NAMES) + " |",
             "|---|" + "---|" * len(BOARD_NAMES)]
    for part in parts:
        lines.append("| %s | " % part + " | ".join(per_board[b].get(part, "-") for b in BOARD_NAMES) + " |")
    return "\n".join(lines)


def readme_with_table(text):
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    return text[:start] + "\n" + table() + "\n" + text[end:]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if refresh(README, readme_with_table, argv,
               "README.md's wiring table is stale: run python -m tools.build.wiring_table"):
        return 1
    if "--check" not in argv:
        print(table())
    return 0


if __name__ == "__main__":
    sys.exit(main())

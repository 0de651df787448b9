"""Writes docs/screens/*.png: the OLED as a player sees it, from the simulated box.

Each picture is a script (board_sim/SCRIPTS.md) played on a fresh simulated box, seeded, its
dice forced, up to the moment shown: the real firmware draws the frame, and the OLED's 128x64
pixels are written at 4x, lit pixels in the web box's blue-white on black (web/oled.mjs).

    python -m tools.build.screens            write the pictures that changed
    python -m tools.build.screens --check    exit 1 when one is stale (compared pixel for pixel)

The PNGs are the same bytes on every run (Pillow, pinned in the dev group: no timestamp, no
metadata); --check compares their pixels, so another zlib's bytes never read as stale.
"""

import io
import os
import pathlib
import sys

from board_sim.script import build_box, parse, play

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENS_DIR = ROOT / "docs" / "screens"
SCALE = 4
LIT = (0x9F, 0xDF, 0xFF)  # web/oled.mjs's LIT: the panel's blue-white
DARK = (0, 0, 0)

# Classic for two started from the menu (a long ok), player 1's turn opened (ok), seeded.
_START = """
set seed 4
set players 2
wait 300
press ok long
wait 1500
press ok
wait 300
"""

# Classic for two, its dice forced: player 1 throws 12 three times (shutting 3+9, 4+8, 5+7),
# then 12 again, which 1, 2 and 6 cannot make: the turn ends with 9.
_PLAYER_1 = _START + """
dice 6 6
press ok
wait 1500
shut 3 9
wait 300
dice 6 6
press ok
wait 1500
shut 4 8
wait 300
dice 6 6
press ok
wait 1500
shut 5 7
wait 300
dice 6 6
press ok
wait 1500
"""

SCRIPTS = {
    # A turn: the dice landed, the lit tiles to shut to make their total.
    "turn": _START + """
dice 3 5
press ok
wait 1500
""",
    # Hints on: the coach's advice (one die or two) and player 1's chance of winning, with 1,
    # 2, 3, 5 and 6 still up (9, then 4+8, then 7 shut).
    "hint": _START.replace("set players 2\n", "set players 2\nset hints on\n") + """
dice 4 5
press ok
wait 1500
shut 9
wait 300
dice 6 6
press ok
wait 1500
shut 4 8
wait 300
dice 5 2
press ok
wait 1500
shut 7
wait 1500
""",
    # Between turns: the match's page (select turns to it), player 1's turn over with 9.
    "match": _PLAYER_1 + """
open 3 4 5 7 8 9
wait 500
press select
wait 500
""",
    # The match's end: player 2 shuts the box; ok goes from the turn's result to the standings.
    "standings": _PLAYER_1 + """
open 3 4 5 7 8 9
wait 500
press ok
wait 300
dice 6 6
press ok
wait 1500
shut 3 9
wait 300
dice 6 6
press ok
wait 1500
shut 4 8
wait 300
dice 6 6
press ok
wait 1500
shut 5 7
wait 300
dice 4 5
press ok
wait 1500
shut 1 2 6
wait 3000
press ok
wait 500
""",
    # The input check (the menu's last row): flaps 3 and 7 shut, select held, the box at rest.
    "inputs": """
set seed 4
wait 300
press select
wait 300
press select
wait 300
press select
wait 300
press select
wait 300
press select
wait 300
press select
wait 300
press ok
wait 500
shut 3 7
hold select
wait 500
""",
}


def pixels(script):
    """The OLED's pixels (64 rows of 128 0/1 values) once the script has played on a fresh
    simulated box and the frame it left has reached the glass."""
    settings, events = parse(script)
    box = build_box(settings)
    try:
        play(box, events, tail_ms=0)
        screen = box.app.screen
        for _ in range(10):  # the frame in flight: a band of it a tick (app.screens)
            if not (screen.unsent or box.app.dirty):
                break
            box.tick()
        return box.board.display_pixels()
    finally:
        box.close()


def png(lit):
    """PNG bytes of the pixels at SCALE, lit ones in LIT on DARK."""
    from PIL import Image

    height = len(lit)
    width = len(lit[0])
    image = Image.frombytes("P", (width, height), bytes(value for row in lit for value in row))
    image.putpalette(DARK + LIT)
    image = image.resize((width * SCALE, height * SCALE), Image.Resampling.NEAREST)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def same_pixels(path, data):
    """Do the PNG at path and the PNG bytes `data` show the same image?"""
    from PIL import Image

    with Image.open(path) as shown, Image.open(io.BytesIO(data)) as wanted:
        return shown.size == wanted.size and shown.convert("RGB").tobytes() == wanted.convert("RGB").tobytes()


def main(argv):
    stale = []
    for name, script in SCRIPTS.items():
        path = SCREENS_DIR / (name + ".png")
        data = png(pixels(script))
        if "--check" in argv:
            if not path.exists() or not same_pixels(path, data):
                stale.append(os.path.relpath(path, ROOT))
        elif not path.exists() or path.read_bytes() != data:
            SCREENS_DIR.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print("wrote %s" % os.path.relpath(path, ROOT))
    if stale:
        print("stale: %s: run python -m tools.build.screens" % ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

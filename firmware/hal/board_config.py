"""Reads board.json and the pin map it names, merges the overrides and validates the result.
The pin map is <name>.json beside board.json on a flashed board (tools/flash.py keeps only
that one there), boards/<name>.json in the sources (the simulator, mip, a copy).

Problems with the flap switches raise BoardError (the box cannot play without them); a bad
optional section becomes a fault message naming its key and the device is left out (None).
Schema and wiring tables: boards/README.md.
"""

import sys

from game.numbers import whole
from game.tiles import MAX_TILES
from micropython import const

from hal import json_file

_KNOWN_KEYS = const(("name", "usable_pins", "i2c", "flaps", "rows", "debounce_ms", "accel", "shake",
                     "display", "leds", "buttons", "buzzer", "wifi", "heap_bytes",
                     "heap_source"))  # the heap: for the bench and tests
_MAX_PIN = const(48)
_MIN_TILES = const(9)  # a row of flaps has at least the smallest box's tiles (game.config.BOX_SIZES)
_MAX_BYTES = const(4096)  # a board file is about 500 bytes
_DEBOUNCE_MS = const(20)  # debounce_ms when the board file has none


class BoardError(ValueError):
    """The flap switches cannot be read (the board config cannot drive them, or a bank does not
    answer, hal.board): the box cannot play. The message names the key or the bank."""


def default_board_name():
    """The board file that fits the chip this runs on, or None off a known board."""
    machine_name = getattr(sys.implementation, "_machine", "")
    if sys.platform == "rp2":
        return "pico_w" if "Pico W" in machine_name else "pico"
    if sys.platform == "esp32":
        return "esp32_devkit"
    return None


def load_config(root=""):
    """Read root+"board.json" and the board file it names -> (merged config, fault messages).

    A missing or unreadable board.json falls back, with a fault, to the pin map of the chip
    this runs on; a missing or unreadable pin map raises BoardError.
    """
    faults = []
    board_name = None
    overrides = {}
    fallback = None
    try:
        selection = json_file.read(root + "board.json", _MAX_BYTES)
        if not isinstance(selection, dict):
            raise ValueError("not a JSON object")
        board_name = selection.get("board")
        if not isinstance(board_name, str):
            raise ValueError("'board' must name a file in boards/, e.g. \"pico\"")
        overrides = selection.get("overrides", {})
        if not isinstance(overrides, dict):
            faults.append("board.json: 'overrides' must be an object; ignored")
            overrides = {}
    except (OSError, ValueError) as error:
        board_name = default_board_name()
        if board_name is None:
            raise BoardError("board.json: %s, and this chip has no default board" % error) from None
        fallback = "board.json: %s; using " % error
    flashed = root + board_name + ".json"
    for path in (flashed, root + "boards/" + board_name + ".json"):
        try:
            config = json_file.read(path, _MAX_BYTES)
            break
        except OSError:
            pass
        except ValueError as error:
            raise BoardError("%s: %s" % (path, error)) from None
    else:
        raise BoardError("board.json: 'board' names %s, whose pin map is neither %s nor %s: flash "
                         "the firmware with --board %s" % (board_name, flashed, path, board_name))
    if fallback is not None:
        faults.append(fallback + path[len(root):])
    if not isinstance(config, dict):
        raise BoardError("%s: must hold a JSON object" % path)
    for key in overrides:
        value = overrides[key]
        if isinstance(value, dict) and isinstance(config.get(key), dict):
            merged = dict(config[key])
            merged.update(value)
            config[key] = merged
        else:
            config[key] = value
    return config, faults


def _int(where, value, low, high):
    if not whole(value, low, high):
        raise BoardError("%s: must be a whole number %d..%d, got %r" % (where, low, high, value))
    return value


def _bool(where, value):
    if not isinstance(value, bool):
        raise BoardError("%s: must be true or false, got %r" % (where, value))
    return value


def _section(where, value, optional=True):
    if not isinstance(value, dict):
        raise BoardError("%s: must be an object {...}%s, got %s"
                          % (where, " or null" if optional else "", "null" if value is None else repr(value)))
    return value


def _field(where, spec, key, default, low, high):
    """spec[key] (default when absent), a whole number low..high, named where.key in a fault:
    composed here, so that no such name is a string constant (a short one is interned for good)."""
    return _int(where + "." + key, spec.get(key, default), low, high)


def _pin(where, spec, key):
    return _field(where, spec, key, None, 0, _MAX_PIN)


# Each section's check is named after its key, a name the box interns anyway: a name of its own
# would be interned, and kept for good, by every boot.
def i2c(spec):
    spec = _section("i2c", spec)
    if spec.get("sda") == spec.get("scl"):
        raise BoardError("i2c: sda and scl must be two different pins")
    return {
        "id": _field("i2c", spec, "id", 0, 0, 1),
        "sda": _pin("i2c", spec, "sda"),
        "scl": _pin("i2c", spec, "scl"),
        "freq": _field("i2c", spec, "freq", 400000, 10000, 1000000),
        "soft": _bool("i2c.soft", spec.get("soft", False)),
    }


def _flap_bank(where, spec):
    spec = _section(where, spec, False)
    kind = spec.get("type")
    active_low = _bool(where + ".active_low", spec.get("active_low", True))
    bank = {"type": kind, "active_low": active_low}
    if kind == "gpio":
        pins = spec.get("pins")
        if not isinstance(pins, list) or not 0 < len(pins) <= MAX_TILES:
            raise BoardError("%s.pins: must list 1..%d pin numbers" % (where, MAX_TILES))
        bank["pins"] = [_int("%s.pins[%d]" % (where, index), pin, 0, _MAX_PIN)
                        for index, pin in enumerate(pins)]
        bank["count"] = len(pins)
        pull = spec.get("pull", "up" if active_low else "down")
        if pull not in ("up", "down", "none"):
            raise BoardError("%s.pull: must be \"up\", \"down\" or \"none\", got %r" % (where, pull))
        bank["pull"] = pull
    elif kind == "74hc165":
        for key in ("load", "clock", "data"):
            bank[key] = _pin(where, spec, key)
        count = _field(where, spec, "count", None, 8, MAX_TILES)
        if count % 8:
            raise BoardError("%s.count: must be a multiple of 8 (8 inputs a chip), got %d"
                              % (where, count))
        bank["count"] = count
    elif kind == "mcp23017":
        bank["address"] = _field(where, spec, "address", 0x20, 0x20, 0x27)
        bank["count"] = _field(where, spec, "count", 16, 1, 16)
    else:
        raise BoardError("%s.type: must be \"gpio\", \"74hc165\" or \"mcp23017\", got %r"
                          % (where, kind))
    return bank


def flaps(config):
    banks = config.get("flaps")
    if not isinstance(banks, list) or not banks:
        raise BoardError("flaps: must list at least one bank of switches")
    banks = [_flap_bank("flaps[%d]" % index, bank) for index, bank in enumerate(banks)]
    rows = _int("rows", config.get("rows", 1), 1, 4)
    total = 0
    for bank in banks:
        total += bank["count"]
    if total % rows or total // rows > MAX_TILES:
        raise BoardError("flaps: %d switches cannot make %d rows of at most %d tiles"
                          % (total, rows, MAX_TILES))
    return banks, rows


def accel(spec):
    spec = _section("accel", spec)
    kind = spec.get("type")
    if kind == "lis3dh":
        address = _int("accel.address", spec.get("address", 0x18), 0x18, 0x19)
    elif kind == "mpu6050":
        address = _int("accel.address", spec.get("address", 0x68), 0x68, 0x69)
    else:
        raise BoardError("accel.type: must be \"lis3dh\" or \"mpu6050\", got %r" % (kind,))
    return {"type": kind, "address": address}


def shake(spec):
    spec = _section("shake", spec)
    tuned = {"threshold_mg": 350, "shake_ms": 400, "gap_ms": 150, "settle_ms": 350}  # the defaults
    for key in spec:
        if key not in tuned:
            raise BoardError("shake.%s: unknown; known: %s" % (key, ", ".join(tuned)))
        tuned[key] = _field("shake", spec, key, None, 1, 10000)
    return tuned


def display(spec):
    spec = _section("display", spec)
    if spec.get("type", "ssd1306") != "ssd1306":
        raise BoardError("display.type: must be \"ssd1306\", got %r" % (spec.get("type"),))
    height = _int("display.height", spec.get("height", 64), 16, 64)
    if height % 8:
        raise BoardError("display.height: must be a multiple of 8, got %d" % height)
    return {
        "type": "ssd1306",
        "address": _int("display.address", spec.get("address", 0x3C), 0x3C, 0x3D),
        "width": _int("display.width", spec.get("width", 128), 64, 128),
        "height": height,
        "external_vcc": _bool("display.external_vcc", spec.get("external_vcc", False)),
    }


def leds(spec):
    spec = _section("leds", spec)
    return {
        "pin": _pin("leds", spec, "pin"),
        "count": _field("leds", spec, "count", None, 1, 4 * MAX_TILES),
        "brightness": _int("leds.brightness", spec.get("brightness", 64), 0, 255),
    }


def button(where, spec):
    spec = _section(where, spec)
    return {
        "pin": _pin(where, spec, "pin"),
        "active_low": _bool(where + ".active_low", spec.get("active_low", True)),
        "long_ms": _field(where, spec, "long_ms", 800, 100, 10000),
    }


def buzzer(spec):
    spec = _section("buzzer", spec)
    return {
        "pin": _pin("buzzer", spec, "pin"),
        "volume": _int("buzzer.volume", spec.get("volume", 32768), 0, 65535),
    }


def display_only(config):
    """The display and its i2c bus of a merged config, checked as validate() checks them
    (BoardError if either is absent or unusable): to show why a box cannot start."""
    if not isinstance(config, dict):
        raise BoardError("board config: must be a JSON object")
    return {"i2c": i2c(config.get("i2c")), "display": display(config.get("display"))}


def optional(config, key, function, faults, default=None):
    """function(config[key]) or, if it is null/absent, default; a BoardError becomes a fault."""
    value = config.get(key)
    if value is None:
        return default
    try:
        return function(value)
    except BoardError as error:
        faults.append("board config: %s; left out" % error)
        return default


def _usable_pins(config, faults):
    """The pins the board file offers (its `usable_pins`: the GPIOs on the board's header that
    nothing else on it drives, each a pin or a [first, last] range), or None when it lists none
    (any pin the port accepts)."""
    pins = config.get("usable_pins")
    if pins is None:
        return None
    if isinstance(pins, list):
        for entry in pins:
            if not (whole(entry, 0, _MAX_PIN) or isinstance(entry, list) and len(entry) == 2
                    and whole(entry[0], 0, _MAX_PIN) and whole(entry[1], entry[0], _MAX_PIN)):
                break
        else:
            return pins
    faults.append("board config: usable_pins: must list pins 0..%d and [first, last] ranges; pins not "
                  "checked" % _MAX_PIN)
    return None


def _offered(usable, pin):
    """Is `pin` among the usable pins (a _usable_pins() list, or None: any pin)?"""
    if usable is None:
        return True
    for entry in usable:
        if entry == pin or isinstance(entry, list) and entry[0] <= pin <= entry[1]:
            return True
    return False


def _claim_pins(name, pins, assigned, board, faults=None):
    """Record the pins of the device `name` in `assigned` (pin -> name); returns why it cannot
    have them (a pin the board, (its name, its usable pins or None), does not offer, or one
    taken), or None. With `faults` (an optional device's), that is reported there."""
    for pin in pins:
        if not _offered(board[1], pin):
            conflict = "%s: pin %d is not one the %s offers (its board file's usable_pins)" % (name, pin, board[0])
        elif pin in assigned:
            conflict = "%s: pin %d is already used by %s" % (name, pin, assigned[pin])
        else:
            assigned[pin] = name
            continue
        if faults is not None:
            faults.append("board config: %s; left out" % conflict)
        return conflict
    return None


def validate(config):
    """Check a merged config -> (clean config with every default filled in, fault messages)."""
    if not isinstance(config, dict):
        raise BoardError("board config: must be a JSON object")
    faults = []
    for key in config:
        if key not in _KNOWN_KEYS:
            faults.append("board config: unknown key %r ignored (known: %s)"
                          % (key, ", ".join(_KNOWN_KEYS)))
    banks, rows = flaps(config)
    clean = {"name": str(config.get("name", "unnamed board")), "flaps": banks, "rows": rows}
    board = (clean["name"], _usable_pins(config, faults))
    debounce_ms = config.get("debounce_ms", _DEBOUNCE_MS)
    if not whole(debounce_ms, 1, 500):
        faults.append("board config: debounce_ms: must be a whole number 1..500, got %r; using %d"
                      % (debounce_ms, _DEBOUNCE_MS))
        debounce_ms = _DEBOUNCE_MS
    clean["debounce_ms"] = debounce_ms
    wifi = config.get("wifi", False)  # the board has a Wi-Fi chip (a Pico W): net/ serves on it
    if wifi is not True and wifi is not False:
        faults.append("board config: wifi: must be true or false, got %r; taken as false" % (wifi,))
        wifi = False
    clean["wifi"] = wifi

    taken = {}
    needs_i2c = False
    for bank in banks:
        needs_i2c = needs_i2c or bank["type"] == "mcp23017"
    if needs_i2c:
        clean["i2c"] = i2c(config.get("i2c"))  # the flaps need it: no fallback
    else:
        clean["i2c"] = optional(config, "i2c", i2c, faults)
    if clean["i2c"] is not None:
        bus = (clean["i2c"]["sda"], clean["i2c"]["scl"])
        conflict = _claim_pins("i2c", bus, taken, board, None if needs_i2c else faults)
        if conflict and needs_i2c:
            raise BoardError(conflict)
        if conflict:
            clean["i2c"] = None
    for index, bank in enumerate(banks):
        if bank["type"] == "gpio":
            pins = bank["pins"]
        elif bank["type"] == "74hc165":
            pins = (bank["load"], bank["clock"], bank["data"])
        else:
            pins = ()
        conflict = _claim_pins("flaps[%d]" % index, pins, taken, board)
        if conflict:
            raise BoardError(conflict)
    tiles = 0
    for bank in banks:
        tiles += bank["count"]
    if tiles // rows < _MIN_TILES:
        raise BoardError("flaps: %d a row (%d switches, rows: %d); every game needs at least %d "
                          "tiles a row" % (tiles // rows, tiles, rows, _MIN_TILES))

    for key, check in (("accel", accel), ("display", display)):
        clean[key] = optional(config, key, check, faults)
        if clean[key] is not None and clean["i2c"] is None:
            faults.append("board config: %s: needs the 'i2c' bus, which is not set; left out" % key)
            clean[key] = None
    clean["shake"] = optional(config, "shake", shake, faults) or shake({})  # or the defaults
    for key, check in (("leds", leds), ("buzzer", buzzer)):
        clean[key] = optional(config, key, check, faults)
        if clean[key] is not None and _claim_pins(key, (clean[key]["pin"],), taken, board, faults):
            clean[key] = None
    _said_smaller(clean, tiles, faults)

    buttons = {}
    specs = optional(config, "buttons", lambda value: _section("buttons", value), faults, {})
    for name in specs:
        where = "buttons." + name
        try:
            checked = button(where, specs[name])
        except BoardError as error:
            faults.append("board config: %s; left out" % error)
            continue
        if taken.get(checked["pin"], "").startswith("buttons."):
            raise BoardError("%s; two buttons on one pin cannot be told apart (%s)"
                             % (_claim_pins(where, (checked["pin"],), taken, board), board[0]))
        if not _claim_pins(where, (checked["pin"],), taken, board, faults):
            buttons[name] = checked
    if "ok" not in buttons:
        why_not = "buttons.ok: not set"
        for fault in faults:  # the ok button's own, or its section's
            if fault.startswith(("board config: buttons.ok", "board config: buttons:")):
                why_not = fault[len("board config: "):-len("; left out")]
        if not why_not.startswith("buttons.ok"):
            why_not = "buttons.ok: not set (%s)" % why_not
        raise BoardError(ok_missing(why_not))
    clean["buttons"] = buttons
    return clean, faults


def _said_smaller(clean, tiles, faults):
    """Say an LED strip shorter than the flaps or a display smaller than the screens are
    drawn for: the box plays on, part of what it shows is not seen."""
    strip = clean["leds"]
    if strip is not None and strip["count"] < tiles:
        faults.append("board config: leds: count %d lights tiles 1..%d; the other %d stay dark"
                      % (strip["count"], strip["count"], tiles - strip["count"]))
    panel = clean["display"]
    if panel is not None and (panel["width"] < 128 or panel["height"] < 64):
        faults.append("board config: display: %dx%d is smaller than the 128x64 the screens are drawn "
                      "for; the rest is cut off" % (panel["width"], panel["height"]))


def ok_missing(why_not):
    """The wiring fault of a box with no ok button (it starts every game, hal.board too)."""
    return "%s; the box cannot be played without an ok button" % why_not

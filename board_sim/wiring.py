"""Wires a SimBoard as a board pin map (firmware/boards/*.json) describes the box.

Device names, for board.devices and fail_device(): "flap1".."flapN", "button_<name>",
"mcp23017_0x20" (one per expander), "accel", "display". A pin map's own board.json form
({"board": "pico", "overrides": {...}}) is resolved by load_pinmap().
"""

import json

from board_sim.devices.hc165 import ShiftRegisterChain
from board_sim.devices.lis3dh import LIS3DH
from board_sim.devices.mcp23017 import MCP23017
from board_sim.devices.mpu6050 import MPU6050
from board_sim.devices.ssd1306 import SSD1306
from board_sim.prng import Random32

OPTIONAL_DEVICES = ("accel", "display", "leds", "buzzer", "buttons")


def load_pinmap(firmware_dir):
    """The pin map firmware_dir/board.json selects (<name>.json beside it, else
    boards/<name>.json), its overrides applied one level deep."""
    with open(firmware_dir + "/board.json") as selection_file:
        selection = json.load(selection_file)
    try:  # as tools/flash.py lays it out (the web box): beside board.json
        board_file = open("%s/%s.json" % (firmware_dir, selection["board"]))
    except OSError:  # the sources
        board_file = open("%s/boards/%s.json" % (firmware_dir, selection["board"]))
    with board_file:
        pinmap = json.load(board_file)
    for key, value in selection.get("overrides", {}).items():
        if isinstance(value, dict) and isinstance(pinmap.get(key), dict):
            merged = dict(pinmap[key])
            merged.update(value)
            pinmap[key] = merged
        else:
            pinmap[key] = value
    return pinmap


def _i2c_bus(board, pinmap):
    spec = pinmap.get("i2c")
    if not spec:
        return None
    return board.bus(spec["sda"], spec["scl"])


def _wire_flap_bank(board, bank, bus):
    active_low = bank.get("active_low", True)
    closed_level = 0 if active_low else 1
    kind = bank["type"]
    if kind == "gpio":
        for number in bank["pins"]:
            switch = board.new_switch(closed_level=closed_level)
            board.line(number).drivers.append(switch)
            board.flaps.append(switch)
    elif kind == "74hc165":
        count = bank["count"]
        chain = ShiftRegisterChain(board, board.line(bank["load"]), board.line(bank["clock"]),
                                   board.line(bank["data"]), count, active_low)
        for index in range(count):
            chain.inputs[index] = board.new_switch(closed_level=closed_level)
            board.flaps.append(chain.inputs[index])
    elif kind == "mcp23017":
        if bus is None:
            raise ValueError("an mcp23017 flap bank needs the pin map's i2c bus")
        address = bank["address"]
        expander = MCP23017(board.clock, Random32(board.rng.next32()))
        bus.attach(address, board.add_device("mcp23017_0x%02x" % address, expander))
        for index in range(bank.get("count", 16)):
            expander.switches[index] = board.new_switch(closed_level=0)
            board.flaps.append(expander.switches[index])
    else:
        raise ValueError("unknown flap bank type %r" % kind)


def _wire_accel(board, spec, bus):
    if bus is None:
        raise ValueError("an accelerometer needs the pin map's i2c bus")
    if spec["type"] == "lis3dh":
        sensor = LIS3DH(board.clock, board.motion)
    elif spec["type"] == "mpu6050":
        sensor = MPU6050(board.clock, board.motion)
    else:
        raise ValueError("unknown accelerometer type %r" % spec["type"])
    board.accel = board.add_device("accel", sensor)
    bus.attach(spec["address"], sensor)


def _wire_display(board, spec, bus):
    if bus is None:
        raise ValueError("a display needs the pin map's i2c bus")
    panel = SSD1306(Random32(board.rng.next32()), spec.get("width", 128), spec.get("height", 64),
                    spec.get("external_vcc", False))
    board.display = board.add_device("display", panel)
    bus.attach(spec["address"], panel)


def wire(board, pinmap, leave_out=(), accel=None):
    """Wire every device pinmap names, except the OPTIONAL_DEVICES named in leave_out.

    accel, when given, replaces the pin map's accelerometer ({"type": "mpu6050", "address":
    104}). Each flap switch starts open (flap up); buttons start released.
    """
    for name in leave_out:
        if name not in OPTIONAL_DEVICES:
            raise ValueError("%r is not an optional device %r" % (name, OPTIONAL_DEVICES))
    bus = _i2c_bus(board, pinmap)
    for bank in pinmap["flaps"]:
        _wire_flap_bank(board, bank, bus)
    for tile, switch in enumerate(board.flaps, 1):
        board.add_device("flap%d" % tile, switch)
    accel_spec = accel if accel is not None else pinmap.get("accel")
    if accel_spec and "accel" not in leave_out:
        _wire_accel(board, accel_spec, bus)
    if pinmap.get("display") and "display" not in leave_out:
        _wire_display(board, pinmap["display"], bus)
    leds = pinmap.get("leds")
    if leds and "leds" not in leave_out:
        board.strip_on(leds["pin"], leds["count"])
    if pinmap.get("wifi"):
        from board_sim.devices.wifi import WifiChip

        board.wifi = WifiChip(board)
    buzzer = pinmap.get("buzzer")
    if buzzer and "buzzer" not in leave_out:
        board.piezo_on(buzzer["pin"])
    if "buttons" not in leave_out:
        for name, spec in (pinmap.get("buttons") or {}).items():
            active_low = spec.get("active_low", True)
            switch = board.new_switch(closed_level=0 if active_low else 1)
            board.line(spec["pin"]).drivers.append(switch)
            board.buttons[name] = board.add_device("button_" + name, switch)

"""Builds every device of the box from its board configuration: the one place that makes Pins.

build_devices(config) -> Devices. The flap switches are mandatory (BoardError if they cannot
be read); any other device that is missing or fails is left as None (buttons: left out of
the dict) with one message in Devices.faults, and the box plays on without it.
"""

import machine

from hal.board_config import BoardError, ok_missing, validate
from hal.flaps import FlapSwitches, GpioBank

TYPE_CHECKING = False
if TYPE_CHECKING:  # optional drivers are imported only when their device is configured
    from typing import Any  # noqa: F401 (in _make's type comment)

    from hal.buttons import Button
    from hal.buzzer import Buzzer
    from hal.leds import TileLeds
    from hal.shake import BusAccel, ShakeDetector
    from hal.ssd1306 import SSD1306_I2C


class Devices:
    """What build_devices hands the App; None stands for an optional device that is absent or
    failed. It has no method, so it keeps nothing of this module, let go after boot (main.py)."""

    # Annotations (ignored by MicroPython) tell the type checker what each device is.
    name: str
    flaps: FlapSwitches  # always set by build_devices
    buttons: "dict[str, Button]"  # name -> Button
    faults: "list[str]"  # one message per problem found while building
    i2c: "machine.I2C | machine.SoftI2C | None" = None
    accel: "BusAccel | None" = None  # the sensor as hal.lis3dh or hal.mpu6050 set it up
    shake: "ShakeDetector | None" = None
    display: "SSD1306_I2C | None" = None
    leds: "TileLeds | None" = None
    buzzer: "Buzzer | None" = None
    wifi: "Any" = False  # a board with Wi-Fi: True, then net.wifi's link (app.startup starts it)


def _describe(error):
    return "%s: %s" % (type(error).__name__, error)


def _input_pin(number, pull):
    """An input Pin with the pull board_config allows: "up", "down" or "none"."""
    if pull == "none":
        return machine.Pin(number, machine.Pin.IN)
    pull_level = machine.Pin.PULL_UP if pull == "up" else machine.Pin.PULL_DOWN
    return machine.Pin(number, machine.Pin.IN, pull_level)


def _make(kind, spec, i2c=None):  # type: (str, dict, Any) -> Any
    """The device of the board_config section `kind` ("flaps": one bank), from its checked
    spec; `i2c` the bus it is on. A driver's module loads only here."""
    if kind == "i2c":
        scl = machine.Pin(spec["scl"])
        sda = machine.Pin(spec["sda"])
        if spec["soft"]:
            return machine.SoftI2C(scl=scl, sda=sda, freq=spec["freq"])
        return machine.I2C(spec["id"], scl=scl, sda=sda, freq=spec["freq"])
    if kind == "flaps":
        bank_type = spec["type"]
        if bank_type == "gpio":
            pins = []
            for number in spec["pins"]:
                try:
                    pins.append(_input_pin(number, spec["pull"]))
                except ValueError as error:  # the port's message does not name the pin
                    raise BoardError("flaps: pin %d: cannot read it (%s)" % (number, _describe(error))) from None
            return GpioBank(pins, spec["active_low"])
        if bank_type == "74hc165":
            from hal.hc165 import ShiftRegisterBank

            load = machine.Pin(spec["load"], machine.Pin.OUT, value=1)
            clock = machine.Pin(spec["clock"], machine.Pin.OUT, value=0)
            data = machine.Pin(spec["data"], machine.Pin.IN)
            return ShiftRegisterBank(load, clock, data, spec["count"], spec["active_low"])
        from hal.expander_bank import ExpanderBank
        from hal.mcp23017 import MCP23017  # configures the chip, then let go with hal.board

        return ExpanderBank(MCP23017(i2c, spec["address"]), spec["count"], spec["active_low"])
    if kind == "accel":  # set up by its driver, read through hal.shake.BusAccel: the driver's
        if spec["type"] == "lis3dh":  # module is let go with hal.board (app.startup)
            from hal.lis3dh import LIS3DH_I2C as Driver
        else:
            from hal.mpu6050 import MPU6050 as Driver
        from hal.shake import BusAccel

        return BusAccel(Driver(i2c, spec["address"]))
    if kind == "display":
        from hal.ssd1306 import SSD1306_I2C

        return SSD1306_I2C(spec["width"], spec["height"], i2c, spec["address"], spec["external_vcc"])
    if kind == "leds":
        import neopixel

        from hal.leds import TileLeds

        return TileLeds(neopixel.NeoPixel(machine.Pin(spec["pin"]), spec["count"]), spec["brightness"])
    if kind == "buzzer":
        from hal.buzzer import Buzzer

        return Buzzer(machine.PWM(machine.Pin(spec["pin"])), spec["volume"])
    from hal.buttons import Button  # a button: its spec carries the board's debounce_ms

    pin = _input_pin(spec["pin"], "up" if spec["active_low"] else "down")
    return Button(pin, spec["active_low"], spec["debounce_ms"], spec["long_ms"])


def build_devices(config, faults=()):
    """Validate config (as load_config gives it) and build the devices; faults are prepended."""
    clean, config_faults = validate(config)
    devices = Devices()
    devices.name = clean["name"]
    devices.buttons = {}
    devices.faults = list(faults) + config_faults
    if clean["i2c"] is not None:
        try:
            devices.i2c = _make("i2c", clean["i2c"])
        except Exception as error:  # the port rejects these pins or this bus id
            devices.faults.append("i2c: cannot start the bus (%s)" % _describe(error))
    for bank in clean["flaps"]:
        if bank["type"] == "mcp23017" and devices.i2c is None:
            raise BoardError("flaps: the MCP23017 bank needs the i2c bus; " + devices.faults[-1])

    try:
        banks = [_make("flaps", bank, devices.i2c) for bank in clean["flaps"]]
        devices.flaps = FlapSwitches(banks, clean["debounce_ms"], clean["rows"])
    except BoardError:
        raise
    except Exception as error:
        raise BoardError("flaps: cannot read the flap switches (%s)" % _describe(error)) from None

    def optional(label, kind, spec):
        try:
            return _make(kind, spec, devices.i2c)
        except Exception as error:  # an optional device must never stop the box
            devices.faults.append("%s: left out (%s)" % (label, _describe(error)))
            return None

    spec = clean["accel"]
    if spec is not None and devices.i2c is not None:
        label = "accel: %s at 0x%02x" % (spec["type"], spec["address"])
        devices.accel = optional(label, "accel", spec)
        if devices.accel is not None:
            from hal.shake import ShakeDetector

            devices.shake = ShakeDetector(devices.accel, **clean["shake"])
    spec = clean["display"]
    if spec is not None and devices.i2c is not None:
        label = "display: ssd1306 at 0x%02x" % spec["address"]
        devices.display = optional(label, "display", spec)
    for key in ("leds", "buzzer"):
        spec = clean[key]
        if spec is not None:
            setattr(devices, key, optional("%s: pin %d" % (key, spec["pin"]), key, spec))
    for name, spec in clean["buttons"].items():
        spec["debounce_ms"] = clean["debounce_ms"]
        button = optional("buttons.%s: pin %d" % (name, spec["pin"]), "buttons", spec)
        if button is not None:
            devices.buttons[name] = button
    if clean["wifi"]:
        devices.wifi = True
    if "ok" not in devices.buttons:  # board_config checked it is set: its pin would not do
        for fault in devices.faults:
            if fault.startswith("buttons.ok:"):
                raise BoardError(ok_missing(fault))
    return devices


def build_display(config):
    """The OLED alone, from a merged config's "i2c" and "display" (checked by
    board_config.display_only): to show why a box cannot start. A bus that does not start as
    configured (the fault shown may be just that: a bus id its pins do not carry) is driven
    bit-banged on the same pins."""
    from hal.board_config import display_only

    clean = display_only(config)
    bus = clean["i2c"]
    try:
        i2c = _make("i2c", bus)
    except Exception:
        i2c = machine.SoftI2C(scl=machine.Pin(bus["scl"]), sda=machine.Pin(bus["sda"]), freq=bus["freq"])
    return _make("display", clean["display"], i2c)

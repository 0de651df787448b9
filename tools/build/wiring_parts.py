"""What a board file wires, read for its wiring diagram (tools.build.wiring_svg): the lane
out of each header pin it uses, a box for each part with several wires, the notes.

The board file is checked as the box checks it (hal.board_config.validate: its defaults filled
in); a key the diagram does not know raises WiringError, so no part of a board file goes
undrawn.
"""

import json

from hal import board_config

from tools.build import pinouts

# The keys each section may hold, as hal.board_config and firmware/boards/README.md know them.
# None: a setting with nothing to wire (the notes under the drawing say it, or it is the
# firmware's own business: heap_bytes, heap_source; wifi, the chip on the board).
SECTION_KEYS = {
    "name": None, "usable_pins": None, "rows": None, "debounce_ms": None, "wifi": None,
    "heap_bytes": None, "heap_source": None,
    "i2c": ("id", "sda", "scl", "freq", "soft"),
    "accel": ("type", "address"),
    "shake": ("threshold_mg", "shake_ms", "gap_ms", "settle_ms"),
    "display": ("type", "address", "width", "height", "external_vcc"),
    "leds": ("pin", "count", "brightness"),
    "buzzer": ("pin", "volume"),
    "buttons": None,  # each button's keys: BUTTON_KEYS
    "flaps": None,  # each bank's keys: BANK_KEYS
}
BUTTON_KEYS = ("pin", "active_low", "long_ms")
BANK_KEYS = {
    "gpio": ("type", "pins", "active_low", "pull"),
    "74hc165": ("type", "load", "clock", "data", "count", "active_low"),
    "mcp23017": ("type", "address", "count", "active_low"),
}


# How hal.board_config ends the faults of a part the box keeps (board_config._said_smaller).
PLAYS_ON = ("stay dark", "the rest is cut off")


class WiringError(ValueError):
    """A board file the wiring diagram cannot draw (a key it does not know, or a wiring the box
    itself refuses); the message names the file and the key."""


class Lane:
    """What is wired to one header pin: `kind` (a kind of wire, wiring_svg.COLOURS), `text`,
    and `end`, what the lane's far end draws: "switch-gnd", "switch-3v3", "buzzer", "leds",
    "ground" or a net's name (a tag; the box of that name says where it goes)."""

    def __init__(self, kind, text, end):
        self.kind = kind
        self.text = text
        self.end = end


def check_keys(path, raw):
    """WiringError if the board file has a key the drawing does not know."""
    def unknown(where, keys, known):
        for key in keys:
            if key not in known:
                raise WiringError("%s: %s%s: a key the wiring diagram does not draw (known: %s); "
                                  "teach tools/build/wiring_parts.py to draw it"
                                  % (path, where, key, ", ".join(known)))

    if not isinstance(raw, dict):
        raise WiringError("%s: must hold a JSON object" % path)
    unknown("", raw, SECTION_KEYS)
    for key, known in SECTION_KEYS.items():
        if known is not None and isinstance(raw.get(key), dict):
            unknown(key + ".", raw[key], known)
    buttons = raw.get("buttons")
    if isinstance(buttons, dict):
        for name, spec in buttons.items():
            if isinstance(spec, dict):
                unknown("buttons.%s." % name, spec, BUTTON_KEYS)
    for index, bank in enumerate(raw.get("flaps") or ()):
        if isinstance(bank, dict) and bank.get("type") in BANK_KEYS:
            unknown("flaps[%d]." % index, bank, BANK_KEYS[bank["type"]])


def read_board(path):
    """The board file at `path`, checked -> (its raw keys, the config the box makes of it, what
the box says of it at boot and plays on: a strip shorter than the flaps, a smaller display)."""
    try:
        raw = json.loads(path.read_text())
    except ValueError as error:
        raise WiringError("%s: not valid JSON: %s" % (path, error)) from None
    check_keys(path, raw)
    try:
        clean, faults = board_config.validate(raw)
    except board_config.BoardError as error:
        raise WiringError("%s: %s" % (path, error)) from None
    said = [fault for fault in faults if fault.endswith(PLAYS_ON)]
    refused = [fault for fault in faults if fault not in said]
    if refused:
        raise WiringError("%s: %s" % (path, "; ".join(refused)))
    return raw, clean, said


class Diagram:
    """The parts of one board's wiring: lanes by header pin, boxes, notes."""

    def __init__(self, stem, raw, clean, said=()):
        if stem not in pinouts.HEADERS:
            raise WiringError("firmware/boards/%s.json: no header layout for this board in "
                              "tools/build/pinouts.py (HEADERS)" % stem)
        self.stem = stem
        self.raw = raw
        self.config = clean
        self.header = pinouts.HEADERS[stem]
        self.lanes = {}  # HeaderPin -> Lane
        self.boxes = []  # (kind, title, [(kind or None, text)])
        self.notes = []
        self.fed_3v3 = []  # what 3V3 OUT feeds, by name
        self._add_flaps()
        self._add_buttons()
        self._add_i2c()
        self._add_leds()
        self._add_buzzer()
        self._add_supplies()
        self._add_notes()
        for fault in said:
            self.notes.append("The box says at boot: %s." % fault[len("board config: "):])

    def pin(self, gpio):
        """The header pin of GPIO `gpio`; WiringError if the header has none."""
        pin = self.header.gpio(gpio)
        if pin is None:
            raise WiringError("firmware/boards/%s.json: GPIO %d is on no pin of the %s"
                              % (self.stem, gpio, self.header.title))
        return pin

    def at(self, gpio):
        """How the drawing names GPIO `gpio` and its place: "GP4 (pin 6)"."""
        return "%s (%s)" % (self.header.gpio_name(gpio), self.pin(gpio).label)

    def supply(self, kind):
        pin = self.header.supply_3v3 if kind == "3v3" else self.header.supply_5v
        return "%s (%s)" % (pin.name, pin.label)

    def _lane(self, gpio, kind, what, end):
        self.lanes[self.pin(gpio)] = Lane(kind, "%s: %s" % (self.at(gpio), what), end)

    def _tile(self, index):
        """The name of flap input `index` (0 first): its tile, and its row when there are rows."""
        rows = self.config["rows"]
        if rows == 1:
            return "tile %d" % (index + 1)
        per_row = sum(bank["count"] for bank in self.config["flaps"]) // rows
        return "row %d tile %d" % (index // per_row + 1, index % per_row + 1)

    def _add_flaps(self):
        first = 0
        for bank in self.config["flaps"]:
            if bank["type"] == "gpio":
                self._add_gpio_bank(bank, first)
            elif bank["type"] == "74hc165":
                self._add_shift_bank(bank, first)
            else:
                self._add_expander(bank, first)
            first += bank["count"]

    def _fed_by_switches(self, end, pull):
        """Note what a switch lane takes from 3V3 OUT: its switch or its pull-up resistor."""
        for needs, name in ((end == "switch-3v3", "the switches to 3V3"),
                            (pull == "10k to 3V3", "the 10k pull-ups")):
            if needs and name not in self.fed_3v3:
                self.fed_3v3.append(name)

    def _switch_end(self, active_low, pull):
        """A switch's lane end and what its pin needs besides: the pull."""
        end = "switch-gnd" if active_low else "switch-3v3"
        if pull == "none":
            return end, "10k to %s" % ("3V3" if active_low else "GND")
        return end, "pull-%s" % pull

    def _add_gpio_bank(self, bank, first):
        end, pull = self._switch_end(bank["active_low"], bank["pull"])
        self._fed_by_switches(end, pull)
        for offset, gpio in enumerate(bank["pins"]):
            if bank["pull"] != "none" and gpio in self.header.no_pull:
                raise WiringError('firmware/boards/%s.json: flaps: %s has no internal pull-%s: '
                                  'set "pull": "none" and fit a 10k resistor (boards/README.md)'
                                  % (self.stem, self.header.gpio_name(gpio), bank["pull"]))
            self._lane(gpio, "flap", "%s (%s)" % (self._tile(first + offset), pull), end)

    def _add_shift_bank(self, bank, first):
        chips = bank["count"] // 8
        for key, net, what in (("load", "/PL", "74HC165 /PL (load)"),
                               ("clock", "CP", "74HC165 CP (clock)"),
                               ("data", "QH", "74HC165 QH (data)")):
            self._lane(bank[key], "shift", what, net)
        lines = [("shift", "/PL (pin 1) of every chip ← %s" % self.at(bank["load"])),
                 ("shift", "CP (pin 2) of every chip ← %s" % self.at(bank["clock"])),
                 ("shift", "QH (pin 9) of the last chip → %s" % self.at(bank["data"])),
                 ("3v3", "VCC (pin 16) ← %s" % self.supply("3v3")),
                 ("gnd", "GND (pin 8), /CE (pin 15) and the first chip's SER (pin 10) ← GND")]
        if chips > 1:
            lines.append(("shift", "chained: each chip's QH (pin 9) → the next chip's SER "
                                   "(pin 10)"))
        state = "closed" if bank["active_low"] else "open"
        for chip in range(chips):
            tiles = "%s .. %s" % (self._tile(first + 8 * chip), self._tile(first + 8 * chip + 7))
            lines.append(("flap", "chip %d inputs A..H (pins 11-14, 3-6): %s" % (chip + 1, tiles)))
        lines.append(("flap", "each input: a 10k pull-up to 3V3 and its switch to GND (reads low "
                              "when %s)" % state))
        title = "74HC165 chain, %d chip%s, %d flaps" % (chips, "s" * (chips > 1), bank["count"])
        self.fed_3v3.append("the 74HC165s")
        self.boxes.append(("shift", title, lines))

    def _add_expander(self, bank, first):
        address = bank["address"]
        bits = " ".join("3V3" if address >> bit & 1 else "GND" for bit in (2, 1, 0))
        lines = self._i2c_power_lines()
        lines.append(("3v3", "RESET ← 3V3"))
        lines.append(("gnd", "A2 A1 A0 ← %s (address 0x%02X)" % (bits, address)))
        for start in range(0, bank["count"], 3):
            inputs = ["%s%d %s" % ("GPA" if index < 8 else "GPB", index % 8,
                                   self._tile(first + index))
                      for index in range(start, min(start + 3, bank["count"]))]
            lines.append(("flap", ", ".join(inputs)))
        level = "GND" if bank["active_low"] else "3V3"
        lines.append(("flap", "each input: its switch to %s; the chip's own pull-ups are on"
                      % level))
        self.boxes.append(("flap", "MCP23017 flap expander at I2C 0x%02X (%d)" % (address, address),
                           lines))
        self.fed_3v3.append("the MCP23017 at 0x%02X" % address)

    def _add_buttons(self):
        for name, button in self.config["buttons"].items():
            # hal.board pulls a button's pin its way; a GPIO without pulls needs a resistor
            pull = "up" if button["active_low"] else "down"
            if button["pin"] in self.header.no_pull:
                pull = "none"
            end, pull = self._switch_end(button["active_low"], pull)
            self._fed_by_switches(end, pull)
            self._lane(button["pin"], "button", "button %s (%s)" % (name, pull), end)

    def _i2c_power_lines(self):
        bus = self.config["i2c"]
        return [("3v3", "VCC ← %s" % self.supply("3v3")), ("gnd", "GND ← any GND pin"),
                ("sda", "SDA ← %s" % self.at(bus["sda"])),
                ("scl", "SCL ← %s" % self.at(bus["scl"]))]

    def _add_i2c(self):
        bus = self.config["i2c"]
        if bus is None:
            return
        name = "SoftI2C" if bus["soft"] else "I2C%d" % bus["id"]
        self._lane(bus["sda"], "sda", "%s SDA" % name, "SDA")
        self._lane(bus["scl"], "scl", "%s SCL" % name, "SCL")
        display = self.config["display"]
        if display is not None:
            lines = self._i2c_power_lines()
            if display["external_vcc"]:
                lines.append((None, "the panel's own supply (external_vcc): no charge pump"))
            title = "OLED SSD1306 %dx%d at I2C 0x%02X (%d)" % (
                display["width"], display["height"], display["address"], display["address"])
            self.boxes.append(("sda", title, lines))
            self.fed_3v3.append("the OLED")
        accel = self.config["accel"]
        if accel is not None:
            address = accel["address"]
            tie = ("3v3", "3V3") if address & 1 else ("gnd", "GND")  # the address pin's level
            lines = self._i2c_power_lines()
            if accel["type"] == "lis3dh":
                lines.append((tie[0], "SDO ← %s: address 0x%02X" % (tie[1], address)))
                lines.append(("3v3", "CS ← 3V3 (I2C mode; breakouts pull it up)"))
                title = "accelerometer LIS3DH at I2C 0x%02X (%d)"
            else:
                lines.append((tie[0], "AD0 ← %s: address 0x%02X" % (tie[1], address)))
                title = "accelerometer MPU-6050 at I2C 0x%02X (%d)"
            self.boxes.append(("sda", title % (address, address), lines))
            self.fed_3v3.append("the " + title.split(" ")[1])
        self.boxes.insert(0, ("sda", "I2C bus: %s at %d kHz" % (name, bus["freq"] // 1000), [
            ("sda", "SDA: %s" % self.at(bus["sda"])),
            ("scl", "SCL: %s" % self.at(bus["scl"])),
            ("3v3", "every I2C board: VCC from %s" % self.supply("3v3")),
            (None, "pull-ups: the breakouts' own 4k7-10k to 3V3 (add 4k7 if none has them)"),
        ]))

    def _add_leds(self):
        strip = self.config["leds"]
        if strip is None:
            return
        self._lane(strip["pin"], "leds", "LED data", "leds")
        title = "LED strip WS2812, %d LEDs (LED 1 under tile 1)" % strip["count"]
        self.boxes.append(("leds", title, [
            ("5v", "+5V ← %s" % self.supply("5v")),
            ("gnd", "GND ← any GND pin (the strip and the board share one ground)"),
            ("leds", "DIN ← 330 Ω ← %s" % self.at(strip["pin"])),
            ("5v", "a 1000 µF capacitor across +5V and GND, at the strip's input"),
            (None, "3.3 V data: put a 74AHCT125 (at 5 V) before the 330 Ω (the dashed box), "
                   "or feed the first LED through a diode (about 4.3 V)"),
            (None, "brightness %d of 255 (set by the firmware)" % strip["brightness"]),
        ]))

    def _add_buzzer(self):
        buzzer = self.config["buzzer"]
        if buzzer is not None:
            self._lane(buzzer["pin"], "buzzer", "piezo buzzer (PWM)", "buzzer")

    def _add_supplies(self):
        """The supply lanes and the power box, first of the boxes."""
        lines = []
        if self.config["leds"] is not None:
            self.lanes[self.header.supply_5v] = Lane(
                "5v", "%s: 5 V to the LED strip" % self.supply("5v"), "5V")
            lines.append(("5v", "5 V: %s, the USB's 5 V → the LED strip's +5V" % self.supply("5v")))
        if self.fed_3v3:
            fed = "the I2C boards" if self.config["i2c"] is not None else "the 3V3 tags"
            self.lanes[self.header.supply_3v3] = Lane(
                "3v3", "%s: 3.3 V to %s" % (self.supply("3v3"), fed), "3V3")
            lines.append(("3v3", "3.3 V: %s → %s" % (self.supply("3v3"), ", ".join(self.fed_3v3))))
        for pin in self.header.grounds:
            self.lanes[pin] = Lane("gnd", "", "ground")
        grounds = ", ".join(pin.label for pin in sorted(
            self.header.grounds, key=lambda pin: (pin.label[:-len(pin.number)], int(pin.number))))
        lines.append(("gnd", "GND: any of %s; one ground for every part, switch and supply (the "
                             "ground symbol)" % grounds))
        self.boxes.insert(0, ("gnd", "Power and ground", lines))

    def _add_notes(self):
        config = self.config
        self.notes.append("A flap's switch closes when the flap is shut; debounce %d ms, set in "
                          "the board file like the rest." % config["debounce_ms"])
        if any(pin.gpio is not None and not self.usable(pin.gpio) for pin in self.header.pins):
            self.notes.append("Grey GPIOs are not in the board file's usable_pins: keep them free.")
        long_ms = sorted({button["long_ms"] for button in config["buttons"].values()})
        self.notes.append("Buttons: a long press is %s ms." % "/".join(str(ms) for ms in long_ms))
        if config["buzzer"] is not None:
            self.notes.append("Buzzer: a piezo through 100 Ω, volume %d of 65535."
                              % config["buzzer"]["volume"])
        if config["accel"] is not None:
            shake = config["shake"]
            self.notes.append("Shake to roll: %d mg for %d ms (gaps up to %d ms), settled after "
                              "%d ms." % (shake["threshold_mg"], shake["shake_ms"],
                                          shake["gap_ms"], shake["settle_ms"]))

    def usable(self, gpio):
        usable = self.raw.get("usable_pins")
        if usable is None:
            return True
        return any(entry == gpio or isinstance(entry, list) and entry[0] <= gpio <= entry[1]
                   for entry in usable)

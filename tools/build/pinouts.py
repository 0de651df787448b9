"""The physical pin headers of the boards firmware/boards/ names, for the wiring diagrams
(tools.build.wiring_svg): each header pin's place (column, row), its number on the board and
what it carries (a GPIO, a supply or ground).

Sources: the Raspberry Pi Pico datasheet's pinout (the Pico W, Pico 2 and Pico 2 W have the
same 40-pin header); Espressif's ESP32-DevKitC V4 user guide, "Header Block" (J2, J3).
"""

import re


class HeaderPin:
    """One pin of a header: `label` its physical name ("pin 9", "J2-15"), `number` what the
    drawing prints on its pad, `name` what it carries ("GP6", "GND", "3V3 OUT"), `gpio` the
    GPIO number or None, `column` 0 (left) or 1 (right), `row` from the top."""

    def __init__(self, label, number, name, gpio, column, row):
        self.label = label
        self.number = number
        self.name = name
        self.gpio = gpio
        self.column = column
        self.row = row


class Header:
    """A board's pin header seen from the top: two columns of pins, top to bottom."""

    def __init__(self, title, short, usb, view, columns, supply_3v3, supply_5v, pin_label,
                 gpio_name, no_pull=()):
        self.title = title
        self.short = short  # the board's name, printed on it
        self.usb = usb  # "top" or "bottom": where the drawing puts the board's USB socket
        self.view = view  # how the drawing is oriented, and what to know about the layout
        self.pins = []
        for column, names in enumerate(columns):
            for row, (number, name) in enumerate(names):
                match = re.match(r"(?:GP|GPIO)(\d+)", name)
                self.pins.append(HeaderPin(pin_label(column, number), str(number), name,
                                           int(match.group(1)) if match else None, column, row))
        self.rows = max(len(names) for names in columns)
        self.supply_3v3 = self._named(supply_3v3)
        self.supply_5v = self._named(supply_5v)
        self.grounds = [pin for pin in self.pins if pin.name in ("GND", "AGND")]
        self._gpio_name = gpio_name
        self.no_pull = no_pull  # the GPIOs with no internal pull-up or pull-down

    def _named(self, name):
        (pin,) = [pin for pin in self.pins if pin.name == name]
        return pin

    def gpio(self, number):
        """The header pin that carries GPIO `number`, or None if the header has none."""
        for pin in self.pins:
            if pin.gpio == number:
                return pin
        return None

    def gpio_name(self, number):
        """How the board's silkscreen and docs call GPIO `number` ("GP6", "GPIO13")."""
        return self._gpio_name % number


PICO = Header(
    "Raspberry Pi Pico 40-pin header", "Pico", "top",
    "top view, USB at the top; pin 1 top left, pin 40 top right",
    (
        [(1, "GP0"), (2, "GP1"), (3, "GND"), (4, "GP2"), (5, "GP3"), (6, "GP4"), (7, "GP5"),
         (8, "GND"), (9, "GP6"), (10, "GP7"), (11, "GP8"), (12, "GP9"), (13, "GND"), (14, "GP10"),
         (15, "GP11"), (16, "GP12"), (17, "GP13"), (18, "GND"), (19, "GP14"), (20, "GP15")],
        [(40, "VBUS"), (39, "VSYS"), (38, "GND"), (37, "3V3_EN"), (36, "3V3 OUT"),
         (35, "ADC_VREF"), (34, "GP28"), (33, "AGND"), (32, "GP27"), (31, "GP26"), (30, "RUN"),
         (29, "GP22"), (28, "GND"), (27, "GP21"), (26, "GP20"), (25, "GP19"), (24, "GP18"),
         (23, "GND"), (22, "GP17"), (21, "GP16")],
    ),
    "3V3 OUT", "VBUS", lambda column, number: "pin %d" % number, "GP%d")

ESP32_DEVKITC = Header(
    "ESP32-DevKitC V4 38-pin headers J2 and J3", "ESP32-DevKitC", "bottom",
    "top view, antenna at the top, USB at the bottom; 30-pin DevKit clones have another "
    "layout: wire those by the GPIO names",
    (
        [(1, "3V3"), (2, "EN"), (3, "GPIO36 (VP)"), (4, "GPIO39 (VN)"), (5, "GPIO34"),
         (6, "GPIO35"), (7, "GPIO32"), (8, "GPIO33"), (9, "GPIO25"), (10, "GPIO26"),
         (11, "GPIO27"), (12, "GPIO14"), (13, "GPIO12"), (14, "GND"), (15, "GPIO13"),
         (16, "GPIO9 (SD2)"), (17, "GPIO10 (SD3)"), (18, "GPIO11 (CMD)"), (19, "5V")],
        [(1, "GND"), (2, "GPIO23"), (3, "GPIO22"), (4, "GPIO1 (TX)"), (5, "GPIO3 (RX)"),
         (6, "GPIO21"), (7, "GND"), (8, "GPIO19"), (9, "GPIO18"), (10, "GPIO5"), (11, "GPIO17"),
         (12, "GPIO16"), (13, "GPIO4"), (14, "GPIO0"), (15, "GPIO2"), (16, "GPIO15"),
         (17, "GPIO8 (SD1)"), (18, "GPIO7 (SD0)"), (19, "GPIO6 (CLK)")],
    ),
    "3V3", "5V", lambda column, number: "J%d-%d" % (column + 2, number), "GPIO%d",
    no_pull=(34, 35, 36, 39))  # input only, no pulls (the ESP32 datasheet's GPIO table)

# Each board file (firmware/boards/<name>.json) by the header its board has.
HEADERS = {
    "pico": PICO,
    "pico_w": PICO,
    "pico2": PICO,
    "pico2_w": PICO,
    "esp32_devkit": ESP32_DEVKITC,
}

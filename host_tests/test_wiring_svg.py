"""The wiring diagrams (docs/wiring/<board>.svg) are drawn from the board files: fresh, every pin
with its GPIO name and header pin, the parts as the board file sets them, plain readable SVG,
and a board file key the drawing does not know is refused by name."""

import json
import shutil
import xml.etree.ElementTree as ElementTree

import pytest

from tools.build import pinouts, wiring_svg
from tools.build.svg_canvas import Canvas, overlapping_texts
from tools.build.wiring_parts import WiringError

BOARDS = sorted(wiring_svg.BOARDS.glob("*.json"))
SVG = "{http://www.w3.org/2000/svg}"


def texts(svg):
    """Every text of the picture, in drawing order."""
    return [element.text or "" for element in ElementTree.fromstring(svg).iter(SVG + "text")]


def board_in(tmp_path, name="pico", change=None):
    """A copy of firmware/boards/<name>.json in tmp_path, with change(raw) applied."""
    raw = json.loads((wiring_svg.BOARDS / (name + ".json")).read_text())
    if change is not None:
        change(raw)
    path = tmp_path / (name + ".json")
    path.write_text(json.dumps(raw))
    return path


def pins_of(raw):
    """Every GPIO a board file names, walked here apart from the tool: (section, pin)."""
    pins = [("i2c.sda", raw["i2c"]["sda"]), ("i2c.scl", raw["i2c"]["scl"])]
    for bank in raw["flaps"]:
        pins += [("flaps", pin) for pin in bank.get("pins", ())]
        pins += [("flaps." + key, bank[key]) for key in ("load", "clock", "data") if key in bank]
    pins += [("buttons." + name, spec["pin"]) for name, spec in raw["buttons"].items()]
    pins += [(key, raw[key]["pin"]) for key in ("leds", "buzzer") if raw.get(key)]
    return pins


def test_every_board_file_has_its_diagram_and_no_diagram_is_left_without_one():
    assert {"pico", "pico_w", "pico2", "pico2_w", "esp32_devkit"} <= {path.stem for path in BOARDS}
    assert {path.stem for path in wiring_svg.OUT.glob("*.svg")} == {path.stem for path in BOARDS}


@pytest.mark.parametrize("board", BOARDS, ids=lambda path: path.stem)
def test_the_committed_diagram_is_the_one_its_board_file_draws(board):
    committed = (wiring_svg.OUT / (board.stem + ".svg")).read_text()
    assert committed == wiring_svg.svg_for(board), "run: python -m tools.build.wiring_svg"
    assert wiring_svg.svg_for(board) == wiring_svg.svg_for(board)  # the same bytes every run


def test_check_names_the_stale_diagram_and_writing_brings_it_up_to_date(tmp_path, capsys):
    out = tmp_path / "wiring"
    assert wiring_svg.main([], out=out) == 0
    assert wiring_svg.main(["--check"], out=out) == 0
    (out / "pico_w.svg").write_text((out / "pico_w.svg").read_text().replace("GP6", "GP7"))
    capsys.readouterr()
    assert wiring_svg.main(["--check"], out=out) == 1
    said = capsys.readouterr().err
    assert "pico_w.svg is stale: run python -m tools.build.wiring_svg" in said
    assert "pico.svg" not in said
    assert wiring_svg.main([], out=out) == 0
    assert wiring_svg.main(["--check"], out=out) == 0


@pytest.mark.parametrize("board", BOARDS, ids=lambda path: path.stem)
def test_every_pin_of_the_board_file_is_drawn_with_its_gpio_name_and_header_pin(board):
    raw = json.loads(board.read_text())
    header = pinouts.HEADERS[board.stem]
    drawn = texts(wiring_svg.svg_for(board))
    for section, gpio in pins_of(raw):
        name = ("GPIO%d" if board.stem == "esp32_devkit" else "GP%d") % gpio
        where = "%s (%s)" % (name, header.gpio(gpio).label)
        assert any(text.startswith(where + ": ") for text in drawn), (section, where)
        assert name in drawn, name  # its pad on the header


def test_the_pico_header_is_the_datasheets():
    by_number = {int(pin.number): pin.name for pin in pinouts.PICO.pins}
    assert sorted(by_number) == list(range(1, 41))
    assert [n for n, name in by_number.items() if name == "GND"] == [3, 8, 13, 18, 38, 28, 23]
    assert (by_number[33], by_number[35], by_number[36], by_number[37]) == ("AGND", "ADC_VREF", "3V3 OUT", "3V3_EN")
    assert (by_number[30], by_number[39], by_number[40]) == ("RUN", "VSYS", "VBUS")
    assert (by_number[1], by_number[20], by_number[21], by_number[29]) == ("GP0", "GP15", "GP16", "GP22")
    assert (by_number[31], by_number[32], by_number[34]) == ("GP26", "GP27", "GP28")
    assert pinouts.PICO.gpio(6).label == "pin 9" and pinouts.PICO.gpio(23) is None
    for board in ("pico", "pico_w", "pico2", "pico2_w"):
        assert pinouts.HEADERS[board] is pinouts.PICO


def test_the_esp32_devkitc_header_is_espressifs():
    header = pinouts.ESP32_DEVKITC
    assert len(header.pins) == 38
    assert [pin.label for pin in header.grounds] == ["J2-14", "J3-1", "J3-7"]
    assert (header.supply_3v3.label, header.supply_5v.label) == ("J2-1", "J2-19")
    assert [header.gpio(gpio).label for gpio in (21, 22, 13, 27, 16, 17, 4)] == [
        "J3-6", "J3-3", "J2-15", "J2-11", "J3-12", "J3-11", "J3-13"]


def test_the_pico_diagram_shows_the_power_the_bus_and_its_boards():
    drawn = texts(wiring_svg.svg_for(wiring_svg.BOARDS / "pico.json"))
    for label in ("VBUS (pin 40): 5 V to the LED strip", "3V3 OUT (pin 36): 3.3 V to the I2C boards",
                  "I2C bus: I2C0 at 400 kHz", "OLED SSD1306 128x64 at I2C 0x3C (60)",
                  "accelerometer LIS3DH at I2C 0x18 (24)", "SDO ← GND: address 0x18",
                  "GP6 (pin 9): tile 1 (pull-up)", "GP14 (pin 19): tile 9 (pull-up)",
                  "GP21 (pin 27): button ok (pull-up)", "GP20 (pin 26): button select (pull-up)",
                  "GP15 (pin 20): piezo buzzer (PWM)", "GP22 (pin 29): LED data", "330 Ω",
                  "+5V ← VBUS (pin 40)", "DIN ← 330 Ω ← GP22 (pin 29)", "100 Ω"):
        assert label in drawn, label
    prose = " ".join(drawn)  # a box's long lines are wrapped
    assert "1000 µF capacitor across +5V and GND" in prose
    assert "put a 74AHCT125 (at 5 V) before the 330 Ω" in prose  # the level shifter for 3.3 V data
    assert "5 V: VBUS (pin 40), the USB's 5 V → the LED strip's +5V" in prose
    assert "3.3 V: 3V3 OUT (pin 36) → the OLED, the LIS3DH" in prose
    assert "GND: any of pin 3, pin 8, pin 13, pin 18, pin 23, pin 28, pin 33, pin 38; one ground" in prose


def test_a_lis3dh_at_0x19_has_its_sdo_to_3v3(tmp_path):
    def change(raw):
        raw["accel"]["address"] = 0x19

    drawn = texts(wiring_svg.svg_for(board_in(tmp_path, change=change)))
    assert "SDO ← 3V3: address 0x19" in drawn and "SDO ← GND: address 0x18" not in drawn


def test_expander_and_shift_register_banks_are_drawn_with_their_tiles(tmp_path):
    def change(raw):  # the boards README's example, the 300's 24 tiles
        raw["flaps"] = [{"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 16},
                        {"type": "mcp23017", "address": 33, "count": 8}]

    drawn = texts(wiring_svg.svg_for(board_in(tmp_path, change=change)))
    for label in ("GP16 (pin 21): 74HC165 /PL (load)", "GP17 (pin 22): 74HC165 CP (clock)",
                  "GP18 (pin 24): 74HC165 QH (data)", "74HC165 chain, 2 chips, 16 flaps",
                  "MCP23017 flap expander at I2C 0x21 (33)", "A2 A1 A0 ← GND GND 3V3 (address 0x21)",
                  "GPA0 tile 17, GPA1 tile 18, GPA2 tile 19", "GPA6 tile 23, GPA7 tile 24"):
        assert label in drawn, label
    assert not any(text.startswith("GP6 (pin 9)") for text in drawn)  # no GPIO flap bank now
    # the strip's 9 LEDs for 24 tiles: the box plays on and says so, and so does the drawing
    assert "The box says at boot: leds: count 9 lights tiles 1..9; the other 15 stay dark." in drawn


@pytest.mark.parametrize("change, named", [
    (lambda raw: raw.update(led={"pin": 3}), "pico.json: led: a key the wiring diagram does not draw"),
    (lambda raw: raw["leds"].update(colour="red"), "pico.json: leds.colour: a key"),
    (lambda raw: raw["buttons"]["ok"].update(pul="up"), "pico.json: buttons.ok.pul: a key"),
    (lambda raw: raw["flaps"][0].update(invert=True), "pico.json: flaps[0].invert: a key"),
])
def test_a_key_the_diagram_does_not_know_is_a_clear_error(tmp_path, change, named):
    with pytest.raises(WiringError, match="known: "):
        wiring_svg.svg_for(board_in(tmp_path, change=change))
    with pytest.raises(WiringError) as error:
        wiring_svg.svg_for(board_in(tmp_path, change=change))
    assert named in str(error.value)


def test_a_switch_on_an_esp32_pin_without_pulls_needs_its_resistor(tmp_path):
    def on_gpio34(pull):
        def change(raw):
            raw["flaps"][0]["pins"][0] = 34
            raw["flaps"][0].update(pull)
        return change

    with pytest.raises(WiringError, match='GPIO34 has no internal pull-up: set "pull": "none"'):
        wiring_svg.svg_for(board_in(tmp_path, "esp32_devkit", on_gpio34({})))
    drawn = texts(wiring_svg.svg_for(board_in(tmp_path, "esp32_devkit", on_gpio34({"pull": "none"}))))
    assert "GPIO34 (J2-5): tile 1 (10k to 3V3)" in drawn


def test_a_button_on_an_esp32_pin_without_pulls_is_drawn_with_its_resistor(tmp_path):
    def change(raw):  # the boards README's advice for a WROVER, whose GPIO16/17 are its PSRAM's
        raw["buttons"]["select"]["pin"] = 34
        raw["buttons"]["ok"]["pin"] = 35

    drawn = texts(wiring_svg.svg_for(board_in(tmp_path, "esp32_devkit", change)))
    assert "GPIO34 (J2-5): button select (10k to 3V3)" in drawn
    assert "GPIO35 (J2-6): button ok (10k to 3V3)" in drawn


def test_a_shift_register_bank_alone_still_gets_its_3v3(tmp_path):
    def change(raw):
        raw["flaps"] = [{"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 16}]
        for key in ("i2c", "accel", "display"):
            raw[key] = None

    drawn = texts(wiring_svg.svg_for(board_in(tmp_path, change=change)))
    assert "3V3 OUT (pin 36): 3.3 V to the 3V3 tags" in drawn
    assert "VCC (pin 16) ← 3V3 OUT (pin 36)" in drawn
    assert "3.3 V: 3V3 OUT (pin 36) → the 74HC165s" in " ".join(drawn)
    assert not any(text.startswith(("I2C bus", "GP4 (pin 6)")) for text in drawn)


def test_a_wiring_the_box_would_refuse_or_leave_out_is_not_drawn(tmp_path):
    def change(raw):
        raw["buzzer"]["pin"] = 6  # a flap's pin: the box leaves the buzzer out

    with pytest.raises(WiringError, match="buzzer: pin 6 is already used by flaps"):
        wiring_svg.svg_for(board_in(tmp_path, change=change))


@pytest.mark.parametrize("board", BOARDS, ids=lambda path: path.stem)
def test_the_diagram_is_plain_svg_of_a_reasonable_size(board):
    svg = (wiring_svg.OUT / (board.stem + ".svg")).read_text()
    root = ElementTree.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert 1000 <= int(root.get("width")) <= 1400 and 1000 <= int(root.get("height")) <= 1800
    for outside in ("href", "url(", "@import", "<image", "<script", "@font-face"):
        assert outside not in svg, outside
    assert len(svg.encode()) < 60000


def test_overlapping_labels_are_caught():
    canvas = Canvas(100, 100)
    canvas.text(10, 20, "tile 1", 12)
    canvas.text(30, 24, "tile 2", 12)
    canvas.text(10, 60, "tile 3", 12)
    assert overlapping_texts(canvas) == [("tile 1", "tile 2")]


def test_a_board_without_a_header_layout_is_named(tmp_path):
    path = tmp_path / "my_board.json"
    shutil.copy(wiring_svg.BOARDS / "pico.json", path)
    with pytest.raises(WiringError, match="my_board.json: no header layout"):
        wiring_svg.svg_for(path)

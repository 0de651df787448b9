"""A board the box cannot be played on is refused as a wiring fault, naming the pin and the
board: no ok button (left out, or absent), two buttons on one pin, a flap or a device on a pin
the board's file does not list among its usable pins. main.py shows it on the OLED and the
REPL, as any wiring fault (app.boot_fault), and stays there."""

import json
import pathlib

import pytest
from hal.board_config import BoardError, validate
from test_boot_fault import WATCHED_MS
from test_watchdog_resume import Stop, board_files, boot_main  # noqa: F401 (board_files: a fixture)

from board_sim.board import SimBoard
from board_sim.box import BoxOptions, pinmap_for
from board_sim.frontend.oled import text_lines
from board_sim.install import simulated

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent / "firmware"
BOARD_FILES = sorted(path.stem for path in (FIRMWARE / "boards").glob("*.json"))


def board_file(name):
    return json.loads((FIRMWARE / "boards" / (name + ".json")).read_text())


@pytest.mark.parametrize("name", BOARD_FILES)
def test_every_board_file_lists_its_usable_pins_and_uses_only_those(name):
    config = board_file(name)
    clean, faults = validate(config)
    assert faults == []
    used = [clean["i2c"]["sda"], clean["i2c"]["scl"], clean["leds"]["pin"], clean["buzzer"]["pin"]]
    used += clean["flaps"][0]["pins"] + [button["pin"] for button in clean["buttons"].values()]
    assert set(used) <= usable_pins(config)


def usable_pins(config):
    pins = set()
    for entry in config["usable_pins"]:
        pins |= set(range(entry[0], entry[1] + 1)) if isinstance(entry, list) else {entry}
    return pins


def test_a_picos_usable_pins_are_its_headers_gpios_and_an_esp32s_keep_off_flash_and_strapping():
    for name in ("pico", "pico_w", "pico2", "pico2_w"):
        assert usable_pins(board_file(name)) == set(range(23)) | {26, 27, 28}, name
    assert not usable_pins(board_file("esp32_devkit")) & {0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 15}


@pytest.mark.parametrize("usable", [7, [7, "8"], [[9, 3]], [[1, 2, 3]], [-1]])
def test_a_malformed_list_of_usable_pins_is_said_and_the_pins_go_unchecked(usable):
    config = board_file("pico")
    config["usable_pins"] = usable
    config["leds"]["pin"] = 25
    clean, faults = validate(config)
    assert clean["leds"]["pin"] == 25
    assert faults == ["board config: usable_pins: must list pins 0..48 and [first, last] ranges; pins "
                      "not checked"]


@pytest.mark.parametrize("pin", [23, 24, 25, 29, 33])
def test_a_flap_on_a_pin_the_board_does_not_offer_is_refused_naming_pin_and_board(pin):
    config = board_file("pico")
    config["flaps"][0]["pins"][4] = pin
    with pytest.raises(BoardError, match=r"^flaps\[0\]: pin %d is not one the Raspberry Pi Pico "
                                         r"offers \(its board file's usable_pins\)$" % pin):
        validate(config)


def test_an_ok_button_on_a_pin_the_board_does_not_offer_stops_the_box():
    config = board_file("pico")
    config["buttons"]["ok"]["pin"] = 33
    with pytest.raises(BoardError) as refused:
        validate(config)
    assert str(refused.value) == ("buttons.ok: pin 33 is not one the Raspberry Pi Pico offers (its "
                                  "board file's usable_pins); the box cannot be played without an ok button")


def test_two_buttons_on_one_pin_stop_the_box():
    config = board_file("pico")
    config["buttons"]["ok"]["pin"] = 20  # select's
    with pytest.raises(BoardError) as refused:
        validate(config)
    assert str(refused.value) == ("buttons.ok: pin 20 is already used by buttons.select; two buttons "
                                  "on one pin cannot be told apart (Raspberry Pi Pico)")


@pytest.mark.parametrize("buttons", [{"select": {"pin": 20}}, {"select": {"pin": 20}, "ok": None},
                                     {"select": {"pin": 20}, "ok": {"pin": 21, "long_ms": 5}}])
def test_a_box_without_a_usable_ok_button_is_refused(buttons):
    config = board_file("pico")
    config["buttons"] = buttons
    with pytest.raises(BoardError, match=r"^buttons\.ok[:.].*the box cannot be played without an ok button$"):
        validate(config)


def test_an_ok_button_the_port_refuses_stops_the_box_naming_its_pin():
    config = board_file("pico")
    del config["usable_pins"]  # a board file of one's own, with no list: the port decides
    config["buttons"]["ok"]["pin"] = 33
    with simulated(board_file("pico"), seed=3), pytest.raises(BoardError) as refused:
        from hal.board import build_devices

        build_devices(config)
    assert str(refused.value) == ("buttons.ok: pin 33: left out (ValueError: invalid pin); the box "
                                  "cannot be played without an ok button")


def test_a_flap_the_port_refuses_stops_the_box_naming_its_pin():
    config = board_file("pico")
    del config["usable_pins"]
    config["flaps"][0]["pins"][8] = 33
    with simulated(board_file("pico"), seed=3), pytest.raises(BoardError) as refused:
        from hal.board import build_devices

        build_devices(config)
    assert str(refused.value) == "flaps: pin 33: cannot read it (ValueError: invalid pin)"


def test_optional_devices_the_port_refuses_are_left_out_naming_their_pin():
    config = board_file("pico")
    del config["usable_pins"]
    config["leds"]["pin"] = 33
    config["buzzer"]["pin"] = 40
    config["buttons"]["select"]["pin"] = 31
    with simulated(board_file("pico"), seed=3):
        from hal.board import build_devices

        devices = build_devices(config)
    assert devices.leds is None and devices.buzzer is None and set(devices.buttons) == {"ok"}
    assert devices.faults == ["leds: pin 33: left out (ValueError: invalid pin)",
                              "buzzer: pin 40: left out (ValueError: invalid pin)",
                              "buttons.select: pin 31: left out (ValueError: invalid pin)"]


def test_other_devices_on_pins_the_board_does_not_offer_are_left_out_naming_the_pin():
    config = board_file("pico")
    config["leds"]["pin"] = 25
    config["buttons"]["back"] = {"pin": 29}
    clean, faults = validate(config)
    assert clean["leds"] is None and set(clean["buttons"]) == {"select", "ok"}
    assert faults == [
        "board config: leds: pin 25 is not one the Raspberry Pi Pico offers (its board file's usable_pins); left out",
        "board config: buttons.back: pin 29 is not one the Raspberry Pi Pico offers (its board file's "
        "usable_pins); left out"]


@pytest.mark.usefixtures("board_files")
@pytest.mark.parametrize(("overrides", "message"), [
    ({"buttons": {"ok": {"pin": 33}}},
     "buttons.ok: pin 33 is not one the Raspberry Pi Pico offers (its board file's usable_pins); the "
     "box cannot be played without an ok button"),
    ({"buttons": {"ok": {"pin": 20}}},
     "buttons.ok: pin 20 is already used by buttons.select; two buttons on one pin cannot be told apart "
     "(Raspberry Pi Pico)"),
    ({"flaps": [{"type": "gpio", "pins": [6, 7, 8, 9, 10, 11, 12, 13, 25]}]},
     "flaps[0]: pin 25 is not one the Raspberry Pi Pico offers (its board file's usable_pins)"),
    ({"i2c": {"id": 1, "sda": 4, "scl": 5}, "flaps": [{"type": "mcp23017", "address": 32, "count": 9}]},
     "flaps: the MCP23017 bank needs the i2c bus; i2c: cannot start the bus (ValueError: bad SDA pin)"),
], ids=["ok-on-gpio-33", "ok-and-select-on-one-pin", "flap-on-gpio-25", "expander-on-a-bus-that-does-not-start"])
def test_main_shows_the_wiring_fault_on_the_oled_and_the_repl(capsys, overrides, message):
    board, pages = boot_seeing_pages(overrides)
    assert board.wdt_resets == []
    assert [page[0] for page in pages] == ["FAULT"] + ["FAULT page %d" % number for number in range(2, len(pages) + 1)]
    shown = " ".join(line for page in pages for line in page[1:] if line)
    assert shown == message
    assert capsys.readouterr().out.splitlines() == ["shutbox cannot start: " + message]


def boot_seeing_pages(overrides):
    """Boot main.py with these board.json overrides for WATCHED_MS: (board, the OLED's pages
    seen, each its lines of text, in the order first seen)."""
    pathlib.Path("board.json").write_text(json.dumps({"board": "pico", "overrides": overrides}))
    board = SimBoard.from_pinmap(pinmap_for(BoxOptions()), seed=3)
    pages = []

    def look():
        frame = text_lines(board.display_pixels())
        if any(frame) and frame not in pages:
            pages.append(frame)
        if board.now_ms >= WATCHED_MS:
            raise Stop()

    with pytest.raises(Stop):
        boot_main(board, look, [])
    return board, [[" ".join(line.split()) if index == 0 else line for index, line in enumerate(page)] for page in pages]

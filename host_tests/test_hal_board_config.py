"""Board configuration: board.json picks a board file, overrides merge, bad keys are named."""

import json
import pathlib
import shutil

import pytest
from hal.board_config import BoardError, load_config, validate

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent / "firmware"
BOARD_NAMES = ("pico", "pico_w", "esp32_devkit")


def board_file(name):
    return json.loads((FIRMWARE / "boards" / (name + ".json")).read_text())


@pytest.fixture
def root(tmp_path):
    """A copy of the firmware's board files; returns the root prefix load_config takes."""
    shutil.copytree(FIRMWARE / "boards", tmp_path / "boards")
    return str(tmp_path) + "/"


def write_selection(root, text):
    pathlib.Path(root, "board.json").write_text(text)


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_every_shipped_board_file_is_valid_with_nothing_to_report(name):
    clean, faults = validate(board_file(name))
    assert faults == []
    assert sum(bank["count"] for bank in clean["flaps"]) == 9
    assert clean["accel"] and clean["display"] and clean["leds"] and clean["buzzer"]
    assert set(clean["buttons"]) == {"select", "ok"}


def test_the_shipped_board_json_selects_a_shipped_board():
    config, faults = load_config(str(FIRMWARE) + "/")
    assert faults == []
    assert config["name"] in {board_file(name)["name"] for name in BOARD_NAMES}


def test_esp32_board_keeps_off_flash_strapping_and_input_only_pins():
    clean, _ = validate(board_file("esp32_devkit"))
    used = set(clean["flaps"][0]["pins"]) | {clean["leds"]["pin"], clean["buzzer"]["pin"]}
    used |= {button["pin"] for button in clean["buttons"].values()}
    assert not used & {0, 2, 5, 6, 7, 8, 9, 10, 11, 12, 15, 34, 35, 36, 37, 38, 39}


def test_overrides_merge_one_level_deep_and_null_switches_a_device_off(root):
    write_selection(root, json.dumps(
        {"board": "pico", "overrides": {"leds": {"count": 12}, "accel": None, "debounce_ms": 30}}))
    config, faults = load_config(root)
    clean, more = validate(config)
    assert faults == more == []
    assert clean["leds"] == {"pin": 22, "count": 12, "brightness": 64}
    assert clean["accel"] is None
    assert clean["debounce_ms"] == 30


def test_half_written_board_json_falls_back_to_the_chips_own_board(root, monkeypatch):
    monkeypatch.setattr("sys.platform", "rp2")
    write_selection(root, '{"board": "esp32_dev')
    config, faults = load_config(root)
    assert config["name"] == "Raspberry Pi Pico"
    assert len(faults) == 1 and "board.json" in faults[0] and "boards/pico.json" in faults[0]


def test_missing_board_json_off_a_known_chip_is_an_error(root):
    with pytest.raises(BoardError, match="board.json"):
        load_config(root)


def test_board_json_naming_a_missing_board_file_is_an_error(root):
    write_selection(root, '{"board": "pico9"}')
    with pytest.raises(BoardError, match="boards/pico9.json"):
        load_config(root)


def test_malformed_board_file_is_an_error_naming_the_file(root):
    pathlib.Path(root, "boards", "pico.json").write_text('{"name": "Pico", "flaps": [')
    write_selection(root, '{"board": "pico"}')
    with pytest.raises(BoardError, match="pico.json: not valid JSON"):
        load_config(root)


@pytest.mark.parametrize(("flaps", "key"), [
    (None, "flaps"),
    ([], "flaps"),
    ([{"type": "dip", "pins": [1]}], r"flaps\[0\].type"),
    ([{"type": "gpio", "pins": [6, "7"]}], r"flaps\[0\].pins\[1\]"),
    ([{"type": "gpio", "pins": [6]}, {"type": "74hc165", "load": 1, "clock": 2, "data": 3,
                                       "count": 12}], r"flaps\[1\].count"),
    ([{"type": "mcp23017", "address": 64}], r"flaps\[0\].address"),
    ([{"type": "gpio", "pins": [6, 7, 6]}], "pin 6 is already used"),
    ([{"type": "gpio", "pins": [4, 7]}], "pin 4 is already used by i2c"),
])
def test_unusable_flaps_stop_the_box_with_the_key_named(flaps, key):
    config = board_file("pico")
    config["flaps"] = flaps
    with pytest.raises(BoardError, match=key):
        validate(config)


def test_rows_must_split_the_switches_evenly():
    config = board_file("pico")
    config["rows"] = 2
    with pytest.raises(BoardError, match="9 switches cannot make 2 rows"):
        validate(config)
    config["flaps"] = [{"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 24}]
    config["rows"] = 2
    clean, _ = validate(config)
    assert clean["rows"] == 2


def test_expander_flaps_without_an_i2c_bus_stop_the_box():
    config = board_file("pico")
    config["flaps"] = [{"type": "mcp23017", "address": 32, "count": 9}]
    del config["i2c"]
    with pytest.raises(BoardError, match="i2c"):
        validate(config)


@pytest.mark.parametrize(("key", "value", "named"), [
    ("accel", {"type": "adxl345"}, "accel.type"),
    ("accel", {"type": "lis3dh", "address": 104}, "accel.address"),
    ("display", {"height": 48, "width": 128}, None),
    ("display", {"height": 60}, "display.height"),
    ("leds", {"pin": 22}, "leds.count"),
    ("leds", {"pin": 22, "count": 9, "brightness": 300}, "leds.brightness"),
    ("buzzer", [15], "buzzer"),
    ("buzzer", {"pin": 6}, "pin 6 is already used by flaps[0]"),
])
def test_a_bad_optional_section_is_left_out_with_its_key_named(key, value, named):
    config = board_file("pico")
    config[key] = value
    clean, faults = validate(config)
    if named is None:  # kept, and said: the screens are drawn for 64 rows
        assert faults == ["board config: display: 128x48 is smaller than the 128x64 the screens are "
                          "drawn for; the rest is cut off"] and clean[key]["height"] == 48
        return
    assert clean[key] is None
    assert len(faults) == 1 and named in faults[0]
    assert clean["flaps"][0]["pins"] == [6, 7, 8, 9, 10, 11, 12, 13, 14]


def test_a_bad_button_is_left_out_and_the_others_kept():
    config = board_file("pico")
    config["buttons"]["back"] = {"pin": 22}  # the LED strip's pin
    config["buttons"]["select"]["active_low"] = "yes"
    clean, faults = validate(config)
    assert set(clean["buttons"]) == {"ok"}  # without ok no game starts: hal.board_config refuses it
    assert clean["leds"]["pin"] == 22
    assert any("buttons.back: pin 22 is already used by leds" in fault for fault in faults)
    assert any("buttons.select.active_low" in fault for fault in faults)


def test_bad_debounce_uses_the_default_and_says_so():
    config = board_file("pico")
    config["debounce_ms"] = "20"
    clean, faults = validate(config)
    assert clean["debounce_ms"] == 20
    assert faults and "debounce_ms" in faults[0]


def test_a_misspelt_key_is_reported():
    config = board_file("pico")
    config["dispaly"] = config.pop("display")
    clean, faults = validate(config)
    assert clean["display"] is None
    assert any("'dispaly'" in fault for fault in faults)


def test_optional_i2c_devices_without_a_bus_are_left_out():
    config = board_file("pico")
    del config["i2c"]
    clean, faults = validate(config)
    assert clean["accel"] is None and clean["display"] is None
    assert len(faults) == 2 and all("'i2c'" in fault for fault in faults)


@pytest.mark.parametrize(("selection", "named"), [
    ({"board": "pico", "overrides": {"rows": 3}}, r"flaps: 3 a row \(9 switches, rows: 3\); every game needs at least 9 tiles a row"),
    ({"board": "pico", "overrides": {"flaps": [{"type": "gpio", "pins": [0]}]}},
     r"flaps: 1 a row \(1 switches, rows: 1\)"),
])
def test_rows_of_fewer_flaps_than_any_game_stop_the_box_with_the_key_named(root, selection, named):
    write_selection(root, json.dumps(selection))
    config, _faults = load_config(root)
    with pytest.raises(BoardError, match=named):
        validate(config)


def test_the_fewest_flaps_a_row_is_the_smallest_box():
    from game.config import BOX_SIZES
    from hal.board_config import _MIN_TILES as MIN_TILES

    assert MIN_TILES == min(BOX_SIZES)


def test_a_flap_bank_of_null_is_refused_without_offering_null():
    config = board_file("pico")
    config["flaps"] = [None]
    with pytest.raises(BoardError) as refused:
        validate(config)
    assert str(refused.value) == "flaps[0]: must be an object {...}, got null"


@pytest.mark.parametrize("text", ["[" * 1000 + "]" * 1000, '{"board": "' + "p" * 5000 + '"}'])
def test_a_board_json_too_deep_or_too_big_falls_back_with_a_fault(root, monkeypatch, text):
    monkeypatch.setattr("sys.platform", "rp2")
    write_selection(root, text)
    config, faults = load_config(root)
    assert config["name"] == "Raspberry Pi Pico"
    assert len(faults) == 1 and faults[0].startswith("board.json: ") and "boards/pico.json" in faults[0]


def test_a_board_file_nested_too_deep_is_an_error_naming_the_file(root):
    pathlib.Path(root, "boards", "pico.json").write_text('{"flaps": ' + "[" * 1000 + "]" * 1000 + "}")
    write_selection(root, '{"board": "pico"}')
    with pytest.raises(BoardError, match="pico.json: nested more than 8 deep"):
        load_config(root)


@pytest.fixture
def flashed(tmp_path):
    """A tree as tools/flash.py lays it out for a Pico: board.json and pico.json beside
    it, no boards/; returns the root prefix."""
    from tools.flashing.build import board_json_for, build_image

    for path, data in build_image(None, board_json_for("pico")).items():
        if path.endswith(".json"):
            (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / path).write_bytes(data)
    assert not (tmp_path / "boards").exists()
    return str(tmp_path) + "/"


def test_a_flashed_board_reads_the_pin_map_beside_board_json(flashed):
    write_selection(flashed, '{"board": "pico", "overrides": {"leds": {"count": 12}}}')
    config, faults = load_config(flashed)
    assert faults == []
    assert config["name"] == "Raspberry Pi Pico"
    assert config["leds"]["count"] == 12


def test_a_flashed_pin_map_comes_before_the_sources_one(root):
    pathlib.Path(root, "pico.json").write_text(json.dumps(dict(board_file("pico"), name="flashed")))
    write_selection(root, '{"board": "pico"}')
    assert load_config(root)[0]["name"] == "flashed"


def test_a_flashed_board_naming_a_pin_map_it_lacks_says_to_flash_that_board(flashed):
    write_selection(flashed, '{"board": "pico_w"}')
    with pytest.raises(BoardError, match="names pico_w, whose pin map is neither .*/pico_w.json "
                                         "nor .*boards/pico_w.json: flash the firmware with --board pico_w"):
        load_config(flashed)


def test_a_flashed_board_without_board_json_falls_back_to_its_pin_map(flashed, monkeypatch):
    monkeypatch.setattr("sys.platform", "rp2")
    pathlib.Path(flashed, "board.json").unlink()
    config, faults = load_config(flashed)
    assert config["name"] == "Raspberry Pi Pico"
    assert len(faults) == 1 and faults[0].startswith("board.json: ") and faults[0].endswith("; using pico.json")


def test_a_damaged_flashed_pin_map_is_an_error_naming_it(flashed):
    pathlib.Path(flashed, "pico.json").write_text('{"name": ')
    with pytest.raises(BoardError, match="/pico.json: "):
        load_config(flashed)


def test_an_led_strip_shorter_than_the_flaps_and_a_small_display_are_said_and_kept():
    config = board_file("pico")
    config["leds"]["count"] = 1
    config["display"]["height"] = 16
    clean, faults = validate(config)
    assert clean["leds"]["count"] == 1 and clean["display"]["height"] == 16
    assert faults == ["board config: leds: count 1 lights tiles 1..1; the other 8 stay dark",
                      "board config: display: 128x16 is smaller than the 128x64 the screens are drawn "
                      "for; the rest is cut off"]

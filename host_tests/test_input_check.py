"""The input check (issue 44): a box wired or set up wrong shows each input live, from the
menu's row "Check inputs", at its first power-on (no /data/ yet) or with select held while it
powers on; ok held 2 s leaves it, to the menu. It never starts, changes or loses a match, and
its module is loaded only while it is shown."""

import importlib
import pathlib
import sys

import pytest
from box_steps import leave_match, oled, roll, start
from test_oled_worst_cases import CheckedPanel

from board_sim.box import FIRMWARE, BoxOptions, SimBox
from board_sim.install import simulated

SHUT_LED = (0, 48, 0)  # app.lights' LEGAL green through the stock brightness
MODULE = "app.input_check"


class BootedBox(SimBox):
    """A SimBox powered on as the board boots: main.py's start() (app.startup), reading the
    firmware's board.json and config.json, the keeper's /data/ being `data_dir`; `select_held`:
    select is held while it powers on (and let go just after)."""

    def __init__(self, data_dir, select_held=False, **options):
        self.select_held = select_held
        SimBox.__init__(self, BoxOptions(data_dir=data_dir, **options))

    def _build(self, options):
        import app.keeper
        from app.view import View

        if self.select_held:
            self.board.hold("select")
        directory = app.keeper.DIRECTORY
        app.keeper.DIRECTORY = self.data_dir
        try:
            sys.modules.pop("main", None)
            self.app = importlib.import_module("main").start()
        finally:
            app.keeper.DIRECTORY = directory
            sys.modules.pop("main", None)
        self.keeper = self.app.keeper
        self.view = View(self.app)
        if self.select_held:
            self.board.hold("select", False)


@pytest.fixture
def firmware_cwd(monkeypatch):
    """The firmware's own files (board.json, config.json) as the board's flash: the cwd."""
    monkeypatch.chdir(FIRMWARE)


def to_check(box):
    """From the menu, select down to "Check inputs" and open it with ok."""
    box.run(300)
    for _ in range(12):
        if box.view.menu.row == 4:
            break
        box.board.press("select")
        box.run(300)
    assert oled(box)[6] == ">Check inputs"
    box.board.press("ok")
    box.run(300)
    assert checking(box)


def checking(box):
    return oled(box)[0] == "INPUT CHECK"


def leave_check(box):
    box.board.hold("ok")
    box.run(2300)
    box.board.hold("ok", False)
    box.run(300)


def match_file(data_dir):
    """The match's files as the flash holds them (its two slots: hal.storage's), by name."""
    return {path.name: path.read_bytes() for path in (pathlib.Path(data_dir) / "play").glob("match*")}


def test_the_menu_row_opens_it_and_only_ok_held_two_seconds_leaves_it_to_the_menu():
    from app.core import MENU

    box = SimBox(BoxOptions(seed=1, preset="full-house", players=3))
    try:
        box.run(300)
        assert MODULE not in sys.modules  # nothing of it at boot
        menu = box.view.menu
        choices = (menu.name(), menu.players, menu.hints_on)
        to_check(box)
        assert MODULE in sys.modules
        assert oled(box)[7] == "hold ok 2s: menu"
        box.board.press("ok", 1900)  # a long press that starts a match in the menu: not here
        box.run(2200)
        assert checking(box) and box.view.phase == MENU
        box.board.press("select")
        box.run(300)
        assert checking(box)
        leave_check(box)
        assert box.view.phase == MENU and not checking(box) and oled(box)[6] == ">Check inputs"
        assert MODULE not in sys.modules  # let go
        menu = box.view.menu
        assert (menu.name(), menu.players, menu.hints_on) == choices and box.view.match is None
    finally:
        box.close()


def test_a_flap_shut_shows_its_number_and_lights_its_led_live():
    box = SimBox(BoxOptions(seed=2))
    try:
        to_check(box)
        assert oled(box)[3] == "shut: none" and SHUT_LED not in box.board.led_colors()
        box.board.set_flap(3, True)
        box.board.set_flap(9, True)
        box.run(200)
        assert oled(box)[3] == "shut: 3 9"
        leds = box.board.led_colors()
        assert [index + 1 for index in range(9) if leds[index] == SHUT_LED] == [3, 9]
        box.board.set_flap(3, False)
        box.run(200)
        assert oled(box)[3] == "shut: 9"
        assert [index + 1 for index in range(9) if box.board.led_colors()[index] == SHUT_LED] == [9]
    finally:
        box.close()


def test_each_button_pressed_is_named_and_beeps():
    box = SimBox(BoxOptions(seed=3))
    try:
        to_check(box)
        assert oled(box)[4] == "press: none"
        for name in ("select", "ok"):
            tones = len(box.board.tones())
            box.board.hold(name)
            box.run(200)
            assert oled(box)[4] == "press: " + name
            assert len(box.board.tones()) == tones + 1  # a short beep
            box.board.hold(name, False)
            box.run(200)
        box.board.hold("select")
        box.board.hold("ok")
        box.run(200)
        assert oled(box)[4] == "press: select ok"
    finally:
        box.close()


def test_ok_and_select_wired_the_other_way_round_show_swapped():
    box = SimBox(BoxOptions(seed=4))
    try:
        to_check(box)
        buttons = box.app.devices.buttons  # the board file's pins swapped: each reads the other's switch
        buttons["ok"].pin, buttons["select"].pin = buttons["select"].pin, buttons["ok"].pin
        box.board.hold("select")
        box.run(200)
        assert oled(box)[4] == "press: ok"
        box.board.hold("select", False)
        box.run(200)
        assert oled(box)[4] == "press: none"
    finally:
        box.close()


def test_flaps_read_with_active_low_the_wrong_way_show_all_shut():
    box = SimBox(BoxOptions(seed=5))
    try:
        to_check(box)
        for bank in box.app.devices.flaps.banks:  # board.json's active_low the wrong way round
            bank._closed_level ^= 1
        box.run(200)
        assert oled(box)[3] == "shut: 9 of 9"
        assert box.board.led_colors()[:9] == [SHUT_LED] * 9
    finally:
        box.close()


def test_the_accelerometer_s_reading_its_shake_and_the_threshold_show_live():
    box = SimBox(BoxOptions(seed=6))
    try:
        to_check(box)
        assert oled(box)[5:7] == ["x 0.0y 0.0z 1.0g", "shake at 0.35g"]
        box.board.motion.tilt(0, -600, 800)  # tilted some 37 degrees
        box.run(300)
        assert oled(box)[5] == "x 0.0y-0.6z 0.8g"
        box.board.shake(900)
        box.run(600)
        assert oled(box)[6] == "shake! at 0.35g"
        box.run(1500)
        assert oled(box)[6] == "shake at 0.35g"
        box.app.devices.shake.threshold_mg = 10000  # board.json's shake threshold at 10 g
        box.board.shake(900)
        box.run(600)
        assert oled(box)[6] == "shake at 10.00g"  # no hand shakes that hard: no "shake!"
    finally:
        box.close()


def test_a_dead_or_missing_accelerometer_says_so():
    box = SimBox(BoxOptions(seed=7))
    try:
        to_check(box)
        box.board.fail_device("accel", "eio")
        box.run(4000)  # the fault's own screen first, for its 3 s
        assert oled(box)[5:7] == ["accel: no answer", "ok rolls instead"]
        box.board.heal_device("accel")
        box.run(1500)
        assert oled(box)[5] == "x 0.0y 0.0z 1.0g"
    finally:
        box.close()
    box = SimBox(BoxOptions(seed=7, accel=False))
    try:
        to_check(box)
        assert oled(box)[5:7] == ["accel: none", "ok rolls instead"]
    finally:
        box.close()


def test_a_24_tile_box_s_check_fits_the_screen():
    box = SimBox(BoxOptions(seed=8, tiles=24))
    try:
        to_check(box)
        for tile in (10, 24):
            box.board.set_flap(tile, True)
        box.run(200)
        assert oled(box)[3] == "shut: 10 24"
        pixels = box.board.display_pixels()
        filled = [index + 1 for index in range(24) if pixels[12][4 + index * 5 + 1]]  # inside each marker
        assert filled == [10, 24]
        for tile in range(1, 25):
            box.board.set_flap(tile, True)
        box.run(200)
        assert oled(box)[3] == "shut: 24 of 24"
        assert box.board.led_colors()[:24] == [SHUT_LED] * 24
    finally:
        box.close()


class _Devices:
    def __init__(self, flaps, shake):
        self.flaps = flaps
        self.shake = shake
        self.buttons = {"select": _Held(), "ok": _Held()}


class _Held:
    _down = True


class _Flaps:
    tiles = 24
    row_count = 4

    def open_mask(self, row):
        return 0x555555 if row % 2 else 0  # even rows all shut, odd rows every other flap


class _Shake:
    state = 1  # hal.shake's TUMBLING
    threshold_mg = 10000
    _counts = [-1000, -1000, 1000]

    class accel:  # noqa: N801 (as a BusAccel's attribute)
        counts_per_g = 81  # -12.3 g


class _App:
    dirty = False

    def __init__(self):
        self.devices = _Devices(_Flaps(), _Shake())

    def play(self, melody):
        pass


def test_every_line_fits_at_the_worst_case_and_no_text_overlaps():
    """24 tiles in 4 rows, every flap of some rows shut, both buttons, -12.3 g on two axes, a
    10 g threshold shaken: drawn through the firmware's driver, each character checked."""
    pinmap = {"i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000}, "flaps": [],
              "display": {"type": "ssd1306", "address": 0x3C, "width": 128, "height": 64,
                          "external_vcc": False}}
    with simulated(pinmap, seed=3) as board:
        import machine
        from app.input_check import InputCheck
        from app.screens import Screen
        from hal.ssd1306 import SSD1306_I2C

        from board_sim.frontend.oled import text_lines

        screen = Screen(CheckedPanel(SSD1306_I2C(128, 64, machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5)))))
        check = InputCheck(_App())
        check.step(0)
        assert not check.show(screen)  # the first call imports the frame's module (app.screen_check)
        assert check.show(screen)
        while screen.flush():
            pass
        lines = text_lines(board.display_pixels())
        assert lines[3:7] == ["shut: 72 of 96", "press: select ok", "x -12y -12z  12g", "shake! at 10.00g"]
        pixels = board.display_pixels()
        assert not any(pixels[y][x] for y in range(8, 24) for x in [*range(4), *range(124, 128)])  # 24 markers


def test_the_first_power_on_opens_it_and_later_boots_do_not(firmware_cwd, tmp_path):
    data = tmp_path / "data"  # no /data/ yet: the box's first power-on
    box = BootedBox(data)
    try:
        box.run(300)
        assert checking(box)
        leave_check(box)
        assert not checking(box) and oled(box)[0] == "  SHUT THE BOX"
    finally:
        box.close()
    box = BootedBox(data)
    try:
        box.run(300)
        assert oled(box)[0] == "  SHUT THE BOX"
        assert MODULE not in sys.modules
    finally:
        box.close()


def test_select_held_at_power_on_opens_it_and_the_saved_match_stays_for_the_next_boot(
        firmware_cwd, tmp_path):
    from app.core import MENU

    data = tmp_path / "data"
    box = SimBox(BoxOptions(seed=9, data_dir=data, players=1))
    try:
        start(box)
        roll(box, 3, 4)
        box.finish_saves()
        turn = (box.view.turn.total, box.view.turn.rolls)
    finally:
        box.close()
    saved = match_file(data)
    box = BootedBox(data, select_held=True)
    try:
        box.run(300)
        assert checking(box) and box.view.phase == MENU and box.view.match is None
        box.board.hold("select")
        box.run(200)
        assert oled(box)[4] == "press: select"
        box.board.hold("select", False)
        leave_check(box)
        assert box.view.phase == MENU and not checking(box)
        box.run(1000)
        assert match_file(data) == saved  # untouched
    finally:
        box.close()
    box = BootedBox(data)  # select not held: the match resumes as it was
    try:
        box.run(300)
        assert box.view.phase != MENU and (box.view.turn.total, box.view.turn.rolls) == turn
    finally:
        box.close()


def test_a_match_left_for_the_menu_takes_the_check_s_row_and_is_kept(tmp_path):
    """While a match left for the menu is kept, its Resume row stands in Check inputs' place
    (line 6; the check opens with select held at power-on) and the match's file is untouched."""
    data = tmp_path / "data"
    box = SimBox(BoxOptions(seed=10, data_dir=data, players=1))
    try:
        start(box)
        roll(box, 5, 6)
        box.finish_saves()
        leave_match(box)
        box.finish_saves()
        saved = match_file(data)
        rows = []
        for _ in range(7):
            box.board.press("select")
            box.run(300)
            rows.append(box.view.menu.row)
            assert "Check inputs" not in " ".join(oled(box)), oled(box)
        assert 4 not in rows and 5 in rows and not checking(box)
        box.run(1000)
        assert match_file(data) == saved
    finally:
        box.close()


def test_its_copies_of_other_modules_constants_match_their_originals():
    from app import core, input_check, lights, screen_check, screens
    from hal import shake

    assert input_check._SOUND_CLICK == core._SOUND_CLICK
    assert input_check._SHAKE_TUMBLING == shake.TUMBLING and input_check._SHAKE_FAULT == shake.FAULT
    assert input_check._LEGAL == lights.LEGAL and screen_check._COLUMNS == screens.COLUMNS
    assert screen_check._BUTTONS == input_check._BUTTONS
    assert (screen_check._NO_ACCEL, screen_check._ACCEL_SHAKEN, screen_check._ACCEL_DEAD) == (
        input_check._NO_ACCEL, input_check._ACCEL_SHAKEN, input_check._ACCEL_DEAD)

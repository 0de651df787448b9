"""Every HAL driver on the simulated board, built by hal.board.build_devices from a pin map."""

import json
import pathlib
import sys

import pytest

from board_sim.install import simulated

BOARDS = pathlib.Path(__file__).resolve().parent.parent / "firmware" / "boards"
TILES_1_TO_9 = 0x1FF


def pico(**overrides):
    pinmap = json.loads((BOARDS / "pico.json").read_text())
    pinmap.update(overrides)
    return pinmap


def run(board, devices, ms, step_ms=5):
    """The app loop in miniature: poll every device each step_ms; returns button events."""
    events = []
    for _ in range(ms // step_ms):
        board.advance(step_ms)
        now_ms = board.now_ms
        devices.flaps.update(now_ms)
        if devices.shake:
            devices.shake.update(now_ms)
        if devices.buzzer:
            devices.buzzer.update(now_ms)
        for name, button in devices.buttons.items():
            event = button.update(now_ms)
            if event:
                events.append((name, event))
    return events


@pytest.fixture
def box():
    """(board, devices) for the stock Pico board, every device wired."""
    with simulated(pico(), seed=7) as board:
        from hal.board import build_devices

        devices = build_devices(pico())
        yield board, devices


def test_stock_board_builds_every_device_without_a_fault(box):
    _, devices = box
    assert devices.faults == []
    assert devices.flaps.tiles == 9
    assert None not in (devices.shake, devices.display, devices.leds, devices.buzzer)
    assert set(devices.buttons) == {"select", "ok"}


def test_shutting_a_flap_clears_its_bit_once_the_bounce_is_over(box):
    board, devices = box
    assert devices.flaps.update(board.now_ms) == TILES_1_TO_9
    board.set_flap(3, True)
    seen = set()
    for _ in range(20):
        run(board, devices, 5)
        seen.add(devices.flaps.open_mask())
    assert seen <= {TILES_1_TO_9, TILES_1_TO_9 & ~0x004}  # never a bounce as a move
    assert devices.flaps.open_mask() == TILES_1_TO_9 & ~0x004
    assert devices.flaps.rows[0].raw == devices.flaps.open_mask()


def test_a_switch_stuck_shut_is_visible_as_a_tile_that_never_opens(box):
    board, devices = box
    board.fail_device("flap5", "stuck_closed")
    run(board, devices, 100)
    assert devices.flaps.open_mask() == TILES_1_TO_9 & ~0x010
    assert not board.flap_shut(5)  # the player left it open: the app tells them apart


@pytest.mark.parametrize("flaps", [
    [{"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 16},
     {"type": "mcp23017", "address": 32, "count": 8}],
    [{"type": "mcp23017", "address": 33, "count": 12},
     {"type": "gpio", "pins": [6, 7, 8, 9, 10, 11, 12, 13, 14, 26, 27, 28], "active_low": True}],
])
def test_mixed_banks_make_one_open_mask_of_24_tiles(flaps):
    pinmap = pico(flaps=flaps, leds={"pin": 22, "count": 24})
    with simulated(pinmap, seed=3) as board:
        from hal.board import build_devices

        devices = build_devices(pinmap)
        assert devices.faults == [] and devices.flaps.tiles == 24
        shut = (1, 8, 9, 12, 13, 16, 17, 24)  # both ends of every bank and chip
        for tile in shut:
            board.set_flap(tile, True)
        run(board, devices, 60)
        assert devices.flaps.open_mask() == 0xFFFFFF & ~sum(1 << (tile - 1) for tile in shut)


def test_a_gpio_board_loads_no_other_kind_of_flap_bank():
    other_kinds = ("hal.hc165", "hal.expander_bank", "hal.mcp23017")
    for name in other_kinds:
        sys.modules.pop(name, None)
    with simulated(pico(), seed=3):
        from hal.board import build_devices

        build_devices(pico())
        assert not set(other_kinds) & set(sys.modules)


def test_what_the_box_keeps_holds_nothing_of_the_boot_only_modules():
    """hal.board, hal.mcp23017 and the accelerometer drivers are let go after boot (main.py):
    Devices has no method (its functions would keep hal.board's globals), an expander bank keeps
    no MCP23017 and the shake detector reads the sensor through hal.shake.BusAccel."""
    pinmap = pico(flaps=[{"type": "mcp23017", "address": 32, "count": 9}])
    with simulated(pinmap, seed=3):
        from hal.board import build_devices

        devices = build_devices(pinmap)
        assert not [value for value in vars(type(devices)).values() if callable(value)]
        bank = devices.flaps.banks[0]
        assert "hal.mcp23017" not in [type(value).__module__ for value in vars(bank).values()]
        assert devices.shake.accel is devices.accel
        held = {type(value).__module__ for value in vars(devices.accel).values()}
        assert not {"hal.lis3dh", "hal.mpu6050"} & held
        assert type(devices.accel).__module__ == "hal.shake"


def test_two_rows_of_flaps_debounce_separately():
    pinmap = pico(flaps=[{"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 24}],
                  rows=2)
    with simulated(pinmap, seed=4) as board:
        from hal.board import build_devices

        devices = build_devices(pinmap)
        board.set_flap(2, True)  # row 0, tile 2
        board.set_flap(15, True)  # row 1, tile 3
        run(board, devices, 60)
        assert devices.flaps.open_mask(0) == 0xFFF & ~0x002
        assert devices.flaps.open_mask(1) == 0xFFF & ~0x004


def test_expander_failing_mid_game_keeps_the_last_reading_and_says_so():
    pinmap = pico(flaps=[{"type": "mcp23017", "address": 32, "count": 9}])
    with simulated(pinmap, seed=5) as board:
        from hal.board import build_devices

        devices = build_devices(pinmap)
        board.set_flap(1, True)
        run(board, devices, 60)
        board.fail_device("mcp23017_0x20", "eio")
        board.set_flap(2, True)
        run(board, devices, 60)
        assert devices.flaps.open_mask() == TILES_1_TO_9 & ~0x001
        assert "MCP23017 at 0x20" in devices.flaps.fault
        board.heal_device("mcp23017_0x20")
        run(board, devices, 60)
        assert devices.flaps.open_mask() == TILES_1_TO_9 & ~0x003
        assert devices.flaps.fault is None


@pytest.mark.parametrize("accel", [{"type": "lis3dh", "address": 24},
                                   {"type": "mpu6050", "address": 104}])
def test_shaking_the_box_rolls_and_the_dice_land_when_it_stops(accel):
    from hal.shake import LANDED, TUMBLING

    pinmap = pico(accel=accel)
    with simulated(pinmap, seed=6) as board:
        from hal.board import build_devices

        devices = build_devices(pinmap)
        states = []
        board.tap()
        for _ in range(150):
            run(board, devices, 10, step_ms=10)
            states.append(devices.shake.state)
        assert TUMBLING not in states  # a knock is not a roll
        board.shake(1200)
        states = []
        for _ in range(250):
            run(board, devices, 10, step_ms=10)
            states.append(devices.shake.state)
        assert TUMBLING in states and states.count(LANDED) == 1
        assert devices.shake.entropy_samples > 100


def test_accelerometer_vanishing_is_a_fault_not_a_crash(box):
    from hal.shake import FAULT

    board, devices = box
    board.fail_device("accel", "vanish")
    run(board, devices, 50)
    assert devices.shake.state == FAULT and devices.shake.fault


def test_display_shows_what_is_drawn(box):
    board, devices = box
    devices.display.fill(0)
    devices.display.fill_rect(10, 20, 5, 3, 1)
    devices.display.show()
    pixels = board.display_pixels()
    lit = {(x, y) for y, row in enumerate(pixels) for x, value in enumerate(row) if value}
    assert lit == {(x, y) for x in range(10, 15) for y in range(20, 23)}


def test_leds_scale_by_brightness_and_write_only_on_change(box):
    from hal.leds import TileLeds

    board, devices = box
    leds = TileLeds(devices.leds.strip, 255)
    leds.set_tile(1, 0xFF0000)
    leds.set_tile(9, 0x00FF80)
    assert leds.show() is True
    assert leds.show() is False
    colors = board.led_colors()
    assert colors[0] == (255, 0, 0) and colors[8] == (0, 255, 128) and colors[4] == (0, 0, 0)
    dimmer = TileLeds(devices.leds.strip, 127)
    dimmer.set_tile(1, 0xFF0000)
    dimmer.show()
    assert board.led_colors()[0] == (127, 0, 0)


def test_the_lights_of_a_turn_as_they_stand_are_not_written_again(box):
    """app.lights sets the row's LEDs every tick in play: a lit row unchanged is not written to
    the strip again (each write took a Pico 1.4 ms of the tick, issue 45)."""
    from app.lights import LEGAL, Lights

    board, devices = box
    lights = Lights(devices.leds, 9)
    writes = []
    write = devices.leds.strip.write
    devices.leds.strip.write = lambda: (writes.append(1), write())
    for _tick in range(3):
        lights.play(0, 9, TILES_1_TO_9, 0, 0b110, 0, 0, 0, 100)
    assert board.led_colors()[1] == (0, (LEGAL >> 8) * 65 >> 8, 0)  # tile 2 lit green
    assert len(writes) == 1
    lights.play(0, 9, TILES_1_TO_9, 0, 0b100, 0, 0, 0, 100)
    assert len(writes) == 2 and board.led_colors()[1] != (0, (LEGAL >> 8) * 65 >> 8, 0)


def test_buzzer_plays_a_melody_without_blocking(box):
    board, devices = box
    devices.buzzer.play(b"\x03\x70\x00\x64\x00\x00\x00\x32\x02\x94\x00\xc8", 0, 12)  # 880 100, 0 50, 660 200
    run(board, devices, 500)
    assert devices.buzzer.pwm.duty_u16() == 0  # the melody over, the piezo silent
    notes = [(freq, duration) for _, duration, freq in board.tones()]
    assert [freq for freq, _ in notes] == [880, 660]
    assert 95 <= notes[0][1] <= 110 and 195 <= notes[1][1] <= 210


def test_buttons_report_short_and_long_presses_once(box):
    from hal.buttons import LONG_PRESS, SHORT_PRESS

    board, devices = box
    board.press("ok", 120)
    assert run(board, devices, 300) == [("ok", SHORT_PRESS)]
    board.hold("select")
    events = run(board, devices, 1500)
    board.hold("select", False)
    events += run(board, devices, 200)
    assert events == [("select", LONG_PRESS)]


def test_missing_optional_devices_are_reported_once_and_the_box_plays_on():
    with simulated(pico(), seed=8, leave_out=("accel", "display")) as board:
        from hal.board import build_devices

        devices = build_devices(pico())
        assert devices.shake is None and devices.display is None
        assert len(devices.faults) == 2
        assert "accel" in devices.faults[0] and "display" in devices.faults[1]
        board.set_flap(9, True)
        run(board, devices, 60)
        assert devices.flaps.open_mask() == 0x0FF


def test_unreadable_flaps_stop_the_box_with_a_message():
    pinmap = pico(flaps=[{"type": "mcp23017", "address": 32, "count": 9}])
    with simulated(pinmap, seed=9) as board:
        from hal.board import BoardError, build_devices

        board.fail_device("mcp23017_0x20", "vanish")
        with pytest.raises(BoardError, match="flaps"):
            build_devices(pinmap)

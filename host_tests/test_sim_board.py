"""SimBoard.from_pinmap wires what a pin map names; install/uninstall leave the host as it was."""

import json
import pathlib
import sys

import pytest

from board_sim.board import SimBoard
from board_sim.install import install, simulated, uninstall
from board_sim.wiring import load_pinmap

ROOT = pathlib.Path(__file__).resolve().parent.parent
BOARD_FILES = sorted((ROOT / "firmware" / "boards").glob("*.json"))


@pytest.mark.parametrize("board_file", BOARD_FILES, ids=lambda path: path.stem)
def test_every_board_file_wires_its_devices(board_file):
    pinmap = json.loads(board_file.read_text())
    board = SimBoard.from_pinmap(pinmap)
    assert len(board.flaps) == sum(bank.get("count", len(bank.get("pins", ()))) for bank in pinmap["flaps"])
    assert (board.accel is not None) == bool(pinmap.get("accel"))
    assert (board.display is not None) == bool(pinmap.get("display"))
    assert set(board.buttons) == set(pinmap.get("buttons") or {})
    bus = board.bus(pinmap["i2c"]["sda"], pinmap["i2c"]["scl"])
    assert bus.scan() == sorted(spec["address"] for spec in (pinmap.get("accel"), pinmap.get("display")) if spec)


def test_the_selected_board_json_resolves_with_overrides(tmp_path):
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "pico.json").write_text((ROOT / "firmware/boards/pico.json").read_text())
    (tmp_path / "board.json").write_text(json.dumps(
        {"board": "pico", "overrides": {"leds": {"count": 12}, "accel": None}}))
    pinmap = load_pinmap(str(tmp_path))
    assert pinmap["leds"]["count"] == 12 and pinmap["leds"]["pin"] == 22
    assert pinmap["accel"] is None


def test_mixed_banks_number_the_tiles_across_banks_in_order():
    pinmap = {
        "i2c": {"id": 0, "sda": 4, "scl": 5},
        "flaps": [{"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 16},
                  {"type": "mcp23017", "address": 32, "count": 8}],
    }
    board = SimBoard.from_pinmap(pinmap)
    assert len(board.flaps) == 24
    assert board.devices["flap17"] is board.devices["mcp23017_0x20"].switches[0]


def test_optional_devices_can_be_left_out_or_replaced():
    pinmap = json.loads((ROOT / "firmware/boards/pico.json").read_text())
    board = SimBoard.from_pinmap(pinmap, leave_out=("display", "leds", "buzzer"),
                                 accel={"type": "mpu6050", "address": 0x68})
    assert board.display is None and board.display_pixels() == []
    assert board.led_colors() == [] and board.sounds == []
    assert board.bus(4, 5).scan() == [0x68]
    assert "button_ok" in board.devices
    with pytest.raises(ValueError):
        SimBoard.from_pinmap(pinmap, leave_out=("flaps",))


def test_install_swaps_the_stand_ins_in_and_out():
    before = {name: sys.modules.get(name) for name in ("machine", "neopixel", "framebuf", "micropython")}
    with simulated() as board:
        import framebuf
        import machine
        from micropython import const

        assert machine.Pin(3, machine.Pin.OUT, value=1).value() == 1
        assert board.line(3).level() == 1
        assert framebuf.MONO_VLSB == 0 and const(7) == 7
    after = {name: sys.modules.get(name) for name in before}
    assert after == before


def test_only_one_board_at_a_time_and_cleanup_after_an_error():
    with pytest.raises(RuntimeError):
        with simulated():
            install(SimBoard())
    with pytest.raises(ZeroDivisionError):
        with simulated():
            raise ZeroDivisionError
    with simulated() as board:  # the failed block left nothing installed
        assert board.now_ms == 0
    uninstall()  # a second uninstall is harmless


def test_machine_without_a_board_says_so():
    from board_sim.upy import machine

    with pytest.raises(RuntimeError, match="no simulated board"):
        machine.Pin(1)


def test_firmware_modules_imported_on_a_board_are_forgotten_after_it(tmp_path, monkeypatch):
    (tmp_path / "sim_probe_firmware.py").write_text("import machine\nPIN = machine.Pin(2)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with simulated():
        import sim_probe_firmware

        assert sim_probe_firmware.PIN.id == 2
    assert "sim_probe_firmware" not in sys.modules
    assert "json" in sys.modules  # the host's own modules stay


def test_hal_builds_every_device_of_the_pico_board_without_a_fault():
    pinmap = json.loads((ROOT / "firmware/boards/pico.json").read_text())
    with simulated(pinmap) as board:
        from hal.board import build_devices

        devices = build_devices(pinmap)
        assert devices.faults == []
        assert devices.display is not None and devices.accel is not None
        board.set_flap(2, True)
        board.advance(10)
        assert devices.flaps.banks[0].read_closed() == 0b10

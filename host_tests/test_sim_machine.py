"""The machine stand-in behaves as MicroPython's rp2 machine does: pins, I2C errors, PWM, timers, WDT."""

import errno

import pytest

from board_sim.board import WDT_RESET, MachineReset
from board_sim.install import simulated

BUS_PINMAP = {
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
    "flaps": [{"type": "gpio", "pins": [6, 7], "active_low": True}],
    "accel": {"type": "lis3dh", "address": 0x18},
    "display": {"type": "ssd1306", "address": 0x3C},
}


@pytest.fixture
def board():
    with simulated(BUS_PINMAP, seed=3) as simulated_board:
        yield simulated_board


def test_input_reads_its_pull_and_floats_without_one(board):
    import machine

    assert machine.Pin(2, machine.Pin.IN, machine.Pin.PULL_UP).value() == 1
    assert machine.Pin(3, machine.Pin.IN, machine.Pin.PULL_DOWN).value() == 0
    floating = machine.Pin(26, machine.Pin.IN)
    assert {floating.value() for _ in range(64)} == {0, 1}


def test_output_drives_the_line_and_toggles(board):
    import machine

    pin = machine.Pin("GP16", machine.Pin.OUT, value=1)
    assert pin.value() == 1 and board.line(16).level() == 1
    pin.toggle()
    assert pin() == 0
    pin.on()
    assert machine.Pin(16).value() == 1


def test_a_gpio_has_one_pin_object_that_a_new_pin_call_configures_again(board):
    """As on the rp2 and esp32 ports, whose Pin objects are static: no heap per Pin() call."""
    import machine

    pin = machine.Pin(16, machine.Pin.OUT, value=1)
    assert machine.Pin("GP16") is pin and machine.Pin(pin) is pin
    again = machine.Pin(16, machine.Pin.IN, machine.Pin.PULL_DOWN)
    assert again is pin and board.line(16).mode == machine.Pin.IN and pin.value() == 0
    assert machine.Pin(17) is not pin


def test_open_drain_only_pulls_low(board):
    import machine

    pin = machine.Pin(17, machine.Pin.OPEN_DRAIN, machine.Pin.PULL_UP, value=0)
    assert pin.value() == 0
    pin.value(1)
    assert pin.value() == 1  # released: the pull-up wins


def test_pin_ids_outside_the_rp2040_are_rejected(board):
    import machine

    with pytest.raises(ValueError):
        machine.Pin(30)


def test_signal_inverts_an_active_low_switch(board):
    import machine

    switch = machine.Signal(machine.Pin(6, machine.Pin.IN, machine.Pin.PULL_UP), invert=True)
    assert switch.value() == 0
    board.set_flap(1, True)
    board.advance(10)
    assert switch.value() == 1
    led = machine.Signal(25, machine.Pin.OUT, invert=True)
    led.on()
    assert board.line(25).level() == 0


def test_pin_irq_runs_on_falling_edges_as_time_passes(board):
    import machine

    edges = []
    pin = machine.Pin(7, machine.Pin.IN, machine.Pin.PULL_UP)
    pin.irq(lambda fired: edges.append((board.now_ms, fired.value())), machine.Pin.IRQ_FALLING)
    board.set_flap(2, True)
    board.advance(20)
    assert edges and all(level == 0 for _, level in edges)
    assert edges[0][0] <= 1


def test_rp2_hardware_i2c_checks_its_pins(board):
    import machine

    with pytest.raises(ValueError, match="SDA"):
        machine.I2C(0, sda=machine.Pin(5), scl=machine.Pin(4))
    with pytest.raises(ValueError):
        machine.I2C(2)


def test_scan_lists_the_devices_that_acknowledge(board):
    import machine

    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
    assert i2c.scan() == [0x18, 0x3C]
    assert machine.I2C(1, sda=machine.Pin(6), scl=machine.Pin(7)).scan() == []


def test_register_reads_and_writes_through_every_i2c_method(board):
    import machine

    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
    assert i2c.readfrom_mem(0x18, 0x0F, 1) == b"\x33"
    i2c.writeto_mem(0x18, 0x20, b"\x57")
    buffer = bytearray(1)
    i2c.readfrom_mem_into(0x18, 0x20, buffer)
    assert buffer == b"\x57"
    assert i2c.writeto(0x18, b"\x23\x88") == 2
    i2c.writeto(0x18, b"\x23", False)
    assert i2c.readfrom(0x18, 1) == b"\x88"
    assert i2c.writevto(0x18, (b"\x21", b"\x09")) == 2
    assert i2c.readfrom_mem(0x18, 0x21, 1, addrsize=8) == b"\x09"
    with pytest.raises(ValueError):
        i2c.readfrom_mem(0x18, 0x21, 1, addrsize=12)


def test_missing_device_raises_eio_on_hardware_i2c_and_enodev_on_soft_i2c(board):
    import machine

    hardware = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
    soft = machine.SoftI2C(scl=machine.Pin(5), sda=machine.Pin(4))
    with pytest.raises(OSError) as hardware_error:
        hardware.readfrom_mem(0x68, 0x75, 1)
    with pytest.raises(OSError) as soft_error:
        soft.readfrom_mem(0x68, 0x75, 1)
    assert hardware_error.value.errno == errno.EIO == 5
    assert soft_error.value.errno == errno.ENODEV == 19


def test_a_vanished_device_nacks_until_healed(board):
    import machine

    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
    board.fail_device("accel", "vanish")
    assert i2c.scan() == [0x3C]
    with pytest.raises(OSError) as error:
        i2c.readfrom_mem(0x18, 0x0F, 1)
    assert error.value.errno == errno.EIO
    board.heal_device("accel")
    assert i2c.readfrom_mem(0x18, 0x0F, 1) == b"\x33"


def test_eio_and_timeout_faults_raise_their_errno_and_a_timeout_costs_its_time(board):
    import machine

    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), timeout=50000)
    board.fail_device("display", "eio")
    with pytest.raises(OSError) as error:
        i2c.writeto(0x3C, b"\x80\xaf")
    assert error.value.errno == errno.EIO
    board.fail_device("display", "timeout")
    before_us = board.clock.now_us
    with pytest.raises(OSError) as error:
        i2c.writeto(0x3C, b"\x80\xaf")
    assert error.value.errno == errno.ETIMEDOUT == 110
    assert board.clock.now_us - before_us >= 50000
    with pytest.raises(ValueError):
        board.fail_device("display", "smoke")


def test_i2c_transfers_take_bus_time(board):
    import machine

    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), freq=400000)
    before_us = board.clock.now_us
    i2c.writeto(0x3C, bytes(1025))
    # 1026 bytes of 9 clocks at 400 kHz: about 23 ms, as a real full-screen SSD1306 update.
    assert 23000 <= board.clock.now_us - before_us <= 23200


def test_pwm_reports_every_change_to_the_piezo():
    with simulated({"flaps": [], "buzzer": {"pin": 15}}) as board:
        import machine

        pwm = machine.PWM(machine.Pin(15), freq=2000, duty_u16=0)
        board.advance(5)
        pwm.duty_u16(32768)
        assert pwm.freq() == 2000 and pwm.duty_u16() == 32768
        assert pwm.duty_ns() == 250000
        board.advance(100)
        pwm.deinit()
        assert board.sounds[-2:] == [(5, 2000, 32768), (105, 2000, 0)]
        assert board.tones() == [(5, 100, 2000)]
        with pytest.raises(ValueError):
            pwm.freq(5)


def test_timers_fire_on_simulated_time(board):
    import machine

    periodic_ticks = []
    one_shot = []
    timer = machine.Timer(-1, mode=machine.Timer.PERIODIC, period=10,
                          callback=lambda _: periodic_ticks.append(board.now_ms))
    machine.Timer(mode=machine.Timer.ONE_SHOT, period=25, callback=lambda _: one_shot.append(board.now_ms))
    board.advance(45)
    assert periodic_ticks == [10, 20, 30, 40]
    assert one_shot == [25]
    timer.deinit()
    board.advance(50)
    assert periodic_ticks == [10, 20, 30, 40]


def test_a_fed_watchdog_never_bites(board):
    import time

    import machine

    watchdog = machine.WDT(timeout=100)
    for _ in range(50):
        time.sleep_ms(60)
        watchdog.feed()
    assert board.wdt_resets == []


def test_a_starved_watchdog_resets_the_mcu_but_not_the_devices(board):
    import time

    import machine

    pin = machine.Pin(16, machine.Pin.OUT, value=1)
    machine.WDT(timeout=200)
    i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
    i2c.writeto_mem(0x18, 0x20, b"\x57")
    time.sleep_ms(150)
    with pytest.raises(MachineReset) as reset:
        time.sleep_ms(100)
    assert reset.value.cause == WDT_RESET
    assert board.wdt_resets == [200]
    assert board.now_ms == 200
    assert machine.reset_cause() == machine.WDT_RESET
    assert board.line(16).mode is None and pin.value() in (0, 1)
    assert i2c.readfrom_mem(0x18, 0x20, 1) == b"\x57"  # the sensor kept its power
    time.sleep_ms(1000)  # the watchdog is off after the reset
    assert board.wdt_resets == [200]


def test_a_soft_reset_does_not_stop_the_watchdog_as_on_rp2(board):
    import time

    import machine

    machine.WDT(timeout=200)
    time.sleep_ms(150)
    with pytest.raises(MachineReset):
        machine.soft_reset()  # mpremote's Ctrl-D: the rp2 port has no WDT.deinit, nor stops it
    assert machine.reset_cause() == machine.PWRON_RESET
    with pytest.raises(MachineReset) as reset:
        time.sleep_ms(100)
    assert reset.value.cause == WDT_RESET and board.wdt_resets == [200]


def test_the_watchdog_limit_is_the_rp2040s(board):
    import machine

    with pytest.raises(ValueError):
        machine.WDT(timeout=9000)


def test_machine_reset_is_observable(board):
    import machine

    assert machine.reset_cause() == machine.PWRON_RESET
    with pytest.raises(MachineReset):
        machine.reset()
    assert board.boots == 2
    assert len(machine.unique_id()) == 8
    assert machine.freq() == 125_000_000

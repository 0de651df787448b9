"""The simulated LIS3DH and MPU-6050 answer at the register level, fed by one motion model."""

import pytest

from board_sim.devices.motion import MotionModel
from board_sim.install import simulated

LIS3DH = 0x18
MPU6050 = 0x68
PINMAP = {
    "i2c": {"id": 0, "sda": 4, "scl": 5, "freq": 400000},
    "flaps": [],
    "accel": {"type": "lis3dh", "address": LIS3DH},
}


def signed16(low, high):
    value = low | (high << 8)
    return value - 0x10000 if value & 0x8000 else value


@pytest.fixture
def lis3dh():
    with simulated(PINMAP, seed=8) as board:
        import machine

        yield board, machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))


@pytest.fixture
def mpu6050():
    with simulated(PINMAP, seed=8, accel={"type": "mpu6050", "address": MPU6050}) as board:
        import machine

        yield board, machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))


def lis3dh_xyz(i2c):
    raw = i2c.readfrom_mem(LIS3DH, 0x28 | 0x80, 6)
    return [signed16(raw[i], raw[i + 1]) for i in (0, 2, 4)]


def test_lis3dh_identifies_itself_and_powers_up_asleep(lis3dh):
    board, i2c = lis3dh
    assert i2c.readfrom_mem(LIS3DH, 0x0F, 1) == b"\x33"
    assert i2c.readfrom_mem(LIS3DH, 0x20, 1) == b"\x07"
    board.advance(50)
    assert lis3dh_xyz(i2c) == [0, 0, 0]
    assert i2c.readfrom_mem(LIS3DH, 0x27, 1) == b"\x00"


@pytest.mark.parametrize("ctrl1, ctrl4, bits, mg_per_digit", [
    (0x57, 0x00, 10, 4),    # normal mode, +-2 g
    (0x57, 0x08, 12, 1),    # high resolution, +-2 g
    (0x57, 0x18, 12, 2),    # high resolution, +-4 g
    (0x5F, 0x30, 8, 192),   # low power, +-16 g
])
def test_lis3dh_gravity_is_left_justified_at_the_mode_resolution(lis3dh, ctrl1, ctrl4, bits, mg_per_digit):
    board, i2c = lis3dh
    i2c.writeto_mem(LIS3DH, 0x20, bytes((ctrl1,)))
    i2c.writeto_mem(LIS3DH, 0x23, bytes((ctrl4,)))
    board.advance(20)
    x, y, z = lis3dh_xyz(i2c)
    for value in (x, y, z):
        assert value % (1 << (16 - bits)) == 0
    digits = z >> (16 - bits)
    assert abs(digits * mg_per_digit - 1000) <= 10 + mg_per_digit
    assert abs(x >> (16 - bits)) * mg_per_digit <= 10 + mg_per_digit


def test_lis3dh_reads_one_register_without_the_auto_increment_bit(lis3dh):
    board, i2c = lis3dh
    i2c.writeto_mem(LIS3DH, 0x20, b"\x57")
    board.advance(20)
    repeated = i2c.readfrom_mem(LIS3DH, 0x2D, 3)
    assert repeated[0] == repeated[1] == repeated[2]


def test_lis3dh_big_endian_option_swaps_the_bytes(lis3dh):
    board, i2c = lis3dh
    i2c.writeto_mem(LIS3DH, 0x20 | 0x80, b"\x57\x00\x00\x48")  # CTRL_REG1..4 in one write
    board.advance(20)
    raw = i2c.readfrom_mem(LIS3DH, 0x2C | 0x80, 2)
    assert abs(signed16(raw[1], raw[0]) // 16 - 1000) < 20


def test_lis3dh_status_reports_new_and_overrun_data(lis3dh):
    board, i2c = lis3dh
    i2c.writeto_mem(LIS3DH, 0x20, b"\x57")  # 100 Hz
    board.advance(15)
    assert i2c.readfrom_mem(LIS3DH, 0x27, 1)[0] & 0x08
    lis3dh_xyz(i2c)
    assert i2c.readfrom_mem(LIS3DH, 0x27, 1)[0] == 0
    board.advance(35)
    assert i2c.readfrom_mem(LIS3DH, 0x27, 1)[0] & 0x88 == 0x88


def test_mpu6050_reads_zero_until_woken(mpu6050):
    board, i2c = mpu6050
    assert i2c.readfrom_mem(MPU6050, 0x75, 1) == b"\x68"
    assert i2c.readfrom_mem(MPU6050, 0x6B, 1) == b"\x40"
    board.advance(20)
    assert i2c.readfrom_mem(MPU6050, 0x3B, 6) == bytes(6)
    i2c.writeto_mem(MPU6050, 0x6B, b"\x01")
    board.advance(20)
    raw = i2c.readfrom_mem(MPU6050, 0x3B, 6)
    z = signed16(raw[5], raw[4])
    assert abs(z - 16384) < 300


def test_mpu6050_full_scale_and_device_reset(mpu6050):
    board, i2c = mpu6050
    i2c.writeto_mem(MPU6050, 0x6B, b"\x01")
    i2c.writeto_mem(MPU6050, 0x1C, b"\x18")  # +-16 g: 2048 counts a g
    board.advance(20)
    raw = i2c.readfrom_mem(MPU6050, 0x3B, 8)
    assert abs(signed16(raw[5], raw[4]) - 2048) < 40
    assert signed16(raw[7], raw[6]) < 0  # TEMP_OUT at room temperature
    i2c.writeto_mem(MPU6050, 0x6B, b"\x80")
    assert i2c.readfrom_mem(MPU6050, 0x6B, 1) == b"\x40"
    assert i2c.readfrom_mem(MPU6050, 0x1C, 1) == b"\x00"


def test_hal_drivers_read_gravity_from_both_sensors(lis3dh):
    board, i2c = lis3dh
    from hal.lis3dh import LIS3DH_I2C

    driver = LIS3DH_I2C(i2c)
    board.advance(20)
    counts = [0, 0, 0]
    driver.read_raw(counts)
    assert abs(counts[2] / driver.counts_per_g - 1.0) < 0.05


@pytest.mark.parametrize("sensor", ["lis3dh", "mpu6050"])
def test_the_box_reads_each_sensor_as_its_driver_does(sensor):
    """hal.board lets the driver go after boot and hal.shake.BusAccel reads the sample: the same
    counts (signs and byte order included) and the same counts_per_g."""
    address = LIS3DH if sensor == "lis3dh" else MPU6050
    with simulated(PINMAP, seed=11, accel={"type": sensor, "address": address}) as board:
        import machine
        from hal.lis3dh import LIS3DH_I2C
        from hal.mpu6050 import MPU6050 as MPU6050Driver
        from hal.shake import BusAccel

        i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
        driver = LIS3DH_I2C(i2c) if sensor == "lis3dh" else MPU6050Driver(i2c)
        reader = BusAccel(driver)
        assert reader.counts_per_g == driver.counts_per_g
        board.motion.tilt(-700, 400, -600)  # every axis off zero, two of them negative
        for _ in range(3):
            board.advance(20)
            by_driver = [0, 0, 0]
            by_reader = [0, 0, 0]
            driver.read_raw(by_driver)
            reader.read_raw(by_reader)
            assert by_reader == by_driver
        assert by_reader[0] < 0 < by_reader[1] and by_reader[2] < 0


def motion_energy_mg(model, start_us, end_us, step_us=10000):
    """How far each 100 Hz sample strays from rest (sum over the axes), as a shake detector sees it."""
    rest = model.gravity_mg
    return [sum(abs(a - g) for a, g in zip(model.acceleration_mg(t), rest, strict=True))
            for t in range(start_us, end_us, step_us)]


def test_rest_is_gravity_and_a_few_mg_of_noise():
    model = MotionModel(seed=1)
    energies = motion_energy_mg(model, 0, 2_000_000)
    assert max(energies) < 30
    assert len(set(energies)) > 5


def test_a_shake_stays_strong_for_its_whole_length_and_then_stops():
    for seed in range(10):
        model = MotionModel(seed)
        model.shake(100_000, 800_000)
        during = motion_energy_mg(model, 100_000, 900_000)
        assert sum(1 for energy in during if energy > 350) >= 0.85 * len(during)
        longest_gap = 0
        gap = 0
        for energy in during:
            gap = gap + 10 if energy <= 350 else 0
            longest_gap = max(longest_gap, gap)
        assert longest_gap < 150
        assert max(motion_energy_mg(model, 900_000, 1_500_000)) < 30


def test_a_tap_is_one_short_spike():
    model = MotionModel(seed=3)
    model.tap(500_000)
    energies = motion_energy_mg(model, 400_000, 700_000, 1000)
    strong_ms = [index for index, energy in enumerate(energies) if energy > 350]
    assert strong_ms and strong_ms[0] == 100
    assert strong_ms[-1] - strong_ms[0] < 30


def test_board_shake_reaches_the_sensor_registers(lis3dh):
    board, i2c = lis3dh
    i2c.writeto_mem(LIS3DH, 0x20, b"\x57")
    i2c.writeto_mem(LIS3DH, 0x23, b"\x18")
    board.advance(20)
    board.shake(500)
    peaks = []
    for _ in range(40):
        board.advance(10)
        x, y, z = lis3dh_xyz(i2c)
        peaks.append(max(abs(x), abs(y), abs(z - 8000)) // 8)  # mg at 2 mg a 12-bit digit
    assert max(peaks) > 1000


def run_detector(board, detector, ms):
    states = []
    for _ in range(ms // 10):
        states.append(detector.update(board.now_ms))
        board.advance(10)
    return states


@pytest.mark.parametrize("sensor", ["lis3dh", "mpu6050"])
def test_hal_shake_detector_rolls_on_a_shake_and_not_on_a_tap(sensor):
    address = LIS3DH if sensor == "lis3dh" else MPU6050
    with simulated(PINMAP, seed=11, accel={"type": sensor, "address": address}) as board:
        import machine
        from hal.lis3dh import LIS3DH_I2C
        from hal.mpu6050 import MPU6050 as MPU6050Driver
        from hal.shake import LANDED, ShakeDetector

        i2c = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5))
        driver = LIS3DH_I2C(i2c) if sensor == "lis3dh" else MPU6050Driver(i2c)
        detector = ShakeDetector(driver)
        run_detector(board, detector, 500)
        board.tap()
        assert LANDED not in run_detector(board, detector, 1500)
        board.shake(1000)
        assert run_detector(board, detector, 2000).count(LANDED) == 1


@pytest.mark.parametrize("ctrl4", [0x00, 0x80, 0x40, 0xC8])
def test_lis3dh_whole_sample_read_is_the_register_by_register_read(ctrl4):
    """The LIS3DH answers a 6-byte auto-increment read from OUT_X_L at once (board_sim's
    quick path): the bytes, STATUS_REG's new/overrun bits and the block-data-update hold are
    what reading the same registers one transaction at a time gives, at every moment."""
    from board_sim.clock import SimClock
    from board_sim.devices.i2c_device import RegisterDevice
    from board_sim.devices.lis3dh import LIS3DH as Sensor

    sensors = []
    for _ in range(2):
        motion = MotionModel(5)
        motion.shake(20000, 300000)
        motion.tap(500000)
        sensor = Sensor(SimClock(), motion)
        sensor.i2c_write(bytes((0x20, 0x77)))  # 400 Hz, every axis
        sensor.i2c_write(bytes((0x23, ctrl4)))
        sensors.append(sensor)
    quick, slow = sensors
    for step in range(300):
        for sensor in sensors:
            sensor.clock.now_us = step * 1700
        if step % 5 == 0:  # a read of half a sample: BDU holds the next one back
            for sensor in sensors:
                sensor.i2c_write(bytes((0x28 | 0x80,)))
                sensor.i2c_read(3)
        quick.i2c_write(bytes((0x28 | 0x80,)))
        slow.i2c_write(bytes((0x28 | 0x80,)))
        got = quick.i2c_read(6)
        want = RegisterDevice.i2c_read(slow, 6)
        assert got == want, step
        assert quick.pointer == slow.pointer
        for sensor in sensors:
            sensor.i2c_write(bytes((0x27,)))
        assert quick.i2c_read(1) == RegisterDevice.i2c_read(slow, 1), step

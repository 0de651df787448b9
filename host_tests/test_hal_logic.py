"""The HAL's pure decision logic (debouncer, shake detector) on CPython and on real MicroPython.

Plain functions and asserts, so the module itself runs under the unix MicroPython port:
test_runs_on_real_micropython() starts it there (Pico-sized heap) and checks every test passed,
including the allocation checks that lock the heap.
"""

import sys
import time

from hal.flaps import Debouncer
from hal.shake import FAULT, IDLE, LANDED, TUMBLING, BusAccel, ShakeDetector

ON_MICROPYTHON = sys.implementation.name == "micropython"

COUNTS_PER_G = 8192  # an MPU-6050 at +-4 g


class RecordedMotion:
    """An accelerometer replaying a motion script: a function of the time the test sets.

    Stands in for the sensor only where the decision logic is under test; the bus-level
    drivers are tested against board_sim in test_hal_accel.py.
    """

    counts_per_g = COUNTS_PER_G

    def __init__(self, motion, seed=1):
        self.motion = motion  # now_ms -> (x, y, z) in mg
        self.now_ms = 0
        self.noise_state = seed
        self.failing = False

    def _noise(self):
        self.noise_state = (self.noise_state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.noise_state >> 16) % 9 - 4  # +-4 counts, as a real sensor's LSBs wander

    def read_raw(self, into):
        if self.failing:
            raise OSError(5)  # EIO, as a bus with the sensor unplugged reports
        x, y, z = self.motion(self.now_ms)
        into[0] = x * COUNTS_PER_G // 1000 + self._noise()
        into[1] = y * COUNTS_PER_G // 1000 + self._noise()
        into[2] = z * COUNTS_PER_G // 1000 + self._noise()


class SensorOnABus:
    """What BusAccel takes from a driver (hal.lis3dh, hal.mpu6050), on a bus whose sensor
    answers every read at `register` with the bytes of `sample`."""

    address = 0x18
    counts_per_g = COUNTS_PER_G

    def __init__(self, register, high_byte, sample):
        self.i2c = self
        self.sample_register = register
        self.sample_high_byte = high_byte
        self.sample = sample

    def readfrom_mem_into(self, address, register, into):
        if address != self.address or register != self.sample_register:
            raise OSError(19)  # ENODEV
        for index in range(len(into)):
            into[index] = self.sample[index]


def at_rest(now_ms):
    return (0, 0, 1000)


def shaken_between(start_ms, end_ms, amplitude_mg=1500, period_ms=200):
    """Back-and-forth along x (a square wave: the box is jerked each way) during [start, end)."""

    def motion(now_ms):
        if start_ms <= now_ms < end_ms:
            forth = ((now_ms - start_ms) // (period_ms // 2)) % 2
            return (amplitude_mg if forth else -amplitude_mg, 0, 1000)
        return (0, 0, 1000)

    return motion


def run_detector(accel, until_ms, step_ms=10, detector=None):
    """Poll every step_ms from 0 to until_ms; returns (detector, [(now_ms, state), ...] changes)."""
    detector = detector or ShakeDetector(accel)
    changes = []
    last = IDLE
    for now_ms in range(0, until_ms, step_ms):
        accel.now_ms = now_ms
        state = detector.update(now_ms)
        if state != last:
            changes.append((now_ms, state))
            last = state
    return detector, changes


# --- debouncer -------------------------------------------------------------------------------


def test_bounce_shorter_than_debounce_is_never_reported():
    debouncer = Debouncer(9, 20, 0x1FF)
    for now_ms, raw in ((0, 0x1FE), (5, 0x1FF), (8, 0x1FE), (12, 0x1FF), (40, 0x1FF), (60, 0x1FF)):
        assert debouncer.update(raw, now_ms) == 0x1FF
        assert debouncer.changed == 0


def test_change_is_reported_once_after_debounce_ms_of_stable_level():
    debouncer = Debouncer(9, 20, 0x1FF)
    debouncer.update(0x1FB, 100)  # tile 3 shut
    assert debouncer.update(0x1FB, 119) == 0x1FF
    assert debouncer.update(0x1FB, 120) == 0x1FB
    assert debouncer.changed == 0x004
    debouncer.update(0x1FB, 140)
    assert debouncer.changed == 0


def test_bounces_restart_the_wait():
    debouncer = Debouncer(1, 20, 1)
    for now_ms, raw in ((0, 0), (15, 1), (18, 0)):
        debouncer.update(raw, now_ms)
    assert debouncer.update(0, 37) == 1  # only 19 ms since the last bounce
    assert debouncer.update(0, 38) == 0


def test_one_chattering_switch_does_not_delay_the_others():
    debouncer = Debouncer(9, 20, 0x1FF)
    for now_ms in range(0, 100, 5):
        chatter = 0x010 if (now_ms // 5) % 2 else 0
        debouncer.update((0x1FF ^ 0x001) ^ chatter, now_ms)  # tile 1 shut, tile 5 chattering
    assert debouncer.stable == 0x1FE
    assert debouncer.unsettled(95, 50) == 0x010
    assert debouncer.unsettled(95, 100) == 0


def test_a_slow_loop_does_not_hide_chatter():
    debouncer = Debouncer(1, 20, 0)
    for sample in range(40):  # a flip seen at every sample, one sample in four 30 ms late
        debouncer.update(sample % 2, sample * 5 + (sample // 4) * 25)
    assert debouncer.stable == 0
    assert debouncer.unsettled(39 * 5 + 9 * 25, 200) == 1


def test_debouncer_is_safe_across_the_tick_wrap():
    start_ms = time.ticks_add(0, -10)  # ten milliseconds before the counter wraps to 0
    debouncer = Debouncer(3, 20, 0b111)
    debouncer.update(0b101, start_ms)
    assert debouncer.update(0b101, time.ticks_add(start_ms, 19)) == 0b111
    assert debouncer.update(0b101, time.ticks_add(start_ms, 20)) == 0b101


# --- shake detector ----------------------------------------------------------------------------


def test_sustained_shake_tumbles_then_lands_once_after_settle():
    accel = RecordedMotion(shaken_between(100, 1100))
    detector, changes = run_detector(accel, 2000)
    assert [state for _, state in changes] == [TUMBLING, LANDED, IDLE]
    tumble_ms, landed_ms = changes[0][0], changes[1][0]
    assert 100 + detector.shake_ms <= tumble_ms <= 100 + detector.shake_ms + 20
    # Quiet is counted once the gravity baseline has caught up with the box (tens of ms).
    assert 1100 + detector.settle_ms <= landed_ms <= 1100 + detector.settle_ms + 100


def test_a_tap_is_not_a_roll():
    accel = RecordedMotion(shaken_between(300, 330, amplitude_mg=3000, period_ms=60))
    _, changes = run_detector(accel, 1500)
    assert changes == []


def test_a_bump_is_not_a_roll():
    accel = RecordedMotion(shaken_between(300, 550, amplitude_mg=2000, period_ms=100))
    _, changes = run_detector(accel, 1500)
    assert changes == []


def test_taps_with_long_pauses_are_not_a_roll():
    def knocks(now_ms):
        return (0, 0, 3000 if 200 <= now_ms % 400 < 220 else 1000)

    _, changes = run_detector(RecordedMotion(knocks), 4000)
    assert changes == []


def test_tilting_the_box_slowly_is_not_a_roll():
    def tilt(now_ms):  # gravity turns from z to x over two seconds
        share = now_ms * 1000 // 2000 if now_ms < 2000 else 1000
        return (share, 0, 1000 - share)

    _, changes = run_detector(RecordedMotion(tilt), 3000)
    assert changes == []


def test_dice_keep_tumbling_while_the_shake_goes_on():
    accel = RecordedMotion(shaken_between(0, 5000))
    _, changes = run_detector(accel, 5000)
    assert [state for _, state in changes] == [TUMBLING]


def test_sensor_failure_is_reported_not_raised_and_recovers():
    accel = RecordedMotion(at_rest)
    detector = ShakeDetector(accel, retry_ms=500)
    assert detector.update(0) == IDLE
    accel.failing = True
    assert detector.update(10) == FAULT
    assert "accelerometer" in detector.fault
    accel.failing = False
    assert detector.update(400) == FAULT  # not retried before retry_ms
    assert detector.update(510) == IDLE
    assert detector.fault is None


def test_entropy_mixes_every_sample_and_depends_on_the_noise():
    first, _ = run_detector(RecordedMotion(at_rest, seed=1), 500)
    second, _ = run_detector(RecordedMotion(at_rest, seed=2), 500)
    again, _ = run_detector(RecordedMotion(at_rest, seed=1), 500)
    assert first.entropy_samples == 50
    assert first.entropy() != second.entropy()
    assert first.entropy() == again.entropy()
    assert 0 <= first.entropy() < (1 << 30)


# --- the accelerometer read off its bus --------------------------------------------------------


def test_bus_accel_reads_little_and_big_endian_signed_words():
    counts = [0, 0, 0]
    little = BusAccel(SensorOnABus(0xA8, 1, b"\x00\x20\xff\xff\x00\x80"))
    little.read_raw(counts)
    assert counts == [0x2000, -1, -0x8000] and little.counts_per_g == COUNTS_PER_G
    big = BusAccel(SensorOnABus(0x3B, 0, b"\x20\x00\xff\xfe\x7f\xff"))
    big.read_raw(counts)
    assert counts == [0x2000, -2, 0x7FFF]


# --- allocation (real MicroPython only: the heap is locked) ------------------------------------


def check_poll_paths_allocate_nothing():
    import micropython

    debouncer = Debouncer(24, 20, 0xFFFFFF)
    accel = RecordedMotion(at_rest)
    detector = ShakeDetector(accel)
    detector.update(0)
    reader = BusAccel(SensorOnABus(0xA8, 1, b"\x00\x20\xff\xff\x00\x80"))
    counts = [0, 0, 0]
    micropython.heap_lock()
    try:
        for now_ms in range(10, 2000, 10):
            debouncer.update(0xFFFFFF ^ (now_ms & 0xFF), now_ms)
            debouncer.unsettled(now_ms, 50)
            detector.update(now_ms)
            reader.read_raw(counts)
    finally:
        micropython.heap_unlock()


def run_all():
    """Run every test here (MicroPython has no pytest); prints one line per test."""
    names = sorted(name for name in globals() if name.startswith("test_") and name != RUNNER)
    names.append("check_poll_paths_allocate_nothing")
    for name in names:
        globals()[name]()
        print("PASS", name)


RUNNER = "test_runs_on_real_micropython"


def test_runs_on_real_micropython():
    if ON_MICROPYTHON:
        return
    from host_tests.micropython_runtimes import FIRMWARE, run_on

    status, out, err = run_on("unix", "import test_hal_logic; test_hal_logic.run_all()",
                              (FIRMWARE, FIRMWARE.parent / "host_tests"))
    assert status == 0, out + err
    passed = [line for line in out.splitlines() if line.startswith("PASS ")]
    expected = sorted(name for name in globals() if name.startswith("test_") and name != RUNNER)
    assert [line[5:] for line in passed] == expected + ["check_poll_paths_allocate_nothing"]

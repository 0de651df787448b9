"""The flash's erases where no one feels them (issue 45): main.py's boot and main.run's loop on
MicroPython's unix port, the firmware as flashed, /data on LittleFS formatted as a Pico's flash
on a block device counting its erases (bench/loop_kernel.py), a whole classic match played by a
quick hand. A 4 KiB erase stalls a Pico some 45 ms: at most one a tick, and none in a tick that
draws the dice landing, answers a flap or sends a band of the OLED (seen on the simulated I2C
bus). No timing is asserted: the box's clock moves by the buses' time, the erases' 45 ms and
the loop's sleeps alone, so every run ticks the same."""

import pytest
from micropython_runtimes import required

from bench import loop_bench
from tools.build.micropython_runtimes import RuntimeMissing


def test_at_most_one_erase_a_tick_and_none_beside_the_dice_landing_a_flap_answered_or_a_band():
    try:
        ticks, named = loop_bench.ticks("classic", "quick", loop_bench.FLASH_ERASE_MS, factor=0)
    except RuntimeMissing as missing:
        if required("unix"):
            pytest.fail("MicroPython runtime required (SHUTBOX_REQUIRE_MICROPYTHON=1) but missing: %s" % missing)
        pytest.skip(str(missing))
    erasing = [tick for tick in ticks if tick[2]]
    assert len(erasing) >= 5 and sum(tick[2] for tick in ticks) <= named["erases"]  # (and boot's)
    assert sum(1 for tick in ticks if tick[3] & loop_bench.LANDED) >= 3  # rolls seen
    assert sum(1 for tick in ticks if tick[3] & loop_bench.FLAP) >= 10  # flaps answered
    assert max(tick[2] for tick in erasing) == 1
    felt = loop_bench.LANDED | loop_bench.FLAP | loop_bench.BAND
    assert [tick for tick in erasing if tick[3] & felt] == []

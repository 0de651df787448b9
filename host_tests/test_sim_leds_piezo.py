"""The WS2812 strip decodes what neopixel sends through machine.bitstream; the piezo records its tones."""

from board_sim.devices.piezo import Piezo
from board_sim.devices.ws2812 import LedStrip
from board_sim.install import simulated

PINMAP = {"flaps": [], "leds": {"pin": 22, "count": 4}, "buzzer": {"pin": 15}}


def test_neopixel_colours_reach_the_strip_in_grb_order():
    with simulated(PINMAP) as board:
        import machine
        import neopixel

        strip = neopixel.NeoPixel(machine.Pin(22), 4)
        strip[0] = (255, 0, 0)
        strip[3] = (1, 2, 3)
        assert strip.buf[:3] == b"\x00\xff\x00"
        assert board.led_colors() == [(0, 0, 0)] * 4  # nothing sent yet
        strip.write()
        assert board.led_colors() == [(255, 0, 0), (0, 0, 0), (0, 0, 0), (1, 2, 3)]
        assert strip[3] == (1, 2, 3) and len(strip) == 4
        strip.fill((9, 8, 7))
        strip.write()
        assert board.led_colors() == [(9, 8, 7)] * 4


def test_a_short_write_updates_only_the_first_leds_and_extra_data_falls_off_the_end():
    strip = LedStrip(2)
    timing = (400, 850, 800, 450)
    strip.receive(timing, bytes((1, 2, 3, 4, 5, 6)))
    strip.receive(timing, bytes((10, 20, 30)))
    assert strip.colors() == [(20, 10, 30), (5, 4, 6)]
    strip.receive(timing, bytes(range(12)))
    assert strip.colors() == [(1, 0, 2), (4, 3, 5)]
    assert strip.frames == 3


def test_400khz_timing_is_misread_by_a_ws2812():
    with simulated(PINMAP) as board:
        import machine
        import neopixel

        strip = neopixel.NeoPixel(machine.Pin(22), 4, timing=0)
        strip.fill((0, 0, 0))
        strip.write()
        assert board.led_colors() == [(255, 255, 255)] * 4


def test_writing_the_strip_takes_its_wire_time():
    with simulated(PINMAP) as board:
        import machine
        import neopixel

        neopixel.NeoPixel(machine.Pin(22), 4).write()
        assert board.clock.now_us == 12 * 8 * 1250 // 1000  # 1.25 us a bit


def test_hal_buzzer_melody_is_recorded_as_tones():
    with simulated(PINMAP) as board:
        import time

        import machine
        from hal.buzzer import Buzzer

        buzzer = Buzzer(machine.PWM(machine.Pin(15)), 32768)
        buzzer.play(b"\x01\xb8\x00\x64\x00\x00\x00\x32\x03\x70\x00\xc8", 0, 12)  # 440 100, 0 50, 880 200
        for _ in range(50):
            buzzer.update(time.ticks_ms())
            time.sleep_ms(10)
        assert board.tones() == [(0, 100, 440), (150, 200, 880)]


def test_a_steady_level_is_silent():
    piezo = Piezo()
    piezo.pwm_changed(0, 1000, 65535)
    piezo.pwm_changed(10, 1000, 0)
    piezo.pwm_changed(10, 1000, 0)
    assert piezo.tones(100) == []
    assert len(piezo.sounds) == 2

"""Flap switches and buttons bounce within bounds, can stick, and reach the MCU through GPIO or 74HC165s."""

import pytest

from board_sim.devices.switch import DEFAULT_BOUNCE_US, Switch
from board_sim.install import simulated
from board_sim.prng import Random32

GPIO_PINMAP = {
    "flaps": [{"type": "gpio", "pins": [6, 7, 8], "active_low": True}],
    "buttons": {"ok": {"pin": 21, "active_low": True}},
}
CHAIN_PINMAP = {
    "flaps": [{"type": "74hc165", "load": 16, "clock": 17, "data": 18, "count": 16}],
}


def levels_every_50_us(board, pin, duration_us):
    samples = []
    for _ in range(duration_us // 50):
        samples.append(pin.value())
        board.advance_us(50)
    return samples


@pytest.mark.parametrize("seed", range(12))
def test_a_flip_chatters_then_settles_within_the_bounce_time(seed):
    with simulated(GPIO_PINMAP, seed=seed) as board:
        import machine

        pin = machine.Pin(6, machine.Pin.IN, machine.Pin.PULL_UP)
        board.set_flap(1, True)
        samples = levels_every_50_us(board, pin, DEFAULT_BOUNCE_US + 2000)
        settled_from = DEFAULT_BOUNCE_US // 50 + 1
        assert samples[0] == 0  # first touch at once
        assert set(samples[settled_from:]) == {0}
        changes = sum(1 for before, after in zip(samples, samples[1:], strict=False) if before != after)
        assert changes >= 1  # it chattered on the way


def test_bounce_times_spread_over_the_window_across_seeds():
    settle_times = []
    for seed in range(40):
        switch = Switch(Random32(seed))
        switch.set_closed(True, 1000)
        settle_times.append(switch.settles_by_us() - 1000)
    assert max(settle_times) <= DEFAULT_BOUNCE_US
    assert min(settle_times) < DEFAULT_BOUNCE_US // 2 < max(settle_times)


def test_the_same_seed_bounces_the_same_way():
    def trace(seed):
        switch = Switch(Random32(seed))
        switch.set_closed(True, 0)
        return [switch.closed_at(t) for t in range(0, 6000, 37)]

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


def test_opening_a_flap_releases_the_line_to_its_pull_up():
    with simulated(GPIO_PINMAP) as board:
        import machine

        pin = machine.Pin(8, machine.Pin.IN, machine.Pin.PULL_UP)
        board.set_flap(3, True)
        board.advance(10)
        assert pin.value() == 0 and board.flap_shut(3)
        board.flip_flap(3)
        board.advance(10)
        assert pin.value() == 1 and not board.flap_shut(3)
        assert board.shut_tiles() == []


def test_a_stuck_switch_ignores_its_flap_until_healed():
    with simulated(GPIO_PINMAP) as board:
        import machine

        pin = machine.Pin(7, machine.Pin.IN, machine.Pin.PULL_UP)
        board.fail_device("flap2", "stuck_closed")
        board.advance(10)
        assert pin.value() == 0
        board.heal_device("flap2")
        board.fail_device("flap2", "stuck_open")
        board.set_flap(2, True)
        board.advance(10)
        assert pin.value() == 1 and board.flap_shut(2)
        board.heal_device("flap2")
        assert pin.value() == 0


def test_a_button_press_lasts_as_long_as_asked():
    with simulated(GPIO_PINMAP) as board:
        import machine

        button = machine.Pin(21, machine.Pin.IN, machine.Pin.PULL_UP)
        board.press("ok", 300)
        board.advance(10)
        assert button.value() == 0
        board.advance(285)
        assert button.value() == 0
        board.advance(15)
        assert button.value() == 1
        board.hold("ok")
        board.advance(1000)
        assert button.value() == 0


def read_chain(load, clock, data, count):
    """Bit-bang a 74HC165 chain as a driver would: latch, then read QH and clock, count times."""
    load.value(0)
    load.value(1)
    levels = 0
    for _ in range(count):
        levels = (levels << 1) | data.value()
        clock.value(1)
        clock.value(0)
    return levels


def test_74hc165_chain_shifts_out_the_last_input_first():
    with simulated(CHAIN_PINMAP) as board:
        import machine

        load = machine.Pin(16, machine.Pin.OUT, value=1)
        clock = machine.Pin(17, machine.Pin.OUT, value=0)
        data = machine.Pin(18, machine.Pin.IN)
        for tile in (1, 9, 16):
            board.set_flap(tile, True)
        board.advance(10)
        levels = read_chain(load, clock, data, 16)
        closed = levels ^ 0xFFFF
        assert closed == (1 << 0) | (1 << 8) | (1 << 15)
        # After 16 shifts the chain holds the grounded SER of the first chip.
        assert data.value() == 0


def test_74hc165_is_transparent_while_loading_and_ignores_the_clock():
    with simulated(CHAIN_PINMAP) as board:
        import machine

        load = machine.Pin(16, machine.Pin.OUT, value=0)
        clock = machine.Pin(17, machine.Pin.OUT, value=0)
        data = machine.Pin(18, machine.Pin.IN)
        assert data.value() == 1  # input 16 open, pulled up
        board.set_flap(16, True)
        board.advance(10)
        assert data.value() == 0
        clock.value(1)
        clock.value(0)
        assert data.value() == 0
        load.value(1)
        board.flip_flap(16)
        board.advance(10)
        assert data.value() == 0  # latched while /PL was high


def test_74hc165_chain_latches_mid_bounce_levels():
    with simulated(CHAIN_PINMAP, seed=2) as board:
        import machine

        load = machine.Pin(16, machine.Pin.OUT, value=1)
        clock = machine.Pin(17, machine.Pin.OUT, value=0)
        data = machine.Pin(18, machine.Pin.IN)
        board.set_flap(4, True)
        seen = set()
        for _ in range(60):
            seen.add((read_chain(load, clock, data, 16) >> 3) & 1)
            board.advance_us(100)
        assert seen == {0, 1}

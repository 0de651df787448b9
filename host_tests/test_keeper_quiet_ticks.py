"""The keeper's slices keep out of the ticks that already have long work or that a player would
feel (issue 45): none beside a band of the OLED going out (some 6 ms of the 400 kHz I2C bus,
seen on the simulated bus), none in a tick that answers a flap or draws the dice landing (a
slice may erase a block of the flash, 45 ms on a Pico). Each tick of a whole match is recorded:
whether the keeper did a slice (app.keeper's step, as the App calls it), the bytes the OLED
took on the bus, a flap's change answered (hal.flaps' `changed`), the dice landed."""

import pytest
from test_keeper_slices import _play_a_match_watched

from board_sim.box import BoxOptions, SimBox

_OLED = 0x3C
_BAND_BYTES = 200  # an OLED write this long is a band of the frame (a command is 3 bytes)
_LANDED = 2  # app.roller's state for the tick the dice land in


def _ticks_of_a_match(options, monkeypatch):
    """[(slice, band, flap, landed)] of every tick of a whole match on a simulated box."""
    import app.keeper

    box = SimBox(options)
    slices = []
    step = app.keeper.step

    def counted_step(keeper):
        slices.append(1)
        step(keeper)

    monkeypatch.setattr(app.keeper, "step", counted_step)
    buses = list(box.board.buses.values())
    app_ = box.app
    ticks = []
    tick = box.tick

    def watched_tick():
        before = (len(slices), sum(bus.written.get(_OLED, 0) for bus in buses))
        tick()
        sent = sum(bus.written.get(_OLED, 0) for bus in buses) - before[1]
        ticks.append((len(slices) != before[0], sent >= _BAND_BYTES,
                      any(row.changed for row in app_.devices.flaps.rows), app_.roller.state == _LANDED))

    _play_a_match_watched(box, watched_tick)
    return ticks


@pytest.mark.parametrize("options", [
    BoxOptions(seed=7, players=2, hints=True),
    BoxOptions(seed=3, preset="full-house", players=2, hints=True, flap_wiring="mcp23017"),
], ids=["classic", "full-house on MCP23017s"])
def test_no_slice_of_the_keeper_s_work_beside_a_band_a_flap_answered_or_the_dice_landing(options, monkeypatch):
    ticks = _ticks_of_a_match(options, monkeypatch)
    slices = [tick for tick in ticks if tick[0]]
    assert len(slices) > 100  # the match's saves, the menu's, the statistics'
    assert sum(tick[1] for tick in ticks) > 100  # bands sent
    assert sum(tick[2] for tick in ticks) > 10 and sum(tick[3] for tick in ticks) > 5  # flaps, rolls
    assert [tick for tick in slices if tick[1]] == []  # no band beside a slice
    assert [tick for tick in slices if tick[2] or tick[3]] == []  # no flap answered, no dice landing

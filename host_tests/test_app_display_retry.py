"""The OLED driver raises as micropython-lib's ssd1306 does (show() lets OSError escape); the
App's screen (app.screens.Screen) keeps the fault, reports it once and retries on the next
frame, powering the panel up again, so the box plays on through a glitching bus."""

import errno

import pytest
from box_steps import names_the_winners

from board_sim.box import BoxOptions, SimBox
from board_sim.frontend.oled import text_lines
from board_sim.script_player import BoxPlayer


@pytest.fixture
def box():
    box = SimBox(BoxOptions(seed=7, players=2, preset="classic"))
    yield box
    box.close()


def test_the_drivers_show_raises_on_a_failing_bus_as_micropython_libs_does(box):
    box.board.fail_device("display", "eio")
    with pytest.raises(OSError):
        box.devices.display.show()
    with pytest.raises(OSError):
        box.devices.display.show_band(1)
    box.board.heal_device("display")
    box.devices.display.show()  # the bus answers again: no state kept in the driver
    box.devices.display.show_band(1)


def test_a_show_that_raises_is_retried_by_the_app_and_the_box_plays_on(box):
    display = box.devices.display
    shown = display.show_band
    inits = []
    failures = [3]

    def glitching_show(band):  # the driver on a glitching bus: the error escapes, as show()'s does
        if failures[0]:
            failures[0] -= 1
            raise OSError(errno.EIO, "EIO")
        shown(band)

    def counted_init():
        inits.append(1)
        type(display).init_display(display)

    display.show_band = glitching_show
    display.init_display = counted_init
    player = BoxPlayer(box)
    box.run(200)
    box.board.press("ok", 1000)  # start: the menu's frame and the next ones fail
    for _step in range(50):  # (the next frame after the last failure: when the turn's page changes)
        box.run(100)
        if box.view.screen_fault is None:
            break
    assert box.view.screen_fault is None  # the frames after the three failed got through
    assert failures == [0] and inits  # each retry powered the panel up first
    assert box.view.faults == ["display: write failed ([Errno 5] EIO); the LEDs play on"]
    assert player.play()  # the match plays to its end
    player.to_standings()
    assert names_the_winners(text_lines(box.board.display_pixels())[0])

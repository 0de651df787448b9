"""Physical truth on the simulated box: the App follows the flaps, shows which flap must move
and waits; it never assumes a flap moved. Every switch bounces as real ones do."""

import pytest
from box_steps import oled, roll, start

from board_sim.box import BoxOptions, SimBox

RED = (64, 0, 0)  # lights.WRONG through the stock brightness of 64
AMBER = (64, 36, 0)  # lights.GUIDE


@pytest.fixture
def box():
    box = SimBox(BoxOptions(seed=9, players=2))
    yield box
    box.close()


def flap(box, tile, shut):
    box.board.set_flap(tile, shut)
    box.run(100)


def led_seen(box, tile, ms=600):
    """Every colour an LED showed over ms (blinking colours show both phases)."""
    seen = set()
    for _ in range(ms // 50):
        box.run(50)
        seen.add(box.board.led_colors()[tile - 1])
    return seen


def bits(*tiles):
    return sum(1 << (tile - 1) for tile in tiles)


def test_a_tile_that_adds_up_is_taken_and_its_light_goes_out(box):
    start(box)
    roll(box, 3, 5)
    assert box.view.legal == bits(1, 2, 3, 4, 5, 6, 7, 8)
    flap(box, 8, True)
    assert box.view.turn.open_mask == bits(1, 2, 3, 4, 5, 6, 7, 9)
    assert box.board.led_colors()[7] == (0, 0, 0)
    assert oled(box)[5:7] == ["Shake the box", "or press ok"]


def test_an_illegal_flap_is_red_and_blocks_the_roll_until_reopened(box):
    start(box)
    roll(box, 3, 5)
    flap(box, 9, True)
    assert box.view.must_open == bits(9)
    assert oled(box)[5:7] == ["Open tile 9", "again"]
    assert RED in led_seen(box, 9)
    box.board.press("ok")
    box.run(1200)
    assert box.view.total == 8 and box.view.turn.rolls == 1  # no roll with a wrong flap
    flap(box, 9, False)
    assert box.view.must_open == 0
    assert oled(box)[5:7] == ["Shut lit tiles", "to make 8"]


def test_a_tile_shut_and_reopened_before_the_move_completes_is_an_honest_take_back(box):
    start(box)
    roll(box, 3, 5)
    flap(box, 5, True)
    assert box.view.turn.pending == bits(5)
    flap(box, 5, False)
    assert box.view.turn.pending == 0 and box.view.must_open == box.view.must_shut == 0
    flap(box, 7, True)
    flap(box, 1, True)
    assert box.view.turn.open_mask == bits(2, 3, 4, 5, 6, 8, 9)


def test_a_flap_reopened_after_its_move_is_red_until_shut_again(box):
    start(box)
    roll(box, 4, 4)
    flap(box, 8, True)
    flap(box, 8, False)
    assert box.view.must_shut == bits(8)
    assert oled(box)[5:7] == ["Shut tile 8", "again (played)"]
    assert RED in led_seen(box, 8)
    box.board.shake(900)
    box.run(1600)
    assert box.view.turn.rolls == 1  # a shake does not roll either
    flap(box, 8, True)
    assert box.view.must_shut == 0
    assert box.view.turn.open_mask == bits(1, 2, 3, 4, 5, 6, 7, 9)


def test_a_flap_shut_before_the_roll_must_be_reopened(box):
    start(box)
    flap(box, 4, True)
    assert box.view.must_open == bits(4)
    assert oled(box)[5:7] == ["Open tile 4", "and roll first"]


def test_flaps_left_shut_at_power_up_are_shown_before_the_first_turn(box):
    from app.core import PLAY, SETUP

    box.board.set_flap(2, True)
    box.board.set_flap(6, True)
    start(box)
    assert box.view.phase == SETUP
    assert box.view.must_open == bits(2, 6)
    assert oled(box)[:2] == ["Next: Player 1", "Open: 2 6"]
    assert box.board.led_colors()[1] == AMBER and box.board.led_colors()[5] == AMBER
    flap(box, 2, False)
    assert box.view.phase == SETUP
    flap(box, 6, False)
    assert box.view.phase == SETUP and "ok to play" in oled(box)  # every turn waits for ok
    box.board.press("ok")
    box.run(300)
    assert box.view.phase == PLAY


def test_the_next_player_is_shown_which_flaps_to_reopen(box):
    from app.core import PLAY, SETUP

    start(box)
    roll(box, 6, 3)
    flap(box, 9, True)
    roll(box, 1, 1)  # 2: shut tile 2
    flap(box, 2, True)
    roll(box, 6, 6)  # 12 with 1 3 4 5 6 7 8 open: 8+4
    flap(box, 8, True)
    flap(box, 4, True)
    box.dice.force((1, 1))  # 2 with 1 3 5 6 7 open: no move
    box.board.press("ok")
    box.run(1100)
    assert box.view.phase == SETUP and box.view.player == 1
    assert box.view.must_open == bits(2, 4, 8, 9)
    assert oled(box)[:5] == ["P1 no move", "threw 2", "score 22", "Next: Player 2", "Open: 2 4 8 9"]
    for tile in (2, 4, 8, 9):
        flap(box, tile, False)
    box.run(2500)
    assert box.view.phase == SETUP and oled(box)[4] == "ok to play"  # it waits for ok
    box.board.press("ok")
    box.run(300)
    assert box.view.phase == PLAY and box.view.player == 1 and box.view.turn.rolls == 0


def test_three_down_starts_with_tiles_1_to_3_shut(box):
    box.close()
    box = SimBox(BoxOptions(seed=9, preset="3-down-extreme", players=1))
    try:
        start(box)
        assert box.view.must_shut == bits(1, 2, 3)
        assert oled(box)[1] == "Shut: 1 2 3"
        for tile in (1, 2, 3):
            flap(box, tile, True)
        assert box.view.must_shut == 0
    finally:
        box.close()


def test_a_switch_that_bounces_for_15_ms_still_counts_once():
    box = SimBox(BoxOptions(seed=12, players=2, bounce_us=15000))
    try:
        start(box)
        roll(box, 2, 5)
        sounds_before = len(box.board.sounds)
        flap(box, 7, True)
        box.run(200)
        assert box.view.turn.moves_made == 1 and box.view.must_open == 0
        new = [freq for _, freq, duty in box.board.sounds[sounds_before:] if duty]
        assert new == [880, 1320]  # one move-done chime, no refusal, no extra clicks
    finally:
        box.close()


def test_a_whole_game_with_bouncing_switches_is_never_refused():
    from board_sim.script_player import BoxPlayer

    box = SimBox(BoxOptions(seed=13, players=3, bounce_us=15000))
    try:
        assert BoxPlayer(box).play()
        refused = [time_ms for time_ms, freq, duty in box.board.sounds if freq == 220 and duty]
        assert refused == []
        assert box.view.faults == []  # a bounce is no chatter
    finally:
        box.close()


def test_a_flap_that_keeps_bouncing_is_reported_once_by_its_number_until_it_settles(box):
    start(box)
    for step in range(300):  # 1.5 s of the contact making and breaking every 5 ms
        box.board.set_flap(5, step % 2 == 0)
        box.run(5)
    assert box.devices.flaps.fault is not None
    box.run(500)
    assert box.view.faults == ["flaps: flap 5 keeps bouncing: a loose wire, or the flap resting half-way?"]
    assert box.devices.flaps.fault is None  # settled (open): the fault is over

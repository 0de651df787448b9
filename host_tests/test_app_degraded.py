"""The box degrades, never dies: no accelerometer, one that dies mid-game, no display, devices
that fail to start; each fault is reported once. A tap is not a shake."""

from box_steps import oled, start

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer

WHITE = (64, 64, 64)  # lights.DIE through the stock brightness


def test_without_an_accelerometer_ok_rolls_and_the_screen_says_so():
    box = SimBox(BoxOptions(seed=1, accel=False, players=1))
    try:
        start(box)
        assert oled(box)[5:7] == ["Press ok", "to roll"]
        box.board.shake(900)
        box.run(1500)
        assert box.view.turn.rolls == 0
        box.board.press("ok")
        box.run(1100)
        assert box.view.turn.rolls == 1
        assert box.view.faults == []
        assert BoxPlayer(box).play()
    finally:
        box.close()


def test_a_tap_does_not_roll_but_a_shake_does():
    box = SimBox(BoxOptions(seed=2, players=1))
    try:
        start(box)
        for _ in range(3):
            box.board.tap()
            box.run(300)
        assert box.view.turn.rolls == 0
        box.board.shake(900)
        box.run(700)
        assert oled(box)[5] == "Rolling..."
        box.run(900)
        assert box.view.turn.rolls == 1 and box.view.dice_count == 2
    finally:
        box.close()


def test_an_accelerometer_dying_mid_game_is_reported_once_and_ok_rolls_on():
    box = SimBox(BoxOptions(seed=3, players=2))
    try:
        start(box)
        box.board.shake(900)
        box.run(1600)
        assert box.view.turn.rolls == 1
        box.board.fail_device("accel", "eio")
        box.run(300)
        assert len(box.view.faults) == 1 and "accelerometer" in box.view.faults[0]
        assert oled(box)[0] == "FAULT"
        box.run(6000)
        assert len(box.view.faults) == 1
        player = BoxPlayer(box)
        assert player.play()
        assert len(box.view.faults) == 1
    finally:
        box.close()


def test_a_missing_display_and_accelerometer_are_reported_once_at_start():
    box = SimBox(BoxOptions(seed=4, players=1, missing=("display", "accel")))
    try:
        box.run(8000)
        assert len(box.view.faults) == 2
        assert box.view.faults[0].startswith("accel:") and box.view.faults[1].startswith("display:")
        assert BoxPlayer(box).play()
        assert len(box.view.faults) == 2
    finally:
        box.close()


def test_with_no_display_the_dice_blink_on_their_tiles():
    box = SimBox(BoxOptions(seed=5, display=False, players=1))
    try:
        assert box.board.display is None and box.devices.display is None
        start(box)
        box.dice.force((3, 5))
        box.board.press("ok")
        box.run(1100)
        seen = {3: set(), 5: set(), 4: set()}
        for _ in range(12):
            box.run(50)
            for tile in seen:
                seen[tile].add(box.board.led_colors()[tile - 1])
        assert WHITE in seen[3] and WHITE in seen[5]
        assert WHITE not in seen[4]
        assert BoxPlayer(box).play()
    finally:
        box.close()


def test_with_no_display_the_winners_colours_chase_round_the_leds():
    """No frame draws the match's end, so nothing else imports the chase (app.finish_frames)."""
    from app.lights import PLAYER_COLOURS

    box = SimBox(BoxOptions(seed=11, display=False, players=2))
    try:
        assert BoxPlayer(box).play()
        seen = set()
        for _ in range(10):
            box.run(130)
            seen.update(box.board.led_colors())
        colour = PLAYER_COLOURS[box.view.match.winners()[0]]
        assert tuple(((colour >> shift & 255) * 65) >> 8 for shift in (16, 8, 0)) in seen
    finally:
        box.close()


def test_with_no_display_the_menu_is_on_the_leds():
    box = SimBox(BoxOptions(seed=6, display=False, players=3))
    try:
        box.run(200)
        assert box.board.led_colors()[0] != (0, 0, 0)  # classic: preset 1, tile 1
        box.board.press("select")
        box.run(300)
        lit = [colour != (0, 0, 0) for colour in box.board.led_colors()]
        assert lit == [True, True, True] + [False] * 6  # three players
        box.board.press("ok")
        box.run(300)
        lit = [colour != (0, 0, 0) for colour in box.board.led_colors()]
        assert lit == [True] * 4 + [False] * 5
    finally:
        box.close()

"""Every turn waits for ok the same way (issue 29): the match's first turn too, so an ok
pressed out of habit never rolls; a box without a screen starts its first turn at once."""

from box_steps import oled


def _from_the_menu(box):
    box.run(200)
    box.board.press("ok", 1000)  # start the menu's game
    box.run(1200)


def test_the_first_turn_waits_for_ok_and_that_ok_does_not_roll(open_box):
    from app.core import PLAY, SETUP

    box = open_box(seed=3, preset="classic", players=2)
    _from_the_menu(box)
    view = box.view
    assert view.phase == SETUP and "ok to play" in oled(box)
    assert oled(box)[0] == "Next: Player 1"
    box.board.shake(900)  # shaking does not start it either
    box.run(1600)
    assert view.phase == SETUP
    box.board.press("ok")
    box.run(1500)
    assert view.phase == PLAY and view.turn.rolls == 0
    assert oled(box)[5:7] == ["Shake the box", "or press ok"]


def test_a_box_without_a_screen_starts_the_first_turn_by_itself(open_box):
    from app.core import PLAY

    box = open_box(seed=3, preset="classic", players=2, display=False)
    _from_the_menu(box)
    assert box.view.phase == PLAY and box.view.turn.rolls == 0

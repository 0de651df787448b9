"""Every turn waits for ok the same way (issue 29): the match's first turn too, so an ok
pressed out of habit never rolls; a box without a screen starts its first turn at once. Every
input the box ignores gets a short buzz and a word, and the terminal shows what it played."""

from box_steps import oled, play_until, roll, start

from board_sim.script_player import BoxPlayer


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


REFUSED_HZ = 220  # app.core's refused buzz


def _buzzed_since(box, since_ms):
    return any(start >= since_ms and freq == REFUSED_HZ
               for piezo in box.board.piezos.values() for start, _ms, freq in piezo.tones(box.board.now_ms))


def test_a_shake_at_ok_to_play_buzzes_and_says_press_ok(open_box):
    from app.core import SETUP

    from board_sim.frontend.terminal import sound_heard

    box = open_box(seed=3, preset="classic", players=2)
    box.dice.force((1, 1) * 2)  # a first turn of 2 then 2 again: it does not shut the box
    view = box.view
    play_until(BoxPlayer(box), lambda: view.phase == SETUP and view.result_player >= 0
               and not view.must_open and not view.must_shut, 400)
    since = box.board.now_ms
    box.board.shake(900)
    box.run(1000)
    assert _buzzed_since(box, since) and sound_heard(box) == "BUZZ: not now"
    assert "Press ok first" in oled(box) and view.phase == SETUP


def test_select_when_one_die_is_not_allowed_buzzes_and_says_so(open_box):
    box = open_box(seed=3, preset="classic", players=2)
    start(box)
    assert not box.view.turn.one_die_allowed()
    since = box.board.now_ms
    box.board.press("select")
    box.run(300)
    assert _buzzed_since(box, since)
    assert oled(box)[5:8] == ["One die: not now", "Shake the box", "or press ok"]
    roll(box, 3, 4)  # the word goes with the next thing done
    assert "One die: not now" not in oled(box)


def test_the_terminal_names_the_fanfare(open_box):
    from board_sim.frontend.terminal import sound_heard

    box = open_box(seed=2, preset="lucky-7", players=1)
    box.dice.force((3, 4))
    assert BoxPlayer(box).play()
    assert sound_heard(box) == "FANFARE: winner"

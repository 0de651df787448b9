"""A match is not lost by one long press (issue 29): a long select asks, ok within a few
seconds leaves for the menu, select or waiting stays, and the match left resumes at the next
power-on until another starts; the terminal simulator keeps /data in a folder, so quitting
and starting again resumes as a power cut does."""

from box_steps import leave_match, oled, start
from test_resume import boot, power_cut

import board_sim.frontend.terminal as terminal
from board_sim.__main__ import main
from board_sim.script_player import BoxPlayer

QUESTION = ["Leave the match?", "", "ok: to the menu", "select: stay"]


def _rolled_once(box):
    player = BoxPlayer(box)
    while box.view.turn is None or box.view.turn.rolls == 0:
        assert player.step()


def test_a_long_select_asks_and_waiting_or_select_stays(open_box):
    from app.core import PLAY

    box = open_box(seed=3, preset="classic", players=2)
    start(box)
    _rolled_once(box)
    turn = box.view.turn
    state = (turn.rolls, turn.open_mask, turn.total)
    box.board.press("select", 1000)
    box.run(1200)
    assert oled(box)[:4] == QUESTION
    box.run(4000)  # no answer: the match goes on
    assert box.view.phase == PLAY and (turn.rolls, turn.open_mask, turn.total) == state
    assert oled(box)[0].startswith("Player 1")
    box.board.press("select", 1000)
    box.run(1200)
    box.board.press("select")  # stay
    box.run(300)
    assert box.view.phase == PLAY and oled(box)[0].startswith("Player 1")
    leave_match(box)
    assert oled(box)[0] == "  SHUT THE BOX"


def test_ok_to_the_question_leaves_while_a_turn_s_review_is_on_show(open_box):
    """With hints on, the last turn's review takes ok (its pages); the question asked over it
    takes ok first: it said "ok: to the menu", and ok turned a page of the review it hid."""
    from app.core import MENU, SETUP

    box = open_box(seed=3, preset="classic", players=2, hints=True)
    start(box)
    player = BoxPlayer(box)
    while not (box.view.phase == SETUP and box.app.match.current == 1):  # player 2's turn set up
        assert player.step()
    box.run(3000)
    assert box.app.reviewing and oled(box)[0].startswith("Review P1")
    box.board.press("select", 1000)
    box.run(1200)
    assert oled(box)[:4] == QUESTION
    box.board.press("ok")
    box.run(300)
    assert box.view.phase == MENU and not box.app.leaving
    box.run(300)
    assert oled(box)[0] == "  SHUT THE BOX"


def test_a_shake_under_the_question_rolls_nothing(open_box):
    box = open_box(seed=3, preset="classic", players=2)
    start(box)
    box.run(2000)
    rolls = box.view.turn.rolls
    box.board.press("select", 1000)
    box.run(1000)
    box.board.shake(900)
    box.run(1600)
    assert box.view.turn.rolls == rolls and oled(box)[:4] == QUESTION


def _play_a_little(box, record):
    """The terminal, quit mid-turn: a match started and rolled once."""
    start(box)
    _rolled_once(box)
    record["state"] = (box.view.player, box.view.turn.rolls, box.view.turn.open_mask)


def _look(box, record):
    box.run(300)
    view = box.view
    record["resumed"] = (view.player, view.turn.rolls, view.turn.open_mask) if view.turn else None


def test_the_terminal_keeps_its_data_so_a_match_quit_resumes(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    record = {}
    monkeypatch.setattr(terminal, "play", lambda box, _record: _play_a_little(box, record))
    assert main(["--seed", "4"]) == 0
    assert (tmp_path / "state" / "shutbox-sim" / "data").is_dir()
    monkeypatch.setattr(terminal, "play", lambda box, _record: _look(box, record))
    assert main(["--seed", "4"]) == 0
    assert record["resumed"] == record["state"]
    folder = tmp_path / "chosen"
    assert main(["--data", str(folder)]) == 0  # another folder: nothing to resume
    assert record["resumed"] is None and (folder / "menu").exists() is False
    assert capsys.readouterr().err == ""


def test_recording_starts_from_a_fresh_box(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    record = {}
    monkeypatch.setattr(terminal, "play", lambda box, _record: _play_a_little(box, record))
    assert main([]) == 0
    monkeypatch.setattr(terminal, "play", lambda box, _record: _look(box, record))
    assert main(["--record", str(tmp_path / "game.txt")]) == 0
    assert record["resumed"] is None
    assert main(["--record", str(tmp_path / "game.txt"), "--data", str(tmp_path)]) == 2
    assert "--record starts from a fresh box" in capsys.readouterr().err


def test_a_data_folder_that_cannot_be_made_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["--data", str(blocker / "data")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "cannot use it as the box's /data" in error


def test_a_box_powered_on_again_resumes_the_match_left(tmp_path):
    from app.core import MENU, PLAY

    box = boot(tmp_path)
    start(box)
    _rolled_once(box)
    rolls = box.view.turn.rolls
    leave_match(box)
    assert box.view.phase == MENU
    box = boot(tmp_path, power_cut(box))
    box.run(300)
    assert box.view.phase == PLAY and box.view.turn.rolls == rolls
    box.close()

"""A turn's end in the order a player lives it (issue 29): the throw that ended it and the
score first, then, with hints, the review of its moves, a page at a time when they are more
than the screen's rows, each page until ok (or its time), then the next turn."""

from box_steps import oled, play_until

from board_sim.script_player import BoxPlayer


def _long_turn(box):
    """Player 1 shuts 9, 8, ... 3, one tile a throw (seven moves), then throws 12: no move."""
    box.dice.force((4, 5, 4, 4, 3, 4, 3, 3, 2, 3, 2, 2, 1, 2, 6, 6))
    view = box.view
    play_until(BoxPlayer(box), lambda: view.result_player == 0, 400)


def test_the_throw_that_ended_the_turn_comes_before_the_review_which_pages(open_box):
    from app.core import PLAY

    box = open_box(seed=5, preset="classic", players=2, hints=True)
    _long_turn(box)
    assert oled(box)[:3] == ["P1 no move", "threw 12", "score 3"]
    box.run(2600)  # the result's time: the review follows
    first = oled(box)
    assert first[0].startswith("Review P1") and first[7] == "ok: more moves"
    assert [line.split()[0] for line in first[1:7]] == ["9", "8", "7", "6", "5", "4"]
    box.board.press("ok")  # the next page at once
    box.run(300)
    second = oled(box)
    assert second[0].startswith("Review P1") and second[1].split()[0] == "3"
    assert not second[2].strip() and second[7] != "ok: more moves"
    box.board.press("ok")
    box.run(300)
    assert "Next: Player 2" in oled(box) and "Open: 3 4 5 6 7" in oled(box)
    assert box.view.phase != PLAY


def test_ok_on_the_result_brings_the_review_at_once(open_box):
    box = open_box(seed=5, preset="classic", players=2, hints=True)
    _long_turn(box)
    box.board.press("ok")
    box.run(300)
    assert oled(box)[0].startswith("Review P1")

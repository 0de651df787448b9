"""The box never shows a chance it has not worked out, nor an objective it is about to change
(issue 45): until the turn's chance is known its place on the OLED says "calc", with no word for
what it is of and no one-die advice; a chance under 1 % shows as "<1%", over 99 % as ">99%", and
0 % or 100 % only when exactly so. On the simulated box: the first roll of a full-house match
(before its chance of winning is ready, where the box showed "0% shut", then "43% win") and a
classic turn resumed after a power cut (where it showed "12% shut", then "57% win")."""

from app import hints, screens
from app.core import PLAY, SETUP
from box_steps import oled, roll, saves_settled, slow_coach, start, to_players_row
from game import strategy
from game.strategy import WIN_ONE, percent
from game.turn import AWAIT_MOVE, AWAIT_ROLL

from board_sim.box import BoxOptions, SimBox


def test_a_chance_shows_in_whole_percent_with_under_1_and_over_99_and_0_or_100_only_when_exact():
    assert [percent(raw) for raw in (-1, 0, 1, 2, 3, 128, 252, 253, 254, 255)] == [
        -1, 0, strategy._UNDER_1, strategy._UNDER_1, 1, 50, 99, strategy._OVER_99, strategy._OVER_99, 100]
    # full-house's shut chance, 0.475 % (the OLED showed 0 %), and a chance of winning of 99.5 %
    assert percent(311, WIN_ONE) == strategy._UNDER_1 and percent(65208, WIN_ONE) == strategy._OVER_99
    assert percent(656, WIN_ONE) == 1 and percent(WIN_ONE - 656, WIN_ONE) == 99
    assert (screens._UNDER_1, screens._OVER_99, screens._WORKING) == (
        strategy._UNDER_1, strategy._OVER_99, hints._WORKING)  # the screen's copies


def _frames(sim):
    """Every turn frame the box draws from now on, as [(rolls, winning, chance, word, advice)]:
    app.screens' show_turn wrapped (what it is asked to draw)."""
    drawn = []
    screen = sim.app.screen
    draw = screen.show_turn

    def show_turn(*args):
        chance = args[6]
        drawn.append((sim.view.turn.rolls, sim.view.hints.winning, chance, args[8] if chance >= 0 else "", args[7]))
        draw(*args)

    screen.show_turn = show_turn
    return drawn


def _run_until(sim, condition):
    for _ in range(300):
        if condition():
            return
        sim.run(10)
    raise AssertionError("the box never came to that")


def _until_winning(sim):
    for _ in range(3000):
        if sim.view.hints.winning:
            sim.run(50)  # the tick after: the hints shown again
            return
        sim.run(20)
    raise AssertionError("the chance of winning never became ready")


def _worked_out_then_win(drawn):
    """Each frame before the chance of winning is ready says "calc" (no word, no advice), each
    after it shows the chance of winning; none shows the shut chance."""
    assert drawn
    for _rolls, winning, chance, word, advice in drawn:
        if winning:
            assert chance >= 0 and word == "win", drawn
        else:
            assert chance == hints._WORKING and advice == -1, drawn


def test_the_first_roll_of_full_house_says_calc_until_its_chance_of_winning_is_ready(monkeypatch):
    """The menu works the first seat's chance out while the players choose (app.menu's _ahead):
    here they turn hints off (it goes) and on again and start at once, before it is done. The
    programme goes a slice a tick (none alike: game.win_chance's step) and the loop rests 5 ms
    after each (not app.core's 1 while the coach has work), as on a slower box, so that the roll
    comes first."""
    slow_coach(monkeypatch)
    sim = SimBox(BoxOptions(seed=5, tiles=12, flap_wiring="mcp23017", preset="full-house", players=2,
                            hints=True, accel=False))
    try:
        drawn = _frames(sim)
        app = sim.view
        sim.run(200)
        to_players_row(sim)
        for button in ("select", "ok", "ok", "select", "ok"):  # hints off and on again, then Start
            sim.board.press(button, 60)  # a quick hand
            sim.run(100)
        _run_until(sim, lambda: app.phase == SETUP)
        assert not app.hints.win.ready
        sim.run(100)  # ok let go
        sim.board.press("ok")  # ok to play: the turn's programme began at its setup
        _run_until(sim, lambda: app.phase == PLAY)
        sim.run(150)
        sim.dice.force([6, 6])
        sim.board.press("ok")  # a quick player: no accelerometer, ok rolls at once
        _run_until(sim, lambda: app.turn.state == AWAIT_MOVE)
        assert app.turn.rolls == 1 and app.turn.state == AWAIT_MOVE and not app.hints.winning
        shown = oled(sim)
        assert shown[2].endswith("calc") and shown[3].strip() == "", shown
        _until_winning(sim)
        shown = oled(sim)
        assert shown[2].endswith("%") and shown[3].endswith("win"), shown
        _worked_out_then_win(drawn)
        assert any(rolls == 1 and not winning for rolls, winning, _chance, _word, _advice in drawn)
    finally:
        sim.close()


def test_a_twelve_tile_box_shows_a_shut_chance_under_1_percent_as_under_1():
    sim = SimBox(BoxOptions(seed=5, tiles=12, flap_wiring="mcp23017", preset="full-house", players=1,
                            hints=True))
    try:
        start(sim)
        shown = oled(sim)  # 0.475 % of shutting it from all twelve tiles up
        assert shown[2].endswith(" <1%") and shown[3].endswith("shut"), shown
    finally:
        sim.close()


def test_a_classic_turn_resumed_mid_turn_says_calc_until_its_chance_of_winning_is_ready(tmp_path):
    options = {"seed": 5, "preset": "classic", "players": 2, "hints": True, "data_dir": str(tmp_path)}
    sim = SimBox(BoxOptions(**options))
    try:
        start(sim)
        _until_winning(sim)
        roll(sim, 3, 4)
        sim.board.flip_flap(7)
        sim.run(300)
        assert sim.view.turn.moves_made == 1 and sim.view.turn.state == AWAIT_ROLL  # its second roll next
        saves_settled(sim)
        flaps = sim.board.shut_tiles()
    finally:
        sim.close()
    options["seed"] = 99  # another boot, other random numbers
    sim = SimBox(BoxOptions(flaps_shut=tuple(flaps), **options))
    try:
        drawn = _frames(sim)
        for _ in range(1000):  # the first frame after the cut drawn and sent whole
            if drawn and not sim.app.screen.unsent:
                break
            sim.tick()
        assert not sim.view.hints.winning and oled(sim)[2].endswith("calc")
        _until_winning(sim)
        assert sim.view.turn.moves_made == 1
        _worked_out_then_win(drawn)
        assert not drawn[0][1]  # the first frame after the cut: before the chance is ready
    finally:
        sim.close()

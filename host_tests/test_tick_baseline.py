"""Work every tick of a turn does whether or not anything changed, cut for a Pico (issue 45: some
6 ms of every tick before any long work): a turn's LEDs, and those between turns, are worked out
again only when what they show changed, a quiet box looks for a bouncing flap switch only after a switch changed level, and
a tick asks the turn once whether its pending move may be taken as it stands (the roll's check
and the message's share the answer)."""

from box_steps import play_until, roll, start

from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer


def calls_of(monkeypatch, owner, name):
    """A list that grows by one at each call of owner's method `name` (still called) for the rest
    of the test."""
    calls = []
    method = getattr(owner, name)

    def counted(self, *args):
        calls.append(1)
        return method(self, *args)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _box():
    box = SimBox(BoxOptions(seed=9, players=2))
    start(box)
    return box


def test_a_turn_s_leds_are_worked_out_again_only_when_what_they_show_changed(monkeypatch):
    from hal.leds import TileLeds

    box = _box()
    try:
        roll(box, 3, 4)
        shown = calls_of(monkeypatch, TileLeds, "show")
        ticks = []
        box.run(600, lambda: ticks.append(1))  # nothing changed: the tiles lit as they were
        assert len(ticks) > 40 and shown == []
        before = box.board.led_colors()
        box.board.set_flap(3, True)  # half of 3+4: pending, and only 4 lit with it
        box.run(200)
        assert len(shown) == 1 and box.board.led_colors() != before
        box.board.set_flap(9, True)  # refused: red, blinking (every 250 ms another drawing)
        box.run(200)
        del shown[:]
        box.run(1000)
        assert 3 <= len(shown) <= 5
    finally:
        box.close()


def test_the_leds_between_turns_are_worked_out_again_only_when_what_they_show_changed(monkeypatch):
    from hal.leds import TileLeds

    box = SimBox(BoxOptions(seed=3, preset="classic", players=2))
    try:
        box.dice.force((1, 1) * 2)  # a first turn of 2 then 2 again: tile 2 to open for the next
        view = box.view
        play_until(BoxPlayer(box), lambda: view.result_player >= 0 and view.must_open)
        box.run(300)
        shown = calls_of(monkeypatch, TileLeds, "show")
        box.run(600)  # tile 2 glows amber, steady
        assert view.must_open and shown == []
        box.board.set_flap(5, True)  # another flap to open: it glows amber too, drawn once
        box.run(300)
        assert view.must_open == 0b10010 and len(shown) == 1
        del shown[:]
        box.run(600)
        assert shown == []
    finally:
        box.close()


def test_the_winners_chase_is_worked_out_again_only_when_it_moves_on(monkeypatch):
    """At the match's end the chase moves a step every 120 ms: between its steps a tick sets no
    LED (on 24 tiles, setting each one every tick took a Pico some 3 ms of it)."""
    from hal.leds import TileLeds

    box = SimBox(BoxOptions(seed=11, preset="classic", players=2))
    try:
        assert BoxPlayer(box).play()
        box.run(300)  # the frames imported, the chase begun
        set_tiles = calls_of(monkeypatch, TileLeds, "set_tile")
        ticks = []
        box.run(1200, lambda: ticks.append(1))
        assert len(ticks) > 100
        assert 9 * 9 <= len(set_tiles) <= 12 * 9  # 10 or 11 steps (9 LEDs each), not a tick's
        seen = set()
        for _ in range(6):  # and it still chases round
            box.run(120)
            seen.add(tuple(box.board.led_colors()))
        assert len(seen) >= 2
    finally:
        box.close()


def test_a_quiet_box_does_not_look_for_bouncing_switches(monkeypatch):
    from hal.flaps import Debouncer

    box = _box()
    try:
        looked = calls_of(monkeypatch, Debouncer, "unsettled")
        box.run(1000)  # no flap moved: nothing can be bouncing
        assert looked == []
        box.board.set_flap(9, True)  # a flap shut (its switch bounces a few ms), then quiet again
        box.run(300)
        del looked[:]
        box.run(1000)
        assert looked == []
    finally:
        box.close()


def test_a_flap_chattering_for_a_second_is_still_reported():
    box = _box()
    try:
        for index in range(160):  # 1.6 s of a switch flipping every 10 ms
            box.board.set_flap(2, index % 2 == 0)
            box.run(10)
        assert "flap 2 keeps bouncing" in (box.devices.flaps.fault or "")
        box.board.set_flap(2, False)
        box.run(400)
        assert box.devices.flaps.fault is None
    finally:
        box.close()


def test_a_tick_with_a_pending_move_asks_the_turn_once_whether_it_may_be_taken(monkeypatch):
    from game.turn import Turn

    box = _box()
    try:
        roll(box, 3, 4)  # 7: tile 3 shut is half of 3+4, a pending move not yet complete
        box.board.set_flap(3, True)
        box.run(200)
        assert box.view.turn.pending == 1 << 2
        asked = calls_of(monkeypatch, Turn, "move_state")
        ticks = []
        box.run(300, lambda: ticks.append(1))
        assert len(ticks) > 20 and len(asked) == len(ticks)
    finally:
        box.close()


def test_a_flap_off_the_best_move_is_answered_from_the_roll_s_moves_not_a_new_list(monkeypatch):
    """The roll's hints list its legal moves once: a shut flap that leaves the best move is
    answered with the best move that keeps it from that list (on a Pico, listing them again took
    6.7 ms of the flap's tick, which then took 22 ms), and the hint is the same as from a new list."""
    from game.strategy import first_best
    from game.tiles import bit
    from game.turn import Turn

    box = SimBox(BoxOptions(seed=9, players=2, hints=True))
    try:
        start(box)
        roll(box, 3, 4)
        box.run(3000)  # the roll's hints, and the chance of winning, made
        app = box.app
        best = app.hints._roll_best
        moves = app.turn.legal_moves()
        assert best in moves
        off = next(tile for tile in range(1, 10) if not bit(tile) & best
                   and any(move & bit(tile) for move in moves))
        listed = calls_of(monkeypatch, Turn, "legal_moves")
        box.board.set_flap(off, True)
        box.run(200)
        assert listed == [] and app.turn.pending == bit(off)
        monkeypatch.undo()  # the turn's own legal_moves again, for the hint expected
        hints = app.hints
        value_of = hints.win.chance if hints.winning else hints.policy_for(app.turn).value
        expected = first_best(app.turn.legal_moves(), value_of, app.turn.open_mask, bit(off)) & ~bit(off)
        assert app.hint == expected != 0
    finally:
        box.close()

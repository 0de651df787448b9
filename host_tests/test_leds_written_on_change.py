"""The LED strip is written only in a tick where an LED's colour changed (issue 45: the menu
turned every LED off, then lit its own, so it wrote the strip every tick, 1.4 ms of a Pico's),
and a change reaches the strip in the tick it is made: in the menu, the input check, a turn
and between turns."""

from box_steps import play_until, roll, start, to_players_row
from test_input_check import to_check

from board_sim.script_player import BoxPlayer

DARK = (0, 0, 0)
PENDING_LED = (0, 0x30 * 65 >> 8, 0)  # app.lights' colour of a tile shut for this move, stock brightness


def _strip(box):
    (strip,) = box.board.strips.values()
    return strip


def _left_alone(box, ms=600):
    """(ticks, strip writes) over ms of the box with no one touching it."""
    ticks = []
    strip = _strip(box)
    frames = strip.frames
    box.run(ms, lambda: ticks.append(1))
    return len(ticks), strip.frames - frames


def _tick_by_tick(box, changed, max_ticks=200):
    """The box ticked until changed() is true -> the LEDs' colours before and in that tick."""
    before = box.board.led_colors()
    for _ in range(max_ticks):
        box.tick()
        if changed():
            return before, box.board.led_colors()
        before = box.board.led_colors()
    raise AssertionError("no change in %d ticks" % max_ticks)


def test_a_box_left_alone_in_the_menu_writes_its_leds_once(open_box):
    box = open_box(seed=6, players=2)
    ticks, writes = _left_alone(box)
    assert ticks > 40 and writes == 1  # the Game row's preset, lit at the first tick
    assert box.board.led_colors()[0] != DARK
    to_players_row(box)
    ticks, writes = _left_alone(box)
    assert ticks > 40 and writes == 0
    for _ in range(2):  # on to the Start row: every LED blinks, a write each 250 ms
        box.board.press("select")
        box.run(300)
    assert box.view.menu.row == 3
    ticks, writes = _left_alone(box, 1000)
    assert ticks > 80 and writes == 4


def test_a_change_in_the_menu_reaches_the_leds_in_its_tick(open_box):
    box = open_box(seed=6, players=2)
    to_players_row(box)
    box.board.press("ok")
    before, after = _tick_by_tick(box, lambda: box.view.menu.players == 3)
    assert before[2] == DARK and after[2] != DARK
    assert after[:2] == before[:2] and after[3:] == before[3:]


def test_a_turn_left_alone_writes_its_leds_once_and_a_flap_shut_in_its_tick(open_box):
    box = open_box(seed=3, preset="classic", players=2)
    start(box)
    roll(box, 3, 4)  # 7 lit green, as 1+6, 2+5, 3+4 and 1+2+4
    ticks, writes = _left_alone(box)
    assert ticks > 40 and writes == 0
    box.board.set_flap(3, True)  # half of 3+4: pending
    before, after = _tick_by_tick(box, lambda: box.view.turn.pending)
    assert before[2] != PENDING_LED and after[2] == PENDING_LED
    ticks, writes = _left_alone(box)
    assert ticks > 40 and writes == 0


def test_between_turns_leds_left_alone_are_not_written_again(open_box):
    box = open_box(seed=3, preset="classic", players=2)
    box.dice.force((1, 1) * 2)  # a first turn of 2 then 2 again: tile 2 to open for the next
    view = box.view
    play_until(BoxPlayer(box), lambda: view.result_player >= 0 and view.must_open)
    box.run(300)
    ticks, writes = _left_alone(box)
    assert view.must_open and ticks > 40 and writes == 0
    assert box.board.led_colors()[1] != DARK  # tile 2 glows amber: open it


def test_in_the_input_check_leds_left_alone_are_not_written_again(open_box):
    box = open_box(seed=6, players=2, flaps_shut=(4,))
    to_check(box)
    ticks, writes = _left_alone(box)
    assert ticks > 40 and writes == 0
    assert [colour != DARK for colour in box.board.led_colors()] == [False] * 3 + [True] + [False] * 5

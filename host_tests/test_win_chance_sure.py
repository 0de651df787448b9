"""The last player's masks sure to win (every score they can end on below the score to beat):
game.win_kernel's fill sets them without looking at their moves (issue 45, goal 2: the chance
ready sooner), and every chance and one-die choice is what looking at every move gives."""

from array import array

import pytest
from game.at_stake import _GOAL_STAY as GOAL_STAY
from game.presets import preset
from game.strategy import WIN_ONE
from game.win_chance import WinChance
from game.win_kernel import fill

CASES = [("classic", 12, 1), ("classic", 3, 2), ("full-house", 35, 1), ("ten", 20, 1), ("unlucky-7", 15, 1),
         ("2-to-go", 10, 1), ("digital", 300, 1), ("missionary", 4, 1), ("2012", 30, 1)]


def _computed(rules, to_beat, tied, goal=1):
    """The WinChance worked out, and its steps once its outcome table was ready."""
    win = WinChance(rules)
    assert win.begin(to_beat, tied, 0, goal)
    steps = 0
    while not win.step(1):
        steps += win.table is not None
    return win, steps


@pytest.mark.parametrize("name,to_beat,tied", CASES)
def test_the_masks_sure_to_win_get_what_looking_at_their_moves_gives(name, to_beat, tied):
    rules = preset(name)
    win, _steps = _computed(rules, to_beat, tied)
    assert win.sure > 0
    chances = array("H", win.chances)
    one_die = bytearray(win.one_die)
    start = win.start
    assert fill(chances, win.ends, win.table, one_die, start & -start, start, 1 << 13, 0) == 0
    assert chances == win.chances and one_die == win.one_die, name
    assert win.chance(0) == WIN_ONE


def test_staying_in_far_below_the_limit_skips_as_much():
    rules = preset("max-penalty")
    win, _steps = _computed(rules, 30, 0, GOAL_STAY)
    assert win.sure == 29


def test_the_last_player_of_full_house_is_ready_in_a_fifth_fewer_steps(monkeypatch):
    rules = preset("full-house")
    _win, steps = _computed(rules, 35, 1)
    import game.win_kernel

    def every_mask_looked_at(chances, ends, table, one_die, mask, start, count, _sure):
        return fill(chances, ends, table, one_die, mask, start, count, 0)

    monkeypatch.setattr(game.win_kernel, "fill", every_mask_looked_at)
    _win, every_mask = _computed(rules, 35, 1)
    assert steps * 5 < every_mask * 4, (steps, every_mask)  # 66 against 90

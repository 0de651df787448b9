"""Optimal-play lookups (game.strategy) on any runtime: the best move is legal and no legal move
is better by the table's own values, the figures from the start, one-die advice, and lookups
that allocate nothing on MicroPython.

Plain functions and asserts only, so the same module runs under pytest and on MicroPython.
"""

from game.presets import changed, preset
from game.prng import Xorshift32
from game.strategy import OBJ_SCORE, OBJ_SHUT, load, percent
from game.turn import AWAIT_MOVE, Turn
from measure import ON_MICROPYTHON, allocated_by


def _roll_at(turn, mask, a, b):
    turn.start(mask)
    turn.rolls = 1  # not the turn's first roll
    return turn.roll(a, b)


def test_classic_plays_for_the_lowest_score_and_thai_for_the_shut():
    assert load(preset("classic")).objective == OBJ_SCORE
    assert load(preset("thai")).objective == OBJ_SHUT


def test_no_table_for_24_tiles_or_dominoes():
    assert load(preset("the-300")) is None
    assert load(changed(preset("classic"), source=2)) is None


def test_start_figures_match_the_solver():
    classic = load(preset("classic"))
    assert percent(classic.shut_raw(511)) == 10  # 9.6688 % under the lowest-score policy
    assert -classic.value(511) == 16029  # 11.0092 points, in 1456ths (the finest unit that fits)
    thai = load(preset("thai"))
    assert abs(thai.value(511) - 5242) <= 1  # 7.9987 % of 65535
    assert thai.shut_raw(511) == 20  # 8 % of 255


def test_full_house_and_2012_have_hints():
    for name, start in (("full-house", 4095), ("2012", 4095)):
        rules = preset(name)
        policy = load(rules)
        turn = Turn(rules)
        turn.rolls = 1
        if rules.dice == 2:
            turn.roll(6, 6)
        else:
            turn.roll(12)
        best = policy.best_move(turn)
        assert best in turn.legal_moves() and policy.value(start) != 0


def test_the_best_move_is_legal_and_no_legal_move_beats_it():
    rng = Xorshift32(7)
    for name in ("classic", "thai", "exact-match"):
        rules = preset(name)
        policy = load(rules)
        turn = Turn(rules)
        checked = 0
        while checked < 60:
            mask = rng.below(511) + 1
            _roll_at(turn, mask, rng.below(6) + 1, rng.below(6) + 1)
            if turn.state != AWAIT_MOVE:
                continue
            best = policy.best_move(turn)
            moves = turn.legal_moves()
            assert best in moves, (name, mask, turn.total)
            for move in moves:
                assert policy.value(mask & ~best) >= policy.value(mask & ~move), (name, mask, move)
            checked += 1


def test_one_die_is_advised_only_where_allowed():
    rules = preset("classic")
    policy = load(rules)
    turn = Turn(rules, open_mask=0b1)  # only tile 1: one die is the only way to shut it
    assert turn.one_die_allowed() and policy.one_die_advised(turn)
    turn.start(0b111111111)
    assert not turn.one_die_allowed() and not policy.one_die_advised(turn)


def test_two_to_go_has_a_first_roll_of_its_own():
    rules = preset("2-to-go")
    policy = load(rules)
    turn = Turn(rules)
    turn.roll(1, 2)  # a 3 on the first roll: tile 2 must be shut, so 2 + 1
    assert turn.state == AWAIT_MOVE and policy.best_move(turn) == 0b11


def test_lookups_allocate_nothing():
    if not ON_MICROPYTHON:
        return
    rules = preset("classic")
    policy = load(rules)
    turn = Turn(rules)
    _roll_at(turn, 0b101101101, 3, 4)
    assert allocated_by(lambda: policy.shut_raw(0b1011), 200) == 0
    assert allocated_by(lambda: policy.value(0b1011), 200) == 0
    assert allocated_by(lambda: policy.one_die_advised(turn), 200) == 0


def test_the_last_players_chance_of_winning_is_the_hosts():
    from game.strategy import WIN_ONE
    from game.win_chance import WinChance

    win = WinChance(preset("classic"))
    for tied, expected in ((1, 32481), (2, 31940)):  # host_tests/test_win_chance.py's programme
        win.begin(10, tied)
        while not win.step(16):
            pass
        assert win.chance(0) == WIN_ONE and win.chance(0b111) == WIN_ONE  # 6 beats 10
        assert win.chance(511) == expected


def test_a_table_load_leaves_no_index_behind():
    import sys

    import game.tables

    assert load(preset("classic")) is not None
    for name in ("policies", "files"):
        assert "game.tables." + name not in sys.modules
        assert not hasattr(game.tables, name)

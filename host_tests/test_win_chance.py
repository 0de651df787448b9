"""Every player's chance of winning on the box (game.win_chance) against the host: the same
whole-number programme run over tools/coach/turn_solver.py's transitions gives the very same
numbers;
tools/coach/round_win.py's exact figures agree within rounding at every open mask, and the box's
move is the host's best up to that rounding at every roll, for every round state of small
boxes (tables of end values made for them) and sampled states of classic and 2-to-go (the
committed win_ends.bin); the box reads every committed table as tools/coach/gen_win_ends.py wrote
it (that the committed tables are current: test_policy, sharing the turns' transitions); and Monte Carlo rounds of the firmware's own game code, every player following the box's
hints, win as often as RoundSolver says (within 4 standard errors, seeded)."""

import pathlib

import numpy as np
import pytest
from game.at_stake import _GOAL_MATCH as GOAL_MATCH
from game.at_stake import _GOAL_ROUND as GOAL_ROUND
from game.at_stake import _GOAL_STAY as GOAL_STAY
from game.presets import changed, preset
from game.strategy import WIN_ONE, first_best
from game.turn import END_FIRST_ROLL_LOST, END_SHUT
from game.win_chance import WinChance
from game.win_ends import ENDS_PLAYERS, ends_key, slot_count

from tools.coach import gen_win_ends, round_monte_carlo, turn_solver
from tools.coach.gen_win_ends import slot_of
from tools.coach.round_win import NOBODY, RoundSolver
from tools.replay.turn_names import END_NO_MOVE

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (preset, score to beat (-1: none yet), tied, players after)
CASES = (("classic", 10, 1, 0), ("classic", 7, 2, 0), ("2-to-go", 12, 1, 0), ("thai", 20, 1, 0),
         ("classic", -1, 0, 2), ("classic", 9, 1, 1), ("2-to-go", 11, 2, 2))
SIGMAS = 4
ROUNDING = 2e-4  # whole numbers of 1/65535 at the ends and at each average


def box_chances(rules, to_beat, tied, after=0):
    win = WinChance(rules)
    assert win.begin(to_beat, tied, after)
    while not win.step(1 << rules.tiles):
        pass
    return win


@pytest.fixture
def small_box_tables(tmp_path, monkeypatch):
    """Small boxes' rules, with win_ends.bin holding their tables (game.win_chance.ENDS_FILE)."""
    import game.win_chance

    boxes = [changed(preset("classic"), tiles=5), changed(preset("classic"), tiles=5, ties=1),
             changed(preset("2-to-go"), tiles=5)]
    path = tmp_path / "win_ends.bin"
    path.write_bytes(gen_win_ends.pack([(ends_key(rules), slot_count(rules), gen_win_ends.columns(rules))
                                        for rules in boxes]))
    monkeypatch.setattr(game.win_chance, "ENDS_FILE", str(path))
    return boxes


def host_whole_numbers(model, win):
    """The programme of game.win_chance in whole numbers, over turn_solver.Model's transitions."""
    rules = model.rules
    chance = [WIN_ONE] + [0] * ((1 << rules.tiles) - 1)

    def roll(mask, first, count):
        outcomes = rules.faces ** count
        weighed = free = 0
        for probability, kind, _key, data in model.transitions(mask, first, count):
            weight = round(probability * outcomes)
            if kind == turn_solver.FREE:
                free += weight
            elif kind == turn_solver.END:
                weighed += weight * win.ending(*data)
            else:
                weighed += weight * max(chance[after] for after in data)
        return (weighed + (outcomes - free) // 2) // (outcomes - free)

    def decide(mask, first):
        counts = model.choices(mask)
        values = [roll(mask, first, count) for count in counts]
        return max(values[1], values[0]) if len(values) > 1 else values[0]

    for mask in range(1, 1 << rules.tiles):
        chance[mask] = decide(mask, False)
    first = decide(rules.start_mask(), True) if rules.must_first else None
    return chance, first


@pytest.mark.parametrize("name,to_beat,tied,after", CASES)
def test_the_box_computes_the_hosts_whole_numbers(name, to_beat, tied, after):
    rules = preset(name)
    win = box_chances(rules, to_beat, tied, after)
    chance, first = host_whole_numbers(turn_solver.Model(rules), win)
    assert [win.chance(mask) for mask in range(1 << rules.tiles)] == chance
    if first is not None:
        assert win.first_chance == first


def agrees_with_round_win(model, play, column, win):
    """The box's chances within rounding of the host's (a column of a RoundSolver's Play) at
    every mask, and at every roll of every mask the box's move (the first keeping the highest
    whole number) is worth the host's best up to rounding; the first roll (2-to-go) too."""
    rules = model.rules
    host = play.value[:, column]
    box = np.array([win.chance(mask) for mask in range(1 << rules.tiles)]) / WIN_ONE
    assert np.abs(box - host).max() < ROUNDING
    if rules.must_first:
        assert abs(win.first_chance / WIN_ONE - play.start_value()[column]) < ROUNDING
    for mask in range(1, 1 << rules.tiles):
        for count in model.choices(mask):
            for _p, kind, key, afters in model.transitions(mask, False, count):
                if kind != turn_solver.MOVES:
                    continue
                moves = [mask & ~after_mask for after_mask in afters]
                chosen = first_best(moves, win.chance, mask)
                assert host[mask & ~chosen] >= max(host[a] for a in afters) - ROUNDING, (mask, key)


@pytest.mark.parametrize("name,to_beat,tied,after", CASES)
def test_the_box_agrees_with_round_win_within_rounding(name, to_beat, tied, after):
    rules = preset(name)
    win = box_chances(rules, to_beat, tied, after)
    model = turn_solver.Model(rules)
    solver = RoundSolver(model, tied + after + 1)
    state = (NOBODY if to_beat < 0 else to_beat, tied)
    agrees_with_round_win(model, solver.play([state], after), 0, win)


def test_every_round_state_of_small_boxes_agrees_with_round_win(small_box_tables):
    for rules in small_box_tables:
        model = turn_solver.Model(rules)
        solver = RoundSolver(model, 4)
        for seat in range(4):
            after = 3 - seat
            states = solver.states(seat)
            play = solver.play(states, after)
            for column, (best, tied) in enumerate(states):
                win = box_chances(rules, -1 if best is NOBODY else best, tied, after)
                agrees_with_round_win(model, play, column, win)


def _word(data, offset):
    return data[offset] | (data[offset + 1] << 8)


def test_the_box_reads_every_committed_table_as_the_generator_wrote_it():
    tables = {key: (slots, data) for key, slots, data in
              gen_win_ends.unpack((ROOT / "firmware" / "game" / "tables" / "win_ends.bin").read_bytes())}
    for key, names in gen_win_ends.table_groups():
        rules = preset(names[0])
        slots, data = tables[key]
        column = 2 * slots
        ends = [mask for mask in range(1, 1 << rules.tiles)]
        beaten = sorted(ends, key=rules.score)[len(ends) // 3]  # a third of the way up
        for after, tied in ((1, 1), (3, 2), (ENDS_PLAYERS - 2, 1), (ENDS_PLAYERS - 1, 0)):
            block = sum((ENDS_PLAYERS - m) * (column + 2) for m in range(1, after))
            columns = ENDS_PLAYERS - after
            for to_beat in (-1, rules.score(beaten)) if tied else (-1,):
                win = WinChance(rules)
                assert win.begin(to_beat, tied, after), (names, after, tied)
                assert bytes(win.lead) == data[block:block + column]
                lost = _word(data, block + columns * column + 2 * tied)
                assert win.lost == (lost if to_beat < 0 else 0)
                level = _word(data, block + tied * column + 2 * slot_of(rules, beaten))
                assert win.level == (level if to_beat >= 0 else 0)
        assert not WinChance(rules).begin(5, ENDS_PLAYERS - 1, 1)  # no round of 9 or more


def test_a_missing_table_means_no_win_chance_and_nothing_computed(tmp_path, monkeypatch):
    import game.win_chance

    monkeypatch.setattr(game.win_chance, "ENDS_FILE", str(tmp_path / "missing.bin"))
    win = WinChance(preset("classic"))
    assert not win.begin(10, 1, 1)
    assert not win.begin(10, 1, 1)  # asked again: still no table
    (tmp_path / "cut.bin").write_bytes((ROOT / "firmware" / "game" / "tables" / "win_ends.bin").read_bytes()[:200])
    monkeypatch.setattr(game.win_chance, "ENDS_FILE", str(tmp_path / "cut.bin"))
    assert not win.begin(10, 1, 3)
    assert win.begin(10, 1, 0)  # the last player needs no table


def test_end_values_read_in_slices_give_what_a_read_at_once_gives_even_when_another_round_cuts_in():
    """The App's begin (at_once False) leaves the read of win_ends.bin to step, a slice a tick;
    another round asked for mid-read (its module just imported, or its stream half read)
    closes that read and reads its own."""
    rules = preset("classic")
    for cut_when in (lambda win: win._reading == 0, lambda win: win._reading not in (None, 0)):
        win = WinChance(rules)
        assert win.begin(10, 1, 2, GOAL_ROUND, False)
        while not cut_when(win):
            win.step(1)
        assert win.begin(12, 1, 1, GOAL_ROUND, False) and not win.ready
        while not win.step(1):
            pass
        assert win._reading is None and win._read_for is None
        at_once = WinChance(rules)
        assert at_once.begin(12, 1, 1)
        while not at_once.step(1):
            pass
        assert list(win.chances) == list(at_once.chances) and win.level == at_once.level
    missing = WinChance(rules)  # no such round (9 players): found out by step, not by begin
    assert missing.begin(5, ENDS_PLAYERS - 1, 1, GOAL_ROUND, False)
    for _step in range(200):
        assert not missing.step(1)
    assert missing.to_beat == -2 and not missing.ready


def test_three_players_following_the_box_win_as_round_win_says(small_box_tables):
    rules = small_box_tables[0]
    solver = RoundSolver(turn_solver.Model(rules), 3)
    exact = solver.seat_chances()
    seats = [round_monte_carlo.HintedPlayer(rules)] * 3
    means, errors = round_monte_carlo.play_rounds(rules, seats, 6000, seed=16)
    for seat in range(3):
        assert abs(means[seat] - exact[seat]) <= SIGMAS * errors[seat], (seat, means, exact)


def test_a_tie_is_shared_or_whole_as_the_rules_say():
    rules = preset("classic")
    win = WinChance(rules)
    win.begin(12, 2)
    assert win.ending(0b1100001, 2) == 0  # 14 > 12
    assert win.ending(0b11, 2) == WIN_ONE  # 3 < 12
    assert win.ending(0b100000011, 2) == (WIN_ONE + 1) // 3  # 12: one of three on it
    full = WinChance(changed(rules, ties=1))
    full.begin(12, 2)
    assert full.ending(0b100000011, 2) == WIN_ONE


def test_a_shut_box_wins_a_round_at_once_but_scores_0_in_a_match():
    """game.at_stake's goals (the round, the match's last throw, staying in): with a match
    total of 0 to beat a shut box only ties on it (a share of the win), and under
    max-penalty a first-roll loss or a score on the limit is out."""
    rules = preset("classic")
    win = WinChance(rules)
    assert win.begin(0, 1, 0, GOAL_ROUND)
    assert win.ending(0, END_SHUT) == WIN_ONE
    assert win.begin(0, 1, 0, GOAL_MATCH)
    assert win.ending(0, END_SHUT) == (WIN_ONE + 1) // 2 and win.ending(0b1, END_NO_MOVE) == 0
    assert win.begin(5, 1, 0, GOAL_MATCH)
    assert win.ending(0, END_SHUT) == win.ending(0b11, END_NO_MOVE) == WIN_ONE
    assert win.ending(0b10000, END_NO_MOVE) == (WIN_ONE + 1) // 2  # 5: on the total to beat
    assert win.ending(0b100000, END_NO_MOVE) == 0  # 6
    assert win.begin(5, 0, 0, GOAL_STAY)
    assert win.ending(0b10000, END_NO_MOVE) == 0 and win.ending(0b11, END_NO_MOVE) == WIN_ONE
    assert win.ending(0b11, END_FIRST_ROLL_LOST) == 0
    assert win.begin(5, 1, 0, GOAL_ROUND)  # back to the round: a shut box wins again
    assert win.ending(0, END_SHUT) == WIN_ONE and win.ending(0b10000, END_NO_MOVE) == (WIN_ONE + 1) // 2


WIN_PROBE = r"""
from game.presets import preset
from game.turn import END_FIRST_ROLL_LOST, END_SHUT
from game.win_chance import WinChance
for name, to_beat, tied, after in %r:
    rules = preset(name)
    win = WinChance(rules)
    if win.begin(to_beat, tied, after):
        while not win.step(64):
            pass
        print(name, win.level, win.lost, win.first_chance, sum(win.chances), win.chance(rules.start_mask()))
"""
PROBED = (("classic", 9, 1, 1), ("2-to-go", -1, 1, 2), ("ten", 15, 1, 3), ("digital", 12345, 1, 0))


@pytest.mark.micropython
def test_micropython_reads_the_tables_and_computes_the_same_chances():
    from host_tests.micropython_runtimes import run_on

    status, out, err = run_on("unix", WIN_PROBE % (PROBED,))
    assert status == 0, out[-3000:] + err[-3000:]
    expected = []
    for name, to_beat, tied, after in PROBED:
        rules = preset(name)
        win = box_chances(rules, to_beat, tied, after)
        expected.append("%s %d %d %d %d %d" % (name, win.level, win.lost, win.first_chance,
                                               sum(win.chances), win.chance(rules.start_mask())))
    assert out.split("\n")[:len(PROBED)] == expected


def test_digital_plays_to_win_for_its_last_player_only():
    """win_ends.bin ships no digital table (docs/coach.md: flash room): its earlier players get no win
    chance (the lowest expected score's hints), its last player the exact one."""
    rules = preset("digital")
    assert not WinChance(rules).begin(12345, 1, 2)
    assert WinChance(rules).begin(12345, 1, 0)


def test_the_copies_of_the_goals_match_game_at_stakes():
    """game.at_stake's goals are private (no name on the board): the modules that test for them
    keep const() copies."""
    from app import hints
    from game import win_chance

    assert win_chance._GOAL_ROUND == GOAL_ROUND and win_chance._GOAL_MATCH == GOAL_MATCH
    assert hints._GOAL_STAY == GOAL_STAY
    assert len({GOAL_ROUND, GOAL_MATCH, GOAL_STAY, hints._NO_GOAL}) == 4


@pytest.mark.parametrize("name", ["classic", "full-house", "2012"])
def test_the_outcome_table_adds_a_roll_s_moves_a_few_largest_tiles_a_slice(name):
    """Under the sum rule a roll's moves are the sets of open tiles adding up to its total: a
    slice of the outcome table's making (game.win_table) adds those of a few largest tiles, up
    to 4 sets and the rest of the last tile's, not a whole roll's (issue 45: a roll of 12 on 12
    tiles has 15 sets, and made one slice of an emulated RP2040's 14 ms; a roll of 20 has 45),
    and the table is the one a roll a slice made."""
    from game.tables import table_for

    rules = preset(name)
    win = WinChance(rules)
    most = 0
    while win.table is None:
        building = win.building
        before = len(building.table) if building and building != 1 and building.table is not None else None
        win.step(1)
        if before is not None:
            most = max(most, (len(building.table) - before) // 3)
    assert most <= {"classic": 6, "full-house": 6, "2012": 9}[name], most
    table = table_for(rules)  # each roll's sets in one go, as the table has them: header, then 3 words a set
    every = rules.all_tiles()
    found = []
    at = win.table[0]
    while at < len(win.table):
        outcomes = win.table[at]
        at += 1
        for _outcome in range(outcomes):
            count = win.table[at + 2]
            found.append(list(win.table[at + 3:at + 3 + 3 * count:3]))
            at += 3 + 3 * count
    totals = [total for total in range(2, 13)] if name != "2012" else list(range(1, 21))
    expected = [table.shut_sets(every, total) for total in totals]
    assert found[:len(totals)] == expected

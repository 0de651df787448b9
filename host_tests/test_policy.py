"""The generated policy tables (firmware/game/tables/): current, shared where identical, equal to the solver's
choices, small enough for a board, and their exact figures confirmed by Monte Carlo play of the
firmware's own Turn following the table.

Monte Carlo confidence: each figure must lie within 4 standard errors of the exact one (a
false alarm about once in 16,000 runs; the seeds are fixed, so a run is repeatable).

Each table's rounded solution (gen_policy.solve_rounded: turn_solver's programme over every
mask, seconds for 12 tiles) is solved once per test process (`solved`) and shared by the check
that the committed tables are current, the check of every position and the rounding's cost:
the same call on the same rules gives the same solution, so sharing it checks the same."""

import importlib
import math
import pathlib
import sys
import types

import pytest
from game.policy_file import policy_key
from game.presets import changed, preset
from game.prng import Xorshift32
from game.sources import ElectronicDice, feed
from game.strategy import load
from game.turn import AWAIT_MOVE, END_SHUT, MOVE_COMPLETE, OVER, Turn

from tools.coach import gen_policy, gen_win_ends, turn_solver

ROOT = pathlib.Path(__file__).resolve().parent.parent
TABLES_DIR = ROOT / "firmware" / "game" / "tables"

SIGMAS = 4


_SOLVED = {}  # the rules' axes: gen_policy.solve_rounded's (solution, bytes, unit)
_SOLVE_ROUNDED = gen_policy.solve_rounded  # (the check puts `solved` in its place)


def solved(rules):
    """gen_policy.solve_rounded(rules), solved once per test process."""
    axes = tuple(sorted(vars(rules).items()))
    if axes not in _SOLVED:
        _SOLVED[axes] = _SOLVE_ROUNDED(rules)
    return _SOLVED[axes]


def test_the_committed_tables_are_current(monkeypatch, capsys):
    """gen_policy's --check, in this process so that its solutions are shared (`solved`): what
    `python -m tools.coach.gen_policy --check` runs, less the line that hands main its argv.
    Then gen_win_ends' --check-first (every win-ends table's first column regenerated; the whole
    file: python -m tools.coach.gen_win_ends --check), in the same process: its round solver
    asks the same turns' transitions of the same rules that the policies' solutions just asked
    (turn_solver's shared store, 16 rule sets), so the two checks share them. Each in a
    process of its own (test_win_chance ran this one's in a subprocess until issue 48) took
    4.2 + 7.2 CPU seconds; the two in one, 8.9: the same calls, the same tables compared."""
    monkeypatch.setattr(gen_policy, "solve_rounded", solved)
    assert gen_policy.main(["--check"]) == 0, capsys.readouterr().out
    assert gen_win_ends.main(["--check-first"]) == 0, capsys.readouterr().out


def _index():
    return {entry[0]: entry[1] for entry in importlib.import_module("game.tables.policies").TABLES}


def test_one_table_per_play_relevant_rule_set():
    groups = gen_policy.table_groups()
    keys = [key for key, _module, _names in groups]
    assert len(keys) == len(set(keys))
    served = {name: module for _key, module, names in groups for name in names}
    assert served["tournament"] == served["canoga"] == served["classic"] == "policy_classic"
    assert "the-300" not in served
    carried = _index()
    assert all(policy_key(preset(name)) in carried for name in ("classic", "full-house", "2012"))
    assert served["thai"] != served["young-players"]


def test_identical_tables_are_one_stream_of_one_file():
    numbers = _index()
    by_preset = {name: numbers[policy_key(preset(name))] for name in ("classic", "2-to-go", "3-to-go")}
    assert set(by_preset.values()) == {0}
    assert sorted(path.name for path in TABLES_DIR.glob("*.bin")) == ["policies.bin", "win_ends.bin"]
    streams = gen_policy.unpack((TABLES_DIR / "policies.bin").read_bytes())
    assert len(streams) == len(set(numbers.values())) == len(set(streams))
    classic, two_to_go = load(preset("classic")), load(preset("2-to-go"))
    assert classic.values_at == two_to_go.values_at
    assert [classic.value(mask) for mask in range(512)] == [two_to_go.value(mask) for mask in range(512)]
    assert classic.start == 0 and two_to_go.start == 511


def _tables_in(monkeypatch, directory):
    """policies.bin read from `directory`, as game/tables/files.py names a flashed board's copy
    (game.policy_file, imported anew for each read, lets that module go once it has read it)."""
    files = types.ModuleType("game.tables.files")
    files._POLICIES = str(directory / "policies.bin")  # pyright: ignore[reportAttributeAccessIssue]
    monkeypatch.setitem(sys.modules, "game.tables.files", files)


@pytest.mark.parametrize("cut", (1000, 2, 0))
def test_a_damaged_table_file_is_reported(tmp_path, monkeypatch, cut):
    (tmp_path / "policies.bin").write_bytes((TABLES_DIR / "policies.bin").read_bytes()[:cut])
    _tables_in(monkeypatch, tmp_path)
    with pytest.raises(ValueError, match=r"policies.bin: table 0 holds \d+ of 1600 bytes: flash "
                                         r"the firmware again"):
        load(preset("classic"))


def test_a_missing_table_file_is_reported(tmp_path, monkeypatch):
    _tables_in(monkeypatch, tmp_path)
    with pytest.raises(ValueError, match=r"table 4 holds 0 of 3200 bytes"):
        load(preset("ten"))


def table_bytes(name):
    """Bytes of a preset's table in policies.bin: its VALUE, SHUT and ONE_DIE sections, from
    where the VALUE section starts to the next table (or the file's end)."""
    start = load(preset(name)).values_at
    data = (TABLES_DIR / "policies.bin").read_bytes()
    starts = [int.from_bytes(data[1 + 3 * at:4 + 3 * at], "little") for at in range(data[0])]
    return min([at for at in starts if at > start] + [len(data)]) - start


def test_the_tables_fit_a_few_kilobytes():
    assert table_bytes("classic") == 1600
    assert table_bytes("full-house") == table_bytes("2012") == 12800


def _position(turn, mask, roll_key, by_total, first=False):
    """Put the Turn at `mask` with a roll that has this key."""
    if not by_total:
        dice = roll_key
    elif roll_key == 1 or turn.rules.dice == 1:
        dice = (roll_key,)
    else:
        dice = (1, roll_key - 1) if roll_key <= 7 else (roll_key - 6, 6)
    turn.start(mask)
    if not first:
        turn.rolls = 1
    if len(dice) == 1 and turn.rules.dice == 2:
        turn.choose_one_die(True)
    turn.roll(*dice)


def _shipped():
    """(key, a preset it serves) of every table the box carries."""
    tables = __import__("game.tables.policies").tables.policies.TABLES
    keys = {entry[0] for entry in tables}
    return [(key, names[0]) for key, _module, names in gen_policy.table_groups() if key in keys]


@pytest.mark.parametrize("key,name", _shipped())
def test_the_box_hints_the_hosts_policy_at_every_position(key, name):
    """Every open mask, every roll with a move (and the first roll under 2/3-to-go): the move
    the box finds by enumeration is the one gen_policy solved for, the one-die advice and the
    stored figures are the solver's."""
    rules = preset(name)
    policy = load(rules)
    solution, _width, unit = solved(rules)
    turn = Turn(rules)
    by_total = rules.move == turn_solver.R.MOVE_ANY
    positions = [(mask, False, solution.best[mask]) for mask in range(1, 1 << rules.tiles)]
    if solution.first is not None:
        positions.append((rules.start_mask(), True, solution.first[3]))
    for mask, first, best in positions:
        for roll_key, index in best.items():
            _position(turn, mask, roll_key, by_total, first)
            assert turn.state == AWAIT_MOVE
            assert policy.best_move(turn) == turn.legal_moves()[index], (key, mask, roll_key)
        turn.start(mask)
        turn.rolls = 0 if first else 1
        one = solution.first[2] if first else solution.one_die[mask]
        assert policy.one_die_advised(turn) == one, (key, mask)
    for mask in range(1 << rules.tiles):
        assert abs(policy.value(mask)) == gen_policy.stored_value(solution, mask, unit)
        raw, chance = policy.shut_raw(mask), solution.shut[mask]  # rounded, but 0 and 255 (0 %
        # and 100 % on the OLED) only for a chance of exactly 0 or 1: one in between is 1..254
        assert abs(raw - chance * 255) <= (0.5 if 0.5 <= chance * 255 <= 254.5 else 1), (key, mask)
        assert (raw == 0) == (chance == 0) and (raw == 255) == (chance == 1), (key, mask)


def test_rounding_costs_next_to_nothing():
    """The box's policy (on rounded values) against the exact optimum from the start."""
    for name, figure in (("classic", 1), ("ten", 1), ("thai", 0)):  # (shut, score)[figure]
        rules = preset(name)
        exact = turn_solver.solve(rules, turn_solver.objective_of(rules)).start_figures()[figure]
        rounded = solved(rules)[0].start_figures()[figure]
        assert abs(rounded - exact) < 1e-6, name


def play_turns(rules, turns, seed):
    """(shut count, score sum, score square sum) of `turns` turns on the firmware's Turn,
    every choice taken from the policy table."""
    policy = load(rules)
    turn = Turn(rules)
    dice = ElectronicDice(Xorshift32(seed), rules.faces)
    shuts = 0
    total = 0
    squares = 0
    for _ in range(turns):
        turn.start()
        while turn.state != OVER:
            if turn.one_die_allowed():
                turn.choose_one_die(policy.one_die_advised(turn))
            count = dice.draw(turn.dice_expected())
            feed(turn, dice.values, count)
            if turn.state != AWAIT_MOVE:
                continue
            move = policy.best_move(turn)
            assert move
            result = 0
            tile = 1
            while move:
                if move & 1:
                    result = turn.tile_shut(tile)
                move >>= 1
                tile += 1
            if result == MOVE_COMPLETE or turn.state == AWAIT_MOVE:
                turn.commit()
        score = turn.score()
        shuts += turn.ended == END_SHUT
        total += score
        squares += score * score
    return shuts, total, squares


@pytest.mark.parametrize("name,turns", (("classic", 12000), ("thai", 12000), ("2-to-go", 8000),
                                        ("young-players", 8000), ("ten", 6000)))
def test_monte_carlo_play_of_the_table_matches_the_exact_figures(name, turns):
    rules = preset(name)
    solution = turn_solver.solve(rules, turn_solver.objective_of(rules))
    exact_shut, exact_score = solution.start_figures()
    shuts, total, squares = play_turns(rules, turns, seed=2024)
    rate = shuts / turns
    rate_error = math.sqrt(exact_shut * (1 - exact_shut) / turns)
    assert abs(rate - exact_shut) <= SIGMAS * rate_error, (rate, exact_shut, rate_error)
    mean = total / turns
    spread = math.sqrt(max(squares / turns - mean * mean, 0.0))
    assert abs(mean - exact_score) <= SIGMAS * spread / math.sqrt(turns), (mean, exact_score)


def test_house_rules_without_a_table_get_none():
    assert policy_key(preset("the-300")) is None
    assert load(changed(preset("classic"), tiles=11)) is None

"""The generated policy tables (firmware/game/tables/): current, shared where identical, equal to the solver's
choices, small enough for a board, and their exact figures confirmed by Monte Carlo play of the
firmware's own Turn following the table.

Monte Carlo confidence: each figure must lie within 4 standard errors of the exact one (a
false alarm about once in 16,000 runs; the seeds are fixed, so a run is repeatable)."""

import math
import pathlib
import subprocess
import sys
from types import SimpleNamespace

import pytest
from game.dice import ElectronicDice
from game.presets import preset
from game.prng import Xorshift32
from game.sources import feed
from game.strategy import NO_MOVE, Policy, load, policy_key
from game.turn import AWAIT_MOVE, MOVE_COMPLETE, OVER, Turn

ROOT = pathlib.Path(__file__).resolve().parent.parent
TABLES_DIR = ROOT / "firmware" / "game" / "tables"
sys.path.insert(0, str(ROOT / "tools"))

import analyze  # noqa: E402
import gen_policy  # noqa: E402

SIGMAS = 4


def test_the_committed_tables_are_current():
    result = subprocess.run([sys.executable, "tools/gen_policy.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_one_table_per_play_relevant_rule_set():
    groups = gen_policy.table_groups()
    keys = [key for key, _module, _names in groups]
    assert len(keys) == len(set(keys))
    served = {name: module for _key, module, names in groups for name in names}
    assert served["tournament"] == served["canoga"] == served["classic"] == "policy_classic"
    assert "the-300" not in served
    carried = {entry[1] for entry in __import__("game.tables.policies").tables.policies.TABLES}
    assert "policy_classic.bin" in carried and "policy_full_house.bin" not in carried
    assert served["thai"] != served["young-players"]


def test_identical_tables_are_one_file():
    files = {entry[0]: entry[1] for entry in __import__("game.tables.policies").tables.policies.TABLES}
    by_preset = {name: files[policy_key(preset(name))] for name in ("classic", "2-to-go", "3-to-go")}
    assert set(by_preset.values()) == {"policy_classic.bin"}
    assert not (TABLES_DIR / "policy_2_to_go.bin").exists()
    assert sorted(path.name for path in TABLES_DIR.glob("policy_*.bin")) == sorted(set(files.values()))
    classic, two_to_go = load(preset("classic")), load(preset("2-to-go"))
    assert bytes(classic.moves) == bytes(two_to_go.moves)
    assert (classic.first_moves, classic.start) == (b"", 0)
    assert len(two_to_go.first_moves) == 6 and two_to_go.start == 511


def test_a_damaged_table_file_is_reported(tmp_path, monkeypatch):
    import game.tables as tables

    (tmp_path / "policy_classic.bin").write_bytes(
        (TABLES_DIR / "policy_classic.bin").read_bytes()[:1000])
    monkeypatch.setattr(tables, "_HERE", str(tmp_path))
    with pytest.raises(ValueError, match=r"policy_classic.bin holds \d+ of 5184 bytes: flash the "
                                         r"firmware again"):
        load(preset("classic"))


def test_the_classic_table_fits_a_few_kilobytes():
    policy = load(preset("classic"))
    assert policy.table_bytes() <= 6 * 1024


def _cells(rules, solution):
    """(mask, roll key, solver's index) for every roll with a move, first roll apart."""
    for mask in range(1, 1 << rules.tiles):
        for roll_key, index in solution.best[mask].items():
            yield mask, roll_key, index


def _turn_for(turn, mask, roll_key, by_total, first=False):
    """Put the Turn at `mask` with a roll that has this key; returns the Turn."""
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
    return turn


@pytest.mark.parametrize("name", ("classic", "thai", "single-die", "2-to-go", "long-game"))
def test_the_table_makes_the_solvers_choices(name):
    rules = preset(name)
    policy = load(rules)
    solution = analyze.solve(rules, analyze.objective_of(rules))
    turn = Turn(rules)
    by_total = policy.by_total
    for mask, roll_key, index in _cells(rules, solution):
        _turn_for(turn, mask, roll_key, by_total)
        assert turn.state == AWAIT_MOVE
        assert policy.best_index(turn) == index, (mask, roll_key)
    for mask in range(1, 1 << rules.tiles):
        turn.start(mask)
        turn.rolls = 1
        assert policy.one_die_advised(turn) == solution.one_die[mask], mask
        assert abs(policy.shut_raw(mask) - solution.shut[mask] * 65535) <= 0.5
    if solution.first is not None:
        for roll_key, index in solution.first[3].items():
            _turn_for(turn, rules.start_mask(), roll_key, by_total, first=True)
            assert policy.best_index(turn) == index, roll_key


def test_2012_keeps_its_rare_long_indexes():
    rules = preset("2012")
    constants, solution = gen_policy.build(policy_key(rules), rules)
    assert gen_policy.table_size(constants) > gen_policy.MAX_TABLE_BYTES  # so not on the box
    assert load(rules) is None
    policy = Policy(SimpleNamespace(**constants), rules)
    entries = constants["LONG"]
    assert len(entries) == 4  # one best move has index 18
    cell = entries[0] | entries[1] << 8 | entries[2] << 16
    mask, column = divmod(cell, policy.rolls)
    turn = _turn_for(Turn(rules), mask, column + 1, True)
    assert policy.best_index(turn) == solution.best[mask][column + 1] == entries[3] == 18
    assert turn.legal_moves()[18] == policy.best_move(turn)


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
            index = policy.best_index(turn)
            assert index != NO_MOVE
            move = turn.legal_moves()[index]
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
        shuts += turn.shut_the_box()
        total += score
        squares += score * score
    return shuts, total, squares


@pytest.mark.parametrize("name,turns", (("classic", 12000), ("thai", 12000), ("2-to-go", 8000),
                                        ("young-players", 8000), ("ten", 6000)))
def test_monte_carlo_play_of_the_table_matches_the_exact_figures(name, turns):
    rules = preset(name)
    solution = analyze.solve(rules, analyze.objective_of(rules))
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
    assert load(preset("classic").copy(tiles=11)) is None

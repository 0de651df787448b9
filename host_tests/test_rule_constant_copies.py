"""Play never loads game.rules (issue 13): the firmware modules that test a rule value keep a
const() copy of game.rules' name for it (`_MATCH_RACE = const(5)`, or the public name in a
module loaded for one job), which costs no stored name on the board. Every copy must equal its
original, only modules that boot (or a save) lets go with game.rules may import it, and a match
played with hints, to its end, never loads it. (game.rounds' copies of game.turn's codes,
game.policy_file's of game.strategy's objectives and game.win_table's of game.win_kernel's
table layout are checked here too.)"""

import ast
import json
import pathlib
import subprocess
import sys

from game import rules

FIRMWARE = pathlib.Path(__file__).resolve().parent.parent / "firmware"
RULE_VALUES = {name: getattr(rules, name) for name in dir(rules)
               if name.isupper() and isinstance(getattr(rules, name), int)}
# Copies under names of their own.
RENAMED = {("app/hints.py", "_SINGLE"): "MATCH_SINGLE", ("app/hints.py", "_FIXED"): "MATCH_FIXED_ROUNDS",
           ("app/hints.py", "_TOURNAMENT"): "MATCH_TOURNAMENT",
           ("app/hints.py", "_MAX_PENALTY"): "MATCH_MAX_PENALTY"}
# Modules that may import game.rules: app.core and app.presentation read two values at import, at
# boot, before game.rules goes. game.config, game.presets and app.phases keep const() copies, so
# that boot loads no game.rules (its names would each be interned for good).
IMPORTERS = {"app/core.py", "app/presentation.py"}


def _firmware_files():
    return sorted(path for path in FIRMWARE.rglob("*.py") if "tables" not in path.parts)


def _const_copies(tree):
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name) and node.value.func.id == "const"):
            yield node.targets[0].id, node.value.args[0]


def test_every_copy_of_a_rule_value_equals_game_rules_own():
    checked = 0
    for path in _firmware_files():
        relative = path.relative_to(FIRMWARE).as_posix()
        if relative == "game/rules.py":
            continue
        for name, value in _const_copies(ast.parse(path.read_text())):
            original = RENAMED.get((relative, name), name.lstrip("_"))
            if original in RULE_VALUES:
                assert isinstance(value, ast.Constant), (relative, name)
                assert value.value == RULE_VALUES[original], (relative, name, original)
                checked += 1
    assert checked >= 40  # the copies are found (game.rule_set alone keeps 20)


def test_only_modules_let_go_with_it_import_game_rules():
    importers = set()
    for path in _firmware_files():
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module == "game.rules":
                names = [node.module]
            elif isinstance(node, ast.ImportFrom) and node.module == "game":
                names = ["game." + alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            if "game.rules" in names:
                importers.add(path.relative_to(FIRMWARE).as_posix())
    assert importers <= IMPORTERS, importers - IMPORTERS


def test_the_rules_class_is_game_rule_sets_and_game_rules_names_it():
    from game import rule_set

    assert rules.Rules is rule_set.Rules and rules.AXES is rule_set.AXES
    assert rules.Rules().match == rules.MATCH_SINGLE and rules.Rules().source == rules.SOURCE_DICE


_PLAY = """
import json, sys
from board_sim.box import BoxOptions, SimBox
from board_sim.script_player import BoxPlayer

box = SimBox(BoxOptions(data_dir=sys.argv[1], seed=5, preset=sys.argv[2], players=2, hints=True))
from app.memory import release
from app.startup import BOOT_ONLY
release(BOOT_ONLY)  # as app.startup.start() lets them go (SimBox keeps them for the host's tools)
seen = ["game.rules" in sys.modules]
finished = BoxPlayer(box).play()
seen.append("game.rules" in sys.modules)
print(json.dumps({"finished": finished, "seen": seen}))
box.close()
"""


def test_play_with_hints_never_loads_game_rules(tmp_path):
    """A match with hints (the table, the round's win chance, what is at stake) and its end
    (statistics merged, the save path) loads no game.rules after boot."""
    for preset in ("classic", "tournament"):
        data = tmp_path / preset
        data.mkdir()
        done = subprocess.run([sys.executable, "-c", _PLAY, str(data), preset], cwd=FIRMWARE.parent,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        played = json.loads(done.stdout.splitlines()[-1])
        assert played == {"finished": True, "seen": [False, False]}, preset


def test_the_game_modules_copies_of_the_turn_codes_equal_game_turns():
    from game import gamelog, rounds, strategy, turn

    for name in ("OVER", "END_SHUT", "END_FIRST_ROLL_LOST"):
        assert getattr(rounds, "_" + name) == getattr(turn, name), name
    assert gamelog._END_SHUT == turn.END_SHUT
    assert strategy._AWAIT_MOVE == turn.AWAIT_MOVE


def test_the_win_table_s_copies_of_the_kernel_s_layout_equal_game_win_kernel_s():
    from game import win_kernel, win_table

    for name in ("_ENDS_AT_ONCE", "_FREE_IF_STUCK", "_ONE_DIE_AT", "_ONE_DIE_COST_AT", "_BLOCKS_AT", "_ONE_DIE_MASKS"):
        assert getattr(win_table, name) == getattr(win_kernel, name), name


def test_the_policy_file_s_copies_of_the_objectives_equal_game_strategy_s():
    from game import policy_file, strategy

    assert policy_file._OBJ_SHUT == strategy.OBJ_SHUT
    assert policy_file._OBJ_SCORE == strategy.OBJ_SCORE


def test_the_statistics_copies_of_the_counters_limit_equal_the_game_log_s():
    from game import gamelog, stats, stats_load

    assert stats._COUNT_MAX == stats_load._COUNT_MAX == gamelog._COUNT_MAX == 2**30 - 1  # the largest small int, 32-bit


def test_the_kernel_s_copy_of_a_sure_win_equals_game_strategy_s():
    from game import strategy, win_chance, win_kernel, win_table

    assert win_kernel._WIN_ONE == win_chance._WIN_ONE == win_table._WIN_ONE == strategy.WIN_ONE


def test_the_win_chance_s_copies_of_the_turn_s_ends_equal_game_turn_s():
    from game import turn, win_chance

    assert win_chance._END_SHUT == turn.END_SHUT
    assert win_chance._END_FIRST_ROLL_LOST == turn.END_FIRST_ROLL_LOST


def test_the_snapshot_s_named_axes_are_those_game_rule_names_names():
    """game.snapshot_rules imports game.rule_names for a save only when an axis with names differs
    from classic: its const() mask of those axes must be game.rule_names' VALUE_NAMES."""
    from game.rule_names import VALUE_NAMES
    from game.rule_set import AXES
    from game.snapshot_rules import _NAMED_AXES

    assert _NAMED_AXES == sum(1 << place for place, axis in enumerate(AXES) if axis in VALUE_NAMES)

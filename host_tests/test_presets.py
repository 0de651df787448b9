"""Every named variant of VARIANTS.md is a preset, selectable by name, playable as it stands,
and the README's preset list is generated from the presets."""

import subprocess
import sys
from pathlib import Path

import pytest
from game import rules as R
from game.config import conflicts, rules_from_config
from game.presets import PRESET_NAMES, preset, preset_axes
from game.rule_names import as_names

from tools.build.list_presets import DESCRIPTIONS

ROOT = Path(__file__).resolve().parent.parent

# The preset names of VARIANTS.md, in its order.
VARIANT_NAMES = (
    "classic", "two-dice-only", "one-die-last-tile", "low-sum-one-die", "ten", "full-house", "2012",
    "the-300", "thai", "exact-match", "single-die", "young-players", "2-to-go", "3-to-go",
    "3-down-extreme", "lucky-7", "unlucky-7", "against-all-odds", "even-stevens", "missionary",
    "digital", "canoga", "tournament", "max-penalty", "fixed-rounds", "long-game",
)


def test_every_variant_name_is_a_preset_in_order():
    assert PRESET_NAMES == VARIANT_NAMES


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_is_playable_and_selectable_from_config(name):
    assert conflicts(preset(name)) == []
    assert rules_from_config({"preset": name}) == preset(name)


def test_every_preset_has_a_description_and_no_other_name_has_one():
    from game.preset_cards import described, description

    assert described() == len(PRESET_NAMES)
    for name in PRESET_NAMES:
        text = description(name)
        assert isinstance(text, str) and text.strip() and "\t" not in text, name
    assert description("no-such-game") is None
    assert description("ten") == "tiles 1-10 with 2d6"  # (no other line's end taken for it)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_a_preset_round_trips_through_its_configuration_names(name):
    assert rules_from_config(as_names(preset(name))) == preset(name)


# Each preset's axes as VARIANTS.md's presets change them (game.presets keeps them as bytes).
_CHANGED = {
    "classic": {}, "two-dice-only": {"one_die": R.ONE_DIE_NEVER},
    "one-die-last-tile": {"one_die": R.ONE_DIE_LAST_TILE}, "low-sum-one-die": {"one_die": R.ONE_DIE_LOW_SUM},
    "ten": {"tiles": 10}, "full-house": {"tiles": 12},
    "2012": {"tiles": 12, "dice": 1, "faces": 20, "one_die": R.ONE_DIE_NEVER},
    "the-300": {"tiles": 24, "dice": 4}, "thai": {"move": R.MOVE_THAI, "one_die": R.ONE_DIE_NEVER},
    "exact-match": {"move": R.MOVE_EXACT}, "single-die": {"move": R.MOVE_SINGLE_DIE},
    "young-players": {"move": R.MOVE_YOUNG, "one_die": R.ONE_DIE_NEVER, "match": R.MATCH_RACE, "rows": 2},
    "2-to-go": {"must_first": 2}, "3-to-go": {"must_first": 3}, "3-down-extreme": {"start": R.START_3_DOWN},
    "lucky-7": {"start": R.START_LUCKY_7}, "unlucky-7": {"unlucky_7": True},
    "against-all-odds": {"start": R.START_ODD}, "even-stevens": {"start": R.START_EVEN},
    "missionary": {"scoring": R.SCORE_MISSIONARY}, "digital": {"scoring": R.SCORE_DIGITAL},
    "canoga": {"stakes": R.STAKES_CANOGA}, "tournament": {"match": R.MATCH_TOURNAMENT},
    "max-penalty": {"match": R.MATCH_MAX_PENALTY},
    "fixed-rounds": {"match": R.MATCH_FIXED_ROUNDS, "rounds": 5},
    "long-game": {"match": R.MATCH_LONG_GAME, "double_rethrow": True},
}


def test_each_preset_changes_the_axes_its_name_says_and_a_bool_stays_a_bool():
    assert list(_CHANGED) == list(PRESET_NAMES)
    for name, changed in _CHANGED.items():
        axes = preset_axes(name)
        assert axes == changed, name
        assert [type(value) for value in axes.values()] == [type(value) for value in changed.values()], name
        axes["tiles"] = 3  # a new dict each time: the next call's is as it was
        assert preset_axes(name) == changed


def test_presets_keep_the_classic_axes_their_names_do_not_change():
    classic = preset("classic")
    for name in PRESET_NAMES:
        axes = preset_axes(name)
        rules = preset(name)
        for axis in R.AXES:
            if axis not in axes:
                assert getattr(rules, axis) == getattr(classic, axis), (name, axis)


def test_match_and_stake_presets_pick_their_format():
    assert preset("tournament").match == R.MATCH_TOURNAMENT and preset("tournament").target == 100
    assert preset("max-penalty").match == R.MATCH_MAX_PENALTY and preset("max-penalty").max_penalty == 45
    assert preset("fixed-rounds").rounds == 5
    assert preset("long-game").match == R.MATCH_LONG_GAME and preset("long-game").double_rethrow
    young = preset("young-players")
    assert young.match == R.MATCH_RACE and young.rows == 2 and young.move == R.MOVE_YOUNG
    assert young.one_die == R.ONE_DIE_NEVER  # 002: "after rolling both dice"
    assert preset("canoga").stakes == R.STAKES_CANOGA


def test_an_unknown_preset_names_the_choices():
    with pytest.raises(ValueError, match="classic"):
        preset_axes("klassic")


def test_list_presets_prints_every_preset_with_its_description():
    output = subprocess.run([sys.executable, "-m", "tools.build.list_presets"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.splitlines()
    assert output == ["- `%s`: %s" % (name, DESCRIPTIONS[name]) for name in PRESET_NAMES]


def test_the_readme_lists_every_preset_as_the_tool_prints_it():
    readme = (ROOT / "README.md").read_text().splitlines()
    for name in PRESET_NAMES:
        assert "- `%s`: %s" % (name, DESCRIPTIONS[name]) in readme, (
            "run: python -m tools.build.list_presets")

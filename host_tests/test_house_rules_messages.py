"""House rules and config.json mistakes each get a clear message (issue 29): values named as
JSON writes them, a conflict with a value the file left to its preset says what to add, and a
misspelt key of config.json is reported, not silently ignored (on the box and in shutbox-sim)."""

import json

import pytest
from app.settings import load_settings
from game.config import ConfigError, rules_from_config

from board_sim.__main__ import main


def _refusal(config):
    with pytest.raises(ConfigError) as error:
        rules_from_config(config)
    return str(error.value)


def test_a_conflict_with_the_presets_value_says_what_to_add():
    message = _refusal({"preset": "classic", "source": "cards"})
    assert message == ("source 'cards' leaves no single die to choose, but the preset's one_die "
                       "is 'high-tiles-shut': add \"one_die\": \"never\"")
    rules_from_config({"preset": "classic", "source": "cards", "one_die": "never"})  # as it says
    assert "dice 1 leaves no single die" in _refusal({"preset": "classic", "dice": 1})


def test_a_conflict_with_a_value_the_file_set_names_that_value():
    assert "one_die 'high-tiles-shut' needs a roll of two or more dice" in _refusal(
        {"preset": "classic", "source": "cards", "one_die": "high-tiles-shut"})


@pytest.mark.parametrize("config, shown", [
    ({"unlucky_7": 1}, "unlucky_7: expected true or false, got 1"),
    ({"unlucky_7": "yes"}, 'unlucky_7: expected true or false, got "yes"'),
    ({"tiles": True}, "tiles: expected a whole number, got true"),
    ({"tiles": None}, "tiles: expected a whole number, got null"),
])
def test_values_are_named_as_json_writes_them(config, shown):
    assert shown in _refusal(config)


def test_a_misspelt_key_of_config_json_is_reported(tmp_path):
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"rules": {"preset": "classic"}, "players": True, "hint": True}))
    settings, faults = load_settings(str(path))
    assert settings.hints is False and settings.players == 2
    assert "%s: players must be 1..8, got true" % path in faults
    assert any('unknown key "hint" (the keys are rules, players, hints, wifi)' in fault for fault in faults)


def test_the_simulator_refuses_a_config_json_with_a_misspelt_key(tmp_path, capsys):
    path = tmp_path / "config.json"
    path.write_text('{"rules": {"preset": "classic"}, "hint": true}')
    assert main(["--rules", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and 'unknown key "hint"' in error

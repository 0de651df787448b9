"""House rules from the configuration: any valid combination of axes is accepted, every mistake
and every conflict is refused with a message naming it."""

import pytest
from game import rules as R
from game.config import ConfigError, rules_from_config


def refused(config):
    with pytest.raises(ConfigError) as error:
        rules_from_config(config)
    return str(error.value)


def test_a_preset_with_house_rules_on_top():
    rules = rules_from_config({"preset": "tournament", "target": 150, "scoring": "missionary",
                               "stakes": "canoga", "ante": 2, "chips": 50, "ties": "full"})
    assert (rules.match, rules.target, rules.scoring) == (R.MATCH_TOURNAMENT, 150, R.SCORE_MISSIONARY)
    assert (rules.stakes, rules.ante, rules.chips, rules.ties) == (R.STAKES_CANOGA, 2, 50, R.TIES_FULL)


def test_combinations_across_every_section_are_accepted():
    rules = rules_from_config({"tiles": 12, "move": "single-die", "second_die_optional": True,
                               "match": "max-penalty", "max_penalty": 60, "drop_on_exceed": True,
                               "stakes": "pool", "source": "manual-dice", "rows": 4,
                               "rows_mode": "simultaneous"})
    assert rules.rows == 4 and rules.source == R.SOURCE_MANUAL and rules.drop_on_exceed
    cards = rules_from_config({"source": "cards", "cards_high": True, "one_die": "never"})
    assert cards.max_roll() == 12
    dominoes = rules_from_config({"source": "dominoes", "dominoes_blank": True, "one_die": "never",
                                  "move": "thai"})
    assert dominoes.dominoes_blank


def test_unknown_keys_and_values_are_named():
    assert "colour" in refused({"colour": "red"})
    assert "match" in refused({"match": "marathon"}) and "tournament" in refused({"match": "marathon"})
    assert "rounds" in refused({"rounds": 0})
    assert "drop_on_exceed" in refused({"drop_on_exceed": "yes"})
    assert "preset" in refused({"preset": "klassic"})


def test_race_on_one_row_is_refused():
    assert "rows must be 2" in refused({"match": "race"})


def test_a_race_that_could_never_end_is_refused_naming_the_stuck_tile():
    message = refused({"preset": "young-players", "move": "any-combination"})
    assert "race" in message and "tile 1" in message and "never" in message
    rules_from_config({"preset": "young-players", "move": "any-combination", "one_die": "high-tiles-shut"})


def test_a_race_with_an_unlucky_7_can_never_shut_tile_7():
    assert "tile 7" in refused({"preset": "young-players", "unlucky_7": True})


def test_lucky_7_with_unlucky_7_is_refused():
    assert "lucky-7" in refused({"preset": "lucky-7", "unlucky_7": True})


def test_2_to_go_with_a_board_carried_over_is_refused():
    assert "long-game" in refused({"preset": "long-game", "must_first": 2})
    assert "race" in refused({"preset": "young-players", "must_first": 3})


def test_long_game_passes_one_board_so_not_everyone_at_once():
    assert "take-turns" in refused({"preset": "long-game", "rows": 2, "rows_mode": "simultaneous"})


def test_stakes_the_players_cannot_ante_are_refused():
    assert "ante" in refused({"stakes": "pool", "chips": 2, "ante": 5})


def test_every_conflict_is_listed_at_once():
    message = refused({"match": "race", "dominoes_blank": True, "rows_mode": "simultaneous"})
    assert "race" in message and "dominoes_blank" in message and "simultaneous" in message


def test_long_game_on_the_300_board_is_refused_as_endless():
    assert "9 to 12 tiles" in refused({"preset": "long-game", "tiles": 24, "dice": 4})
    rules_from_config({"preset": "long-game", "tiles": 12})


def test_a_long_game_with_cards_ace_to_six_could_never_clear_tile_7():
    message = refused({"preset": "long-game", "source": "cards", "one_die": "never"})
    assert "tile 7 or 8 or 9" in message
    rules_from_config({"preset": "long-game", "source": "cards", "cards_high": True, "one_die": "never"})


def test_every_problem_of_a_file_is_listed_at_once():
    message = refused({"preset": "thai", "colour": "red", "rounds": 0, "match": "marathon",
                       "dice": 1})
    problems = message.split("; ")
    assert problems[0].startswith("unknown key 'colour'")
    assert "rounds: 0 is outside 1..99" in problems
    assert any(problem.startswith("match: 'marathon' is not one of") for problem in problems)
    assert "move 'thai' reads two dice, but electronic-dice gives 1 die" in problems
    assert len(problems) == 4


def test_an_unknown_preset_is_listed_with_the_other_problems():
    problems = refused({"preset": "klassic", "tiles": 99}).split("; ")
    assert problems[0].startswith("preset: unknown 'klassic'") and problems[-1] == "tiles: 99 is outside 9..24"

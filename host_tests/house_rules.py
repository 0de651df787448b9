"""The hypothesis strategy for house rules (config.json's axes on top of a preset), shared by
the property tests, and `accepted_rules`, which discards the combinations the box refuses
through hypothesis.assume, so a strategy that drifts into refusals fails the health check
instead of passing on nothing."""

from game import rule_names
from game.config import ConfigError, rules_from_config
from hypothesis import assume
from hypothesis import strategies as st

HOUSE_RULES = st.fixed_dictionaries({}, optional={
    "tiles": st.sampled_from((9, 10, 12)),
    "start": st.sampled_from(rule_names.START_NAMES),
    "one_die": st.sampled_from(rule_names.ONE_DIE_NAMES),
    "move": st.sampled_from(rule_names.MOVE_NAMES),
    "second_die_optional": st.booleans(),
    "must_first": st.sampled_from((0, 2, 3)),
    "scoring": st.sampled_from(rule_names.SCORE_NAMES),
    "unlucky_7": st.booleans(),
    "double_rethrow": st.booleans(),
    "match": st.sampled_from(rule_names.MATCH_NAMES),
    "rounds": st.integers(1, 4),
    "target": st.integers(20, 120),
    "max_penalty": st.integers(10, 60),
    "drop_on_exceed": st.booleans(),
    "stakes": st.sampled_from(rule_names.STAKES_NAMES),
    "chips": st.integers(5, 60),
    "ante": st.integers(0, 5),
    "ties": st.sampled_from(rule_names.TIES_NAMES),
    "source": st.sampled_from(rule_names.SOURCE_NAMES),
    "dominoes_blank": st.booleans(),
    "cards_high": st.booleans(),
    "rows": st.integers(1, 4),
    "rows_mode": st.sampled_from(rule_names.ROWS_NAMES),
})


def accepted_rules(config):
    """The Rules the box makes of `config`; a refused combination is discarded (assume)."""
    if config.get("scoring") == "digital" and config.get("match") in ("tournament", "max-penalty"):
        config["scoring"] = "golf"  # digital totals pass any target at once: valid, just short
    try:
        return rules_from_config(config)
    except ConfigError:
        assume(False)

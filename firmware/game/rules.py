"""The rule axes of Shut the Box (VARIANTS.md sections 1-9): the names of their values, and
the Rules class (game.rule_set's, one value per axis, and what the values decide).

Axis values are small integers; the names used in configuration files, menus and command
lines are game.rule_names'. This module is for those who need the values' names (config
parsing, presets, the host's tools and tests): play never loads it. A firmware module that
stays loaded keeps const() copies of the values it tests, which cost no heap (each name
imported from here would cost a stored name, and this module's own, all of them, in play);
host_tests/test_rule_constant_copies.py checks them against these. Boot lets it go
(app.startup.BOOT_ONLY), a save too (app.keeper_jobs' WORK).
"""

from micropython import const

from game.rule_set import AXES, Rules  # noqa: F401 (the rules' API, read from here)

# 2. Starting position.
START_ALL = const(0)
START_3_DOWN = const(1)
START_ODD = const(2)
START_EVEN = const(3)
START_LUCKY_7 = const(4)

# 3. When the player may choose to roll one die.
ONE_DIE_NEVER = const(0)
ONE_DIE_HIGH_SHUT = const(1)
ONE_DIE_LAST_TILE = const(2)
ONE_DIE_LOW_SUM = const(3)

# 4. Which tiles a roll may shut.
MOVE_ANY = const(0)
MOVE_THAI = const(1)
MOVE_EXACT = const(2)
MOVE_SINGLE_DIE = const(3)
MOVE_YOUNG = const(4)

# 5. Scoring a finished turn.
SCORE_GOLF = const(0)
SCORE_MISSIONARY = const(1)
SCORE_DIGITAL = const(2)

# 6. Match format.
MATCH_SINGLE = const(0)
MATCH_FIXED_ROUNDS = const(1)
MATCH_TOURNAMENT = const(2)
MATCH_MAX_PENALTY = const(3)
MATCH_LONG_GAME = const(4)
MATCH_RACE = const(5)

# 7. Stakes, in chips.
STAKES_NONE = const(0)
STAKES_POOL = const(1)
STAKES_CANOGA = const(2)

# Shared wins (ties) under stakes.
TIES_SPLIT = const(0)
TIES_FULL = const(1)

# 8. Random source.
SOURCE_DICE = const(0)
SOURCE_MANUAL = const(1)
SOURCE_DOMINOES = const(2)
SOURCE_CARDS = const(3)

# 9. Several flap rows on one box.
ROWS_TAKE_TURNS = const(0)
ROWS_SIMULTANEOUS = const(1)

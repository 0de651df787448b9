"""A rule set: the Rules class, one value per rule axis (VARIANTS.md sections 1-9), and what
the values decide. The values' names are game.rules' (config parsing, tools and tests import
them; play never loads that module): the values this module tests are private const()
copies of them, which cost no heap (host_tests/test_rule_constant_copies.py checks them).
"""

from micropython import const

from game.tiles import bit, full_mask, tile_count, tile_sum

_START_ALL = const(0)  # game.rules' START_*, ONE_DIE_*, ... (the module docstring says why)
_START_3_DOWN = const(1)
_START_ODD = const(2)
_START_EVEN = const(3)
_START_LUCKY_7 = const(4)
_ONE_DIE_HIGH_SHUT = const(1)
_ONE_DIE_LAST_TILE = const(2)
_ONE_DIE_LOW_SUM = const(3)
_MOVE_ANY = const(0)
_SCORE_GOLF = const(0)
_SCORE_MISSIONARY = const(1)
_SCORE_DIGITAL = const(2)
_MATCH_SINGLE = const(0)
_STAKES_NONE = const(0)
_TIES_SPLIT = const(0)
_SOURCE_DICE = const(0)
_SOURCE_MANUAL = const(1)
_SOURCE_DOMINOES = const(2)
_SOURCE_CARDS = const(3)
_ROWS_TAKE_TURNS = const(0)

# The axes in VARIANTS.md's order, as config files, snapshots and tools name them (the names of
# their values are in game.rule_names, which play loads only to save a match not classic).
# Defaults are Rules' class attributes.
AXES = ("tiles", "dice", "faces", "start", "one_die", "move", "second_die_optional", "must_first",
        "unlucky_7", "scoring", "double_rethrow", "match", "rounds", "target", "max_penalty",
        "drop_on_exceed", "stakes", "chips", "ante", "ties", "source", "dominoes_blank",
        "cards_high", "rows", "rows_mode")


class Rules:
    """One value per rule axis; the class attributes are the classic game."""

    tiles = 9
    dice = 2
    faces = 6
    start = _START_ALL
    one_die = _ONE_DIE_HIGH_SHUT
    move = _MOVE_ANY
    second_die_optional = False
    must_first = 0
    unlucky_7 = False
    scoring = _SCORE_GOLF
    double_rethrow = False
    match = _MATCH_SINGLE
    rounds = 1
    target = 100
    max_penalty = 45
    drop_on_exceed = False
    stakes = _STAKES_NONE
    chips = 100
    ante = 1
    ties = _TIES_SPLIT
    source = _SOURCE_DICE
    dominoes_blank = False
    cards_high = False
    rows = 1
    rows_mode = _ROWS_TAKE_TURNS

    def __init__(self, **axes):
        unknown = []
        for name in axes:  # a loop, not a comprehension: each of those is a function of its own
            if name not in AXES:
                unknown.append(name)
        if unknown:
            raise TypeError("unknown rule axis: %s" % ", ".join(sorted(unknown)))
        for name in axes:
            setattr(self, name, axes[name])

    def __eq__(self, other):
        for name in AXES:
            if getattr(self, name) != getattr(other, name):
                return False
        return True

    def all_tiles(self):
        """The mask of every tile on the box (one row)."""
        return full_mask(self.tiles)

    def start_mask(self):
        """The open tiles at the start of a turn."""
        tiles = full_mask(self.tiles)
        if self.start == _START_3_DOWN:
            return tiles & ~0b111
        if self.start == _START_ODD:
            return tiles & 0x555555
        if self.start == _START_EVEN:
            return tiles & 0xAAAAAA
        if self.start == _START_LUCKY_7:
            return bit(7)
        return tiles

    def max_roll(self):
        """The largest total one roll can show under this random source."""
        if self.source == _SOURCE_CARDS:
            return 12  # the two face cards count 11 and 12
        if self.source == _SOURCE_DOMINOES:
            return 12
        return self.dice * self.faces

    def one_die_allowed(self, open_mask):
        """May the player choose to roll a single die with these tiles open?"""
        if self.dice < 2 or (self.source != _SOURCE_DICE and self.source != _SOURCE_MANUAL):
            return False
        rule = self.one_die
        if rule == _ONE_DIE_HIGH_SHUT:
            return open_mask >> 6 == 0
        if rule == _ONE_DIE_LAST_TILE:
            return open_mask == 1
        if rule == _ONE_DIE_LOW_SUM:
            return tile_sum(open_mask) <= 6
        return False

    def score(self, open_mask):
        """The penalty score of a finished turn with these tiles open (lowest wins)."""
        if self.scoring == _SCORE_MISSIONARY:
            return tile_count(open_mask)
        if self.scoring == _SCORE_DIGITAL:
            score = 0
            tile = 1
            while open_mask:
                if open_mask & 1:
                    score = score * (100 if tile >= 10 else 10) + tile
                open_mask >>= 1
                tile += 1
            return score
        return tile_sum(open_mask)

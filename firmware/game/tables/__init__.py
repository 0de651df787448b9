"""The game's legality tables and their lookups, one per box size and roll range in play
(`table_for`): each table's bytes are computed when it is made (game.reach's load_reach, loaded
for that and let go), no file, 0 bytes of flash.

The optimal-play tables (policies.bin: tools/coach/gen_policy.py writes it here with policies.py,
its index) are read by game.policy_file; win_ends.bin by game.win_ends. A board flashed by
tools/flash.py keeps each table once, shared by its firmware trees: game/tables/files.py
(generated there) names it.

LegalityTable answers "can this total be shut?" by meeting in the middle: a table of the low
tiles (1-8, one byte of the mask: 512 bytes for 2 dice) answers in one lookup, and a move takes
at most one tile above them, because the table takes in enough low tiles for any two above to
add up to more than the largest roll (9 + 10 > 12 for 2 dice; 1-11 for 4 dice, 12 + 13 > 24):
one more lookup per open tile above, no 2^tiles table.
"""

from micropython import const

from game.tiles import bit

_LOW_TILES = const(8)  # at least: the tiles of one byte of the mask
_ROLL_MAX = const(24)
WBITS = const(9)  # the deflate window of the packed tables: 512 bytes of heap while one loads


class LegalityTable:
    """Reachable totals for a box of `tiles` tiles and rolls of at most `max_total`."""

    def __init__(self, tiles, max_total):
        if tiles < 1 or tiles > 24:
            raise ValueError("a box has 1 to 24 tiles, not %d" % tiles)
        if max_total < 1 or max_total > _ROLL_MAX:
            raise ValueError("rolls up to %d are supported, not %d" % (_ROLL_MAX, max_total))
        low_tiles = (max_total - 1) // 2  # any two tiles above these add up to more
        if low_tiles < _LOW_TILES:
            low_tiles = _LOW_TILES
        if low_tiles > tiles:
            low_tiles = tiles
        wide = 1 if max_total > 16 else 0  # each open mask's totals: 16 bits, or 32
        self.tiles = tiles
        self.max_total = max_total
        from game.reach import load_reach  # once per table: let go after

        self.reach = load_reach(low_tiles, wide)
        self.wide = wide
        self.width = 2 << wide  # bytes a mask
        self.low_tiles = low_tiles
        self.low_mask = (1 << low_tiles) - 1

    def _low_can(self, low_open, total):
        total -= 1  # a wide mask's totals from 17 on are in its second item
        return (self.reach[(low_open << self.wide) | (total >> 4)] >> (total & 15)) & 1

    def can_shut(self, open_mask, total):
        """Is there a set of open tiles adding up to `total`? Allocation-free."""
        if total < 1 or total > self.max_total:
            return False
        low_open = open_mask & self.low_mask
        if self._low_can(low_open, total):
            return True
        high_open = open_mask >> self.low_tiles
        tile = self.low_tiles + 1
        while high_open and tile <= total:
            if high_open & 1:
                if tile == total or self._low_can(low_open, total - tile):
                    return True
            high_open >>= 1
            tile += 1
        return False

    def shut_sets(self, open_mask, total):
        """Every set of open tiles adding up to `total`, as masks, largest tile first."""
        found = []
        if self.can_shut(open_mask, total):
            top = total if total < self.tiles else self.tiles
            self._collect(open_mask, total, 0, top, found)
        return found

    def _collect(self, open_mask, total, chosen, tile, found):
        while tile >= 1:
            tile_bit = bit(tile)
            if open_mask & tile_bit and tile <= total:
                if tile == total:
                    found.append(chosen | tile_bit)
                else:
                    below = open_mask & (tile_bit - 1)
                    if self.can_shut(below, total - tile):
                        self._collect(below, total - tile, chosen | tile_bit, tile - 1, found)
            tile -= 1


_loaded = {}


def table_for(rules):
    """The shared LegalityTable for a rule set (one per box size and roll range)."""
    key = (rules.tiles, rules.max_roll())
    table = _loaded.get(key)
    if table is None:
        table = LegalityTable(rules.tiles, rules.max_roll())
        _loaded[key] = table
    return table


"""The legality table's items (game.tables.LegalityTable), computed when a table is made: the
module is loaded for that and lets itself go."""

from game import array, forget  # (game's docstring: not `from array import array`)


def load_reach(tiles, wide):
    """For each open mask m of tiles 1..tiles, item m of an array (16-bit items, 32-bit when
    `wide`) with bit (t-1) set when some of those tiles add up to t (totals up to 16, or 24). A
    mask's totals are its lower tiles' totals, those plus its top tile, and the top tile alone.
    An item a mask, not its bytes one by one: classic's table took an emulated RP2040 3.9 ms,
    where bytes took 9.6."""
    forget("game.reach")
    reach = array("I" if wide else "H", bytes((4 if wide else 2) << tiles))
    limit = 0xFFFFFF if wide else 0xFFFF  # (small ints on a 32-bit board: no allocation)
    for tile in range(1, tiles + 1):
        top = 1 << (tile - 1)
        keep = limit >> tile  # totals that stay in range once the tile is added
        for lower in range(top):
            totals = reach[lower]
            reach[lower + top] = totals | ((totals & keep) << tile) | top
    return reach

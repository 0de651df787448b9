"""The legality table's bytes (game.tables.LegalityTable), computed when a table is made: the
module is loaded for that and lets itself go."""

from game import forget


def load_reach(tiles, width):
    """For each open mask m of tiles 1..tiles, bytes [m*width, (m+1)*width) little-endian with
    bit (t-1) set when some of those tiles add up to t (totals up to 8*width). A mask's totals
    are its lower tiles' totals, those plus its top tile, and the top tile alone."""
    forget("game.reach")
    reach = bytearray(width << tiles)
    limit = (1 << (8 * width)) - 1
    for tile in range(1, tiles + 1):
        top = 1 << (tile - 1)
        keep = limit >> tile  # totals that stay in range once the tile is added
        for lower in range(top):
            at = lower * width
            totals = reach[at] | (reach[at + 1] << 8)
            if width == 3:
                totals |= reach[at + 2] << 16
            totals |= ((totals & keep) << tile) | top
            at += top * width
            reach[at] = totals & 255
            reach[at + 1] = (totals >> 8) & 255
            if width == 3:
                reach[at + 2] = totals >> 16
    return reach

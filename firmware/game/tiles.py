"""Tile numbers and open masks: bit (tile - 1) of a mask stands for tile `tile`.

This is the one place that maps tiles to bits; everything else calls these helpers (and the
host's tools and tests game.tile_masks' mask_of).
"""

MAX_TILES = 24


def bit(tile):
    """The mask bit of a tile numbered as on the box (1..24)."""
    return 1 << (tile - 1)


def full_mask(tiles):
    """The mask with tiles 1..tiles all set."""
    return (1 << tiles) - 1


def tiles_of(mask):
    """The tiles in a mask, ascending, as a list (allocates: not for the event path)."""
    found = []
    tile = 1
    while mask:
        if mask & 1:
            found.append(tile)
        mask >>= 1
        tile += 1
    return found


# Per 6-tile chunk of a mask: the sum of its tiles counted from 1 (0..21, the low 5 bits) and how
# many tiles it has (0..6, the top 3 bits), in one byte: 64 bytes for every box. A chunk holds
# tile 1 when its bit 0 is set, and its upper five bits' tiles one higher; the chunk of bits
# 6k..6k+5 holds tiles 6k higher. Built with no function of its own: a module keeps every
# function it defines.
SUM_AND_COUNT = bytearray(64)
for _chunk in range(1, 64):
    _upper = SUM_AND_COUNT[_chunk >> 1]
    SUM_AND_COUNT[_chunk] = (((_upper & 31) + (_upper >> 5) + (_chunk & 1))
                             | (((_upper >> 5) + (_chunk & 1)) << 5))
SUM_AND_COUNT = bytes(SUM_AND_COUNT)
del _chunk, _upper


def tile_sum(mask):
    """Sum of the tile numbers in a mask of up to 24 tiles: four lookups, no allocation."""
    table = SUM_AND_COUNT  # (few locals and a shallow stack: a Pico's call then allocates no
    chunk = table[mask & 63]  # frame on the heap, whose search for room took up to 0.5 ms)
    total = chunk & 31
    chunk = table[(mask >> 6) & 63]
    total += (chunk & 31) + 6 * (chunk >> 5)
    chunk = table[(mask >> 12) & 63]
    total += (chunk & 31) + 12 * (chunk >> 5)
    chunk = table[mask >> 18]
    return total + (chunk & 31) + 18 * (chunk >> 5)


def tile_count(mask):
    """How many tiles a mask of up to 24 tiles holds."""
    table = SUM_AND_COUNT
    return ((table[mask & 63] >> 5) + (table[(mask >> 6) & 63] >> 5)
            + (table[(mask >> 12) & 63] >> 5) + (table[mask >> 18] >> 5))

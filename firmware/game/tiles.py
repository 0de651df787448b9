"""Tile numbers and open masks: bit (tile - 1) of a mask stands for tile `tile`.

This is the one place that maps tiles to bits; everything else calls these helpers.
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


def mask_of(tiles):
    """The mask of an iterable of tile numbers."""
    mask = 0
    for tile in tiles:
        mask |= 1 << (tile - 1)
    return mask


def _chunk_table(weight_of_bit):
    table = bytearray(64)
    for chunk in range(64):
        total = 0
        for index in range(6):
            if chunk & (1 << index):
                total += weight_of_bit(index)
        table[chunk] = total
    return bytes(table)


# Per 6-tile chunk: the sum of its tiles counted from 1, and how many tiles it has.
_CHUNK_SUM = _chunk_table(lambda index: index + 1)
_CHUNK_COUNT = _chunk_table(lambda index: 1)


def tile_sum(mask):
    """Sum of the tile numbers in a mask, allocation-free: two byte lookups per 6 tiles."""
    total = 0
    offset = 0
    while mask:
        chunk = mask & 63
        total += _CHUNK_SUM[chunk] + offset * _CHUNK_COUNT[chunk]
        mask >>= 6
        offset += 6
    return total


def tile_count(mask):
    """How many tiles a mask holds."""
    count = 0
    while mask:
        count += _CHUNK_COUNT[mask & 63]
        mask >>= 6
    return count

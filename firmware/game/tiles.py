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


def _byte_table(weight_of_bit):
    table = bytearray(256)
    for byte in range(256):
        total = 0
        for index in range(8):
            if byte & (1 << index):
                total += weight_of_bit(index)
        table[byte] = total
    return bytes(table)


# Per 8-tile byte of a mask: the sum of its tiles counted from 1, and how many tiles it has
# (512 bytes for both; the move check inlines them, see game.moves).
SUM_OF_BYTE = _byte_table(lambda index: index + 1)
COUNT_OF_BYTE = _byte_table(lambda index: 1)


def tile_sum(mask):
    """Sum of the tile numbers in a mask of up to 24 tiles: three byte lookups, no allocation."""
    high = mask >> 8
    top = high >> 8
    return (SUM_OF_BYTE[mask & 255] + SUM_OF_BYTE[high & 255] + (COUNT_OF_BYTE[high & 255] << 3)
            + SUM_OF_BYTE[top] + (COUNT_OF_BYTE[top] << 4))


def tile_count(mask):
    """How many tiles a mask of up to 24 tiles holds."""
    return COUNT_OF_BYTE[mask & 255] + COUNT_OF_BYTE[(mask >> 8) & 255] + COUNT_OF_BYTE[mask >> 16]

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


# Per 8-tile byte of a mask: the sum of its tiles counted from 1, and how many tiles it has
# (512 bytes for both; the move check inlines them, see game.turn.MoveRules). A byte holds tile
# 1 when its bit 0 is set, and its upper seven bits' tiles one higher. Built with no function of
# its own: a module keeps every function it defines.
SUM_OF_BYTE = bytearray(256)
COUNT_OF_BYTE = bytearray(256)
for _byte in range(1, 256):
    _upper = _byte >> 1
    COUNT_OF_BYTE[_byte] = COUNT_OF_BYTE[_upper] + (_byte & 1)
    SUM_OF_BYTE[_byte] = SUM_OF_BYTE[_upper] + COUNT_OF_BYTE[_upper] + (_byte & 1)
SUM_OF_BYTE = bytes(SUM_OF_BYTE)
COUNT_OF_BYTE = bytes(COUNT_OF_BYTE)
del _byte, _upper


def tile_sum(mask):
    """Sum of the tile numbers in a mask of up to 24 tiles: three byte lookups, no allocation."""
    high = mask >> 8
    top = high >> 8
    return (SUM_OF_BYTE[mask & 255] + SUM_OF_BYTE[high & 255] + (COUNT_OF_BYTE[high & 255] << 3)
            + SUM_OF_BYTE[top] + (COUNT_OF_BYTE[top] << 4))


def tile_count(mask):
    """How many tiles a mask of up to 24 tiles holds."""
    return COUNT_OF_BYTE[mask & 255] + COUNT_OF_BYTE[(mask >> 8) & 255] + COUNT_OF_BYTE[mask >> 16]

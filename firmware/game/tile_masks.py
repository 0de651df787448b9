"""The mask of a list of tile numbers: how the host's tools and tests write a position. The box
never builds one from numbers, so game.tiles, which it holds in its heap, leaves this out."""


def mask_of(tiles):
    """The mask of an iterable of tile numbers."""
    mask = 0
    for tile in tiles:
        mask |= 1 << (tile - 1)
    return mask

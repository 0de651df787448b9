"""The legality table's items (game.tables.LegalityTable), computed when a table is made: the
module is loaded for that and lets itself go.

Plain Python that is also valid viper, as game.win_kernel: the flasher compiles `_fill` as
viper for a board with native code (board_sim.native_build), the wasm build runs it as
bytecode. On an emulated RP2040, with this module's import: classic's table 6.4 ms as viper
(10.5 as bytecode, 17.1 made a byte at a time), a 24-tile box's (2,048 masks of 32 bits)
11.7 ms (some 37 as bytecode)."""

from game import array, forget


def load_reach(tiles, wide):
    """For each open mask m of tiles 1..tiles, the totals its tiles reach, bit (t-1) set when
    some of them add up to t: item m of an array of 16-bit items (totals up to 16) or, `wide`
    (1), items 2m and 2m+1, the low and the high 16 bits (totals up to 24)."""
    forget("game.reach")
    reach = array("H", bytes(2 << (tiles + wide)))
    _fill(reach, tiles, wide)  # pyright: ignore[reportArgumentType] (an array: viper's ptr16 there)
    return reach


# native: @micropython.viper
def _fill(reach: ptr16, tiles: int, wide: int):
    """A mask's totals are its lower tiles' totals, those plus its top tile, and the top tile
    alone (masks below `top` are done before the tile at `top` is added)."""
    limit = 0xFFFFFF if wide else 0xFFFF
    tile = 1
    while tile <= tiles:
        top = 1 << (tile - 1)
        keep = limit >> tile  # totals that stay in range once the tile is added
        lower = 0
        while lower < top:
            at = lower << wide
            totals = int(reach[at])
            if wide:
                totals |= int(reach[at + 1]) << 16
            totals |= ((totals & keep) << tile) | top
            at += top << wide
            reach[at] = totals & 0xFFFF
            if wide:
                reach[at + 1] = totals >> 16
            lower += 1
        tile += 1

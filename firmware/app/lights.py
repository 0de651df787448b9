"""What the LEDs under the tiles show: colours per tile for each screen of the box.

Every method turns every LED off, lights the ones it shows, and has the strip written only when
an LED's colour changed since the last write (TileLeds.show). Colours are 0xRRGGBB ints;
blinking follows now_ms.
"""

from micropython import const

OFF = const(0)
_OPEN = const(0x181818)  # a tile still up, waiting for the roll
LEGAL = const(0x00C000)  # may be shut for this roll
_PENDING = const(0x003000)  # shut for this move, may still be taken back
_HINT = const(0x0060FF)  # part of the best move (hint mode)
WRONG = const(0xFF0000)  # a flap to move back: shut by mistake, or reopened after its move
_GUIDE = const(0xFF9000)  # a flap to open (or shut) before the next turn
_DIE = const(0xFFFFFF)  # the tiles numbered as the dice, blinking (when there is no display)
PLAYER_COLOURS = (0x0040FF, 0xFFC000, 0xFF00C0, 0x00E0E0, 0xFF5000, 0x8000FF, 0xFFFFFF, 0x80FF00)
_BLINK_MS = const(250)


def blink_on(now_ms):
    return (now_ms // _BLINK_MS) & 1 == 0


class Lights:
    """LED colours for the box; LED (row * tiles + tile - 1) lights tile `tile` of `row`."""

    def __init__(self, leds, tiles):
        self.leds = leds
        self.tiles = tiles

    def play(self, row, tiles, open_mask, pending, legal, hint, wrong, dice_mask, now_ms):
        """A turn: open tiles dim, legal green, hint blue, wrong red (blinking), dice white. Drawn
        again only when one of those changed since the strip was last written by this (a Pico took
        1.3 ms of every tick in play for it: issue 45), the row's colours straight into the strip's."""
        leds = self.leds
        if blink_on(now_ms):
            blink = WRONG
            blinking = wrong
        else:
            blink = OFF
            blinking = -wrong  # (the wrong tiles dark: another drawing)
            dice_mask = 0
        drawn = leds.drawn
        if (drawn[0] == row and drawn[1] == tiles and drawn[2] == open_mask and drawn[3] == pending
                and drawn[4] == legal and drawn[5] == hint and drawn[6] == blinking and drawn[7] == dice_mask):
            return
        count = leds.count
        if row or count > tiles:  # the other rows' LEDs (or those past the row's) go dark
            leds.fill(OFF)
        colours = leds.colours
        index = row * self.tiles  # the row's tile 1's LED
        bit = 1
        while index < count and not bit >> tiles:  # (tiles beyond the strip left out)
            if wrong & bit:
                colour = blink
            elif dice_mask & bit:
                colour = _DIE
            elif hint & bit:
                colour = _HINT
            elif legal & bit:
                colour = LEGAL
            elif pending & bit:
                colour = _PENDING
            elif open_mask & bit:
                colour = _OPEN
            else:
                colour = OFF
            colours[index] = colour
            index += 1
            bit <<= 1
        leds.show()
        drawn[0] = row
        drawn[1] = tiles
        drawn[2] = open_mask
        drawn[3] = pending
        drawn[4] = legal
        drawn[5] = hint
        drawn[6] = blinking
        drawn[7] = dice_mask

    def guide(self, row, tiles, must_open, must_shut, now_ms):
        """Setting up the next turn: flaps to open glow amber, flaps to shut blink red (drawn again
        only when those changed, as play's)."""
        leds = self.leds
        if not blink_on(now_ms):
            must_shut = 0
        drawn = leds.drawn
        if drawn[0] == row and drawn[1] == -tiles and drawn[2] == must_open and drawn[3] == must_shut:
            return
        leds.fill(OFF)
        first = row * self.tiles  # the LED before the row's tile 1
        bit = 1
        for tile in range(1, tiles + 1):
            if must_open & bit:
                leds.set_tile(first + tile, _GUIDE)
            elif must_shut & bit:
                leds.set_tile(first + tile, WRONG)
            bit <<= 1
        leds.show()
        drawn[0] = row
        drawn[1] = -tiles  # (never play's)
        drawn[2] = must_open
        drawn[3] = must_shut

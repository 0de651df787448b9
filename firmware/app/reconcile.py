"""Physical truth: the flaps as they are against the game as it stands.

The switches are the truth about the board, the Turn the truth about the rules. `feed` tells
the Turn about flaps that moved and never changes a flap's meaning by itself: a refused shut
stays refused (shown red) until the flap is reopened or the rules come to allow it. A turn's
*view* of a row is the open mask as the Turn counts it: the flaps' open mask, inverted for the
long game's uncoverer (whose "open" tiles are the covered ones). Everything here is
allocation-free.
"""

from game.tiles import bit
from game.turn import COMMITTED, MOVE_COMPLETE, OVER, is_error
from micropython import const

_TOOK_BACK = const(1)  # FlapFeed.feed's bits (app.core keeps copies): a tile of the pending move was reopened
_ACCEPTED = const(2)  # a shut tile joined the pending move
_DONE = const(4)  # a move was committed (it added up, or it shut the box)
_REFUSED = const(8)  # a flap was shut that the rules refuse (newly)


def expected_open(turn, invert, all_tiles):
    """The flaps' open mask the game expects now: the Turn's open tiles less the pending move."""
    return ((turn.open_mask & ~turn.pending) ^ invert) & all_tiles


def reconcile(app):
    """The App's row in play against its game: sets app.must_open and app.must_shut (the
    flaps to open and to shut); True when they changed (a shake refused before is then no
    longer so)."""
    all_tiles = app.all_tiles
    physical = app.devices.flaps.open_mask(app.row) & all_tiles
    expected = expected_open(app.turn, app.invert, all_tiles)
    must_open = expected & ~physical
    must_shut = physical & ~expected
    if must_open != app.must_open or must_shut != app.must_shut:
        app.must_open = must_open
        app.must_shut = must_shut
        app.blocked_shake = False
        app.dirty = True
        return True
    return False


class FlapFeed:
    """Feeds flap changes to a Turn; `refused` holds the tiles shut against the rules."""

    def clear(self):
        self.refused = 0
        self.error = 0

    __init__ = clear  # a new feed starts clear

    def feed(self, turn, view):
        """Match the Turn to `view`; returns _TOOK_BACK | _ACCEPTED | _DONE | _REFUSED bits."""
        happened = 0
        back = view & turn.pending
        tile = 1
        while back:
            if back & 1:
                turn.tile_reopened(tile)
                happened |= _TOOK_BACK
            back >>= 1
            tile += 1
        down = turn.open_mask & ~turn.pending & ~view
        refused = 0
        tile = 1
        while down:
            if down & 1:
                result = turn.tile_shut(tile)
                if result == MOVE_COMPLETE:
                    turn.commit()
                    happened |= _DONE
                elif result == COMMITTED:
                    happened |= _DONE
                elif is_error(result):
                    refused |= bit(tile)
                    self.error = result
                else:
                    happened |= _ACCEPTED
                if turn.state == OVER:
                    break
            down >>= 1
            tile += 1
        if refused & ~self.refused:
            happened |= _REFUSED
        self.refused = refused
        return happened


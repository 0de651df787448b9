"""Feeding a scripted turn to a Turn: each step is (dice, tiles to shut); the last roll ends it."""

from game.turn import OVER, is_error


def play(turn, *steps):
    """Play the steps; every event must be accepted and the turn must end."""
    for dice, tiles in steps:
        assert not is_error(turn.roll(*dice)), dice
        for tile in tiles:
            assert not is_error(turn.tile_shut(tile)), tile
    assert turn.state == OVER

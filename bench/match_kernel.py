"""Whole matches and event allocation measured on whatever runtime runs this file.

`play(preset_name, matches)` plays whole matches with electronic dice and the first legal
move, and prints `heap <bytes>` (gc.mem_alloc() after gc.collect()) once set up and at the end.
`allocation(events)` prints `alloc flap <bytes per event>` and `alloc roll <bytes per roll>` with
the collector disabled (MicroPython only: CPython has no gc.mem_alloc()).
"""

import gc
import sys

from game.match import source_for, start_match
from game.presets import preset
from game.prng import Xorshift32
from game.sources import feed
from game.tiles import bit
from game.turn import AWAIT_MOVE, OVER

ON_MICROPYTHON = sys.implementation.name == "micropython"


def heap_in_use():
    gc.collect()
    return gc.mem_alloc() if ON_MICROPYTHON else 0


def shut_first_legal_move(turn):
    move = turn.legal_moves()[0]
    tile = 1
    while move:
        if move & 1:
            turn.tile_shut(tile)
        move >>= 1
        tile += 1
    if turn.state == AWAIT_MOVE:
        turn.commit()


def play(preset_name, matches, players=2, seed=1):
    rules = preset(preset_name)
    source = source_for(rules, Xorshift32(seed))
    print("heap %d" % heap_in_use())
    for _ in range(matches):
        match = start_match(rules, players)
        while not match.over:
            turn = match.turn
            while turn.state != OVER:
                feed(turn, source.values, source.draw(turn.dice_expected()))
                if turn.state == AWAIT_MOVE:
                    shut_first_legal_move(turn)
            match.end_turn()
    print("heap %d" % heap_in_use())


def allocation(events):
    if not ON_MICROPYTHON:
        return
    rules = preset("classic")
    match = start_match(rules, 1)
    turn = match.turn
    turn.roll(4, 4)
    tile5 = 5
    tile3 = 3
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    for _ in range(events // 4):
        turn.tile_shut(tile5)
        turn.tile_shut(tile3)
        turn.tile_reopened(tile3)
        turn.tile_reopened(tile5)
    flap = (gc.mem_alloc() - before) * 1000 // events
    source = source_for(rules, Xorshift32(3))
    values = source.values
    before = gc.mem_alloc()
    for _ in range(events):
        turn.start(bit(9) - 1 | bit(9))
        source.draw(2)
        feed(turn, values, 2)
    roll = (gc.mem_alloc() - before) * 1000 // events
    gc.enable()
    print("alloc flap %d" % flap)
    print("alloc roll %d" % roll)

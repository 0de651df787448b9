"""Move validation and "can this total be shut?" timed on whatever runtime runs this file.

Runs unchanged on CPython and MicroPython: `run(iterations)` prints one line per figure,
`figure <name> <tiles> <ns per call>`, for the legality table, a naive subset enumeration and
the floor (a bare bytearray index in the same loop).
"""

import sys
import time

from game.rules import Rules
from game.tables import LegalityTable
from game.tiles import tile_sum
from game.turn import MoveRules

ON_MICROPYTHON = sys.implementation.name == "micropython"


def now_us():
    if ON_MICROPYTHON:
        return time.ticks_us()
    return time.perf_counter_ns() // 1000


def elapsed_us(start):
    if ON_MICROPYTHON:
        return time.ticks_diff(time.ticks_us(), start)
    return time.perf_counter_ns() // 1000 - start


def workload(tiles, max_total, count):
    """Deterministic (open mask, shut mask, total) triples: about half the moves are legal."""
    full = (1 << tiles) - 1
    seed = 12345
    opens = bytearray(0)
    cases = []
    for _ in range(count):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        open_mask = (seed >> 3) & full | 1
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        shut = (seed >> 5) & open_mask
        total = tile_sum(shut) if seed & 1 and 0 < tile_sum(shut) <= max_total else 2 + seed % (max_total - 1)
        cases.append((open_mask, shut, total))
    del opens
    return cases


def naive_can_shut(open_mask, total):
    """Enumerate the subsets of the open tiles no larger than the total."""
    usable = open_mask & ((1 << total) - 1)
    subset = usable
    while subset:
        if tile_sum(subset) == total:
            return True
        subset = (subset - 1) & usable
    return False


def naive_is_legal(open_mask, shut, total):
    """Check the move by summing its tiles bit by bit."""
    if shut == 0 or shut & ~open_mask:
        return False
    tile = 1
    summed = 0
    while shut:
        if shut & 1:
            summed += tile
        shut >>= 1
        tile += 1
    return summed == total


def time_loop(cases, repeat, call):
    start = now_us()
    for _ in range(repeat):
        for case in cases:
            call(case[0], case[1], case[2])
    return elapsed_us(start) * 1000 // (repeat * len(cases))


def figures_for(tiles, max_total, iterations):
    """(name, ns per call) for one box size."""
    table = LegalityTable(tiles, max_total)
    moves = MoveRules(Rules(tiles=tiles, dice=4 if max_total > 12 else 2), table)
    floor_bytes = bytearray(4096)
    cases = workload(tiles, max_total, 256)
    repeat = max(1, iterations // len(cases))
    for case in cases:  # the table and the naive answers agree on the whole workload
        if table.can_shut(case[0], case[2]) != naive_can_shut(case[0], case[2]):
            raise ValueError("table and naive disagree on %r" % (case,))

    def floor(open_mask, shut, total):
        return floor_bytes[open_mask & 4095]

    def table_can(open_mask, shut, total):
        return table.can_shut(open_mask, total)

    def naive_can(open_mask, shut, total):
        return naive_can_shut(open_mask, total)

    def table_legal(open_mask, shut, total):
        return moves.is_legal(open_mask, shut, total, 0, False, 0)

    naive_repeat = max(1, repeat // 8) if tiles == 24 else repeat
    return (
        ("floor", time_loop(cases, repeat, floor)),
        ("can_shut_table", time_loop(cases, repeat, table_can)),
        ("can_shut_naive", time_loop(cases, naive_repeat, naive_can)),
        ("validate_table", time_loop(cases, repeat, table_legal)),
        ("validate_naive", time_loop(cases, repeat, naive_is_legal)),
    )


def run(iterations):
    for tiles, max_total in ((9, 12), (12, 12), (24, 24)):
        for name, nanoseconds in figures_for(tiles, max_total, iterations):
            print("figure %s %d %d" % (name, tiles, nanoseconds))

"""What game.win_chance's programme needs once per rule set, worked out in slices (`prepare`,
one per step): its buffers, and the outcome table game.win_kernel's `fill` reads (each roll's
moves as masks, from the firmware's own move rules, and where one die may be rolled). Imported by
WinChance.step while it prepares, and let go once the table is ready (sys.modules and the game
package forget it), so none of it stays in the heap in play.
"""

import sys

from micropython import const

from game import array, forget
from game.turn import Turn
from game.win_kernel import CHECKS_PER_STEP  # (native code takes more checks a step)

_MOVE_ANY = const(0)  # game.rules' (a copy: see there)
_WIN_ONE = const(65535)  # game.strategy's WIN_ONE (a copy: a name imported costs two lookups)
# game.win_kernel's table layout and kinds of roll (as there): a name imported from it would
# cost an interned name and a stored one, and the import each the more time on a Pico.
_ENDS_AT_ONCE = const(1)
_FREE_IF_STUCK = const(2)
_ONE_DIE_AT = const(3)
_ONE_DIE_COST_AT = const(7)
_BLOCKS_AT = const(8)
_ONE_DIE_MASKS = const(64)
_SCORE_DIGITAL = const(2)
# A slice of a roll's moves under the sum rule: its largest tiles' sets until this many are found
# (one largest tile's a slice made the table's slices four times as many: the first seat's
# chance ready 0.38 s later for a quick hand on an emulated RP2040)
_SETS_A_SLICE = const(4)
# A step's checks on the web page (the WebAssembly build), whose ticks may do more work than a
# Pico's: a native step's (game.win_kernel's CHECKS_PER_STEP as flashed), where its bytecode's
# are a sixteenth of that and each of the page's ticks takes 5 ms of its clock (issue 45: a
# full-house chance took the page 9.5 s). (8,000 moved the wasm bench's play peak to 26,512 B
# above boot, over test_memory_budget's BUDGET_PLAY.)
_PAGE_CHECKS = const(4000)


class _Building:
    """A WinChance's preparation in progress: the rolls still to add to the outcome table, the
    table so far, where the option being added starts in it, a Turn whose rolls give the moves."""

    def __init__(self):
        self.rolls = []
        self.table = None
        self.block = 0
        self.turn = None
        self.top = 0  # under the sum rule, the roll under way's largest tile still to add sets of (0: none under way)
        self.at = 0  # where the roll under way's count of moves is
        self.total = 0  # its total (the Turn's may be an earlier roll's: one die refused there)


def prepare(win):
    """One slice of a WinChance's preparation: the rolls planned, the buffers made, where one
    die may be rolled, or a roll (or some of its moves) added to the outcome table. Once it is
    ready the table is the WinChance's, and this module is let go."""
    building = win.building
    if not building:  # None, or 0 (this module just imported)
        building = win.building = _Building()
        _plan_rolls(win, building)
    elif building.turn is None:
        _buffers(win, building)
    elif building.table[_ONE_DIE_AT] == 0xFFFF:
        _one_die_masks(win, building.table)
    else:
        _build_roll(win, building)
        if not building.rolls and not building.top:
            win.table = building.table
            win.building = None
            forget("game.win_table")


def _plan_rolls(win, building):
    """The rolls the outcome table describes, per option (all the dice, then one die): the dice
    thrown and (a, b, weight) for each distinct outcome. Where only the total matters (any
    combination, no free throws on doubles) each total is rolled once (as the pair that has 1
    or the top face in it)."""
    rules = win.rules
    faces = rules.faces
    by_total = rules.move == _MOVE_ANY and not rules.double_rethrow
    rolls = building.rolls
    for count in (rules.dice, 1) if rules.dice > 1 else (rules.dice,):
        rolls.append((count, 0, 0, 0))  # an option's block starts
        top = faces if count > 1 else 0  # the second die's faces (0: none)
        for a in range(1, faces + 1):
            for b in range(a if top else 0, top + 1):
                weight = 1
                if b:
                    if by_total:
                        if a > 1 and b < faces:
                            continue
                        weight = faces - abs(a + b - faces - 1)
                    elif a != b:
                        weight = 2
                rolls.append((count, a, b, weight))
    # where each option's block is (one die: 0 until there is one), how a mask scores, one die's
    # masks (0xFFFF: still to work out, the next step), a mask's cost with one die (once built)
    building.table = array("H", (_BLOCKS_AT, 0, rules.scoring, 0xFFFF, 0, 0, 0, 8))


def _buffers(win, building):
    """The Turn whose rolls give the moves, and the WinChance's buffers."""
    rules = win.rules
    building.turn = Turn(rules)
    size = 1 << rules.tiles
    win.chances = array("H", bytes(2 * size))
    win.chances[0] = _WIN_ONE  # a shut box wins (or scores 0: below any score to beat)
    win.one_die = bytearray((size + 7) // 8)
    slots = size if rules.scoring == _SCORE_DIGITAL else rules.score(rules.all_tiles()) + 1
    win.ends = array("H", bytes(2 * slots))


def _one_die_masks(win, table):
    """A bit for each mask below _ONE_DIE_MASKS where the rules allow one die (every rule allows
    it only with tiles 7 and up shut: a test checks each at every mask)."""
    table[_ONE_DIE_AT] = 0
    for mask in range(1, _ONE_DIE_MASKS):
        if win.rules.one_die_allowed(mask):
            table[_ONE_DIE_AT + (mask >> 4)] |= 1 << (mask & 15)


def _build_roll(win, building):
    """Add a roll to the outcome table: its weight, flags and moves (the firmware's own move
    rules at every pattern of the tiles they look at). Under the sum rule its moves come a few
    largest tiles a slice (`_add_sets`): a roll of 12 on 12 tiles has 15, which took an emulated
    RP2040 14 ms in one slice (issue 45), and a roll of 20 has 45."""
    if building.top:
        _add_sets(win, building)
        return
    rules = win.rules
    built = building.table
    turn = building.turn
    count, a, b, weight = building.rolls.pop(0)
    if a == 0:  # a new option: its block's place, then its count of outcomes
        if len(built) > _BLOCKS_AT:
            built[1] = len(built)
        building.block = len(built)
        built.append(0)
        count, a, b, weight = building.rolls.pop(0)  # an option has a roll at least
    built[building.block] += 1
    total = building.total = a + b
    kind = _ENDS_AT_ONCE if rules.unlucky_7 and total == 7 else 0
    if rules.double_rethrow and count == 2 and a == b:
        kind |= _FREE_IF_STUCK
    built.append(weight)
    built.append(kind)
    building.at = len(built)
    built.append(0)
    every = rules.all_tiles()
    turn.start(every)
    turn.rolls = 1  # not the first roll: nothing required
    if count != rules.dice:
        turn.choose_one_die(True)
    if count == 1:
        turn.roll(a)
    else:
        turn.roll(a, b)
    if kind & _ENDS_AT_ONCE:
        pass  # no move counts
    elif rules.move == _MOVE_ANY:
        building.top = total if total < rules.tiles else rules.tiles
    else:
        looks = (turn.die_mask | (1 << (total - 1) if total <= rules.tiles else 0)) & every
        pattern = looks
        while True:  # every pattern of the looked-at tiles, every move within it
            move = pattern
            while move:
                if turn.move_rules.is_legal(pattern, move, total, turn.die_mask, turn.dice_distinct, 0):
                    built.append(move)
                    built.append(looks)
                    built.append(pattern)
                move = (move - 1) & pattern
            if pattern == 0:
                break
            pattern = (pattern - 1) & looks
    _add_sets(win, building)


def _add_sets(win, building):
    """The roll under way's moves under the sum rule, those of its next largest tiles until
    _SETS_A_SLICE are found (a move looks at its own tiles alone: it is its own pattern), then,
    after the last (or with `top` 0: the roll's moves all added), the roll's count of moves, and
    after the last roll what a step's masks may take."""
    every = win.rules.all_tiles()
    table = building.turn.table
    total = building.total
    built = building.table
    top = building.top
    first = len(built)  # the sets found go straight into the table, once each (no list)
    while top and len(built) - first < _SETS_A_SLICE:
        if not table.can_shut(every & ((1 << top) - 1), total):
            top = 0  # no set has its largest tile this low
            break
        tile = 1 << (top - 1)  # the sets of this largest tile: it, and tiles below adding up to the rest
        if every & tile:
            if top == total:
                built.append(tile)
            elif table.can_shut(every & (tile - 1), total - top):  # (game.tables' own collector:
                table._collect(every & (tile - 1), total - top, tile, top - 1, built)  # renamed
                # public, its boot-loaded module took 176 B more of the Pico W's heap after boot)
        top -= 1
    building.top = top
    found = len(built) - first
    for _word in range(2 * found):  # then three words each: the move, the tiles looked at, the pattern
        built.append(0)
    while found:  # (from the last: each set's three words lie at or after where it was)
        found -= 1
        move = built[first + found]
        built[first + 3 * found] = move
        built[first + 3 * found + 1] = move
        built[first + 3 * found + 2] = move
    if top:
        return
    at = building.at
    built[at] = (len(built) - at - 1) // 3
    if not building.rolls:  # a step's masks: its checks over the moves a mask without one die looks at
        without = built[1] or len(built)  # the table up to one die's block
        first = without - _BLOCKS_AT  # the first option's block
        built[_ONE_DIE_COST_AT] = (8 * (len(built) - _BLOCKS_AT) + first - 1) // first
        checks = _PAGE_CHECKS if sys.platform == "webassembly" else CHECKS_PER_STEP
        win.masks_per_step = max(1, checks * 3 // without)

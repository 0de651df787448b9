"""What game.win_chance's programme needs once per rule set, worked out in slices (`prepare`,
one per step): the outcome table game.win_kernel's `fill` reads (each roll's moves as masks,
from the firmware's own move rules) and each mask's score slot and one-die rule. Imported by
WinChance.step while it prepares, and let go once all is ready (sys.modules and the game
package forget it), so none of it stays in the heap in play.
"""

from array import array

from micropython import const

from game import forget
from game.turn import Turn
from game.win_kernel import CHECKS_PER_STEP, ENDS_AT_ONCE, FREE_IF_STUCK, ONE_DIE_ALLOWED

_MOVE_ANY = const(0)  # game.rules' (a copy: see there)
_SCORE_MISSIONARY = const(1)
_SCORE_DIGITAL = const(2)
_MASKS_PER_STEP = const(256)  # masks whose slot is worked out per step
ONE_DIE_MASKS = const(64)  # one die is only ever allowed on masks below this: tiles 7 and up shut


class _Building:
    """A WinChance's preparation in progress: the rolls still to add to the outcome table, the
    table so far, where the option being added starts in it, a Turn whose rolls give the moves;
    then the masks whose slot is known and the top tile of the next (as a bit, and its number)."""

    def __init__(self):
        self.rolls = []
        self.table = None
        self.block = 0
        self.turn = None
        self.prepared = 0
        self.top = 1
        self.top_tile = 1


def prepare(win):
    """One slice of a WinChance's preparation: the rolls planned, one roll added to the outcome
    table, or a few hundred masks' slots. Once all is ready the table is the WinChance's, and
    this module is let go."""
    building = win.building
    if building is None:
        building = win.building = _Building()
        _plan_rolls(win, building)
    elif building.rolls:
        _build_roll(win, building)
    elif building.prepared < win.start:
        _prepare_masks(win, building)
    if not building.rolls and building.prepared >= win.start:
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
    # where each option's block is (one die: 0 until there is one), whether a slot is the mask
    building.table = array("H", (3, 0, 1 if rules.scoring == _SCORE_DIGITAL else 0))
    building.turn = Turn(rules)


def _build_roll(win, building):
    """Add a roll to the outcome table: its weight, flags and moves (the firmware's own move
    rules at every pattern of the tiles they look at)."""
    rules = win.rules
    built = building.table
    turn = building.turn
    count, a, b, weight = building.rolls.pop(0)
    if a == 0:  # a new option: its block's place, then its count of outcomes
        if len(built) > 3:
            built[1] = len(built)
        building.block = len(built)
        built.append(0)
        count, a, b, weight = building.rolls.pop(0)  # an option has a roll at least
    built[building.block] += 1
    total = a + b
    kind = ENDS_AT_ONCE if rules.unlucky_7 and total == 7 else 0
    if rules.double_rethrow and count == 2 and a == b:
        kind |= FREE_IF_STUCK
    built.append(weight)
    built.append(kind)
    at = len(built)
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
    if kind & ENDS_AT_ONCE:
        pass  # no move counts
    elif rules.move == _MOVE_ANY:
        for move in turn.table.shut_sets(every, total):
            built.append(move)
            built.append(move)
            built.append(move)
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
    built[at] = (len(built) - at - 1) // 3
    if not building.rolls:
        win.masks_per_step = max(1, CHECKS_PER_STEP * 3 // len(built))
        building.turn = None


def _prepare_masks(win, building):
    """Each mask's score slot, for a few hundred more masks: a mask scores what its lower tiles
    score plus its top tile (golf: the tile's number, missionary: one); and whether one die is
    allowed, which every rule allows only with tiles 7 and up shut (masks below ONE_DIE_MASKS:
    a test checks each rule at every mask)."""
    rules = win.rules
    slots = win.slots
    mask = building.prepared + 1
    last = min(mask + _MASKS_PER_STEP, win.start + 1)
    digital = rules.scoring == _SCORE_DIGITAL
    golf = rules.scoring != _SCORE_MISSIONARY
    top = building.top
    tile = building.top_tile
    while mask < last:
        if mask >= top << 1:
            top <<= 1
            tile += 1
        slot = 0 if digital else (slots[mask - top] & ~ONE_DIE_ALLOWED) + (tile if golf else 1)
        if mask < ONE_DIE_MASKS and rules.one_die_allowed(mask):
            slot |= ONE_DIE_ALLOWED
        slots[mask] = slot
        mask += 1
    building.top = top
    building.top_tile = tile
    building.prepared = mask - 1

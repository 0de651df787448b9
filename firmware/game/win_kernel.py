"""The win-chance programme's inner loop (game.win_chance): per open mask, the chance of winning
from the chances of the masks a move leaves, for every roll of a rule set's outcome table.

Plain Python that is also valid viper: the flasher compiles `fill` as viper for each board's
architecture (board_sim.native_build makes each native mark below what it names), and
everywhere else (the wasm build, the unix port from source, CPython) it runs as bytecode. The
arrays are typed ('H' for the 16-bit ones, bytearrays for the 8-bit ones), so indexing one
means the same thing in both. Measured on the unix port (`python -m bench.win_bench`), the 12-tile
programme runs some 20 times faster as viper than as bytecode.

The outcome table (game.win_table builds it from the firmware's own move rules) starts with
where each option's block is (all the dice, then one die: 0 when there is no such choice), how
a mask scores, a bit per mask below 64 saying whether one die may be rolled there, and what a
mask where it may costs (its moves looked at in both blocks, in eighths of a mask's in the
first: `fill` counts its work so, and a step's masks are counted without one die's); a
block holds the number of outcomes, then per outcome its
weight, its flags, its number of moves and per move three masks: the move, the tiles its
legality looks at (`care`) and what they must be (`pattern`). A move is legal at an open mask
m when m & care == pattern (the sum rule: care = pattern = move).
"""

from micropython import const

# A step's work in moves looked at (the table's moves times the masks): some 15 ms on a Pico as
# bytecode, 5 ms as viper (bench/win_bench.py: unix figures times the factor it calibrates).
CHECKS_PER_STEP = const(250)  # native: 4000
_ENDS_AT_ONCE = const(1)  # the roll ends the turn whatever is open (unlucky 7)
_FREE_IF_STUCK = const(2)  # no move: throw again, left out of the average (doubles, long game)
_SCORING_AT = const(2)  # the table's word saying how a mask scores: game.rules' SCORE_* value
_ONE_DIE_AT = const(3)  # its 4 words of 16 bits: may one die be rolled at mask 0..63?
_ONE_DIE_COST_AT = const(7)  # a mask's work with one die's option too, in eighths of one without
_BLOCKS_AT = const(8)  # where the first option's block starts
_ONE_DIE_MASKS = const(64)  # one die is only ever allowed below: with tiles 7 and up shut
_GOLF = const(0)
_DIGITAL = const(2)
_WIN_ONE = const(65535)  # game.strategy's WIN_ONE
_SURE_COST = const(2)  # a mask sure to win, in eighths of a mask's work (its slot found, no move looked at)


# native: @micropython.viper
def fill(chances: ptr16, ends: ptr16, table: ptr16, one_die: ptr8, mask: int, start: int,
         count: int, sure: int) -> int:
    """Compute chances[] for up to `count` open masks, the submasks of `start` from `mask` on in
    increasing order (a move only ever leaves a smaller mask); bit `mask` of one_die[] gets
    whether one die is the better roll, where the table allows one die. A turn that ends
    leaves ends[slot], the slot of its score (golf: the open tiles' numbers added; missionary:
    how many; digital: the mask itself). With count 0: the first roll from `mask` under
    2-to-go/3-to-go, whose moves must hold tile `start` (a mask) and whose stuck rolls lose
    (ends[0]): returns its chance times 4, plus 2 when one die is better. Otherwise returns the
    next mask to compute (0: all done; 0 is never computed, nor stored: a shut box is
    chances[0], set by the caller: a sure win). A mask whose slot is at most `sure` (every slot
    from 1 to it a sure win, ends[] WIN_ONE: the last player below the score to beat) is a sure
    win without a look at its moves (every end it can reach is a slot no higher, or a shut
    box), and counts a quarter of a mask in `count` (its score added up: a mask's moves take
    more than three times that); a mask where one die may be rolled counts the table's
    _ONE_DIE_COST_AT eighths (both options' moves looked at)."""
    required = 0
    if count == 0:
        required = start
        count = 1
        sure = 0
    count <<= 3  # in eighths of a mask's work
    scoring = int(table[_SCORING_AT])
    while count > 0:
        slot = mask
        if scoring != _DIGITAL:
            slot = 0
            rest = mask
            tile = 1
            while rest:
                if rest & 1:
                    if scoring == _GOLF:
                        slot += tile
                    else:
                        slot += 1
                rest >>= 1
                tile += 1
        if slot <= sure:
            chances[mask] = _WIN_ONE
            one_die[mask >> 3] = int(one_die[mask >> 3]) & ~(1 << (mask & 7))
            mask = ((mask | ~start) + 1) & start
            if mask == 0:
                return 0
            count -= _SURE_COST
            continue
        end_value = int(ends[slot])
        best_chance = 0
        chose = 0
        cost = 8
        option = 0
        while option < 2:
            at = int(table[option])
            if option == 1:
                if at == 0 or mask >= _ONE_DIE_MASKS:
                    break
                if (int(table[_ONE_DIE_AT + (mask >> 4)]) >> (mask & 15)) & 1 == 0:
                    break
                cost = int(table[_ONE_DIE_COST_AT])
            outcomes = int(table[at])
            at += 1
            weighed = 0
            total = 0
            free = 0
            while outcomes > 0:
                weight = int(table[at])
                kind = int(table[at + 1])
                moves = int(table[at + 2])
                at += 3
                total += weight
                best = -1
                if kind & _ENDS_AT_ONCE:
                    best = end_value
                    at += 3 * moves
                    moves = 0
                while moves > 0:
                    if (mask & int(table[at + 1])) == int(table[at + 2]):
                        move = int(table[at])
                        if move & required == required:
                            value = int(chances[mask ^ move])
                            if value > best:
                                best = value
                    at += 3
                    moves -= 1
                if best < 0:
                    if required:
                        best = int(ends[0])
                    elif kind & _FREE_IF_STUCK:
                        free += weight
                        best = 0
                        weight = 0
                    else:
                        best = end_value
                weighed += weight * best
                outcomes -= 1
            total -= free
            chance = (weighed + total // 2) // total
            if option == 0 or chance > best_chance:
                best_chance = chance
                chose = option
            option += 1
        if required:
            return best_chance * 4 + chose * 2
        chances[mask] = best_chance
        bit = 1 << (mask & 7)
        one_die[mask >> 3] = (int(one_die[mask >> 3]) & ~bit) | (chose * bit)
        mask = ((mask | ~start) + 1) & start
        if mask == 0:
            return 0
        count -= cost
    return mask

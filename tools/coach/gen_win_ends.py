"""Generate the round's end values for the box's win-chance hints: firmware/game/tables/win_ends.bin.

A player with m players still to throw after them, in a single round where the best score so
far is X shared by k players, wins with chance G[m][s, 1] when their turn ends on a score s
below X (they lead alone), G[m][X, k + 1] on X, nothing above it; a shut box wins at once; with
no score yet (the k before all lost their first roll) every score leads and a first-roll loss
is worth L[m][k + 1]. tools/coach/round_win.py's RoundSolver computes G and L exactly (every later
player playing their own best); game.win_chance.WinChance uses them (game.win_ends reads
them) as the terminal values of the turn's dynamic programme, so every player of a round gets
the exact win chance, not only the last one. G[m] does not depend on how many players the round has, so one table serves
every round of up to app.menu's MAX_PLAYERS (8).

One table per distinct game.win_ends.ends_key (the policy key, the scoring and the tie rule)
of the single-round presets with a policy table. Each table, whole numbers of 1/WIN_ONE as
2 bytes LE, block after block for m = 1 .. PLAYERS - 1 (so a block's place never depends on a
later one):

    G[m][slot, k]   for k = 1 .. PLAYERS - m, each a column over every slot (game.win_ends.
                    slot_of: the score, or the end mask under digital scoring; 0 where no turn
                    can end)
    L[m][k]         for k = 1 .. PLAYERS - m

The file: the number of tables (1 byte), per table its key's length (1 byte), the key, the
number of slots (2 bytes LE) and the offset of its raw-deflate stream (window game.tables.WBITS)
in the file (3 bytes LE); then the streams.

`python -m tools.coach.gen_win_ends` writes it; `--check` exits non-zero when it is stale (every
block, some 15 CPU seconds); `--check-first` compares each table's first column only,
G[1][slot, 1] (what the tests run: every table, a few seconds); `--sizes` prints the bytes per
table.
"""

import pathlib
import sys
import zlib

from game.presets import PRESET_NAMES, preset
from game.rules import MATCH_SINGLE, SCORE_DIGITAL
from game.strategy import WIN_ONE
from game.tables import WBITS
from game.win_ends import ENDS_PLAYERS, ends_key, slot_count

from tools.coach import turn_solver
from tools.coach.gen_policy import compress
from tools.coach.round_win import RoundSolver

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = ROOT / "firmware" / "game" / "tables" / "win_ends.bin"


def table_groups():
    """[(key, [preset names])] of every single-round preset with a policy table, in menu order."""
    groups = []
    for name in PRESET_NAMES:
        rules = preset(name)
        key = ends_key(rules)
        if (key is None or rules.match != MATCH_SINGLE or rules.scoring == SCORE_DIGITAL
                or turn_solver.why_unsolvable(rules)):
            continue  # digital: a column per open mask (512), 13 KB of the file; not shipped
        for group in groups:
            if group[0] == key:
                group[1].append(name)
                break
        else:
            groups.append((key, [name]))
    return groups


def slot_of(rules, end_mask):
    """Where a turn ending with these tiles open is in a column: its score, or under digital
    scoring (scores up to 123456789) the mask itself (the box's WinChance reads it so)."""
    return end_mask if rules.scoring == SCORE_DIGITAL else rules.score(end_mask)


def whole(chance):
    return int(round(chance * WIN_ONE)).to_bytes(2, "little")


def columns(rules, players=ENDS_PLAYERS):
    """The table of a rule set as bytes, from RoundSolver of `players`: every block when
    players is ENDS_PLAYERS; with fewer, only the columns it solves exactly from the start
    (G[1][slot, 1], the first column, for 2 players: what --check-first compares)."""
    solver = RoundSolver(turn_solver.Model(rules), players)
    slots = slot_count(rules)
    place_of_slot = [None] * slots
    for row, (mask, _how) in enumerate(solver.ordered):
        if solver.counts[row]:
            place_of_slot[slot_of(rules, mask)] = int(solver.score_place[row])
    data = bytearray()
    for after in range(1, players):
        G = solver.G[after]
        for tied in range(1, players - after + 1):
            for slot in range(slots):
                place = place_of_slot[slot]
                data += whole(0.0 if place is None else G[place, tied])
        if players == ENDS_PLAYERS:
            for tied in range(1, players - after + 1):
                data += whole(solver.L[after][tied])
    return bytes(data[:2 * slots]) if players < ENDS_PLAYERS else bytes(data)


def pack(tables):
    """win_ends.bin from [(key, slots, uncompressed table)]."""
    header = bytearray((len(tables),))
    head_bytes = 1 + sum(1 + len(key) + 2 + 3 for key, _slots, _data in tables)
    body = bytearray()
    for key, slots, data in tables:
        header += bytes((len(key),)) + key.encode() + slots.to_bytes(2, "little")
        header += (head_bytes + len(body)).to_bytes(3, "little")
        body += compress(data)
    return bytes(header + body)


def unpack(data):
    """[(key, slots, uncompressed table)] of a win_ends.bin, or None when it is damaged."""
    try:
        tables = []
        at = 1
        for _number in range(data[0]):
            length = data[at]
            key = data[at + 1:at + 1 + length].decode()
            at += 1 + length
            slots = int.from_bytes(data[at:at + 2], "little")
            offset = int.from_bytes(data[at + 2:at + 5], "little")
            at += 5
            tables.append((key, slots, zlib.decompressobj(-WBITS).decompress(data[offset:])))
        return tables
    except (IndexError, UnicodeDecodeError, zlib.error):
        return None


def generate(players=ENDS_PLAYERS):
    """[(key, presets, slots, the table (`columns`))]."""
    return [(key, names, slot_count(preset(names[0])), columns(preset(names[0]), players))
            for key, names in table_groups()]


def stale(players):
    """Messages for every way the committed file differs from `columns(.., players)` now."""
    if not BIN.exists():
        return ["missing: %s" % BIN.relative_to(ROOT)]
    committed = unpack(BIN.read_bytes())
    fresh = generate(players)
    if committed is None or len(committed) != len(fresh):
        return ["stale: %s holds other tables" % BIN.relative_to(ROOT)]
    found = []
    for (key, slots, data), (new_key, names, new_slots, new_data) in zip(committed, fresh, strict=True):
        if (key, slots) != (new_key, new_slots) or data[:len(new_data)] != new_data:
            found.append("stale: %s, the table of %s" % (BIN.relative_to(ROOT), ", ".join(names)))
    return found


def main(argv):
    if "--check" in argv or "--check-first" in argv:
        found = stale(2 if "--check-first" in argv else ENDS_PLAYERS)
        for message in found:
            print(message + " (run python -m tools.coach.gen_win_ends)")
        return 1 if found else 0
    tables = generate()
    packed = pack([(key, slots, data) for key, _names, slots, data in tables])
    if "--sizes" in argv:
        print("| presets | slots | bytes | compressed |")
        print("|---|---|---|---|")
        for _key, names, slots, data in tables:
            print("| %s | %d | %d | %d |" % (", ".join(names), slots, len(data), len(compress(data))))
        print("| all (%s) | | %d | %d |" % (BIN.name, sum(len(table[3]) for table in tables), len(packed)))
        return 0
    BIN.write_bytes(packed)
    print("wrote %s (%d tables, %d bytes)" % (BIN.relative_to(ROOT), len(tables), len(packed)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

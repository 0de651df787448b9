"""Generate the optimal-play policy tables into firmware/game/tables/ (policy_*.bin, policies.py).

One table per distinct play-relevant rule set of the presets the box offers (game.policy_file's
policy_key: tiles, dice, one-die rule, move rule, unlucky 7, free throws, 2/3-to-go and the
objective with its scoring), solved exactly by tools/coach/turn_solver.py. Per table, per open mask:

    VALUE        VALUE_BYTES LE: the objective's value x VALUE_UNIT, a whole number: the shut
                 chance (x 65535) or the expected score (x the finest whole unit that fits the
                 worst score; lower is better)
    SHUT         1 byte: the chance of shutting the box under the policy, x 255 (0 and 255
                 only for exactly 0 and 1: a chance between rounds to 1 or 254)
    ONE_DIE      1 bit: roll one die (only set where one die is allowed)
    FIRST_*      the first roll from START under 2-to-go/3-to-go (START 0 otherwise)

No moves are stored: the policy is "the first legal move (in Turn.legal_moves' order) that
leaves the highest stored VALUE" (game.strategy.first_best), solved here on those rounded
values, so the box's choice by enumeration is the host's at every position by construction.

On the box: policies.bin holds every distinct table (VALUE, SHUT and ONE_DIE one after the
other), uncompressed, after a header: the number of tables (1 byte), then each table's offset
in the file (3 bytes LE). The box reads an entry where it needs it (game.strategy keeps the
file open and reads a few bytes a lookup), so no table sits in its heap: uncompressed, for
that (49,024 bytes against 38,976 as raw-deflate streams, two 4 KiB blocks more, on the board
once). One file, not one per table: LittleFS gives every file whole 4 KiB blocks. Rule sets
whose sections are the same bytes share one table (classic, 2-to-go and 3-to-go differ only in
their first roll). policies.py indexes them: per key, the table's number, the scalars, the
section sizes and the FIRST_* figures; game.policy_file.read_policy reads them.

`python -m tools.coach.gen_policy` writes them; `--check` exits non-zero when a committed file is
stale (the tests run that);
`--sizes` prints the bytes per table.
"""

import pathlib
import sys
import zlib

from game import policy_file, strategy
from game.presets import PRESET_NAMES, preset
from game.tables import WBITS

from tools.coach import turn_solver

ROOT = pathlib.Path(__file__).resolve().parents[2]

TABLES_DIR = ROOT / "firmware" / "game" / "tables"
INDEX = TABLES_DIR / "policies.py"
BIN = TABLES_DIR / "policies.bin"
# The largest table the box carries (full-house and 2012: 12.5 KB once loaded).
MAX_TABLE_BYTES = 16 * 1024


def table_groups():
    """[(key, module name, [preset names])] for every preset with a possible table, in menu order."""
    groups = []
    for name in PRESET_NAMES:
        rules = preset(name)
        key = policy_file.policy_key(rules)
        if key is None or turn_solver.why_unsolvable(rules):
            continue
        for group in groups:
            if group[0] == key:
                group[2].append(name)
                break
        else:
            groups.append((key, "policy_" + name.replace("-", "_"), [name]))
    return groups


def score_format(rules):
    """(bytes, unit): the finest whole unit (1/unit of a point) such that the worst score fits."""
    worst = rules.score(rules.all_tiles())
    for width in (2, 4):
        unit = ((1 << (8 * width)) - 1) // worst
        if unit >= 1:
            return width, unit
    raise SystemExit("a score of %d does not fit 4 bytes" % worst)


def value_format(rules, objective):
    """(bytes, unit) of a table's VALUE: shut chances in 1/65535, scores as score_format."""
    if objective == turn_solver.OBJ_SHUT:
        return 2, strategy._VALUE_SHUT_ONE
    return score_format(rules)


def stored_value(solution, mask, unit):
    """The whole number a table stores for a mask (solution's objective)."""
    if solution.objective == turn_solver.OBJ_SHUT:
        return int(round(solution.shut[mask] * unit))
    return int(round(solution.score[mask] * unit))


def rounded_policy(unit):
    """turn_solver.solve's pick_move for the box's rule: the first move leaving the highest
    stored value (game.strategy.first_best on the rounded figures)."""

    def pick_move(solution, mask, _roll_key, afters):
        sign = 1 if solution.objective == turn_solver.OBJ_SHUT else -1

        def value_of(after):
            return sign * stored_value(solution, after, unit)

        moves = [mask & ~after for after in afters]
        return moves.index(strategy.first_best(moves, value_of, mask))

    return pick_move


def solve_rounded(rules):
    """(solution, bytes, unit): the box's policy for a rule set and its VALUE format."""
    objective = turn_solver.objective_of(rules)
    width, unit = value_format(rules, objective)
    return turn_solver.solve(rules, objective, pick_move=rounded_policy(unit)), width, unit


def shut_byte(chance):
    """A shut chance as its SHUT byte: rounded, but 0 and 255 only for a chance of exactly 0 or
    1, so that the box shows 0 % or 100 % only then (game.strategy's percent)."""
    stored = int(round(chance * strategy._SHUT_ONE))
    if chance > 0 and stored == 0:
        return 1
    if chance < 1 and stored == strategy._SHUT_ONE:
        return strategy._SHUT_ONE - 1
    return stored


def build(key, rules):
    """The table's constants as a dict (name -> int or bytes), and the solution."""
    solution, width, unit = solve_rounded(rules)
    size = 1 << rules.tiles
    value = bytearray(width * size)
    shut = bytearray(size)
    one_die = bytearray((size + 7) // 8)
    for mask in range(size):
        value[width * mask:width * (mask + 1)] = stored_value(solution, mask, unit).to_bytes(width, "little")
        shut[mask] = shut_byte(solution.shut[mask])
        if solution.one_die[mask]:
            one_die[mask >> 3] |= 1 << (mask & 7)
    constants = {
        "OBJECTIVE": strategy.OBJ_SHUT if solution.objective == turn_solver.OBJ_SHUT else strategy.OBJ_SCORE,
        "VALUE_BYTES": width, "VALUE_UNIT": unit,
        "START": 0, "FIRST_SHUT": 0, "FIRST_VALUE": 0, "FIRST_ONE_DIE": False,
        "VALUE": bytes(value), "SHUT": bytes(shut), "ONE_DIE": bytes(one_die),
    }
    if solution.first is not None:
        first_shut, first_score, first_one, _first_best = solution.first
        first_value = first_shut if solution.objective == turn_solver.OBJ_SHUT else first_score
        constants.update(START=rules.start_mask(), FIRST_SHUT=shut_byte(first_shut),
                         FIRST_VALUE=int(round(first_value * unit)), FIRST_ONE_DIE=bool(first_one))
    return constants, solution


BYTES_NAMES = ("VALUE", "SHUT", "ONE_DIE")


def table_size(constants):
    return sum(len(constants[name]) for name in BYTES_NAMES)


SECTIONS = BYTES_NAMES  # in a .bin, in this order
SCALARS = ("OBJECTIVE", "VALUE_BYTES", "VALUE_UNIT")
FIRST = ("START", "FIRST_SHUT", "FIRST_VALUE", "FIRST_ONE_DIE")


def packed_sections(constants):
    """The sections a .bin holds, uncompressed."""
    return b"".join(constants[name] for name in SECTIONS)


# zlib's levels, memory levels (smaller blocks, each with its own codes) and strategies with
# the box's window: on these tables the defaults make streams 3% larger than the smallest,
# and a file's last 4 KiB block on the board can hang on a few bytes (tools/coach/gen_win_ends.py).
_SETTINGS = [(level, memory, kind) for level in range(1, 10) for memory in range(1, 10)
             for kind in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED)]


def compress(data):
    """data as a raw-deflate stream (window WBITS): the smallest of zlib's settings'."""
    streams = []
    for level, memory, kind in _SETTINGS:
        packer = zlib.compressobj(level, zlib.DEFLATED, -WBITS, memory, kind)
        streams.append(packer.compress(data) + packer.flush())
    return min(streams, key=len)


def pack(tables):
    """policies.bin: the header, then each table."""
    header_bytes = 1 + 3 * len(tables)
    header = bytearray((len(tables),))
    body = bytearray()
    for sections in tables:
        header += (header_bytes + len(body)).to_bytes(3, "little")
        body += sections
    return bytes(header + body)


def unpack(data):
    """The tables a policies.bin holds (None when its header is cut short)."""
    if not data or len(data) < 1 + 3 * data[0]:
        return None
    count = data[0]
    offsets = [int.from_bytes(data[1 + 3 * at:4 + 3 * at], "little") for at in range(count)]
    ends = offsets[1:] + [len(data)]
    return [data[offsets[at]:ends[at]] for at in range(count)]


def index_entry(key, number, constants):
    return ((key, number) + tuple(constants[name] for name in SCALARS)
            + (tuple(len(constants[name]) for name in SECTIONS),)
            + tuple(constants[name] for name in FIRST))


def render_index(entries):
    lines = [
        '"""Generated by tools/coach/gen_policy.py: do not edit.',
        "",
        "The optimal-play tables by game.policy_file.policy_key, for its read_policy. Each entry:",
        "(key, table number in policies.bin, %s, sizes of %s, %s);" % (", ".join(SCALARS), ", ".join(SECTIONS), ", ".join(FIRST)),
        "the presets it serves and its start figures are in the comment above it.",
        '"""',
        "",
        "TABLES = (",
    ]
    for entry, names, solution in entries:
        start_shut, start_score = solution.start_figures()
        lines.append("    # %s: playing for %s; from the start %.4f%% shut chance, expected score %.4f"
                     % (", ".join(names), "the shut chance" if solution.objective == turn_solver.OBJ_SHUT
                        else "the lowest score", 100 * start_shut, start_score))
        lines.append("    %r," % (entry,))
    lines.append(")")
    return "\n".join(lines) + "\n"


def generate():
    """({path: bytes} of every generated file, [the tables of policies.bin]), and
    [(module, presets, bytes, carried?)]."""
    tables = []
    entries = []
    sizes = []
    for key, module, names in table_groups():
        rules = preset(names[0])
        constants, solution = build(key, rules)
        size = table_size(constants)
        fits = size <= MAX_TABLE_BYTES
        sizes.append((module, names, size, fits))
        if not fits:
            continue
        sections = packed_sections(constants)
        if sections not in tables:
            tables.append(sections)
        entries.append((index_entry(key, tables.index(sections), constants), names, solution))
    files = {INDEX: render_index(entries).encode(), BIN: pack(tables)}
    return files, tables, sizes


def _stale(files):
    return [path for path, data in files.items() if not path.exists() or path.read_bytes() != data]


def main(argv):
    files, tables, sizes = generate()
    if "--sizes" in argv:
        print("| table | presets | bytes | on the box |")
        print("|---|---|---|---|")
        for module, names, size, fits in sizes:
            print("| %s | %s | %d | %s |" % (module, ", ".join(names), size,
                                             "yes" if fits else "no: over %d" % MAX_TABLE_BYTES))
        return 0
    if "--check" in argv:
        stale = _stale(files)
        for path in stale:
            print("stale: %s (run python -m tools.coach.gen_policy)" % path.relative_to(ROOT))
        for path in sorted(TABLES_DIR.glob("policy_*.bin")):
            print("left over: %s (run python -m tools.coach.gen_policy)" % path.relative_to(ROOT))
            stale.append(path)
        return 1 if stale else 0
    for path in sorted(TABLES_DIR.glob("policy_*.bin")):
        path.unlink()
    for path in _stale(files):
        path.write_bytes(files[path])
    print("wrote %s (%d tables, %d bytes in %d)" % (BIN.relative_to(ROOT), len(tables),
                                                    sum(len(table) for table in tables), len(files[BIN])))
    for module, names, size, fits in sizes:
        if not fits:
            print("left out %s (%d bytes of tables, over %d): %s" % (module, size, MAX_TABLE_BYTES,
                                                                     ", ".join(names)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

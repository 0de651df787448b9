"""Generate the optimal-play policy tables into firmware/game/tables/ (policy_*.bin, policies.py).

One table per distinct play-relevant rule set of the presets the box offers (game.strategy's
policy_key: tiles, dice, one-die rule, move rule, unlucky 7, free throws, 2/3-to-go and the
objective with its scoring), solved exactly by tools/analyze.py. Per table:

    MOVES        4 bits per (open mask, roll column): the index of the best move in the order
                 Turn.legal_moves() lists them, 15 when the roll has no move, 14 when the index
                 is 14 or more and is found in LONG (4 bytes each: the cell, 3 bytes LE, then
                 the index); cell = mask * ROLLS + column; low nibble first
    ONE_DIE      1 bit per mask: roll one die (only set where one die is allowed)
    SHUT         uint16 LE per mask: the chance of shutting the box under the policy, x 65535
    SCORE        SCORE_BYTES LE per mask: the expected score x SCORE_UNIT (score tables only)
    FIRST_*      the first roll from START under 2-to-go/3-to-go (empty otherwise)

On the box: policy_<name>.bin holds MOVES, ONE_DIE, SHUT, SCORE and LONG one after the other,
raw deflate (window game.tables.WBITS); rule sets whose sections are the same bytes share one
file (classic, 2-to-go and 3-to-go differ only in their first roll). policies.py indexes them:
per key, the file, the scalars, the section sizes and the FIRST_* figures; game.tables.load_policy
reads them.

`python tools/gen_policy.py` writes them; `--check` exits non-zero when a committed file is
stale (the tests run that; a .bin is compared decompressed, so another zlib's bytes pass);
`--sizes` prints the bytes per table.
"""

import pathlib
import sys
import zlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import analyze  # noqa: E402  (puts firmware/ on sys.path)
from game import rules as R  # noqa: E402
from game import strategy  # noqa: E402
from game.presets import PRESET_NAMES, preset  # noqa: E402
from game.tables import WBITS  # noqa: E402

TABLES_DIR = ROOT / "firmware" / "game" / "tables"
INDEX = TABLES_DIR / "policies.py"
# The largest table the box carries: full-house (41 KB) and 2012 (58 KB) would take a third of
# a Pico's heap once loaded (and more than the flashed self-test has to spare), so those two
# games have no hints; analyze.py still solves them.
MAX_TABLE_BYTES = 16 * 1024


def table_groups():
    """[(key, module name, [preset names])] for every preset with a possible table, in menu order."""
    groups = []
    for name in PRESET_NAMES:
        rules = preset(name)
        key = strategy.policy_key(rules)
        if key is None or analyze.why_unsolvable(rules):
            continue
        for group in groups:
            if group[0] == key:
                group[2].append(name)
                break
        else:
            groups.append((key, "policy_" + name.replace("-", "_"), [name]))
    return groups


def layout(rules):
    """(by_total, rolls, one_die_keys) of a rule set's MOVES columns."""
    if rules.move == R.MOVE_ANY:
        return True, rules.max_roll(), 0
    if rules.dice == 1:
        return False, rules.faces, 0
    ever = any(rules.one_die_allowed(mask) for mask in range(1, 1 << rules.tiles))
    one_keys = rules.faces if ever else 0
    return False, one_keys + rules.faces * (rules.faces + 1) // 2, one_keys


def column(rules, roll_key):
    by_total, _rolls, one_keys = layout(rules)
    if by_total:
        return strategy.roll_key(True, rules.faces, 0, None, 0, roll_key)
    return strategy.roll_key(False, rules.faces, one_keys, roll_key, len(roll_key), sum(roll_key))


def _put_nibble(table, cell, index, where, overflow):
    if index >= strategy.LONG_INDEX:
        if index > 255:
            raise SystemExit("%s: a best move has index %d: more than a byte holds" % (where, index))
        if overflow.get(cell, index) != index:
            raise SystemExit("%s: two rolls of one column disagree" % where)
        overflow[cell] = index
        index = strategy.LONG_INDEX
    shift = 4 * (cell & 1)
    old = (table[cell >> 1] >> shift) & 15
    if old != 15 and old != index:
        raise SystemExit("%s: two rolls of one column disagree (%d, %d)" % (where, old, index))
    table[cell >> 1] = (table[cell >> 1] & ~(15 << shift)) | (index << shift)


def score_format(rules):
    """(bytes, unit): the widest power-of-ten unit such that the worst score still fits."""
    worst = rules.score(rules.all_tiles())
    for width in (2, 4):
        unit = 1
        while worst * unit * 10 < 1 << (8 * width):
            unit *= 10
        if worst * unit < 1 << (8 * width):
            return width, unit
    raise SystemExit("a score of %d does not fit 4 bytes" % worst)


def shut_raw(chance):
    return int(round(chance * strategy.SHUT_ONE))


def build(key, rules):
    """The table's constants as a dict (name -> int or bytes)."""
    objective = analyze.objective_of(rules)
    solution = analyze.solve(rules, objective)
    by_total, rolls, one_keys = layout(rules)
    size = 1 << rules.tiles
    moves = bytearray(b"\xff" * ((size * rolls + 1) // 2))
    one_die = bytearray((size + 7) // 8)
    shut = bytearray(2 * size)
    is_score = objective == analyze.OBJ_SCORE
    score_bytes, unit = score_format(rules) if is_score else (0, 0)
    score = bytearray(score_bytes * size)
    overflow = {}
    for mask in range(size):
        shut[2 * mask:2 * mask + 2] = shut_raw(solution.shut[mask]).to_bytes(2, "little")
        if is_score:
            score[score_bytes * mask:score_bytes * (mask + 1)] = int(
                round(solution.score[mask] * unit)).to_bytes(score_bytes, "little")
        if mask == 0:
            continue
        if solution.one_die[mask]:
            one_die[mask >> 3] |= 1 << (mask & 7)
        for roll_key, index in solution.best[mask].items():
            _put_nibble(moves, mask * rolls + column(rules, roll_key), index, "%s mask %d" % (key, mask),
                        overflow)
    constants = {
        "OBJECTIVE": strategy.OBJ_SHUT if objective == analyze.OBJ_SHUT else strategy.OBJ_SCORE,
        "ROLLS": rolls, "ONE_DIE_KEYS": one_keys, "SCORE_BYTES": score_bytes, "SCORE_UNIT": unit,
        "START": 0, "FIRST_SHUT": 0, "FIRST_SCORE": 0, "FIRST_ONE_DIE": False,
        "MOVES": bytes(moves), "ONE_DIE": bytes(one_die), "SHUT": bytes(shut),
        "SCORE": bytes(score), "FIRST_MOVES": b"", "LONG": _long_entries(overflow),
    }
    if solution.first is not None:
        first_shut, first_score, first_one, first_best = solution.first
        first_moves = bytearray(b"\xff" * ((rolls + 1) // 2))
        for roll_key, index in first_best.items():
            _put_nibble(first_moves, column(rules, roll_key), index, "%s first roll" % key, {})
        constants.update(START=rules.start_mask(), FIRST_SHUT=shut_raw(first_shut),
                         FIRST_SCORE=int(round(first_score * unit)) if is_score else 0,
                         FIRST_ONE_DIE=bool(first_one), FIRST_MOVES=bytes(first_moves))
    return constants, solution


def _long_entries(overflow):
    """The best moves of index 14 and up: 4 bytes each, the cell (3 bytes LE) then the index."""
    out = bytearray()
    for cell in sorted(overflow):
        out += cell.to_bytes(3, "little") + bytes((overflow[cell],))
    return bytes(out)


BYTES_NAMES = ("MOVES", "ONE_DIE", "SHUT", "SCORE", "FIRST_MOVES", "LONG")


def table_size(constants):
    return sum(len(constants[name]) for name in BYTES_NAMES)


SECTIONS = ("MOVES", "ONE_DIE", "SHUT", "SCORE", "LONG")  # in a .bin, in this order
SCALARS = ("OBJECTIVE", "ROLLS", "ONE_DIE_KEYS", "SCORE_BYTES", "SCORE_UNIT")
FIRST = ("START", "FIRST_SHUT", "FIRST_SCORE", "FIRST_ONE_DIE", "FIRST_MOVES")


def packed_sections(constants):
    """The sections a .bin holds, uncompressed."""
    return b"".join(constants[name] for name in SECTIONS)


def compress(data):
    packer = zlib.compressobj(9, zlib.DEFLATED, -WBITS)
    return packer.compress(data) + packer.flush()


def inflate(data):
    return zlib.decompress(data, -WBITS)


def index_entry(key, file_name, constants):
    return ((key, file_name) + tuple(constants[name] for name in SCALARS)
            + (tuple(len(constants[name]) for name in SECTIONS),)
            + tuple(constants[name] for name in FIRST))


def render_index(entries):
    lines = [
        '"""Generated by tools/gen_policy.py: do not edit.',
        "",
        "The optimal-play tables by game.strategy.policy_key, for game.tables.load_policy. Each entry:",
        "(key, file, %s, sizes of %s, %s);" % (", ".join(SCALARS), ", ".join(SECTIONS), ", ".join(FIRST)),
        "the presets it serves and its start figures are in the comment above it.",
        '"""',
        "",
        "TABLES = (",
    ]
    for entry, names, solution in entries:
        start_shut, start_score = solution.start_figures()
        lines.append("    # %s: playing for %s; from the start %.4f%% shut chance, expected score %.4f"
                     % (", ".join(names), "the shut chance" if solution.objective == analyze.OBJ_SHUT
                        else "the lowest score", 100 * start_shut, start_score))
        lines.append("    %r," % (entry,))
    lines.append(")")
    return "\n".join(lines) + "\n"


def generate():
    """({path: bytes} of every generated file, {path: uncompressed bytes} of the .bin files),
    and [(module, presets, bytes, carried?)]."""
    files = {}
    packed = {}
    by_sections = {}
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
        file_name = by_sections.setdefault(sections, module + ".bin")
        if file_name == module + ".bin":
            files[TABLES_DIR / file_name] = compress(sections)
            packed[TABLES_DIR / file_name] = sections
        entries.append((index_entry(key, file_name, constants), names, solution))
    files[INDEX] = render_index(entries).encode()
    return files, packed, sizes


def _stale(files, packed):
    stale = []
    for path, data in files.items():
        if not path.exists():
            stale.append(path)
        elif path in packed:
            try:
                current = inflate(path.read_bytes())
            except zlib.error:
                current = None
            if current != packed[path]:
                stale.append(path)
        elif path.read_bytes() != data:
            stale.append(path)
    return stale


def main(argv):
    files, packed, sizes = generate()
    if "--sizes" in argv:
        print("| table | presets | bytes | on the box |")
        print("|---|---|---|---|")
        for module, names, size, fits in sizes:
            print("| %s | %s | %d | %s |" % (module, ", ".join(names), size,
                                             "yes" if fits else "no: over %d" % MAX_TABLE_BYTES))
        return 0
    if "--check" in argv:
        stale = _stale(files, packed)
        for path in stale:
            print("stale: %s (run python tools/gen_policy.py)" % path.relative_to(ROOT))
        for path in sorted(TABLES_DIR.glob("policy_*.bin")):
            if path not in files:
                print("left over: %s (run python tools/gen_policy.py)" % path.relative_to(ROOT))
                stale.append(path)
        return 1 if stale else 0
    for path in sorted(TABLES_DIR.glob("policy_*.bin")):
        if path not in files:
            path.unlink()
    for path in _stale(files, packed):
        path.write_bytes(files[path])
    for path in sorted(packed):
        print("wrote %s (%d bytes of tables in %d)"
              % (path.relative_to(ROOT), len(packed[path]), len(files[path])))
    for module, names, size, fits in sizes:
        if not fits:
            print("left out %s (%d bytes of tables, over %d): %s" % (module, size, MAX_TABLE_BYTES,
                                                                     ", ".join(names)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

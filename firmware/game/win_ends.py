"""The round's end values for game.win_chance, read from win_ends.bin (tools/coach/gen_win_ends.py
writes it and documents its layout): for a player with m players still to throw after them, the
column G[m][slot, 1] and the two values G[m][X, k + 1] and L[m][k + 1]. Imported only when
such a player's turn starts (the last player's, a tournament's or max-penalty's programme never
loads it), and let go once it has read (sys.modules and the game package forget it).
"""

from micropython import const

from game import forget
from game.policy_file import policy_key

_SCORE_DIGITAL = const(2)  # game.rules' (a copy: see there)

ENDS_PLAYERS = const(8)  # win_ends.bin holds rounds of up to this many players (app.menu's most)
_FIRST_READ = const(16)  # bytes of the stream's first read (a slice: its code tables inflated too)


def ends_key(rules):
    """The axes a round's end values depend on (equal keys share a table), or None: the play
    (the policy's key), the scoring, the tie rule and the start position (what the players
    after this one are likely to score depends on the tiles they start with)."""
    key = policy_key(rules)
    if key is None:
        return None
    return "%s sc%d ti%d st%d" % (key, rules.scoring, rules.ties, rules.start_mask())


def slot_count(rules):
    return (1 << rules.tiles) if rules.scoring == _SCORE_DIGITAL else rules.score(rules.all_tiles()) + 1


def _read(stream, scratch, count, buffer, first=0):
    """Read `count` bytes of a stream into nothing (a scratch buffer), then fill `buffer` (a
    bytearray or a memoryview); False if it ends first. A generator: it stops after every read,
    each of at most len(scratch) bytes (inflating them is most of a slice), the first of at most
    `first` when given (the stream's first read inflates its block's code tables too); the
    value comes with its end (`yield from`)."""
    view = memoryview(buffer)
    read = -count  # < 0: bytes still to skip
    size = first or len(scratch)
    while read < len(view):
        if read < 0:
            part = scratch[:-read if -read < size else size]
        else:
            part = view[read:read + size]
        got = stream.readinto(part)
        if not got:
            return False
        read += got
        size = len(scratch)
        yield
    return True


def read_steps(win, path, to_beat, tied, after, scratch):
    """(G[after][to_beat, tied + 1], L[after][tied + 1]) from win_ends.bin, with the column
    G[after][slot, 1] read into a WinChance's `lead` (`scratch`, a bytearray, for skipping);
    None when the file has no table for these rules or no such round (a missing or damaged
    file included). `path`: win_ends.bin (None: the one beside this module), unless
    game.tables.files names the board's copy. A generator, so the reading can be spread over
    ticks of the App's loop (game.win_chance's step): it stops before the file is opened, once
    the table's stream is found and after every read of it; the value comes with its end
    (StopIteration's)."""
    forget("game.win_ends")
    forget("game.policy_file")  # policy_key's, imported with this module
    rules = win.rules
    key = ends_key(rules)
    slots = slot_count(rules)
    next_tied = tied + 1
    if key is None or after + next_tied > ENDS_PLAYERS:
        return None
    if not win.lead:
        win.lead = bytearray(2 * slots)
    from deflate import RAW, DeflateIO

    from game.tables import WBITS

    scratch = memoryview(scratch)
    column = 2 * slots
    before = 0  # bytes of the blocks before block `after`
    for block in range(1, after):
        before += (ENDS_PLAYERS - block) * (column + 2)
    columns = ENDS_PLAYERS - after
    try:
        try:  # where tools/flash.py put it, shared by the board's firmware trees (let go)
            from game.tables.files import ENDS_FILE as path  # pyright: ignore[reportMissingImports]
            forget("game.tables.files")
        except ImportError:
            if path is None:  # beside this module
                path = __file__[:__file__.rfind("/") + 1] + "tables/win_ends.bin"
        yield
        with open(path, "rb") as packed:  # the table of `key` (and as many slots: another
            where = -1  # firmware's file may have others) in the file's list of tables, or none
            key = key.encode()
            tables = packed.read(1)
            for _number in range(tables[0] if tables else 0):
                name = packed.read(1)
                name = packed.read(name[0]) if name else b""
                rest = packed.read(5)
                if len(rest) != 5:
                    break
                if name == key and rest[0] | (rest[1] << 8) == slots:
                    where = rest[2] | (rest[3] << 8) | (rest[4] << 16)
                    break
            if where < 0:
                return None
            packed.seek(where)
            stream = DeflateIO(packed, RAW, WBITS)
            yield
            two = scratch[:2]
            if not (yield from _read(stream, scratch, before, win.lead, _FIRST_READ)):
                return None
            level = 0
            if to_beat >= 0:
                slot = to_beat  # (under digital scoring the one mask that scores it)
                if rules.scoring == _SCORE_DIGITAL:
                    slot = 0
                    for mask in range(1 << rules.tiles):
                        if rules.score(mask) == to_beat:
                            slot = mask
                            break
                at = (next_tied - 2) * column + 2 * slot
                if not (yield from _read(stream, scratch, at, two)):
                    return None
                level = two[0] | (two[1] << 8)
                used = at + 2
            else:
                used = 0
            if not (yield from _read(stream, scratch, (columns - 1) * column - used + 2 * (next_tied - 1), two)):
                return None
            return level, two[0] | (two[1] << 8)
    except (OSError, EOFError):
        return None


"""The generated tables a board keeps once, shared by its two firmware trees (tools/flash.py).

Each table is written as /table_<first 12 hex of its sha256>.bin only when the board lacks it
(at the root: a directory of their own would take 4 blocks more as statvfs counts them), under
a temporary name then renamed (a cut cable never leaves half a table under its final
name). The tree staged gets instead game/tables/files.py, naming them (game.tables and
game.win_ends import it where they open a table, and let it go; the simulator, mip and the
sources read the file beside it), and its manifest lists them: a table stays while a bootable
tree's manifest names it. Flashes before kept them in /tables: those go once no tree names
them, and the folder with them.
"""

from tools.flashing.build import FlashError, compile_source, sha256
from tools.flashing.space import file_blocks

TABLE_PREFIX = "table_"  # the tables' names in "/"
LEGACY_DIR = "/tables"  # where flashes before this layout put them
# (the name in that module, the table in the firmware): names the firmware's modules already
# hold (game.tables, game.win_chance), so reading them interns no new name on the board's heap
SHARED = (("_POLICIES", "game/tables/policies.bin"), ("ENDS_FILE", "game/tables/win_ends.bin"))
FILES_MODULE = "game/tables/files.py"
MANIFEST_KEY = "tables"
_TEMPORARY = ".part"


def split_tables(image, bytecode, root="/"):
    """{board path: bytes} of the shared tables, taken out of `image` ({path in the tree:
    bytes}), which gets the module naming them instead (compiled unless bytecode is None).
    `root`: the board's "/" as the firmware finds it (the bench's runtimes keep the board's
    files in a directory of their own)."""
    tables = {}
    lines = ["# Where this tree's tables are on the board (written by tools/flash.py)."]
    for name, path in SHARED:
        data = image.pop(path, None)
        if data is not None:
            board_path = "/%s%s.bin" % (TABLE_PREFIX, sha256(data)[:12])
            tables[board_path] = data
            lines.append('%s = "%s%s"' % (name, root, board_path[1:]))
    if tables:
        source = "\n".join(lines) + "\n"
        if bytecode is None:
            image[FILES_MODULE] = source.encode()
        else:
            image[FILES_MODULE[:-3] + ".mpy"] = compile_source(source, FILES_MODULE, bytecode)
    return tables


def named_in(manifest):
    """The table paths a tree's manifest (a dict, or None for no manifest) names."""
    return set((manifest or {}).get(MANIFEST_KEY, ()))


class TablePlan:
    """What a flash does to the board's tables: the paths of `tables` ({path: bytes}) the board
    lacks whole (to_write), those on it (in "/" or /tables) neither `tables` nor `kept` (the
    running tree's) names, temporary ones too (to_remove); and the space that takes and gives
    back, as statvfs counts it."""

    def __init__(self, board, tables, kept):
        on_board = {"/" + name: entry for name, entry in board.files("/", TABLE_PREFIX).items()}
        on_board.update(("%s/%s" % (LEGACY_DIR, name), entry)
                        for name, entry in board.tree(LEGACY_DIR).items())
        self.to_write = sorted(path for path, data in tables.items()
                               if on_board.get(path, (None,))[0] != sha256(data))
        self.to_remove = sorted(path for path in on_board if path not in tables and path not in kept)
        self._sizes = {path: size for path, (_digest, size) in on_board.items()}
        self._sizes.update((path, len(data)) for path, data in tables.items())

    def space(self, block_bytes, inline_bytes):
        """(bytes the tables to write take, bytes given back by those removed)."""
        needed = sum(file_blocks(self._sizes[path], block_bytes, inline_bytes)
                     for path in self.to_write)
        freed = sum(file_blocks(self._sizes[path], block_bytes, inline_bytes)
                    for path in self.to_remove)
        return needed * block_bytes, freed * block_bytes


def write_tables(board, tables, to_write, sent, log):
    """Write each table of to_write whole: to a temporary name, verified, then renamed."""
    for path in to_write:
        data = tables[path]
        temporary = path + _TEMPORARY
        board.write(temporary, data)
        if board.file_hash(temporary) not in (sha256(data), None):
            raise FlashError("%s did not verify on the board (flash worn or full?)" % temporary)
        board.rename(temporary, path)
        sent.append(path)
        log("sent %s (%d bytes)" % (path, len(data)))


def remove_tables(board, paths):
    for path in paths:
        board.remove(path)
    if any(path.startswith(LEGACY_DIR + "/") for path in paths):
        board.remove_dir_if_empty(LEGACY_DIR)

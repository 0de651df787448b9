"""What a saved match's snapshot is made of: its format, its bounds and a Turn's fields, shared by
game.snapshot (the save) and game.snapshot_load (the restore), so a restore at boot compiles and
holds none of the saving code."""

from micropython import const

from game.turn import END_FIRST_ROLL_LOST, MAX_DICE, OVER

FORMAT = const(2)  # 2: a turn keeps its pending move (format 1, without it, is read too)
MAX_PLAYERS = const(8)
MAX_BYTES = const(3072)  # game.snapshot.encode()'s longest, 8 players on 24 tiles, is 2391 (a test measures)
DIE_MAX = const(20)

# A Turn is one list: these attributes, with their highest values (1: a flag, kept as a bool;
# -1: a mask of the box's tiles; None: no limit), then its four dice.
TURN_FIELDS = (("state", OVER), ("ended", END_FIRST_ROLL_LOST), ("open_mask", -1), ("start_mask", -1),
               ("rolls", None), ("moves_made", None), ("one_die", 1), ("dice_count", MAX_DICE),
               ("total", MAX_DICE * DIE_MAX), ("die_mask", -1), ("dice_distinct", 1), ("required", -1),
               ("pending", -1))

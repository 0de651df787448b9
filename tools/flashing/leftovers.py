"""A copy of the firmware at the board's "/" (an `mpremote mip install --target /`, or files
copied by hand): once the box is flashed, boot.py runs the flashed tree and the copy only takes
room (424 KiB for mip's .mpy copy of the sources). tools/flash.py names it, with its size, and
removes it when asked (--remove-root-copy).
"""

from tools.flashing.build import ROOT_FILES, firmware_files


def copy_names(firmware_dir):
    """The names at a board's "/" that a copy of firmware_dir would put there: its top-level
    folders and files (a module also as .mpy), boot.py left out (the flasher's own)."""
    names = set()
    for path in firmware_files(firmware_dir):
        top = path.split("/")[0]
        if top in ROOT_FILES:
            continue
        names.add(top)
        if top.endswith(".py") and "/" not in path:
            names.add(top[:-3] + ".mpy")
    return names


def root_copy(board, firmware_dir):
    """{name at "/": bytes it holds} of the copy of the firmware on the board (empty if none).
    A copy needs its main.py: a lone config.json or folder named like ours is not one."""
    on_board = board.list_root()
    names = copy_names(firmware_dir)
    if "main.py" not in on_board and "main.mpy" not in on_board:
        return {}
    return {name: size for name, size in on_board.items() if name in names}


def describe(copy, device, mpremote):
    """What the flasher says of a copy it leaves: what it is, its size, how to remove it."""
    return ("a copy of the firmware is at the board's / (an mpremote mip install? %s: %d KiB), "
            "which the flashed box never runs. Remove it: flash again with --remove-root-copy, "
            "or: %s connect %s rm -r %s"
            % (", ".join(sorted(copy)), sum(copy.values()) // 1024, mpremote, device,
               " ".join(":/" + name for name in sorted(copy))))


def remove_copy(board, copy, log):
    for name in sorted(copy):
        board.remove_path("/" + name)
    log("removed the copy of the firmware at / (%d KiB)" % (sum(copy.values()) // 1024))

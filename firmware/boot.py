"""Boot: run the firmware tree that /active names, finishing a switch a cut cable interrupted,
with its modules mounted from the tree's pack.

tools/flash.py stages a new tree beside the running one, verifies it, writes /active.new and
renames it over /active. A whole /active.new therefore names a verified tree: this completes
the rename. The chosen tree becomes the current directory, so MicroPython runs its main.py
and finds board.json and config.json there. Its modules are in one file, pack.bin, which
packfs.py (beside it) mounts read-only at /pack, on sys.path (LittleFS would give each
module a 4 KiB block). A pack cut short is not mounted: boot.py says so and stays in "/",
where there is no main.py, so the board shows its REPL, not a traceback. With no tree (a
plain copy, mpremote mip) the firmware runs from "/".

The maintenance start (tools/flashing/start.py): when the flasher has made the directory
/maintenance and reset the board, boot.py enters that directory, where there is no main.py,
so no watchdog runs while the board is flashed. A power-on (a cable cut mid-flash) removes it
and starts the box as usual.
"""

import os


def _enter_active_tree():
    # Paths from the board's root, the current directory as boot.py runs: "active" and the staged
    # "active.new" (written out at each use: boot.py is compiled from source, and each name of
    # its own, a local's too, is interned for good).
    pointer = "active"
    try:
        os.stat("maintenance")
        import machine

        if machine.reset_cause() != machine.PWRON_RESET:
            os.chdir("maintenance")
            print("shutbox: maintenance start: the box starts once it is flashed")
            return
        os.rmdir("maintenance")
    except OSError:
        pass

    def verified_tree(name):
        """name if it is one of our trees and holds its manifest (written once verified)."""
        if name not in ("fw_a", "fw_b"):
            return None
        try:
            os.stat(name + "/manifest.json")
        except OSError:
            return None
        return name

    def tree_in(path):
        """The tree a pointer file names, if the pointer is whole (ends in a newline)."""
        try:
            with open(path) as source:
                text = source.read()
        except OSError:
            return None
        if not text.endswith("\n"):
            return None
        return verified_tree(text.strip())

    tree = tree_in("active.new")
    try:
        if tree is not None:
            os.rename("active.new", pointer)
        else:
            os.remove("active.new")
    except OSError:
        pass
    if tree is None:
        tree = tree_in(pointer)
    for name in ("fw_a", "fw_b"):
        if tree is None:
            tree = verified_tree(name)
    if tree is None:
        return
    root = os.getcwd()
    os.chdir(tree)
    try:
        os.stat("pack.bin")
    except OSError:  # a tree flashed before packs: its modules are files beside main.py
        return
    import sys

    pack = os.getcwd().rstrip("/") + "/pack.bin"
    try:
        from packfs import PackFs  # beside main.py: the current directory is first on sys.path

        os.mount(PackFs(pack), "/pack")  # os, not vfs: MicroPython 1.22 has no vfs module
    except (ImportError, OSError, ValueError) as error:  # a pack cut short, packfs damaged
        os.chdir(root)  # no main.py there: the REPL comes up with this line, not a traceback
        print("shutbox cannot start: cannot mount %s (%s): flash the firmware again" % (pack, error))
        return
    finally:
        sys.modules.pop("packfs", None)  # what stays is the filesystem mounted: its class, code
    sys.path.insert(1, "/pack")


_enter_active_tree()
# A box stopped at the REPL (Ctrl-C: mpremote, a builder) has made the directory
# stopped_at_repl in its tree (app.repl_stop): its watchdog runs on through a soft reset (rp2's
# cannot be stopped, and its reset_cause() does not tell a soft reset from a power-on), which
# also ends the Timer that fed it, so app.repl_stop feeds it again until main.py's loop takes
# over. A flash stages a new tree, without it: the flasher's self-test runs as it always did.
# (A comment, not the docstring: boot.py is compiled at boot, and its docstring's length moves
# the heap's layout.)
try:
    os.stat("stopped_at_repl")  # in the tree entered (none in the maintenance start's folder)
    from app.repl_stop import feed

    feed()
    del feed
except (OSError, ImportError):  # not stopped, or no firmware to feed it: nothing armed it
    pass
# main.py runs in the globals boot.py leaves (the board's __main__): what stays there takes
# heap for as long as the box runs (1,280 bytes on the 64-bit unix port had these stayed).
del _enter_active_tree

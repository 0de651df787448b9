"""Boot: run the firmware tree that /active names, finishing a switch a cut cable interrupted.

tools/flash.py stages a new tree beside the running one, verifies it, writes /active.new and
renames it over /active. A whole /active.new therefore names a verified tree: this completes
the rename. The chosen tree becomes the current directory, so MicroPython runs its main.py
and imports from it. With no tree (a plain copy, mpremote mip) the firmware runs from "/".
"""

import os


def _enter_active_tree():
    pointer = "/active"
    staged_pointer = "/active.new"
    trees = ("fw_a", "fw_b")

    def verified_tree(name):
        """'/name' if it is one of our trees and holds its manifest (written once verified)."""
        if name not in trees:
            return None
        try:
            os.stat("/%s/manifest.json" % name)
        except OSError:
            return None
        return "/" + name

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

    tree = tree_in(staged_pointer)
    try:
        if tree is not None:
            os.rename(staged_pointer, pointer)
        else:
            os.remove(staged_pointer)
    except OSError:
        pass
    if tree is None:
        tree = tree_in(pointer)
    for name in trees:
        if tree is None:
            tree = verified_tree(name)
    if tree is not None:
        os.chdir(tree)


_enter_active_tree()
# main.py runs in the globals boot.py leaves (the board's __main__): what stays there takes
# heap for as long as the box runs (1,280 bytes on the 64-bit unix port had these stayed).
del _enter_active_tree

"""Boot: run the firmware tree that /active names, finishing a switch a cut cable interrupted.

tools/flash.py stages a new tree beside the running one, verifies it, writes /active.new and
renames it over /active. A whole /active.new therefore names a verified tree: this completes
the rename. The chosen tree becomes the current directory, so MicroPython runs its main.py
and imports from it. With no tree (a plain copy, mpremote mip) the firmware runs from "/".
"""

import os

_POINTER = "/active"
_STAGED_POINTER = "/active.new"
_TREES = ("fw_a", "fw_b")
_MANIFEST = "manifest.json"


def _verified_tree(name):
    """'/name' if it is one of our trees and holds its manifest (written once verified)."""
    if name not in _TREES:
        return None
    try:
        os.stat("/%s/%s" % (name, _MANIFEST))
    except OSError:
        return None
    return "/" + name


def _tree_in(pointer):
    """The tree a pointer file names, if the pointer is whole (ends in a newline)."""
    try:
        with open(pointer) as source:
            text = source.read()
    except OSError:
        return None
    if not text.endswith("\n"):
        return None
    return _verified_tree(text.strip())


def _active_tree():
    tree = _tree_in(_STAGED_POINTER)
    try:
        if tree is not None:
            os.rename(_STAGED_POINTER, _POINTER)
        else:
            os.remove(_STAGED_POINTER)
    except OSError:
        pass
    if tree is None:
        tree = _tree_in(_POINTER)
    for name in _TREES:
        if tree is None:
            tree = _verified_tree(name)
    return tree


_tree = _active_tree()
if _tree is not None:
    os.chdir(_tree)
del _tree

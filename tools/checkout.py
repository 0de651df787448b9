"""`python tools/flash.py` from a checkout: the checkout's root replaces tools/ at the head of
sys.path and the tools package is imported (so the firmware is importable), before the
script's own imports. The script imports it only when run that way:

    if not __package__:  # python tools/flash.py
        import checkout  # noqa: F401
"""

import pathlib
import sys

sys.path[0] = str(pathlib.Path(__file__).resolve().parent.parent)

import tools  # noqa: E402, F401

"""Flash the shutbox firmware to a board over USB (or to the virtual board), safely: the
builder's entry point, from a checkout or installed (`shutbox-flash`).

    python tools/flash.py [--device PORT] [--board NAME | --keep-board-json] [--remove-root-copy]

The work is done by tools/flashing/ (its flash module says what a flash does, step by step).
"""

import sys

if not __package__:  # python tools/flash.py: this checkout's packages (tools/checkout.py)
    import checkout  # noqa: F401

from tools.flashing.flash import main

if __name__ == "__main__":
    sys.exit(main())

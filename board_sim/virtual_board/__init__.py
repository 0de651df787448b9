"""A virtual board for mpremote: real MicroPython behind a raw REPL on socket://127.0.0.1:PORT.

    python -m board_sim.virtual_board --port 2217 --fs DIR [--fs-image pico_w]
    mpremote connect socket://127.0.0.1:2217 ls
"""

from board_sim.virtual_board.server import FS_IMAGES, PICO_FS_BYTES, PLATFORMS, VirtualBoard

__all__ = ["FS_IMAGES", "PICO_FS_BYTES", "PLATFORMS", "VirtualBoard"]

"""Power-on of the virtual board, run by the MicroPython unix port: mount the board's files (a
host directory, or a LittleFS image) at "/", wire the simulated chip, then run boot.py and
(unless a raw-REPL soft reset asked for the raw REPL) main.py, as a board's firmware does. Settings come from VIRTUAL_BOARD_* variables.
"""

import os


def _power_on():
    import json
    import os
    import sys

    import vfs
    from chip_host import ChipHost
    from host_dir_vfs import HostDirVfs
    from lfs_image import mount_image

    platform = os.getenv("VIRTUAL_BOARD_PLATFORM")
    with open(os.getenv("VIRTUAL_BOARD_PINMAP")) as pinmap_file:
        pinmap = json.load(pinmap_file)
    # The simulated hardware is loaded from the host before the board's files take over "/":
    # it stays resident, as frozen and native modules are on a board.
    sys.path[:0] = [os.getenv("VIRTUAL_BOARD_SIM") + "/upy", os.getenv("VIRTUAL_BOARD_ROOT")]
    from board_sim import link
    from board_sim.board import SimBoard

    board = SimBoard.from_pinmap(pinmap, platform=platform)
    # The watchdog, a hard reset, the timers.
    chip = ChipHost(os.getenv("VIRTUAL_BOARD_CONTROL"), os.getenv("VIRTUAL_BOARD_TIMERS"),
                    os.getenv("VIRTUAL_BOARD_KEYS"))
    board.host = chip
    board.reset_cause = int(os.getenv("VIRTUAL_BOARD_RESET_CAUSE"))
    link.attach(board)
    import machine  # noqa: F401
    import neopixel  # noqa: F401

    fs_dir = os.getenv("VIRTUAL_BOARD_FS")
    fs_bytes = int(os.getenv("VIRTUAL_BOARD_FS_BYTES"))
    image = os.getenv("VIRTUAL_BOARD_FS_IMAGE")
    if image:
        mount_image(image, fs_bytes, int(os.getenv("VIRTUAL_BOARD_FS_PROGSIZE")))
    else:
        os.chdir(fs_dir)  # the host directory the board's relative paths resolve in
        board_files = HostDirVfs(fs_dir, fs_bytes)
        vfs.umount("/")
        vfs.mount(board_files, "/")
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]

    class ChipSys:
        """sys as the simulated chip shows it: its platform; the rest is the port's own."""

        def __init__(self, port_sys):
            self._port_sys = port_sys
            self.platform = platform

        def __getattr__(self, name):
            return getattr(self._port_sys, name)

    sys.modules["sys"] = ChipSys(sys)
    return chip


def _run_script(name, namespace):
    """Run a top-level script if it exists, printing its traceback as a board does."""
    import os
    import sys

    try:
        os.stat(name)
    except OSError:
        return
    try:
        with open(name) as script:
            source = script.read()
        exec(compile(source, name, "exec"), namespace)
    except Exception as error:  # a board prints the traceback and carries on
        sys.print_exception(error)
    except KeyboardInterrupt as interrupt:
        sys.print_exception(interrupt)


_chip = _power_on()
print("\x00virtual-board-ready\x00", end="")
_run_script("boot.py", globals())
if os.getenv("VIRTUAL_BOARD_RAW") == "1":  # a raw-REPL soft reset: the raw REPL next
    print("\x00virtual-board-booted\x00", end="")
else:
    try:
        os.stat("main.py")
        print("\x00virtual-board-main\x00", end="")  # the server may now give main.py a Ctrl-C
        _chip.main_runs(True)
        _run_script("main.py", globals())
        _chip.main_runs(False)
    except OSError:  # no main.py: host input waits for the REPL's prompt
        print("\x00virtual-board-repl\x00", end="")
del _power_on, _run_script, _chip, os

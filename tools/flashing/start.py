"""Stopping a box for a flash and starting it after, safe from its watchdog.

main.py arms the hardware watchdog (8 s), and on rp2 nothing stops it but a hard reset: not
Ctrl-C, not a soft reset. So the flasher never works under it: it makes the directory
/maintenance and hard-resets the board, whose boot.py then enters that directory (no main.py
there: no watchdog) instead of the firmware's tree; the flash then takes as long as it
takes. After the flash the directory goes, boot.py enters the new tree for the self-test (a
soft reset in the raw REPL, main.py not run) and a last hard reset starts the box.

A board whose boot.py predates the maintenance start is given this one first (the flash would
write it anyway; it boots every tree an older flasher left). Each attempt is short, and one the
watchdog cuts (the link lost) is tried again.
"""

import time

from tools.flashing.build import FlashError, sha256
from tools.flashing.device import Board

MAINTENANCE = "/maintenance"
_ATTEMPTS = 4
# A USB board is gone for a moment after a reset (it enumerates again): its old port may still
# answer, so the flasher waits before it opens it again.
_USB_RESTART_S = 1.5
_RESTART_WAIT_S = 15.0  # how long a reset board may take to answer again


def _restarted(device):
    if not device.startswith("socket://"):
        time.sleep(_USB_RESTART_S)
    return Board(device, wait_s=_RESTART_WAIT_S)


def _stopped(board):
    """Has nothing that arms the watchdog run since the board's last hard reset? True in the
    maintenance start, and where boot.py left no main.py to run (a fresh board)."""
    return board.started_in == MAINTENANCE or not board.exists(
        board.started_in.rstrip("/") + "/main.py")


def stop_for_flash(device, boot_py, sent, log):
    """A Board whose firmware is stopped and whose watchdog is off (the maintenance start, or a
    board with no firmware to run). boot_py is the boot.py being flashed (source bytes), which
    a board needs for its maintenance start; "boot.py" is appended to sent if it is written."""
    board = Board(device)
    for _attempt in range(_ATTEMPTS):
        try:
            if _stopped(board):
                return board
            if board.file_hash("/boot.py") != sha256(boot_py):
                board.write_verified("/boot.py.new", boot_py)
                board.rename("/boot.py.new", "/boot.py")
                sent.append("boot.py")
            board.make_dir(MAINTENANCE)
            log("restarting the board into its maintenance start (no watchdog while flashing)")
            board.hard_reset()
        except FlashError as error:  # the watchdog reset it mid-way (the link is lost): again
            board.close()
            log("the board restarted before it was ready (%s): trying again" % error)
        board = _restarted(device)
    board.close()
    raise FlashError("the board at %s does not stay in its maintenance start: flash again"
                     % device)


def start_box(board, log):
    """Leave the maintenance start and hard-reset: the box boots as from power-on and plays."""
    board.remove_dir_if_empty(MAINTENANCE)
    board.hard_reset()
    log("restarted the board: the box plays")


def restart_after_failure(board):
    """After a failed flash, start what the board has (staging keeps the running tree whole):
    a sentence for the message saying so, or what to do when the board does not answer."""
    try:
        start_box(board, lambda _line: None)
    except FlashError:
        return ("To start the box again, unplug it and plug it in: it starts the firmware it "
                "has.")
    return "The board restarted with the firmware it has."

"""mpremote on a playing box (the virtual board: rp2's watchdog, which runs on through a soft
reset, and machine.Timer, which a soft reset ends): any command, `mpremote repl` too, leaves
the box at a REPL that answers however long the builder stays, its watchdog kept fed; a reset
starts the box again and its loop alone feeds the watchdog, so a hang still resets the box.
The board's clock is moved on at once (VirtualBoard.advance: its timers run in turn, the
watchdog bites as soon as nothing fed it for its timeout), well past the 8 s watchdog."""

import os
import pty
import select
import subprocess
import time
import tty

import pytest
from virtual_box import (
    GIVE_UP_S,
    MPREMOTE,
    SerialPort,
    hanging_on_request,
    mpremote,
    playing,
    quiet,
    until,
    with_watchdog,
)

from board_sim.virtual_board import VirtualBoard
from tools.flashing.flash import flash

pytestmark = pytest.mark.micropython

WATCHDOG_MS = 8000
LONG_S = 30  # at the REPL: nearly four times the watchdog's timeout
MARK = "stopped_at_repl"  # app.repl_stop's directory, in the firmware's tree
STOPPED = b"shutbox: stopped at the REPL; the watchdog is kept fed; reset to resume the match"


@pytest.fixture
def box(tmp_path, firmware):
    """A virtual Pico playing the firmware (its watchdog armed), flashed from a copy that
    hangs in a tick once the board has a file /hang."""
    with VirtualBoard(tmp_path / "board") as board:
        flash(board.url, firmware_dir=hanging_on_request(with_watchdog(firmware, WATCHDOG_MS, "1.0.0")),
              log=quiet)
        until(lambda: playing(board, 0, WATCHDOG_MS), "the box plays after its flash")
        yield board


def played_again(board, main_starts):
    """main.py plays again since `main_starts`: its loop alone feeds the watchdog (no Timer
    left, the stop's mark gone)."""
    return (playing(board, main_starts, WATCHDOG_MS) and not board.timers_running
            and not list(board.fs_dir.glob("*/" + MARK)))


@pytest.mark.parametrize("command", [
    ("exec", "print(6 * 7)"),  # a soft reset first (boot.py runs, not main.py)
    ("resume", "exec", "print(6 * 7)"),  # no soft reset: main.py's loop stopped by Ctrl-C
    ("fs", "ls", ":"),
])
def test_a_command_leaves_the_box_at_a_repl_that_answers_long_after(box, command):
    mpremote(box.url, *command)
    hard_resets = box.hard_resets
    box.advance(LONG_S)
    assert box.watchdog_resets == 0 and box.hard_resets == hard_resets
    assert mpremote(box.url, "resume", "exec", "print(6 * 7)").strip() == "42"
    box.advance(LONG_S)
    assert mpremote(box.url, "exec", "print(6 * 7)").strip() == "42"  # a soft reset again
    box.advance(LONG_S)
    assert box.watchdog_resets == 0 and box.hard_resets == hard_resets
    started = box.main_starts
    mpremote(box.url, "reset")
    until(lambda: played_again(box, started), "the box plays again after the reset")
    assert box.watchdog_resets == 0


class Terminal:
    """`mpremote repl` on a terminal of its own, as a builder runs it, on the serial port at
    `device`."""

    def __init__(self, device):
        self._master, slave = pty.openpty()
        tty.setraw(slave)  # as mpremote sets it once it runs: Ctrl-C is a key, not a signal
        self._process = subprocess.Popen([str(MPREMOTE), "connect", device, "repl"], stdin=slave,
                                         stdout=slave, stderr=slave, close_fds=True)
        os.close(slave)
        self.seen = b""

    def type(self, keys):
        os.write(self._master, keys)

    def shows(self, text):
        """Wait until the terminal has shown `text` since the last wait; fail after GIVE_UP_S."""
        give_up = time.monotonic() + GIVE_UP_S
        while text not in self.seen:
            if time.monotonic() > give_up:
                pytest.fail("mpremote repl never showed %r; it showed %r" % (text, self.seen))
            if select.select([self._master], [], [], 0.05)[0]:
                try:
                    self.seen += os.read(self._master, 4096)
                except OSError:  # mpremote has ended
                    time.sleep(0.05)
        self.seen = self.seen[self.seen.index(text) + len(text):]

    def close(self):
        self.type(b"\x1d")  # Ctrl-]: leave mpremote
        try:
            self._process.wait(timeout=GIVE_UP_S)
        finally:
            os.close(self._master)


def test_mpremote_repl_stays_usable_and_ctrl_d_plays_the_match_again(box):
    port = SerialPort(box.port)
    terminal = Terminal(port.path)
    try:
        terminal.shows(b"Use Ctrl-] or Ctrl-x to exit this shell")
        terminal.type(b"\x03")  # the builder stops the box
        terminal.shows(STOPPED)
        terminal.shows(b">>> ")
        box.advance(LONG_S)
        terminal.type(b"print(6 * 7)\r")
        terminal.shows(b"42")
        box.advance(LONG_S)
        terminal.type(b"print(7 * 8)\r")
        terminal.shows(b"56")
        assert box.watchdog_resets == 0 and box.main_starts == 1
        terminal.type(b"\x04")  # Ctrl-D: a soft reset, after which main.py runs again
        until(lambda: played_again(box, 1), "the box plays again after Ctrl-D")
    finally:
        terminal.close()
        port.close()
    assert box.watchdog_resets == 0


def test_the_watchdog_resets_a_box_that_hangs_after_a_stop_at_the_repl(box):
    mpremote(box.url, "exec", "print(6 * 7)")
    box.advance(LONG_S)
    started = box.main_starts
    mpremote(box.url, "reset")
    until(lambda: played_again(box, started), "the box plays again after the reset")
    (box.fs_dir / "hang").touch()
    until(lambda: (box.fs_dir / "hung").exists(), "the box hangs in a tick")
    (box.fs_dir / "hang").unlink()
    box.advance(LONG_S)
    assert box.watchdog_resets == 1
    until(lambda: playing(box, started + 1, WATCHDOG_MS), "the box plays after the watchdog's reset")

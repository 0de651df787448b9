"""A playing box on the virtual board for the watchdog's tests: the firmware flashed (a copy,
its main.py's watchdog timeout set), waited for until main.py plays, mpremote run against it
(over socket://, or a serial port for `mpremote repl`, which waits on a port's file
descriptor), and a copy whose App hangs for good in a tick once the host makes the board's
file /hang."""

import os
import pathlib
import re
import select
import socket
import subprocess
import sys
import threading
import time
import tty

import pytest

MPREMOTE = pathlib.Path(sys.executable).parent / "mpremote"
# Only a bound on waiting for what the board does next (it boots in well under a second when
# the machine is idle): a test that meets its condition earlier goes on at once.
GIVE_UP_S = 120
_POLL_S = 0.05
# Appended to the copy's app/core.py: the App's tick, until /hang is there; then /hung is made
# and the tick never returns (main.py's loop hangs in it).
_HANG_ON_REQUEST = '''

def _hang_on_request(tick):
    def tick_or_hang(self, now_ms):
        import os
        import time

        try:
            os.stat("/hang")
        except OSError:
            return tick(self, now_ms)
        open("/hung", "w").close()
        while True:
            time.sleep_ms(50)

    return tick_or_hang


App.tick = _hang_on_request(App.tick)
'''


def quiet(_message):
    pass


def until(condition, what):
    """Wait until condition() holds; fail naming `what` after GIVE_UP_S."""
    give_up = time.monotonic() + GIVE_UP_S
    while not condition():
        if time.monotonic() > give_up:
            pytest.fail("the virtual board never got there: %s" % what)
        time.sleep(_POLL_S)


def with_watchdog(firmware, timeout_ms, version):
    """The firmware copy with main.py's watchdog timeout set and a version of its own."""
    main = firmware / "main.py"
    source, count = re.subn(r"_WATCHDOG_MS = const\(\d+\)", "_WATCHDOG_MS = const(%d)" % timeout_ms,
                            main.read_text())
    assert count == 1
    main.write_text(source)
    (firmware / "version.py").write_text('"""A test copy."""\n\nVERSION = "%s"\n' % version)
    return firmware


def hanging_on_request(firmware):
    """The firmware copy, its App made to hang in a tick once the board has a file /hang."""
    core = firmware / "app" / "core.py"
    core.write_text(core.read_text() + _HANG_ON_REQUEST)
    return firmware


def playing(board, main_starts, timeout_ms):
    """main.py has started since `main_starts` and armed its watchdog."""
    return board.main_starts > main_starts and board.watchdog_ms == timeout_ms


def mpremote(url, *command):
    """mpremote's output for `command` on the board at url; it must succeed."""
    result = subprocess.run([str(MPREMOTE), "connect", url, *command], capture_output=True,
                            text=True, timeout=GIVE_UP_S)
    assert result.returncode == 0, result.stderr + "\nSTDOUT:" + result.stdout
    return result.stdout


class SerialPort:
    """A serial port (a pty, /dev/pts/N) wired to the virtual board at `port`, for what needs
    one: mpremote's repl waits on its port's file descriptor, which socket:// has not."""

    def __init__(self, port):
        self._master, slave = os.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        self._slave = slave  # kept open: the port stays up while mpremote opens and closes it
        self._board = socket.create_connection(("127.0.0.1", port))
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._relay, name="serial-port", daemon=True)
        self._thread.start()

    def _relay(self):
        while not self._stopping.is_set():
            readable = select.select([self._master, self._board], [], [], _POLL_S)[0]
            if self._master in readable:
                self._board.sendall(os.read(self._master, 4096))
            if self._board in readable:
                data = self._board.recv(4096)
                if not data:
                    return
                os.write(self._master, data)

    def close(self):
        self._stopping.set()
        self._thread.join()
        self._board.close()
        os.close(self._master)
        os.close(self._slave)

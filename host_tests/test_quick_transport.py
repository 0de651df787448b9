"""tools.flashing.device's QuickTransport reads as mpremote's SerialTransport does (what came up
to the ending, never a byte past it; what came before a timeout), waiting for each byte in the
port's own read rather than in 10 ms sleeps, and closes a socket:// port without pyserial's
0.3 s sleep. Checked on a loopback socket, with no clock: a sleep is made to fail the test."""

import socket
import threading
import time

import pytest

from tools.flashing.device import QuickTransport


@pytest.fixture
def linked(monkeypatch):
    """(a QuickTransport on a loopback socket://, the board's end of it); a sleep fails the test."""
    listener = socket.create_server(("127.0.0.1", 0))
    ends = []
    accepting = threading.Thread(target=lambda: ends.append(listener.accept()[0]))
    accepting.start()
    transport = QuickTransport("socket://127.0.0.1:%d" % listener.getsockname()[1])
    accepting.join()
    listener.close()

    def no_sleep(seconds):
        raise AssertionError("slept %s s" % seconds)

    monkeypatch.setattr(time, "sleep", no_sleep)  # mpremote's and pyserial's
    yield transport, ends[0]
    transport.close()
    ends[0].close()


def test_read_until_takes_what_came_up_to_the_ending_and_leaves_the_rest(linked):
    transport, board = linked
    board.sendall(b"OK>done\x04tail")
    assert transport.read_until(1, b">") == b"OK>"
    assert transport.read_until(1, b"\x04") == b"done\x04"
    seen = []
    threading.Timer(0.05, lambda: board.sendall(b" more\n")).start()  # comes while it waits
    assert transport.read_until(1, b"\n", data_consumer=seen.append) == b"\n"
    assert b"".join(seen) == b"tail more\n"


def test_read_until_returns_what_came_before_a_timeout(linked):
    transport, board = linked
    board.sendall(b"partial")
    assert transport.read_until(1, b">", timeout=0.1) == b"partial"
    assert transport.read_until(1, b">", timeout=None, timeout_overall=0.1) == b""
    board.sendall(b"x>")
    assert transport.read_until(1, b">", timeout=0.1) == b"x>"


def test_close_shuts_the_socket_without_sleeping(linked):
    transport, board = linked
    transport.close()
    assert board.recv(16) == b""  # the board sees the port closed
    assert not transport.serial.is_open

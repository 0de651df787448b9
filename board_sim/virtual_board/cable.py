"""A USB cable to cut: a loopback TCP relay to a board that passes the host's first `cut_at`
bytes, then drops both ends (for the board, a power cut), as a cable pulled mid-transfer.

    with Cable(board.url, cut_at=5000) as cable: flash(cable.url) ...; cable.host_bytes
"""

import select
import socket
import threading
import time

_POLL_S = 0.05
_READ_BYTES = 4096


class Cable:
    """Relay from socket://127.0.0.1:<port> to board_url; cut_at None never cuts."""

    def __init__(self, board_url, cut_at=None, lifetime_s=60):
        host, port = board_url.replace("socket://", "").rsplit(":", 1)
        self._board_address = (host, int(port))
        self.cut_at = cut_at
        self.host_bytes = 0  # bytes the host sent that reached the board
        self.cut = False
        self._lifetime_s = lifetime_s
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = "socket://127.0.0.1:%d" % self._listener.getsockname()[1]
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._relay, name="cable", daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc_info):
        self._stopping.set()
        self._thread.join()
        self._listener.close()
        return False

    def _relay(self):
        deadline = time.monotonic() + self._lifetime_s
        host = None
        while host is None and not self._stopping.is_set() and time.monotonic() < deadline:
            if select.select([self._listener], [], [], _POLL_S)[0]:
                host, _ = self._listener.accept()
        if host is None:
            return
        board = socket.create_connection(self._board_address)
        try:
            while not self._stopping.is_set() and time.monotonic() < deadline:
                readable = select.select([host, board], [], [], _POLL_S)[0]
                if host in readable and not self._pass_host_bytes(host, board):
                    return
                if board in readable:
                    data = board.recv(_READ_BYTES)
                    if not data:
                        return
                    host.sendall(data)
        except OSError:
            return
        finally:
            host.close()
            board.close()

    def _pass_host_bytes(self, host, board):
        data = host.recv(_READ_BYTES)
        if not data:
            return False
        if self.cut_at is not None and self.host_bytes + len(data) >= self.cut_at:
            board.sendall(data[:self.cut_at - self.host_bytes])
            self.host_bytes = self.cut_at
            self.cut = True
            return False
        board.sendall(data)
        self.host_bytes += len(data)
        return True

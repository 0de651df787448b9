"""A USB cable to cut: a loopback TCP relay to a virtual board that passes the host's first
`cut_at` bytes (over every connection: a board's reset drops one, and the host opens the port
again), then cuts the board's power and drops both ends, as a cable pulled mid-transfer.

    with Cable(board, cut_at=5000) as cable: flash(cable.url) ...; cable.host_bytes
"""

import select
import socket
import threading

from board_sim.virtual_board.server import ack_at_once

_POLL_S = 0.05
_READ_BYTES = 4096


class Cable:
    """Relay from socket://127.0.0.1:<port> to the VirtualBoard `board`; cut_at None never cuts."""

    def __init__(self, board, cut_at=None):
        self._board = board
        self._board_address = ("127.0.0.1", board.port)
        self.cut_at = cut_at
        self.host_bytes = 0  # bytes the host sent that reached the board
        self.cut = False
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
        while not self.cut and not self._stopping.is_set():
            if select.select([self._listener], [], [], _POLL_S)[0]:
                host, _ = self._listener.accept()
                host.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self._relay_connection(host)

    def _relay_connection(self, host):
        """One host connection, until either end drops it (a board's reset drops it; the host
        then opens the port again) or the cut."""
        board = socket.create_connection(self._board_address)
        # Each end's bytes passed on at once, as the board's server passes them: without it
        # Nagle's algorithm held a relayed write until the last was acknowledged, some 40 ms
        # (a flash through the cable took 7 s where one straight to the board took 4).
        board.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            while not self._stopping.is_set():
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
            if self.cut:  # once both ends are closed: the board's server may be writing to one
                self._board.cut_power()

    def _pass_host_bytes(self, host, board):
        data = host.recv(_READ_BYTES)
        ack_at_once(host)
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

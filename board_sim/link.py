"""The one board the machine/neopixel/time stand-ins talk to: attach(board), current()."""

_board = None


def attach(board):
    global _board
    _board = board


def detach():
    global _board
    _board = None


def current():
    """The attached SimBoard; RuntimeError when the stand-ins are used with no board attached."""
    if _board is None:
        raise RuntimeError("no simulated board attached: use board_sim.install.simulated()")
    return _board

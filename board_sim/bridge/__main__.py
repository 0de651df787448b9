"""python -m board_sim.bridge --tree DIR --requests FD --replies FD [--seed N]

Wires a SimBoard as DIR/board.json names its pin map and serves the firmware's `machine`
(bridge/upy/machine.py on the unix port) over the two inherited pipe ends until it hangs up.
"""

import argparse

from board_sim.board import SimBoard
from board_sim.bridge.host import serve
from board_sim.wiring import load_pinmap


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m board_sim.bridge", description=__doc__)
    parser.add_argument("--tree", required=True, help="the firmware tree whose board.json names the pin map")
    parser.add_argument("--requests", type=int, required=True, help="file descriptor the VM writes to")
    parser.add_argument("--replies", type=int, required=True, help="file descriptor the VM reads from")
    parser.add_argument("--seed", type=int, default=1, help="the simulated board's seed")
    args = parser.parse_args(argv)
    board = SimBoard.from_pinmap(load_pinmap(args.tree), seed=args.seed)
    serve(board, args.requests, args.replies)


if __name__ == "__main__":
    main()

"""The host commands' way out when their standard output is a pipe closed early
(`shutbox-analyze all | head`): quietly, as Unix tools do, not with a BrokenPipeError traceback.
board_sim's, as the package every command (the simulator's and the tools') imports."""

import functools
import os
import sys

# What a shell reports for a tool that SIGPIPE ended (128 + 13): `yes | head` exits so.
CLOSED_PIPE_EXIT = 141


def quiet_when_the_pipe_closes(main):
    """main(argv) that, when standard output's reader has gone, stops writing and returns
    CLOSED_PIPE_EXIT. Standard output is pointed at os.devnull then, so the interpreter's own
    flush at exit finds nothing to complain about (the recipe in Python's signal module docs)."""

    @functools.wraps(main)
    def wrapped(argv=None):
        try:
            code = main(argv)
            sys.stdout.flush()  # a pipe's buffered rest: its BrokenPipeError is caught here
        except BrokenPipeError:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
            return CLOSED_PIPE_EXIT
        return code

    return wrapped

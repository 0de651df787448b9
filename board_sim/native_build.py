"""The firmware's native code, per board: a module with `# native:` marks (game/win_kernel.py)
is compiled for a board's architecture with each mark made real: a line `# native: @dec` becomes
the decorator `@dec` (micropython.viper), and a line `NAME = const(A)  # native: B` becomes
`NAME = const(B)`. tools/flash.py compiles so for a board whose MicroPython runs native code
(its sys.implementation._mpy names the architecture), and the simulator runs the firmware as
so flashed (board_sim.firmware_dir: CPython's stand-in viper leaves the function as it is).
The wasm build and mip's sources get the plain Python the module reads as.
"""

import re

MARK = "# native:"
_DECORATOR = re.compile(r"^(\s*)# native: (@\S+)\s*$")
_CONSTANT = re.compile(r"^(\s*\w+ = const\()([^)]*)(\))\s*# native: (\S+)\s*$")


def has_native_marks(source):
    return MARK in source


def native_source(source):
    """The source with its `# native:` marks made real (ValueError for a mark it cannot read)."""
    lines = []
    for number, line in enumerate(source.splitlines(), 1):
        if MARK in line:
            decorator = _DECORATOR.match(line)
            constant = _CONSTANT.match(line)
            if decorator:
                line = decorator.group(1) + decorator.group(2)
            elif constant:
                line = constant.group(1) + constant.group(4) + constant.group(3)
            else:
                raise ValueError("line %d: a '# native:' mark this build cannot read: %s" % (number, line.strip()))
        lines.append(line)
    return "\n".join(lines) + "\n"

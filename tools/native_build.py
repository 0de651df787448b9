"""The firmware's native code, per board: a module with `# native:` marks (game/win_kernel.py)
is compiled for a board's architecture with each mark made real: a line `# native: @dec` becomes
the decorator `@dec` (micropython.viper), and a line `NAME = const(A)  # native: B` becomes
`NAME = const(B)`. Everywhere else (the wasm build, mip's sources, CPython) the module is the
plain Python it reads as. Each pin map names its `mpy_arch` (mpy-cross's -march); a board
without one gets the bytecode.
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

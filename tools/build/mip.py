"""Build build/mip/: the firmware as tools/flash.py would flash it (.mpy for one bytecode version,
compacted JSON, a board.json) with a package.json listing it, so that, offline,

    mpremote mip install --target / build/mip/package.json

puts it at the board's root, where boot.py (finding no flashed tree) runs it. mip's default
target, /lib, is on the import path but nothing there starts the box: --target / is needed.

    python -m tools.build.mip [--board NAME] [--bytecode 6.3]
"""

import argparse
import json
import pathlib
import shutil
import sys

from tools.flashing.build import (
    BOARD_JSON,
    FIRMWARE,
    ROOT,
    FlashError,
    board_json_for,
    board_named_in,
    build_image,
    firmware_version,
)

MIP_DIR = ROOT / "build" / "mip"
BYTECODE = "6.3"  # MicroPython 1.23 and newer; 1.22 reads 6.2


def build_mip(board_name=None, bytecode=BYTECODE, out_dir=MIP_DIR, firmware_dir=FIRMWARE):
    """Write out_dir/package.json and the files it lists beside it; returns its path."""
    firmware_dir = pathlib.Path(firmware_dir)
    if board_name is None:
        board_name = board_named_in((firmware_dir / BOARD_JSON).read_bytes())
    image = build_image(bytecode, board_json_for(board_name, firmware_dir), firmware_dir)
    out_dir = pathlib.Path(out_dir)
    shutil.rmtree(out_dir, ignore_errors=True)
    for path, data in image.items():
        target = out_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    package = {"version": firmware_version(firmware_dir),
               "urls": [[path, path] for path in sorted(image)]}
    package_json = out_dir / "package.json"
    package_json.write_text(json.dumps(package, indent=2) + "\n")
    return package_json


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.build.mip", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", help="pin map the package's board.json selects "
                                        "(default: firmware/board.json's)")
    parser.add_argument("--bytecode", default=BYTECODE,
                        help="the board's .mpy version (default %s: MicroPython 1.23+; 6.2 for "
                             "1.22)" % BYTECODE)
    args = parser.parse_args(argv)
    try:
        package_json = build_mip(args.board, args.bytecode)
    except FlashError as error:
        print("build_mip: %s" % error, file=sys.stderr)
        return 1
    files = len(json.loads(package_json.read_text())["urls"])
    print("%s: %d files; install with:" % (package_json.relative_to(ROOT), files))
    print("    mpremote mip install --target / %s" % package_json.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Flash the shutbox firmware to a board over USB (or to the virtual board), safely.

    shutbox-flash [--device PORT] [--board NAME | --keep-board-json] [--remove-root-copy]
    (from a checkout: python tools/flash.py ..., or make flash DEVICE=PORT ARGS="...")

Compiles firmware/ for the board's MicroPython, packs the modules into one file (pack.bin, which
boot.py mounts: tools/flashing/pack.py), stages the tree in the one the board is not running
(/fw_a or /fw_b), sending only files whose sha256 differs from both trees (a changed module
sends the whole pack again), verifies every hash on the board, then switches by renaming /active.new over /active (boot.py finishes a switch a
cut cable interrupted). The generated tables are kept once in "/", shared by both trees
(tools/flashing/tables.py): written only when the board lacks them. Never touched: /data/ (what
the firmware saves: settings, scores), /lib/, and the board's board.json when it was edited on
the board (unless --board is given). The board is flashed in its maintenance start, where no
watchdog runs (tools/flashing/start.py). Last, the firmware's self-test, which must report the
version flashed, and a hard reset: the box plays.
"""

import argparse
import json
import os
import pathlib
import sys
import time

from tools.flashing.build import (
    BOARD_JSON,
    BOARD_PLATFORMS,
    FIRMWARE,
    PLATFORM_NAMES,
    ROOT_FILES,
    FlashError,
    board_json_for,
    board_named_in,
    board_names,
    build_image,
    bytecode_for,
    check_board_name,
    firmware_version,
    native_arch_for,
    sha256,
)
from tools.flashing.device import delete_hint, mpremote_command, usb_boards
from tools.flashing.leftovers import describe, remove_copy, root_copy
from tools.flashing.pack import manifest, packed_tree
from tools.flashing.space import DEFAULT_INLINE_BYTES, INLINE_BYTES, file_blocks, tree_blocks
from tools.flashing.start import MAINTENANCE, restart_after_failure, start_box, stop_for_flash
from tools.flashing.tables import (
    TablePlan,
    named_in,
    remove_tables,
    split_tables,
    write_tables,
)

MIN_MICROPYTHON = (1, 22)
TREES = ("fw_a", "fw_b")
POINTER = "/active"
STAGED_POINTER = "/active.new"
MANIFEST = "manifest.json"
DATA_RESERVE_BYTES = 16 * 1024  # left free for the settings and scores the box saves
MANIFEST_BYTES = 256  # at most: {"version": ..., "board_json": sha256, "tables": [2 paths]}


class FlashReport:
    """What a flash did: files sent over the wire, copied on the board, removed; the result."""

    def __init__(self):
        self.sent = []
        self.copied = []
        self.removed = []
        self.tree = None
        self.version = None
        self.selftest = None
        self.compiled_bytes = 0
        self.compiled_files = 0  # .mpy modules, all in the tree's pack (tools/flashing/pack.py)
        self.bytes_sent = 0
        self.free_bytes = None  # on the board's filesystem once flashed
        self.seconds = 0.0


def find_device(ports=None):
    """The one USB board attached, or FlashError (none, or several: name one with --device)."""
    ports = usb_boards() if ports is None else ports
    if not ports:
        raise FlashError("no board found: no USB serial board is attached. Plug the box in by "
                         "USB, or name the port: --device /dev/ttyACM0 (COM3 on Windows), or a "
                         "virtual board's socket://127.0.0.1:PORT; with make: make flash "
                         "DEVICE=/dev/ttyACM0")
    if len(ports) > 1:
        raise FlashError("several boards attached (%s): name one with --device (make flash "
                         "DEVICE=%s)" % (", ".join(ports), ports[0]))
    return ports[0]


def check_board(probe, board_name):
    """FlashError if the board's MicroPython is too old or its chip is not board_name's."""
    platform, _mpy, version, _machine = probe
    if tuple(version[:2]) < MIN_MICROPYTHON:
        raise FlashError(
            "MicroPython %s on the board is too old: shutbox needs %d.%d or newer. Install a "
            "current one from https://micropython.org/download/ and flash again."
            % (".".join(str(part) for part in version), *MIN_MICROPYTHON))
    wanted = BOARD_PLATFORMS.get(board_name)
    if wanted is not None and wanted != platform:
        raise FlashError(
            "wrong board: boards/%s.json is for %s, but this board runs MicroPython for %r. "
            "Choose its pin map with --board (%s)." % (
                board_name, PLATFORM_NAMES.get(wanted, wanted), platform,
                ", ".join(name for name, chip in sorted(BOARD_PLATFORMS.items()) if chip == platform)
                or "add a boards/<name>.json for it"))


def _tree_of(pointer_bytes):
    name = pointer_bytes.decode(errors="replace").strip() if pointer_bytes else ""
    return name if name in TREES and pointer_bytes.endswith(b"\n") else None


def _manifest_of(board, tree):
    """The manifest of /tree as a dict, or None (no tree, or not verified)."""
    manifest_bytes = board.read("/%s/%s" % (tree, MANIFEST)) if tree else None
    return json.loads(manifest_bytes) if manifest_bytes else None


def choose_board_json(board, active, board_name, keep_board_json, firmware_dir, log):
    """(board.json bytes to flash, pin map name). Kept as it is when edited on the board (or
    keep_board_json); else a selection of board_name, or of the pin map the board already
    uses, or on a fresh board of firmware/board.json's, with firmware/board.json's overrides
    when it names the same pin map."""
    on_board = board.read("/%s/%s" % (active, BOARD_JSON)) if active else board.read("/" + BOARD_JSON)
    flashed = (_manifest_of(board, active) or {}).get("board_json")
    edited = on_board is not None and sha256(on_board) != flashed
    if on_board is not None and (keep_board_json or (board_name is None and edited)):
        kept_name = board_named_in(on_board)
        if kept_name is None:
            raise FlashError("the board's own board.json is not a valid selection; replace it "
                             "with --board NAME")
        log("keeping the board's own board.json (board %r)%s" % (
            kept_name, "" if keep_board_json else "; pass --board NAME to replace it"))
        return on_board, kept_name
    if board_name is None:  # the board keeps its pin map; a fresh one gets firmware/board.json's
        board_name = board_named_in(on_board) if on_board is not None else None
    if board_name is None:
        board_name = board_named_in((pathlib.Path(firmware_dir) / BOARD_JSON).read_bytes())
    return board_json_for(board_name, firmware_dir), board_name


def space_needed(image, staging_files, block_bytes, inline_bytes):
    """(bytes staging `image` takes, bytes it gives back) over a tree holding `staging_files`
    ({path: (hash, size)}), as the board's statvfs counts them (tools.flashing.space): the new
    tree with its manifest, plus the largest file it replaces (its old blocks stay until the
    new copy is closed); the tree it replaces."""
    sizes = {path: len(data) for path, data in image.items()}
    sizes[MANIFEST] = MANIFEST_BYTES
    replaced = [file_blocks(size, block_bytes, inline_bytes)
                for path, (digest, size) in staging_files.items()
                if path in image and digest != sha256(image[path])]
    needed = tree_blocks(sizes, block_bytes, inline_bytes) + max(replaced, default=0)
    freed = tree_blocks({path: size for path, (_hash, size) in staging_files.items()},
                        block_bytes, inline_bytes) if staging_files else 0
    return needed * block_bytes, freed * block_bytes


def _root_bytes(root_files, block_bytes, inline_bytes):
    """What the files flashed at "/" take (each is written beside the old one, then renamed)."""
    return block_bytes * sum(file_blocks(len(data), block_bytes, inline_bytes)
                             for data in root_files.values())


def _check_space(board, image, staging_files, root_files, tables, inline_bytes):
    block_bytes = board.block_bytes()
    needed, freed = space_needed(image, staging_files, block_bytes, inline_bytes)
    needed += _root_bytes(root_files, block_bytes, inline_bytes)
    tables_needed, tables_freed = tables.space(block_bytes, inline_bytes)
    needed += tables_needed
    freed += tables_freed
    free = board.free_bytes()
    if free + freed < needed + DATA_RESERVE_BYTES:
        raise FlashError(
            "not enough room on the board: the firmware needs %d KiB plus %d KiB kept free for "
            "saved games; the board has %d KiB free (%d KiB more given back by its previous "
            "copy). %s"
            % (needed // 1024, DATA_RESERVE_BYTES // 1024, free // 1024, freed // 1024,
               delete_hint(board.device)))


def _check_margin(board, staging, root_files, written_tables, inline_bytes, log):
    """FlashError, the staged tree and the tables written for it removed, if switching would
    leave less than the reserve."""
    left = board.free_bytes() - _root_bytes(root_files, board.block_bytes(), inline_bytes)
    if left >= DATA_RESERVE_BYTES:
        return
    board.remove_empty_dirs("/" + staging, files_too=True)
    remove_tables(board, written_tables)
    log("removed the staged copy: it would have left %d KiB free" % (left // 1024))
    raise FlashError(
        "not enough room on the board: this firmware would leave %d KiB free, less than the %d "
        "KiB kept for saved games. The board still runs its firmware as it was. %s"
        % (max(0, left) // 1024, DATA_RESERVE_BYTES // 1024, delete_hint(board.device)))


def flash(device=None, board_name=None, keep_board_json=False, firmware_dir=FIRMWARE, log=print,
          remove_root_copy=False):
    """Flash firmware_dir to the board; returns a FlashReport. Raises FlashError. A copy of the
    firmware at the board's "/" (mip's) is named, or removed with remove_root_copy."""
    started = time.monotonic()
    report = FlashReport()
    if board_name is not None:  # every argument checked before the board is touched
        check_board_name(board_name, firmware_dir)
    device = device or find_device()
    boot_py = (pathlib.Path(firmware_dir) / "boot.py").read_bytes()
    board = stop_for_flash(device, boot_py, report.sent, log)
    try:
        copy = root_copy(board, firmware_dir)
        if copy and remove_root_copy:
            remove_copy(board, copy, log)
        elif copy:
            log("note: " + describe(copy, device, mpremote_command()))
        _flash_stopped(board, report, board_name, keep_board_json, firmware_dir, log)
    except FlashError as error:
        raise FlashError("%s\n%s" % (error, restart_after_failure(board))) from None
    finally:
        report.bytes_sent = board.bytes_sent
    report.seconds = time.monotonic() - started
    return report


def _flash_stopped(board, report, board_name, keep_board_json, firmware_dir, log):
    """flash()'s work on a board in its maintenance start; ends with the box started."""
    probe = board.probe()
    check_board(probe, board_name)
    active = _tree_of(board.read(POINTER))
    staging = TREES[1] if active == TREES[0] else TREES[0]
    board_json, chosen = choose_board_json(board, active, board_name, keep_board_json,
                                           firmware_dir, log)
    check_board(probe, chosen)
    bytecode = bytecode_for(probe[1])
    if bytecode is None:
        log("no mpy-cross output matches this board's .mpy version: copying sources")
    arch = native_arch_for(probe[1]) if bytecode is not None else None
    image = build_image(bytecode, board_json, firmware_dir, arch)
    root_files = {name: image.pop(name) for name in ROOT_FILES if name in image}
    tables = split_tables(image, bytecode)
    report.compiled_bytes = sum(len(data) for path, data in image.items() if path.endswith(".mpy"))
    report.compiled_files = sum(path.endswith(".mpy") for path in image)
    image = packed_tree(image)
    report.version = firmware_version(firmware_dir)
    wanted = {path: sha256(data) for path, data in image.items()}
    active_hashes = board.tree_hashes("/" + active) if active else {}
    active_hashes.pop(MANIFEST, None)
    outside = dict(tables, **{"/" + name: data for name, data in root_files.items()})
    if active_hashes == wanted and all(
            board.file_hash(path) == sha256(data) for path, data in outside.items()):
        log("the board already runs this firmware (%s in /%s)" % (report.version, active))
        report.tree = active
    else:
        staging_files = board.tree("/" + staging)
        staging_files.pop(MANIFEST, None)
        inline_bytes = INLINE_BYTES.get(probe[0], DEFAULT_INLINE_BYTES)
        kept = named_in(_manifest_of(board, active))
        plan = TablePlan(board, tables, kept)
        _check_space(board, image, staging_files, root_files, plan, inline_bytes)
        staging_hashes = {path: digest for path, (digest, _size) in staging_files.items()}
        _stage(board, staging, image, wanted, staging_hashes, active, active_hashes, report, log)
        # Named by neither the running tree nor this one (the staged tree, which may have,
        # is no longer bootable): removed before the new tables take their room.
        remove_tables(board, plan.to_remove)
        write_tables(board, tables, plan.to_write, report.sent, log)
        _check_margin(board, staging, root_files, plan.to_write, inline_bytes, log)
        board.write_verified("/%s/%s" % (staging, MANIFEST),
                        manifest(report.version, board_json, tables))
        for name, data in root_files.items():
            if board.file_hash("/" + name) != sha256(data):
                board.write_verified("/%s.new" % name, data)
                board.rename("/%s.new" % name, "/" + name)
                report.sent.append(name)
        board.write_verified(STAGED_POINTER, (staging + "\n").encode())
        board.rename(STAGED_POINTER, POINTER)
        report.tree = staging
        log("switched to /%s" % staging)
    board.remove_dir_if_empty(MAINTENANCE)  # boot.py enters the new tree for the self-test
    report.selftest = _selftest(board, report.version)
    report.free_bytes = board.free_bytes()
    log(report.selftest)
    start_box(board, log)


def _stage(board, staging, image, wanted, staging_hashes, active, active_hashes, report, log):
    """Make /staging hold exactly image, every file's hash checked on the board."""
    board.remove("/%s/%s" % (staging, MANIFEST))  # from here on the tree is not bootable
    for path in staging_hashes:
        if path not in wanted:
            board.remove("/%s/%s" % (staging, path))
            report.removed.append(path)
    board.remove_empty_dirs("/" + staging)
    for path in sorted(image):
        target = "/%s/%s" % (staging, path)
        if staging_hashes.get(path) == wanted[path]:
            continue
        if active_hashes.get(path) == wanted[path]:
            report.copied.append(path)
        else:
            board.write(target, image[path])
            report.sent.append(path)
            log("sent %s (%d bytes)" % (path, len(image[path])))
    board.copy([("/%s/%s" % (active, path), "/%s/%s" % (staging, path)) for path in report.copied])
    staged = board.tree_hashes("/" + staging)
    staged.pop(MANIFEST, None)
    wrong = sorted(path for path in wanted if staged.get(path) not in (wanted[path], None))
    if wrong or set(staged) != set(wanted):
        raise FlashError("the staged firmware did not verify on the board: %s"
                         % ", ".join(wrong or sorted(set(staged) ^ set(wanted))))


def _selftest(board, version):
    output = board.soft_reset_and_run("import selftest\nselftest.main()")
    lines = [line.strip() for line in output.splitlines() if line.startswith("shutbox selftest")]
    expected = "shutbox selftest ok %s" % version
    if expected not in lines:
        raise FlashError("the flashed firmware's self-test did not report %r:\n%s"
                         % (expected, output.strip()))
    return expected


def command_name(argv0=None):
    """The command as it was run, for its usage line: shutbox-flash, or python tools/flash.py."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    return "python " + argv0 if argv0.endswith(".py") else os.path.basename(argv0)


def main(argv=None):
    parser = argparse.ArgumentParser(prog=command_name(), description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--device", help="serial port or socket://HOST:PORT (default: the one USB board)")
    choice = parser.add_mutually_exclusive_group()
    names = board_names(FIRMWARE)
    choice.add_argument("--board", metavar="{%s}" % ",".join(names),
                        help="the pin map to use, firmware/boards/NAME.json: one of %s (writes "
                             "board.json)" % ", ".join(names))
    choice.add_argument("--keep-board-json", action="store_true",
                        help="keep the board.json already on the board")
    parser.add_argument("--remove-root-copy", action="store_true",
                        help="remove a copy of the firmware at the board's / (mpremote mip's)")
    parser.add_argument("--firmware", default=str(FIRMWARE), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        report = flash(args.device, args.board, args.keep_board_json, args.firmware,
                       remove_root_copy=args.remove_root_copy)
    except FlashError as error:
        print("flash: %s" % error, file=sys.stderr)
        return 1
    print("flashed %s to /%s: %d files sent, %d copied on the board, %d removed, %.1f s"
          % (report.version, report.tree, len(report.sent), len(report.copied),
             len(report.removed), report.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())

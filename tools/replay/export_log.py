"""Export the game log of the match the box has saved, as JSON (for tools/replay/replay_log.py).

    python -m tools.replay.export_log [--device PORT] [-o FILE]

Connects with mpremote's serial transport (as tools/flash.py does; default device: the first
USB board, as `mpremote connect auto`), runs `app.keeper_files.export_log()` on the box and writes
the JSON to FILE or stdout. The box's game stops for the export (mpremote interrupts it):
reset the box to play on; it resumes the saved match.

Errors (exit code 1): no board found; no saved match (the board's own message); firmware too
old to have app.keeper_files.export_log (update it with tools/flash.py).
"""

import argparse
import json
import pathlib
import sys

from mpremote.transport import TransportError, TransportExecError

from tools.flashing.device import open_port, usb_boards

_MARK = "shutbox-export:"
# On the board: the log of /data's saved match (app.keeper_files.export_log only reads).
_EXPORT = """
try:
    from app.keeper_files import export_log
except ImportError as error:
    print(%(mark)r + 'old', error)
else:
    try:
        _text = export_log()
    except OSError as error:
        print(%(mark)r + 'none', error)
    else:
        print(%(mark)r + 'log')
        print(_text)
""" % {"mark": _MARK}
CONNECT_WAIT_S = 5.0


class ExportError(Exception):
    """Why the log could not be exported, for the person at the box."""


def find_device():
    """The first USB serial board, as mpremote's `connect auto` picks it; ExportError if none."""
    ports = usb_boards()
    if not ports:
        raise ExportError("no board found: no USB serial board is attached. Plug the box in by "
                          "USB, or name the port: --device /dev/ttyACM0 (COM3 on Windows), or a "
                          "virtual board's socket://127.0.0.1:PORT")
    return ports[0]


def run_export(device):
    """The raw output of the export code on the board at `device`."""
    transport = open_port(device, CONNECT_WAIT_S, ExportError)
    try:
        try:
            transport.enter_raw_repl(soft_reset=True, timeout_overall=10)
        except (TransportError, OSError) as error:
            raise ExportError("no MicroPython answers on %s (%s). Is it running MicroPython, and "
                              "is no other program (Thonny, a serial monitor) using the port?"
                              % (device, error)) from None
        try:
            return transport.exec(_EXPORT).decode(errors="replace")
        except TransportExecError as error:
            raise ExportError("the board failed exporting the log:\n%s" % error.error_output.strip()) from None
        except (TransportError, OSError) as error:
            raise ExportError("lost the board on %s: %s" % (device, error)) from None
    finally:
        try:
            transport.exit_raw_repl()
            transport.close()
        except (TransportError, OSError):
            pass


def parse_output(output):
    """The log's JSON text from the board's output; ExportError for what the board reported."""
    lines = output.splitlines()
    for index, line in enumerate(lines):
        if not line.startswith(_MARK):
            continue
        kind, _, message = line[len(_MARK):].partition(" ")
        if kind == "old":
            raise ExportError("the firmware on the board is too old to export its game log (it has "
                              "no app.keeper_files.export_log: %s). Update it: python tools/flash.py"
                              % message.strip())
        if kind == "none":
            raise ExportError(message.strip() or "no saved match on the board")
        text = "\n".join(lines[index + 1:]).strip()
        try:
            json.loads(text)
        except ValueError as error:
            raise ExportError("the board's log is not valid JSON (%s): %r" % (error, text[:200])) from None
        return text
    raise ExportError("the board did not answer the export: %r" % output[:500])


def export(device=None):
    """The game log's JSON text from the board at `device` (None: the first USB board)."""
    return parse_output(run_export(device or find_device()))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tools.replay.export_log", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--device", help="serial port or socket://HOST:PORT (default: the first USB board)")
    parser.add_argument("-o", "--output", help="write the JSON here (default: stdout)")
    args = parser.parse_args(argv)
    try:
        text = export(args.device)
    except ExportError as error:
        print("export_log: %s" % error, file=sys.stderr)
        return 1
    if args.output:
        try:
            pathlib.Path(args.output).write_text(text + "\n")
        except OSError as error:
            print("export_log: cannot write %s: %s" % (args.output, error), file=sys.stderr)
            return 1
        events = len(json.loads(text).get("events", ()))
        print("exported the saved match's game log (%d events) to %s" % (events, args.output),
              file=sys.stderr)
    else:
        sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""shutbox-sim (or python -m board_sim): the simulated box in this terminal, or a script run headless.

    shutbox-sim [options] [--data DIR]         play in the terminal (curses)
    shutbox-sim run SCRIPT [--log OUT.jsonl]   run a script, write what the box showed
    shutbox-sim [options] --record SCRIPT      play, and save the game as a script

Options: --board NAME (a board file, firmware/boards/NAME.json), --preset NAME, --rules FILE, --players N, --tiles N,
--rows N, --flap-wiring gpio|74hc165|mcp23017, --no-accel, --no-display, --hints, --seed N.
In `run` mode the script's own `set` lines win over these. Playing, the box's /data (the match
in play, the menu's choices, the statistics) is a folder kept across runs (data_home(), or
--data DIR), so a match quit resumes next time as after a power cut; --record and `run` start
from a fresh box every time. Every mistake (an option, a file,
a script line) is one line on standard error and exit code 2; Ctrl-C ends quietly (130), and
so does a log piped to a reader that stops early (141: `shutbox-sim run game.txt | head`).
"""

import argparse
import json
import os
import shutil
import sys

from board_sim.box import BOARDS, FLAP_WIRINGS
from board_sim.closed_pipe import quiet_when_the_pipe_closes
from board_sim.script import ScriptError, build_box, run_script

PROG = "shutbox-sim"


def data_home():
    """Where the box's /data is kept between runs: $XDG_STATE_HOME/shutbox-sim/data, by default
    ~/.local/state/shutbox-sim/data."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join("~", ".local", "state")
    return os.path.join(state, "shutbox-sim", "data")


class UsageError(Exception):
    """A command line or file the simulator cannot use: its message is the one line shown."""


def _box_arguments(parser):
    parser.add_argument("--board", choices=BOARDS, help="the board file (default pico)")
    parser.add_argument("--preset", help="the game the menu starts on (default classic)")
    parser.add_argument("--rules", metavar="FILE",
                        help="house rules, as config.json holds them ({\"preset\": ..., axes...}, "
                             "or the whole config.json): the menu offers them first")
    parser.add_argument("--players", type=int, help="players the menu starts with (default 2)")
    parser.add_argument("--tiles", type=int,
                        help="flaps per row, 9-24 (default: 9, or what the game needs)")
    parser.add_argument("--rows", type=int, help="rows of flaps, 1-4 (default 1)")
    parser.add_argument("--flap-wiring", "--wiring", dest="wiring", choices=FLAP_WIRINGS,
                        help="how the flap switches are read (default gpio; more flaps than "
                             "a Pico has pins: 74hc165 or mcp23017)")
    parser.add_argument("--no-accel", dest="accel", action="store_false", default=None,
                        help="a box without an accelerometer: a button rolls")
    parser.add_argument("--no-display", dest="display", action="store_false", default=None,
                        help="a box without the OLED: the LEDs show everything")
    parser.add_argument("--hints", action="store_true", default=None, help="hints on at start")
    parser.add_argument("--seed", type=int, help="seed of the board and the dice (default 1)")


class _Parser(argparse.ArgumentParser):
    """argparse with its errors as one line (UsageError) instead of usage and exit."""

    def error(self, message):
        raise UsageError("%s: %s (see %s --help)" % (self.prog, message, PROG))


def _read_text(path, what):
    try:
        with open(path, "rb") as source:
            data = source.read()
    except OSError as error:
        raise UsageError("%s: cannot read the %s: %s" % (path, what, error.strerror or error)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError("%s: the %s is not UTF-8 text (byte 0x%02x at offset %d)"
                         % (path, what, data[error.start], error.start)) from None


def _rules_file(path, defaults):
    """The house rules in a file: a rules object, or a whole config.json (whose players and
    hints are taken unless the command line gives them)."""
    try:
        config = json.loads(_read_text(path, "rules file"))
    except ValueError as error:
        raise UsageError("%s: not valid JSON (%s)" % (path, error)) from None
    if isinstance(config, dict) and "rules" in config:
        for key in config:
            if key not in ("rules", "players", "hints"):
                raise UsageError("%s: unknown key %s (a config.json has rules, players, hints)"
                                 % (path, json.dumps(key)))
        for name in ("players", "hints"):
            if name in config and name not in defaults:
                defaults[name] = config[name]
        config = config["rules"]
    return config


def _defaults(arguments):
    names = ("board", "preset", "players", "tiles", "rows", "wiring", "accel", "display",
             "hints", "seed")
    defaults = {name: getattr(arguments, name) for name in names if getattr(arguments, name) is not None}
    if arguments.rules is not None:
        defaults["rules"] = _rules_file(arguments.rules, defaults)
    for name in ("players", "hints"):
        value = defaults.get(name)
        if name == "players" and value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise UsageError("%s: players must be a whole number 1..8, got %s"
                             % (arguments.rules, json.dumps(value)))
        if name == "hints" and value is not None and not isinstance(value, bool):  # 1 == True
            raise UsageError("%s: hints must be true or false, got %s"
                             % (arguments.rules, json.dumps(value)))
    return defaults


def _settings_lines(defaults):
    lines = []
    for name, value in defaults.items():
        if value is True or value is False:
            value = "on" if value else "off"
        elif name == "rules":
            value = json.dumps(value)
        lines.append("set %s %s" % (name, value))
    return lines


def _with_file(error, arguments):
    """A box's refusal of the rules names the file they came from."""
    message = str(error)
    if arguments.rules is not None and message.startswith("rules: "):
        return "%s: %s" % (arguments.rules, message)
    return message


def run_command(argv):
    parser = _Parser(prog=PROG + " run",
                     description="Run a script on the simulated box (see board_sim/SCRIPTS.md).")
    parser.add_argument("script", help="the script file")
    parser.add_argument("--log", help="write the JSON-lines log here (default: standard output)")
    _box_arguments(parser)
    arguments = parser.parse_args(argv)
    defaults = _defaults(arguments)
    text = _read_text(arguments.script, "script")
    failure = None
    try:
        lines = run_script(text, defaults)
    except ScriptError as error:
        lines = error.lines
        failure = "%s: %s" % (arguments.script, _with_file(error, arguments))
    output = "".join(line + "\n" for line in lines)
    if arguments.log:
        try:
            with open(arguments.log, "w") as log_file:
                log_file.write(output)
        except OSError as error:
            raise UsageError("%s: cannot write the log: %s" % (arguments.log, error.strerror or error)) from None
    else:
        sys.stdout.write(output)
    if failure is not None:
        raise UsageError(failure)
    return 0


def _data_dir(arguments):
    """The folder that is the box's /data (made if missing): --data, else data_home(); None (a
    fresh one, removed after) when recording."""
    if arguments.record:
        if arguments.data is not None:
            raise UsageError("%s: --record starts from a fresh box (its script replays from one): "
                             "leave out --data" % PROG)
        return None
    path = os.path.expanduser(arguments.data if arguments.data is not None else data_home())
    if os.path.isdir(path):
        return path
    try:
        os.makedirs(path)
    except OSError as error:
        raise UsageError("%s: cannot use it as the box's /data: %s"
                         % (path, error.strerror or error)) from None
    return path


def play_command(argv):
    parser = _Parser(prog=PROG, description="Play the simulated box in this terminal; "
                     "`%s run SCRIPT` runs a script instead (%s run --help)." % (PROG, PROG))
    _box_arguments(parser)
    parser.add_argument("--record", help="save the game played as a script here")
    parser.add_argument("--data", metavar="DIR",
                        help="the box's /data folder, kept across runs: a match quit resumes "
                             "(default %s)" % data_home())
    arguments = parser.parse_args(argv)
    defaults = _defaults(arguments)
    made = arguments.data is None and not os.path.isdir(os.path.expanduser(data_home()))
    data_dir = _data_dir(arguments)
    if data_dir is not None:
        defaults["data_dir"] = data_dir
    try:
        box = build_box({}, defaults)
    except ScriptError as error:
        if made and data_dir is not None:  # a box never built keeps nothing
            shutil.rmtree(data_dir, ignore_errors=True)
        raise UsageError(_with_file(error, arguments)) from None
    from board_sim.frontend.terminal import play

    record = _settings_lines(defaults) if arguments.record else None  # (never with data_dir)
    try:
        play(box, record)
        box.finish_saves()  # quit keeps the match as it stands
    finally:
        box.close()
        if arguments.record:
            with open(arguments.record, "w") as script_file:
                script_file.write("".join(line + "\n" for line in record))
    return 0


@quiet_when_the_pipe_closes
def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] == "run":
            return run_command(argv[1:])
        return play_command(argv)
    except UsageError as error:
        sys.stderr.write("%s\n" % error)
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("%s: interrupted\n" % PROG)
        return 130


if __name__ == "__main__":
    sys.exit(main())

"""python -m board_sim: the simulated box in this terminal, or a script run headless.

    python -m board_sim [options]                      play in the terminal (curses)
    python -m board_sim run SCRIPT [--log OUT.jsonl]   run a script, write what the box showed
    python -m board_sim [options] --record SCRIPT      play, and save the game as a script

Options: --board pico|pico_w|esp32_devkit, --preset NAME, --players N, --tiles N, --rows N,
--flap-wiring gpio|74hc165|mcp23017, --no-accel, --no-display, --hints, --seed N.
In `run` mode the script's own `set` lines win over these.
"""

import argparse
import sys

from board_sim.frontend.box import BOARDS, FLAP_WIRINGS, SimBox
from board_sim.script import ScriptError, options_for, run_script


def _box_arguments(parser):
    parser.add_argument("--board", choices=BOARDS, help="the board file (default pico)")
    parser.add_argument("--preset", help="the game the menu starts on (default classic)")
    parser.add_argument("--players", type=int, help="players the menu starts with (default 2)")
    parser.add_argument("--tiles", type=int, help="flaps per row (default: the board file's 9)")
    parser.add_argument("--rows", type=int, help="rows of flaps (default 1)")
    parser.add_argument("--flap-wiring", "--wiring", dest="wiring", choices=FLAP_WIRINGS,
                        help="how the flap switches are read (default gpio)")
    parser.add_argument("--no-accel", dest="accel", action="store_false", default=None,
                        help="a box without an accelerometer: a button rolls")
    parser.add_argument("--no-display", dest="display", action="store_false", default=None,
                        help="a box without the OLED: the LEDs show everything")
    parser.add_argument("--hints", action="store_true", default=None, help="hints on at start")
    parser.add_argument("--seed", type=int, help="seed of the board and the dice (default 1)")


def _defaults(arguments):
    names = ("board", "preset", "players", "tiles", "rows", "wiring", "accel", "display",
             "hints", "seed")
    return {name: getattr(arguments, name) for name in names if getattr(arguments, name) is not None}


def _settings_lines(defaults):
    lines = []
    for name, value in defaults.items():
        if value is True or value is False:
            value = "on" if value else "off"
        lines.append("set %s %s" % (name, value))
    return lines


def run_command(argv):
    parser = argparse.ArgumentParser(prog="python -m board_sim run",
                                     description="Run a script on the simulated box (see board_sim/SCRIPTS.md).")
    parser.add_argument("script", help="the script file")
    parser.add_argument("--log", help="write the JSON-lines log here (default: standard output)")
    _box_arguments(parser)
    arguments = parser.parse_args(argv)
    with open(arguments.script) as source:
        text = source.read()
    try:
        lines = run_script(text, _defaults(arguments))
    except ScriptError as error:
        sys.stderr.write("%s: %s\n" % (arguments.script, error))
        return 2
    output = "".join(line + "\n" for line in lines)
    if arguments.log:
        with open(arguments.log, "w") as log_file:
            log_file.write(output)
    else:
        sys.stdout.write(output)
    return 0


def play_command(argv):
    parser = argparse.ArgumentParser(prog="python -m board_sim",
                                     description="Play the simulated box in this terminal.")
    _box_arguments(parser)
    parser.add_argument("--record", help="save the game played as a script here")
    arguments = parser.parse_args(argv)
    defaults = _defaults(arguments)
    try:
        box = SimBox(options_for({}, defaults))
    except ValueError as error:
        sys.stderr.write("%s\n" % error)
        return 2
    from board_sim.frontend.terminal import play

    record = _settings_lines(defaults) if arguments.record else None
    try:
        play(box, record)
    finally:
        box.close()
    if arguments.record:
        with open(arguments.record, "w") as script_file:
            script_file.write("".join(line + "\n" for line in record))
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "run":
        return run_command(argv[1:])
    return play_command(argv)


if __name__ == "__main__":
    sys.exit(main())

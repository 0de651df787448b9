"""Scripted play of the simulated box: a text file of timed events in, a JSON-lines log out.

    python -m board_sim run SCRIPT [--log OUT.jsonl] [box options]

The format is described in board_sim/SCRIPTS.md. Only `wait` lets time pass; every other
event happens at the current simulated moment. `parse` checks a whole script first and names
the line of any mistake; so does every error of the run (ScriptError, carrying the log
written up to it).
"""

import json

from board_sim.box import (
    BOARDS,
    FLAP_WIRINGS,
    MAX_PLAYERS,
    MAX_ROWS,
    MAX_TILES,
    MIN_TILES,
    BoxOptions,
    OptionError,
    SimBox,
)
from board_sim.script_log import BoxLog

BUTTON_MS = 120  # a short press
LONG_MS = 1000  # a long press (the buttons' long_ms is 800)
LANDING_MS = 600  # after a shake stops, the dice land within this
SETTINGS = ("board", "tiles", "rows", "wiring", "accel", "display", "seed", "preset",
            "players", "hints", "rules")
_RANGES = {"tiles": (MIN_TILES, MAX_TILES), "rows": (1, MAX_ROWS), "players": (1, MAX_PLAYERS),
           "seed": (0, 2 ** 32 - 1)}


class ScriptError(ValueError):
    """A line of a script that cannot be run; the message names the line. `lines`: the log
    written before it (a run stopped by it)."""

    def __init__(self, message, lines=()):
        ValueError.__init__(self, message)
        self.lines = list(lines)


class ScriptSettings(dict):
    """A script's `set` values by name; `lines` gives the line each came from."""

    def __init__(self):
        dict.__init__(self)
        self.lines = {}


def _int(words, index, line_number, low=0, high=10 ** 9):
    try:
        value = int(words[index])
    except (IndexError, ValueError):
        raise ScriptError("line %d: %r needs a whole number" % (line_number, " ".join(words))) from None
    if not low <= value <= high:
        raise ScriptError("line %d: %d is outside %d..%d" % (line_number, value, low, high))
    return value


def _on_off(word, line_number):
    if word not in ("on", "off"):
        raise ScriptError("line %d: expected on or off, got %r" % (line_number, word))
    return word == "on"


def parse(text):
    """-> (ScriptSettings, events): each event a tuple (line_number, verb, args...)."""
    settings = ScriptSettings()
    events = []
    for line_number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        verb = words[0]
        if verb == "set":
            if events:
                raise ScriptError("line %d: 'set' must come before the first event" % line_number)
            if len(words) >= 3 and words[1] == "rules":
                settings["rules"] = _rules(raw.split("#", 1)[0].split("rules", 1)[1], line_number)
            elif len(words) != 3 or words[1] not in SETTINGS:
                raise ScriptError("line %d: set one of %s to a value" % (line_number, ", ".join(SETTINGS)))
            else:
                settings[words[1]] = _setting(words[1], words[2], line_number)
            settings.lines[words[1]] = line_number
        elif verb == "wait":
            events.append((line_number, verb, _int(words, 1, line_number)))
        elif verb in ("shut", "open", "flip"):
            if len(words) < 2:
                raise ScriptError("line %d: %s which tile?" % (line_number, verb))
            tiles = tuple(_int(words, index, line_number, 1, 96) for index in range(1, len(words)))
            events.append((line_number, verb, tiles))
        elif verb == "shake":
            events.append((line_number, verb, _int(words, 1, line_number, 1, 60000)))
        elif verb == "tap":
            events.append((line_number, verb))
        elif verb in ("press", "hold", "release"):
            if len(words) not in (2, 3) or (len(words) == 3 and (verb != "press" or words[2] != "long")):
                raise ScriptError("line %d: press NAME [long], hold NAME or release NAME" % line_number)
            events.append((line_number, verb, words[1], len(words) == 3))
        elif verb == "dice":  # each value within the game's faces: checked as it is played
            values = tuple(_int(words, index, line_number, -(10 ** 9)) for index in range(1, len(words)))
            if not 1 <= len(values) <= 4:
                raise ScriptError("line %d: dice takes 1 to 4 values" % line_number)
            events.append((line_number, verb, values))
        elif verb == "fail":
            if len(words) != 3:
                raise ScriptError("line %d: fail DEVICE MODE" % line_number)
            events.append((line_number, verb, words[1], words[2]))
        elif verb == "heal":
            if len(words) != 2:
                raise ScriptError("line %d: heal DEVICE" % line_number)
            events.append((line_number, verb, words[1]))
        else:
            raise ScriptError("line %d: unknown event %r" % (line_number, verb))
    return settings, events


def _rules(text, line_number):
    """House rules: a JSON object on the rest of the line (config.json's "rules")."""
    try:
        rules = json.loads(text)
    except ValueError as error:
        raise ScriptError("line %d: set rules takes a JSON object on one line (%s)"
                          % (line_number, error)) from None
    if not isinstance(rules, dict):
        raise ScriptError("line %d: set rules takes a JSON object, like {\"preset\": \"thai\"}"
                          % line_number)
    return rules


def _setting(name, word, line_number):
    if name in _RANGES:
        low, high = _RANGES[name]
        try:
            return _int([word], 0, line_number, low, high)
        except ScriptError as error:
            raise ScriptError("%s (set %s)" % (error, name)) from None
    if name in ("accel", "display", "hints"):
        return _on_off(word, line_number)
    if name == "board" and word not in BOARDS:
        raise ScriptError("line %d: board is one of %s" % (line_number, ", ".join(BOARDS)))
    if name == "wiring" and word not in FLAP_WIRINGS:
        raise ScriptError("line %d: wiring is one of %s" % (line_number, ", ".join(FLAP_WIRINGS)))
    return word


def options_for(settings, defaults=None):
    """BoxOptions from a script's settings over `defaults` (a dict of the same keys)."""
    values = dict(defaults or {})
    values.update(settings)
    return BoxOptions(board=values.get("board", "pico"), tiles=values.get("tiles"),
                      rows=values.get("rows", 1), flap_wiring=values.get("wiring"),
                      accel=values.get("accel", True), display=values.get("display", True),
                      seed=values.get("seed", 1), preset=values.get("preset"),
                      players=values.get("players"), hints=values.get("hints", False),
                      rules=values.get("rules"), data_dir=values.get("data_dir"))


def build_box(settings, defaults=None):
    """A SimBox for a script's settings over `defaults`; a setting the box refuses is a
    ScriptError naming the script line that set it (else the message as it is)."""
    try:
        return SimBox(options_for(settings, defaults))
    except OptionError as error:
        line_number = getattr(settings, "lines", {}).get(error.name)
        if line_number is None:
            raise ScriptError(str(error)) from None
        raise ScriptError("line %d: %s" % (line_number, error)) from None


def apply(box, event):
    """Do one event on the box (`wait` runs it; everything else happens now)."""
    line_number, verb = event[0], event[1]
    board = box.board
    try:
        if verb == "wait":
            return event[2]
        if verb in ("shut", "open", "flip"):
            for tile in event[2]:
                if tile > len(board.flaps):
                    raise ScriptError("this box has %d flaps" % len(board.flaps))
                if verb == "flip":
                    board.flip_flap(tile)
                else:
                    board.set_flap(tile, verb == "shut")
        elif verb == "shake":
            board.shake(event[2])
        elif verb == "tap":
            board.tap()
        elif verb == "press":
            board.press(event[2], LONG_MS if event[3] else BUTTON_MS)
        elif verb in ("hold", "release"):
            if verb == "release" and not board.buttons[event[2]].closed:
                raise ValueError("release %s, but %s is not held (hold %s before it)"
                                 % (event[2], event[2], event[2]))
            board.hold(event[2], verb == "hold")
        elif verb == "dice":
            _check_dice(box, event[2])
            box.dice.force(event[2], line_number)
        elif verb == "fail":
            board.fail_device(event[2], event[3])
        elif verb == "heal":
            board.heal_device(event[2])
    except KeyError as error:
        raise ScriptError("line %d: this box has no %s" % (line_number, error)) from None
    except ValueError as error:
        raise ScriptError("line %d: %s" % (line_number, error)) from None
    return 0


def _check_dice(box, values):
    """Forced dice must suit the game in play (or, in the menu, the game it shows)."""
    from game.rule_names import SOURCE_NAMES
    from game.rules import SOURCE_DICE

    view = box.view
    rules = view.rules if view.match is not None else view.menu.rules()
    if rules.source != SOURCE_DICE:
        raise ValueError("dice can be forced for electronic dice only; this game draws from %s"
                         % SOURCE_NAMES[rules.source])
    for value in values:
        if not 1 <= value <= rules.faces:
            raise ValueError("die %d does not fit this game's %d-sided dice: 1..%d"
                             % (value, rules.faces, rules.faces))


def describe(event):
    """An event as its script line (for the log)."""
    verb = event[1]
    args = []
    for value in event[2:]:
        if isinstance(value, tuple):
            args.extend(str(item) for item in value)
        elif value is True:
            args.append("long")
        elif value is not False:
            args.append(str(value))
    return " ".join([verb] + args)


def run_script(text, defaults=None, tail_ms=500):
    """Run a script on a fresh box -> the log's lines (a list of JSON strings).

    The box runs for `tail_ms` after the last event, so its effects are logged (and, after a
    shake still going, until the dice have landed).
    """
    settings, events = parse(text)
    box = build_box(settings, defaults)
    try:
        return play(box, events, tail_ms)
    finally:
        box.close()


def play(box, events, tail_ms=500):
    """Play parsed events on an open box (left open, for its state to be read) -> the log's
    lines; a ScriptError carries the lines logged before it."""
    log = BoxLog(box)
    line_number = 0
    shaking_ms = 0  # how long the last shake still goes on
    try:
        log.check()
        for event in events:
            line_number = event[0]
            log.event(describe(event))
            wait_ms = apply(box, event)
            if event[1] == "shake":
                shaking_ms = event[2]
            if wait_ms:
                box.run(wait_ms, log.check)
                shaking_ms = max(0, shaking_ms - wait_ms)
        box.run(tail_ms + (shaking_ms + LANDING_MS if shaking_ms else 0), log.check)
        return log.lines
    except ScriptError as error:
        raise ScriptError(str(error), log.lines) from None
    except ValueError as error:  # a forced die the roll cannot show names its own line
        message = str(error)
        if not message.startswith("line "):
            message = "line %d: %s" % (line_number, message)
        raise ScriptError(message, log.lines) from None

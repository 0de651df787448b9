"""Replay a game log (tools/export_log.py's JSON) on the simulated box, to settle a dispute.

    python tools/replay_log.py LOG.json [--script OUT.txt] [--log OUT.jsonl]

The log becomes a board_sim script (board_sim/SCRIPTS.md): the preset and players the log
names, then for each turn the flaps put right as the box asks, `dice` with the logged roll and
a shake, and the logged move's flaps shut (opened, for the long game's uncovering player),
with waits. The script runs on a fresh simulated box with the real firmware, and what that box
did (its own game log: each roll, each move, each turn's end and open tiles) must equal the
log; the first difference of each turn is printed with the turn's number and the exit code is
1. --script keeps the script, --log the box's JSON-lines log.

Only a log that starts with its match can be replayed (the box keeps the last 300 records:
one with "dropped" > 0 lost its start), and only a preset's rules: a script sets the game with
`set preset`, so house rules have no way onto the simulated box.
"""

import argparse
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
for _path in (str(ROOT), str(FIRMWARE)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from board_sim.upy import micropython as _micropython_stand_in  # noqa: E402

sys.modules.setdefault("micropython", _micropython_stand_in)  # firmware modules need const()

from app.reconcile import expected_open  # noqa: E402
from game.config import ConfigError, rules_from_config  # noqa: E402
from game.long_game import LongGame  # noqa: E402
from game.match import start_match  # noqa: E402
from game.presets import PRESET_NAMES, preset  # noqa: E402
from game.sources import feed  # noqa: E402
from game.turn import (  # noqa: E402
    COMMITTED,
    END_NAMES,
    MOVE_COMPLETE,
    OVER,
    RESULT_NAMES,
    is_error,
)

from board_sim.frontend.box import SimBox  # noqa: E402
from board_sim.script import apply, describe, options_for, parse  # noqa: E402
from board_sim.script_log import BoxLog  # noqa: E402

FORMAT = "shutbox-gamelog-1"
KINDS = ("turn", "roll", "move", "end")
GPIO_FLAPS = 20  # a Pico's free pins for flap switches (board_sim.frontend.box); more: a chain

# Simulated milliseconds the script leaves the box for each step (generous: SCRIPTS.md).
START_MS = 300  # power-on, then a long ok starts the menu's game
MENU_MS = 1200
FLAPS_MS = 150  # a flap settles and is debounced in about 30 ms
PRESS_MS = 300  # a short press is reported once released (120 ms)
LONG_PRESS_MS = 1200  # a long press is held 1000 ms
SHAKE_MS = 500
ROLL_MS = 1200  # the shake, then 350 ms of stillness, then the dice land
MOVE_MS = 200
SHOWN_MISMATCHES = 5  # after the first, a diverged replay usually differs in every later turn


class ReplayError(ValueError):
    """A log that cannot be replayed, with a message saying why."""


# -- reading the log -------------------------------------------------------------------------
def load_log(text):
    """The log as a dict, checked for its format and event shapes; ReplayError if it is not."""
    try:
        log = json.loads(text)
    except ValueError as error:
        raise ReplayError("not a game log: not valid JSON (%s)" % error) from None
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise ReplayError("not a game log: expected \"format\": %r (tools/export_log.py writes it)"
                          % FORMAT)
    for key, kind in (("rules", dict), ("players", int), ("dropped", int), ("events", list)):
        if not isinstance(log.get(key), kind):
            raise ReplayError("not a game log: %r must be a %s" % (key, kind.__name__))
    for index, event in enumerate(log["events"]):
        if not isinstance(event, dict) or len(event) != 1 or next(iter(event)) not in KINDS:
            raise ReplayError("event %d: expected one of %s, got %r" % (index + 1, ", ".join(KINDS), event))
        kind, value = next(iter(event.items()))
        if kind in ("roll", "move") and not (isinstance(value, list) and all(isinstance(v, int) for v in value)):
            raise ReplayError("event %d: %s must be a list of whole numbers, got %r" % (index + 1, kind, value))
        if kind == "turn" and not (isinstance(value, dict) and isinstance(value.get("player"), int)):
            raise ReplayError("event %d: turn must name its player, got %r" % (index + 1, value))
        if kind == "end" and not (isinstance(value, dict) and isinstance(value.get("open"), list)):
            raise ReplayError("event %d: end must list the open tiles, got %r" % (index + 1, value))
    return log


def check_replayable(log):
    """ReplayError unless the log holds its match from the first turn."""
    if log["dropped"] > 0:
        raise ReplayError(
            "the log lost its first %d records (the box keeps only the last ones): the start of "
            "the match is gone, so it cannot be replayed from the start" % log["dropped"])
    events = log["events"]
    if not events:
        raise ReplayError("the log has no events: nothing to replay")
    if "turn" not in events[0]:
        raise ReplayError("the log does not start with a turn, so not with its match: cannot replay it")


def preset_for(rules_names):
    """The preset whose rules are the log's (axis names as game.config takes them)."""
    try:
        rules = rules_from_config(dict(rules_names))
    except ConfigError as error:
        raise ReplayError("the log's rules are not rules this firmware knows: %s" % error) from None
    for name in PRESET_NAMES:
        if preset(name) == rules:
            return name, rules
    closest, differences = None, None
    for name in PRESET_NAMES:
        named = preset(name).as_names()
        differ = [axis for axis, value in rules.as_names().items() if named[axis] != value]
        if differences is None or len(differ) < len(differences):
            closest, differences = name, differ
    raise ReplayError(
        "the log's rules are house rules (they differ from the nearest preset, %s, in %s): the "
        "simulated box's scripts only `set preset`, so this game needs a preset to be replayed"
        % (closest, ", ".join("%s=%s" % (axis, rules.as_names()[axis]) for axis in differences or ())))


def split_turns(events):
    """[(turn header dict, [(kind, value), ...] after it)], in order."""
    turns = []
    for event in events:
        kind, value = next(iter(event.items()))
        if kind == "turn":
            turns.append((value, []))
        elif turns:
            turns[-1][1].append((kind, value))
    return turns


# -- the script ------------------------------------------------------------------------------
class _Flaps:
    """The simulated box's flaps as the script leaves them (all open at power-on)."""

    def __init__(self, tiles, rows):
        self.tiles = tiles
        self.shut = [False] * (tiles * rows + 1)  # by flap number, from 1

    def flap(self, row, tile):
        return row * self.tiles + tile

    def put_right(self, row, open_mask):
        """Script lines that make the row's flaps open exactly where open_mask says."""
        to_open, to_shut = [], []
        for tile in range(1, self.tiles + 1):
            flap = self.flap(row, tile)
            want_shut = not open_mask >> (tile - 1) & 1
            if self.shut[flap] != want_shut:
                (to_shut if want_shut else to_open).append(flap)
                self.shut[flap] = want_shut
        lines = []
        if to_open:
            lines.append("open " + " ".join(map(str, to_open)))
        if to_shut:
            lines.append("shut " + " ".join(map(str, to_shut)))
        return lines

    def move(self, row, tiles, uncovering):
        flaps = [self.flap(row, tile) for tile in tiles]
        for flap in flaps:
            if 1 <= flap < len(self.shut):
                self.shut[flap] = not uncovering
        return ("open " if uncovering else "shut ") + " ".join(map(str, flaps))


def _tiles_mask(tiles):
    mask = 0
    for tile in tiles:
        mask |= 1 << (tile - 1)
    return mask


class _Model:
    """The match played by the firmware's game rules alongside the script, to know where the
    flaps must be at each turn's start, when one die is chosen and when a move needs a long ok.
    `problem` says where the log stopped being a legal game (the model is not used after it)."""

    def __init__(self, rules, players):
        self.rules = rules
        self.match = start_match(rules, players)
        self.problem = None
        self.turn_number = 0

    def _fail(self, message):
        if self.problem is None:
            self.problem = "turn %d: %s" % (self.turn_number, message)

    @property
    def ok(self):
        return self.problem is None

    def uncovering(self):
        match = self.match
        return isinstance(match, LongGame) and match.current != match.shutter

    def start_turn(self, header):
        self.turn_number += 1
        match = self.match
        if not self.ok:
            return
        if match.over or match.turn is None:
            self._fail("the match was already over by the rules")
        elif (match.current, match.row) != (header["player"], header.get("row", 0)):
            self._fail("by the rules player %d plays on row %d, the log has player %d on row %d"
                       % (match.current + 1, match.row + 1, header["player"] + 1, header.get("row", 0) + 1))

    def expected_open(self):
        """The flaps' open mask the box asks for at the turn's start."""
        all_tiles = self.rules.all_tiles()
        invert = all_tiles if self.uncovering() else 0
        return expected_open(self.match.turn, invert, all_tiles)

    def wants_select(self, dice_count):
        """Must select be pressed before this roll (to choose one die, or the full set again)?"""
        if not self.ok:
            return False
        turn = self.match.turn
        if dice_count == turn.dice_expected():
            return False
        if dice_count == 1 and turn.one_die_allowed():
            turn.choose_one_die(True)
            return True
        if dice_count == self.rules.dice and turn.one_die:
            turn.choose_one_die(False)
            return True
        if dice_count == 1:
            self._fail("a roll of one die where the rules do not allow one")
        else:
            self._fail("a roll of %d dice: the rules roll %d" % (dice_count, turn.dice_expected()))
        return False

    def impossible(self, message):
        """The log has something no box could have done (the script leaves it out)."""
        self._fail(message)

    def roll(self, values):
        if not self.ok:
            return
        result = feed(self.match.turn, values, len(values))
        if is_error(result):
            self._fail("the roll %s: %s" % (values, RESULT_NAMES[result]))

    def move(self, tiles):
        """Shut the tiles; True if the move stays pending (a long ok or a roll takes it)."""
        if not self.ok:
            return False
        turn = self.match.turn
        for tile in tiles:
            result = turn.tile_shut(tile)
            if is_error(result):
                self._fail("the move %s: tile %d: %s" % (tiles, tile, RESULT_NAMES[result]))
                return False
            if result == MOVE_COMPLETE:
                turn.commit()
        return turn.state != OVER and bool(turn.pending)

    def commit(self):
        if self.ok and self.match.turn.commit() != COMMITTED:
            self._fail("the move could not be taken as it stood")

    def end(self, value):
        if not self.ok:
            return
        turn = self.match.turn
        if turn.state != OVER:
            self._fail("the log ends the turn, the rules do not")
            return
        if _tiles_mask(value["open"]) != turn.open_mask or value.get("how", turn.ended) != turn.ended:
            self._fail("the turn ends %s with open %s by the rules"
                       % (END_NAMES[turn.ended], _tile_list(turn.open_mask)))
            return
        self.match.end_turn()

    def totals(self):
        return list(self.match.totals)


def _tile_list(mask):
    return [tile for tile in range(1, 25) if mask >> (tile - 1) & 1]


class Plan:
    """A log turned into a script: `text`, the preset, and the rules model's verdict."""

    def __init__(self, text, preset_name, problem, totals):
        self.text = text
        self.preset = preset_name
        self.problem = problem  # where the log breaks the rules (None: it follows them)
        self.totals = totals  # the match totals by the rules (None if the log broke them)


def build_script(log):
    """A board_sim script that replays the log on the simulated box -> Plan. ReplayError if the
    log cannot be replayed."""
    check_replayable(log)
    preset_name, rules = preset_for(log["rules"])
    players = log["players"]
    try:
        model = _Model(rules, players)
    except ValueError as error:
        raise ReplayError("%s for %d players: %s" % (preset_name, players, error)) from None
    flaps = _Flaps(rules.tiles, rules.rows)
    lines = ["# replay of a shutbox game log: %s for %d players" % (preset_name, players),
             "set preset %s" % preset_name, "set players %d" % players]
    if rules.tiles != 9:
        lines.append("set tiles %d" % rules.tiles)
    if rules.rows != 1:
        lines.append("set rows %d" % rules.rows)
    if rules.tiles * rules.rows > GPIO_FLAPS:
        lines.append("set wiring mcp23017")
    lines += ["wait %d" % START_MS, "press ok long", "wait %d" % MENU_MS]
    turns = split_turns(log["events"])
    for number, (header, steps) in enumerate(turns, 1):
        row = header.get("row", 0)
        model.start_turn(header)
        lines.append("# turn %d: player %d" % (number, header["player"] + 1))
        if model.ok:
            open_mask = model.expected_open()
        else:  # the log broke the rules: a fresh turn as a best guess (the replay has diverged)
            open_mask = rules.start_mask()
        setup = flaps.put_right(row, open_mask)
        lines += setup
        if setup:
            lines.append("wait %d" % FLAPS_MS)
        if number > 1:  # ok skips the last turn's result (the first turn starts by itself)
            lines += ["press ok", "wait %d" % PRESS_MS]
        uncovering = model.ok and model.uncovering()
        for index, (kind, value) in enumerate(steps):
            if kind == "roll":
                if model.wants_select(len(value)):
                    lines += ["press select", "wait %d" % PRESS_MS]
                if value and all(1 <= die <= rules.faces for die in value) and len(value) <= 4:
                    lines.append("dice " + " ".join(map(str, value)))
                else:  # the box rolls what it will: the replay shows the difference
                    model.impossible("the roll %s: no %d-sided dice show that" % (value, rules.faces))
                    lines.append("# the log's roll %s cannot be forced: the box rolls its own" % value)
                lines += ["shake %d" % SHAKE_MS, "wait %d" % ROLL_MS]
                model.roll(value)
            elif kind == "move":
                if not value or not all(1 <= tile <= rules.tiles for tile in value):
                    model.impossible("the move %s: the box has tiles 1-%d" % (value, rules.tiles))
                    lines.append("# the log's move %s cannot be made on this box" % value)
                    continue
                lines += [flaps.move(row, value, uncovering), "wait %d" % MOVE_MS]
                later = steps[index + 1][0] if index + 1 < len(steps) else None
                if model.move(value) and later != "roll":  # nothing else would take the move
                    lines += ["press ok long", "wait %d" % LONG_PRESS_MS]
                    model.commit()
            elif kind == "end":
                lines.append("# turn %d over: %s, open %s" % (
                    number, END_NAMES[value["how"]] if 0 <= value.get("how", -1) < len(END_NAMES) else "?",
                    " ".join(map(str, value["open"])) or "none"))
                model.end(value)
    return Plan("\n".join(lines) + "\n", preset_name, model.problem,
                model.totals() if model.ok else None)


# -- running it ------------------------------------------------------------------------------
class Replay:
    """What the simulated box did: `lines` (its JSON-lines log, as run_script returns them),
    `log` (its game log exported as the box exports it) and `totals` (the match totals)."""

    def __init__(self, lines, log, totals):
        self.lines = lines
        self.log = log
        self.totals = totals


def run_replay(text, tail_ms=500):
    """Run a script as board_sim.script.run_script does, reading the box's game log at the end."""
    settings, events = parse(text)
    box = SimBox(options_for(settings))
    try:
        box_log = BoxLog(box)
        box_log.check()
        for event in events:
            box_log.event(describe(event))
            wait_ms = apply(box, event)
            if wait_ms:
                box.run(wait_ms, box_log.check)
        box.run(tail_ms, box_log.check)
        view = box.view
        match = view.match
        players = match.players if match is not None else box.options.players
        game_log = view.log.export(view.rules.as_names(), players) if view.rules is not None else None
        return Replay(box_log.lines, game_log, list(match.totals) if match is not None else None)
    finally:
        box.close()


# -- comparing -------------------------------------------------------------------------------
def _describe(step):
    if step is None:
        return "nothing (the turn is over)"
    kind, value = step
    if kind == "roll":
        return "roll %s" % value
    if kind == "move":
        return "move %s" % value
    how = value.get("how")
    return "end (%s) with open %s" % (END_NAMES[how] if isinstance(how, int) and 0 <= how < len(END_NAMES)
                                      else how, value.get("open"))


def compare(expected, got):
    """The differences between the log and the replay's log, one line per turn that differs:
    the turn's number and player, then the first step (roll, move, end) that differs."""
    if got is None:
        return ["the simulated box never started the game"]
    mismatches = []
    wanted = split_turns(expected["events"])
    played = split_turns(got["events"])
    if got.get("dropped"):
        mismatches.append("the replay's own log lost its first %d records" % got["dropped"])
    for number, (header, steps) in enumerate(wanted, 1):
        who = "turn %d (player %d)" % (number, header["player"] + 1)
        if number > len(played):
            mismatches.append("%s: expected %s, got no turn %d (the replay stopped at turn %d)"
                              % (who, _describe(steps[0]) if steps else "the turn", number, len(played)))
            break
        got_header, got_steps = played[number - 1]
        if got_header != header:
            mismatches.append("%s: expected player %d on row %d, got player %d on row %d" % (
                who, header["player"] + 1, header.get("row", 0) + 1, got_header["player"] + 1,
                got_header.get("row", 0) + 1))
            continue
        for index in range(max(len(steps), len(got_steps))):
            want = steps[index] if index < len(steps) else None
            have = got_steps[index] if index < len(got_steps) else None
            if want != have:
                if want is None and number == len(wanted):
                    break  # the log was saved mid-turn; the replay may have gone on
                done = [_describe(step) for step in steps[:index]]
                mismatches.append("%s, step %d%s: expected %s, got %s" % (
                    who, index + 1, " (after %s)" % ", ".join(done) if done else "",
                    _describe(want), _describe(have)))
                break
    if len(played) > len(wanted) and not mismatches:
        mismatches.append("the replay went on to turn %d, which the log does not have" % (len(wanted) + 1))
    return mismatches


class Verdict:
    """A replay's result: the plan, what the box did, and the mismatches (empty: it matched)."""

    def __init__(self, plan, replay, mismatches):
        self.plan = plan
        self.replay = replay
        self.mismatches = mismatches

    @property
    def matches(self):
        return not self.mismatches


def run_plan(log, plan):
    """Run a plan's script and compare what the box did with the log -> Verdict."""
    replay = run_replay(plan.text)
    mismatches = compare(log, replay.log)
    if not mismatches and plan.totals is not None and replay.totals != plan.totals:
        mismatches.append("final totals: expected %s by the rules, got %s" % (plan.totals, replay.totals))
    return Verdict(plan, replay, mismatches)


def replay_log(log):
    """Replay a loaded log (load_log) on the simulated box -> Verdict. ReplayError if it cannot
    be replayed."""
    return run_plan(log, build_script(log))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python tools/replay_log.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", help="the game log (JSON, from tools/export_log.py)")
    parser.add_argument("--script", help="write the replay script here")
    parser.add_argument("--log", dest="box_log", help="write the simulated box's JSON-lines log here")
    args = parser.parse_args(argv)
    try:
        text = pathlib.Path(args.log).read_text()
    except OSError as error:
        print("replay: cannot read %s: %s" % (args.log, error), file=sys.stderr)
        return 2
    try:
        log = load_log(text)
        plan = build_script(log)
    except ReplayError as error:
        print("replay: %s" % error, file=sys.stderr)
        return 2
    if args.script:
        pathlib.Path(args.script).write_text(plan.text)
    verdict = run_plan(log, plan)
    if args.box_log:
        pathlib.Path(args.box_log).write_text("".join(line + "\n" for line in verdict.replay.lines))
    game = "%s, %d players, %d turns" % (plan.preset, log["players"], len(split_turns(log["events"])))
    if plan.problem is not None:
        print("replay: the log breaks the rules of %s at %s" % (plan.preset, plan.problem))
    if verdict.mismatches:
        print("replay: the simulated box did not play the log's game (%s):" % game)
        for line in verdict.mismatches[:SHOWN_MISMATCHES]:
            print("  " + line)
        if len(verdict.mismatches) > SHOWN_MISMATCHES:
            print("  ... and %d more turns differ" % (len(verdict.mismatches) - SHOWN_MISMATCHES))
        return 1
    print("replay: the simulated box played the log's game (%s); final totals %s"
          % (game, verdict.replay.totals))
    return 0


if __name__ == "__main__":
    sys.exit(main())

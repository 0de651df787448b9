"""A game log turned into a board_sim script (board_sim/SCRIPTS.md): the log's game (`set
preset`, or `set rules {...}` for house rules) and players, then for each turn the flaps put
right as the box asks, `dice` with the logged roll and a shake, and the logged move's flaps
shut (opened, for the long game's uncovering player), with waits."""

import json

from game.config import ConfigError, rules_from_config
from game.presets import PRESET_NAMES, preset
from game.rule_names import as_names

from tools.replay.log_file import ReplayError, check_replayable, end_name, split_turns
from tools.replay.model import RulesModel

# Simulated milliseconds the script leaves the box for each step (generous: SCRIPTS.md).
START_MS = 300  # power-on, then a long ok starts the menu's game
MENU_MS = 1200
FLAPS_MS = 150  # a flap settles and is debounced in about 30 ms
PRESS_MS = 300  # a short press is reported once released (120 ms)
LONG_PRESS_MS = 1200  # a long press is held 1000 ms
SHAKE_MS = 500
ROLL_MS = 1200  # the shake, then 350 ms of stillness, then the dice land
MOVE_MS = 200


class Plan:
    """A log turned into a script: `text`, the game's name, and the rules model's verdict."""

    def __init__(self, text, game, problem, totals):
        self.text = text
        self.game = game  # the preset's name, or "house rules (near PRESET)"
        self.problem = problem  # where the log breaks the rules (None: it follows them)
        self.totals = totals  # the match totals by the rules (None if the log broke them)


def game_of(rules_names):
    """(name, Rules, the script's `set` line) of the log's rules (axis names as game.config
    takes them): a preset's, or house rules as the nearest preset and the axes that differ."""
    try:
        rules = rules_from_config(dict(rules_names))
    except ConfigError as error:
        raise ReplayError("the log's rules are not rules this firmware knows: %s" % error) from None
    for name in PRESET_NAMES:
        if preset(name) == rules:
            return name, rules, "set preset %s" % name
    names = as_names(rules)
    closest, differences = None, None
    for name in PRESET_NAMES:
        named = as_names(preset(name))
        differ = {axis: value for axis, value in names.items() if named[axis] != value}
        if differences is None or len(differ) < len(differences):
            closest, differences = name, differ
    house = dict(preset=closest, **differences)
    return ("house rules (near %s)" % closest, rules,
            "set rules %s" % json.dumps(house, separators=(", ", ": ")))


class Flaps:
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


def build_script(log):
    """A board_sim script that replays the log on the simulated box -> Plan. ReplayError if the
    log cannot be replayed. The box gets the flaps, rows and wiring the game needs by itself
    (board_sim.box.box_size)."""
    check_replayable(log)
    game, rules, game_line = game_of(log["rules"])
    players = log["players"]
    try:
        model = RulesModel(rules, players)
    except ValueError as error:
        raise ReplayError("%s for %d players: %s" % (game, players, error)) from None
    flaps = Flaps(rules.tiles, rules.rows)
    lines = ["# replay of a shutbox game log: %s for %d players" % (game, players),
             game_line, "set players %d" % players,
             "wait %d" % START_MS, "press ok long", "wait %d" % MENU_MS]
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
        lines += ["press ok", "wait %d" % PRESS_MS]  # "ok to play": every turn waits for it
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
                    number, end_name(value.get("how", -1)), " ".join(map(str, value["open"])) or "none"))
                model.end(value)
    return Plan("\n".join(lines) + "\n", game, model.problem,
                model.totals() if model.ok else None)

"""The box's own settings file (config.json): the game the menu starts on, players and hints,
and on a board with Wi-Fi its network (`wifi`: kept as read, net.wifi_settings checks it; a
box without Wi-Fi ignores it).

    {"rules": {"preset": "classic"}, "players": 2, "hints": false}

`rules` is a preset name plus any house rules (game.config's format); when it changes any axis
the menu offers it first, as "house rules". A bad file never stops the box: each problem
becomes a fault message and the default is used.
"""

from game.config import ConfigError, as_json, rules_from_config
from game.numbers import whole
from game.presets import PRESET_NAMES, preset
from hal import json_file
from micropython import const

DEFAULT_PLAYERS = 2
_MAX_BYTES = const(4096)  # the longest house rules take about 600
_UNKNOWN_KEYS_SAID = const(3)  # unknown keys named one a message; the rest counted in one more
_ROWS_TAKE_TURNS = const(0)  # game.rules' (copies: see there)
_SOURCE_MANUAL = const(1)
_HOUSE = const("house rules")  # app.menu's HOUSE (a copy: app.menu imports this module)


class Settings:
    """rules_config (dict), players (1-8) and hints (bool), as the file gave them; wifi: its
    `wifi` section as read (None: absent)."""

    def __init__(self, rules_config=None, players=DEFAULT_PLAYERS, hints=False, wifi=None):
        self.rules_config = rules_config if rules_config is not None else {"preset": PRESET_NAMES[0]}  # classic
        self.players = players
        self.hints = hints
        self.wifi = wifi


def load_settings(path="config.json"):
    """Read the settings file -> (Settings, fault messages); a missing file is no fault."""
    faults = []
    try:
        raw = json_file.read(path, _MAX_BYTES)
    except OSError:
        return Settings(), faults
    except ValueError as error:
        return Settings(), ["%s: %s; using the defaults" % (path, error)]
    if not isinstance(raw, dict):
        return Settings(), ["%s: must hold a JSON object; using the defaults" % path]
    settings = Settings()
    rules_config = raw.get("rules", settings.rules_config)
    try:
        rules_from_config(rules_config)
        settings.rules_config = rules_config
    except ConfigError as error:
        faults.append("%s: rules: %s; playing classic" % (path, error))
    players = raw.get("players", DEFAULT_PLAYERS)
    if whole(players, 1, 8):
        settings.players = players
    else:
        faults.append("%s: players must be 1..8, got %s" % (path, as_json(players)))
    hints = raw.get("hints", False)
    if hints is True or hints is False:
        settings.hints = hints
    else:
        faults.append("%s: hints must be true or false, got %s" % (path, as_json(hints)))
    settings.wifi = raw.get("wifi")
    unknown = 0
    for key in raw:
        if key not in ("rules", "players", "hints", "wifi"):
            unknown += 1
            if unknown <= _UNKNOWN_KEYS_SAID:
                faults.append("%s: unknown key %s (the keys are rules, players, hints, wifi); ignored"
                              % (path, as_json(key)))
    if unknown > _UNKNOWN_KEYS_SAID:
        faults.append("%s: and %d more unknown keys; ignored" % (path, unknown - _UNKNOWN_KEYS_SAID))
    return settings, faults


def why_unplayable(rules, tiles, rows):
    """Why a box with `rows` rows of `tiles` flaps cannot play these rules, or None."""
    if rules.tiles > tiles:
        return "needs %d tiles, the box has %d" % (rules.tiles, tiles)
    if rules.rows > rows:
        return "needs %d rows of flaps, the box has %d" % (rules.rows, rows)
    if rules.rows_mode != _ROWS_TAKE_TURNS:
        return "everyone throwing at once is not played by this box yet"
    if rules.source == _SOURCE_MANUAL:
        return "dice entered by hand are not played by this box yet"
    return None


def game_entries(settings, tiles, rows):
    """The menu's games on a box of `rows` rows of `tiles` flaps -> (entries, chosen, faults).

    entries: (name, Rules) of the house rules (when they change a preset), then each preset
    this box can play; chosen: the entry the settings name; faults: why it cannot be played.
    """
    config = settings.rules_config
    name = config.get("preset", PRESET_NAMES[0])  # classic
    entries = []
    faults = []
    chosen = 0
    house = False
    for key in config:
        house = house or key != "preset"
    candidates = [(_HOUSE, rules_from_config(config))] if house else []
    for preset_name in PRESET_NAMES:
        candidates.append((preset_name, preset(preset_name)))
    for entry in candidates:
        problem = why_unplayable(entry[1], tiles, rows)
        if problem is None:
            if entry[0] == (_HOUSE if house else name):
                chosen = len(entries)
            entries.append(entry)
        elif entry[0] == (_HOUSE if house else name):
            faults.append("%s: %s; not offered" % (entry[0], problem))
    return entries, chosen, faults

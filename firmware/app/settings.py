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
from game.presets import PRESET_NAMES, listing
from hal import json_file
from micropython import const

DEFAULT_PLAYERS = 2
_MAX_BYTES = const(4096)  # the longest house rules take about 600
_UNKNOWN_KEYS_SAID = const(3)  # unknown keys named one a message; the rest counted in one more


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


def game_entries(settings, tiles, rows):
    """The menu's games on a box of `rows` rows of `tiles` flaps -> [entries, chosen, faults]
    (game.presets' listing, all at once: entries, (name, Rules) of the house rules when
    they change a preset, then of each preset this box can play; chosen, the entry the settings
    name; faults, why it cannot be played)."""
    config = settings.rules_config
    house = None
    for key in config:
        if key != "preset":
            house = rules_from_config(config)
            break
    found = [[], 0, []]
    for _ in listing(house, config.get("preset", PRESET_NAMES[0]), tiles, rows, found):
        pass
    return found

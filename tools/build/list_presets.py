"""Print every preset with its one-line description as a Markdown list, for the README.

Run `python -m tools.build.list_presets`; the names and their order come from
firmware/game/presets.py and the descriptions from firmware/game/preset_cards.py (the box's rules
cards), so the list stays true to the firmware.
"""

import sys

from game.preset_cards import description  # the box's rules cards
from game.presets import PRESET_NAMES

DESCRIPTIONS = {name: description(name) for name in PRESET_NAMES}  # (test_presets: each has one)


def preset_list():
    """The Markdown lines: one per preset, in menu order."""
    return ["- `%s`: %s" % (name, DESCRIPTIONS[name]) for name in PRESET_NAMES]


def main():
    print("\n".join(preset_list()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

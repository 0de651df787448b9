"""Print every preset with its one-line description as a Markdown list, for the README.

Run `python tools/list_presets.py`; the list comes from firmware/game/presets.py, so it stays
true to the firmware.
"""

import sys

if not __package__:  # python tools/list_presets.py: this checkout's packages (tools/checkout.py)
    import checkout  # noqa: F401

from game.presets import PRESETS


def preset_list():
    """The Markdown lines: one per preset, in menu order."""
    return ["- `%s`: %s" % (name, description) for name, description, _axes in PRESETS]


def main():
    print("\n".join(preset_list()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

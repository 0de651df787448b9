"""Print every preset with its one-line description as a Markdown list, for the README.

Run `python tools/list_presets.py`; the list comes from firmware/game/presets.py, so it stays
true to the firmware.
"""

import pathlib
import sys
import types

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "firmware"))

try:
    import micropython  # noqa: F401  (present when run from the simulator's path)
except ImportError:  # plain CPython: the firmware only needs const()
    sys.modules["micropython"] = types.SimpleNamespace(const=lambda value: value)

from game.presets import PRESETS  # noqa: E402


def preset_list():
    """The Markdown lines: one per preset, in menu order."""
    return ["- `%s`: %s" % (name, description) for name, description, _axes in PRESETS]


def main():
    print("\n".join(preset_list()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

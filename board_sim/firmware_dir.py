"""Where the firmware the simulator runs lives: beside board_sim in a clone (or an editable
install), or inside it when installed from a wheel (pyproject.toml maps firmware/ there)."""

import pathlib

_PACKAGE = pathlib.Path(__file__).resolve().parent
FIRMWARE = _PACKAGE / "firmware" if (_PACKAGE / "firmware").is_dir() else _PACKAGE.parent / "firmware"

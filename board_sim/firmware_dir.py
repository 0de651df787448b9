"""Where the firmware lives, and the one place that makes it importable on CPython.

FIRMWARE is beside board_sim in a clone (or an editable install), or inside it when installed
from a wheel (pyproject.toml maps firmware/ there). `use_firmware()` puts it on sys.path and
gives CPython what firmware modules import from MicroPython: the simulator's `micropython` and
`deflate` stand-ins, viper's type names and time.ticks_add/ticks_diff, and a module marked for
native code as the flasher builds it for a Pico (board_sim.native_build). Every host entry
point calls it: the `tools` and `bench` packages when imported, SimBox, and the tests' conftest. (A simulated
board, board_sim.install, adds `machine` and the devices on top, for as long as it runs.)
"""

import builtins
import importlib.abc
import importlib.machinery
import importlib.util
import os
import pathlib
import sys
import time

from board_sim.native_build import has_native_marks, native_source

_PACKAGE = pathlib.Path(__file__).resolve().parent
FIRMWARE = _PACKAGE / "firmware" if (_PACKAGE / "firmware").is_dir() else _PACKAGE.parent / "firmware"


def board_names(firmware_dir=FIRMWARE):
    """The board files' names (firmware/boards/<name>.json), sorted: the boards the simulator,
    the flasher and their options offer."""
    return tuple(sorted(path.stem for path in (pathlib.Path(firmware_dir) / "boards").glob("*.json")))


def use_firmware():
    """Make `import game...`, `app...`, `hal...` work on CPython (idempotent)."""
    if str(FIRMWARE) not in sys.path:
        sys.path.insert(0, str(FIRMWARE))
    from board_sim import clock
    from board_sim.upy import deflate, micropython

    sys.modules.setdefault("micropython", micropython)
    sys.modules.setdefault("deflate", deflate)
    for name, stand_in in micropython.VIPER_TYPES.items():
        if not hasattr(builtins, name):
            setattr(builtins, name, stand_in)
    for name in ("ticks_add", "ticks_diff"):
        if not hasattr(time, name):
            setattr(time, name, getattr(clock, name))
    if not any(isinstance(finder, _AsFlashed) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AsFlashed())
    if _firmware_finder not in sys.path_hooks:
        sys.path_hooks.insert(0, _firmware_finder)
        for entry in list(sys.path_importer_cache):  # found before: found again through the hook
            if _in_firmware(entry):
                del sys.path_importer_cache[entry]


# The firmware lets modules go and imports them again (app.memory), thousands of times in a
# test session: each source is compiled once a process, its code object kept with the source
# it was compiled from (a changed file is compiled again). Code objects are immutable: each
# import still runs the module afresh, as the board does.
_CODE = {}  # (source path, native marks made real): (source bytes, code object)


def _kept_code(key, source, compile_source):
    kept = _CODE.get(key)
    if kept is None or kept[0] != source:
        kept = _CODE[key] = (source, compile_source(source))
    return kept[1]


def _in_firmware(path):
    firmware = str(FIRMWARE)
    path = os.path.abspath(path or ".")
    return path == firmware or path.startswith(firmware + os.sep)


def _firmware_finder(path):
    """sys.path_hooks' finder for the firmware's folders (its modules compiled once a process)."""
    if not _in_firmware(path):
        raise ImportError("not a firmware folder")
    return importlib.machinery.FileFinder(path, (_FirmwareLoader, importlib.machinery.SOURCE_SUFFIXES))


class _FirmwareLoader(importlib.machinery.SourceFileLoader):
    """A firmware module's source, compiled once a process (_kept_code)."""

    def get_code(self, fullname):
        return _kept_code((self.path, False), self.get_data(self.path),
                          lambda source: compile(source, self.path, "exec", dont_inherit=True))


class _AsFlashed(importlib.abc.MetaPathFinder):
    """Finds a firmware module with native marks (board_sim.native_build) as the flasher
    builds it for a board with native code, its marks made real. The firmware's modules are
    read for marks once (the firmware lets modules go and imports them again, a save at a time),
    so any other import is passed on at once."""

    def __init__(self):
        self.marked = {}  # module name: its source file, for the modules with native marks
        for path in FIRMWARE.rglob("*.py"):
            if has_native_marks(path.read_text(encoding="utf-8")):
                name = path.relative_to(FIRMWARE).with_suffix("").as_posix().replace("/", ".")
                self.marked[name] = str(path)

    def find_spec(self, fullname, path=None, target=None):
        origin = self.marked.get(fullname)
        if origin is None:
            return None
        return importlib.util.spec_from_file_location(fullname, origin,
                                                      loader=_NativeMarkedLoader(fullname, origin))


class _NativeMarkedLoader(importlib.machinery.SourceFileLoader):
    """Compiles the module's source with its native marks made real (kept by _kept_code, never
    as a .pyc: a cached .pyc of it would be taken for the plain module's)."""

    def get_code(self, fullname):
        return _kept_code((self.path, True), self.get_data(self.path), lambda source: compile(
            native_source(source.decode("utf-8")), self.path, "exec", dont_inherit=True))

    def exec_module(self, module):
        module.micropython = sys.modules["micropython"]  # MicroPython's compiler knows the decorator
        super().exec_module(module)

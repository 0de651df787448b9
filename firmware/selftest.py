"""Self-test run after flashing: every module imports, the game tables load and answer, the
board config parses. Prints one line per problem, then "shutbox selftest ok <version>" or
"shutbox selftest FAILED <count> <version>".

    import selftest; selftest.main()
"""

import gc
import os
import sys

from version import VERSION

_NOT_IMPORTED = ("main", "boot", "selftest")
_DIR_TYPE = 0x4000
# Where the modules are: the pack boot.py mounts (/pack) on a flashed board, else beside this file
_HOME = __file__[:__file__.rfind("/")] if "/" in __file__ else ""


def module_names(directory="", package=""):
    """Dotted names of the .py/.mpy modules under directory ("" is the current one)."""
    names = []
    for entry in os.ilistdir(directory or "."):
        name = entry[0]
        path = directory + "/" + name if directory else name
        if entry[1] == _DIR_TYPE:
            names.extend(module_names(path, package + name + "."))
        elif name.endswith(".py") or name.endswith(".mpy"):
            stem = name[:name.rfind(".")]
            if stem == "__init__":
                names.append(package[:-1])
            elif not (package == "" and stem in _NOT_IMPORTED):
                names.append(package + stem)
    return names


def _forget_modules_since(loaded_before):
    """Let go of the modules imported since: out of sys.modules, and out of their package when
    it stays (loaded before: app, after a soft reset that fed the watchdog, app.repl_stop), whose
    attribute would keep each one, and so every module checked, in the heap."""
    for name in list(sys.modules):
        if name not in loaded_before:
            del sys.modules[name]
            dot = name.rfind(".")
            package = sys.modules.get(name[:dot]) if dot > 0 else None
            if package is not None and name[:dot] in loaded_before:
                try:
                    delattr(package, name[dot + 1:])
                except AttributeError:
                    pass
    gc.collect()


def check_imports(problems):
    loaded_before = set(sys.modules)
    for name in sorted(module_names(_HOME)):
        try:
            __import__(name)
        except Exception as error:  # any failure to import is what this test reports
            problems.append("import %s: %s: %s" % (name, type(error).__name__, error))
        _forget_modules_since(loaded_before)


def check_tables(problems):
    from game.presets import PRESET_NAMES

    for name in PRESET_NAMES:
        loaded_before = set(sys.modules)
        try:
            _check_preset_table(name, problems)
        except Exception as error:  # a missing or damaged table file
            problems.append("tables of preset %s: %s: %s" % (name, type(error).__name__, error))
        _forget_modules_since(loaded_before)  # one table in RAM at a time, as on the box


def _check_preset_table(name, problems):
    from game.presets import preset
    from game.strategy import load
    from game.tables import table_for
    from game.tiles import bit, full_mask

    rules = preset(name)
    table = table_for(rules)
    answers = (table.can_shut(full_mask(rules.tiles), 1), table.can_shut(bit(2), 2),
               table.can_shut(bit(2), 1), table.can_shut(0, 1))
    if answers != (True, True, False, False):
        problems.append("table reach_%dx%d for preset %s answers wrongly" % (table.low_tiles, table.width, name))
    policy = load(rules)  # its optimal-play table, if it has one, is in its file whole
    if policy is not None:
        policy.close()


def check_board_config(problems):
    from hal.board_config import BoardError, load_config, validate

    try:
        config, faults = load_config("")
        config, more_faults = validate(config)
    except BoardError as error:
        problems.append("board config: %s" % error)
        return
    for fault in faults + more_faults:
        print("shutbox selftest note: %s" % fault)
    print("shutbox selftest board: %s" % config["name"])


def main():
    problems = []
    # The tables first, on the heap as the box has it at boot: every import leaves its names
    # interned for good, and the 24-tile table needs 12 KiB in one piece.
    for check in (check_tables, check_imports, check_board_config):
        loaded_before = set(sys.modules)
        try:
            check(problems)
        except Exception as error:  # a check that cannot even start is a problem, not a crash
            problems.append("%s: %s: %s" % (check.__name__, type(error).__name__, error))
        _forget_modules_since(loaded_before)
    for problem in problems:
        print("shutbox selftest problem: %s" % problem)
    if problems:
        print("shutbox selftest FAILED %d %s" % (len(problems), VERSION))
    else:
        print("shutbox selftest ok %s" % VERSION)
    return not problems

"""How app.keeper reads its files back: the newest whole copy of a file (load_newest), and the
menu's choices at boot (app.startup, through app.keeper.keep, which lets it go after);
app.keeper_stats reads the lifetime statistics with it, app.keeper_files the match.

Every file is an hal.storage.AtomicFile read with hal.json_file's bounds. A file that cannot
be read or used is reported, kept as `<name>.bad`, and the older copy or a fresh start takes
its place (app.keeper's docstring says which, when)."""

from hal.json_file import parse
from hal.storage import BAD_KEPT

from app.keeper_save import menu_file


def load_newest(keeper, file, use, set_aside=True):
    """use(payload) for the newest copy of the AtomicFile `file` that is whole and usable (use
    raises ValueError saying why not), or None. Each copy that is not is reported and set aside
    as `.bad` (set_aside=False: only reported), and the older copy is tried: the report says
    whether one is used once the next load has said."""
    aside = None  # (path, why, kept as) of a copy set aside, reported after the next load
    while True:
        payload = file.load()
        if aside is not None:
            _unreadable(keeper, file, *aside, payload is not None)
            aside = None
        if file.fault is not None:
            source, why = file.fault
            kept = set_aside and file.set_aside(source)
            if payload is None and kept:  # (the next copy, if any: a file in slots has two)
                aside = (source, why, kept)
                continue
            _unreadable(keeper, file, source, why, kept, payload is not None)
        if payload is None:
            return None
        try:
            return use(payload)
        except ValueError as error:
            source = file.loaded_from
            kept = set_aside and file.set_aside(source)
            if not kept:
                _unreadable(keeper, file, source, error, kept, False)
                return None
            aside = (source, error, kept)


def _unreadable(keeper, file, source, error, kept, after):
    """Report a file that cannot be read or used: `kept` the path it was kept as (as
    AtomicFile.set_aside gives it), or a false value (not set aside); `after`: a copy before it
    is used in its place."""
    if kept:
        then = "the copy before it is used" if after else "starting afresh"
        keeper.faults.append("%s unreadable (%s); kept as %s, %s%s" % (source, error, kept, then, dropped(file)))
    else:
        keeper.faults.append("%s unreadable (%s)" % (source, error))


def dropped(file):
    """What the report of a copy set aside adds when the oldest went to make room."""
    return "; the oldest copy set aside before it removed (%d are kept)" % BAD_KEPT if file.dropped else ""


# -- the menu --------------------------------------------------------------------------------
def load_menu(keeper):
    """The saved menu choices as (game name, players, hints), or None."""
    menu = load_newest(keeper, menu_file(keeper), _menu_choices)
    if menu is not None:
        keeper.menu = menu
    return menu


def _menu_choices(payload):
    saved = parse(payload)
    if not isinstance(saved, dict):
        raise ValueError("expected an object")
    name = saved.get("game")
    players = saved.get("players")
    hints = saved.get("hints")
    if not isinstance(name, str) or not isinstance(players, int) or not isinstance(hints, bool):
        raise ValueError("expected a game's name, players and hints, got %r" % (saved,))
    return name, players, hints

"""The menu's frame on the OLED (app.screens' grid): loaded while the menu is shown, let go
when another phase's frame is drawn (app.presentation). A game's rules card is app.screen_card's,
loaded while the card is shown (app.menu lets it go): it and the descriptions it shows
(game.preset_cards; the house rules' game.house_card and game.rule_names: app.menu's CARD_MODULES)
are imported a tick each before the card is drawn, as a phase's frames are
(the three in one tick took a Pico 34 ms)."""

from micropython import const

from app.menu import CARD_MODULES, HOUSE
from app.screens import COLUMNS

GAME_MENU_ROWS = ("Game", "Players", "Hints", "Start", "Check inputs")
_ROW_CHECK = const(4)  # app.menu's rows (as there)
_ROW_RESUME = const(5)
_NAME_COLUMN = const(6)  # a short game name follows "Game" on line 1
_PRESET_CARD_MODULES = const(2)  # app.menu's CARD_MODULES a preset's card imports: the first two
_SOURCE_MANUAL = const(1)  # game.rules' sources: electronic dice 0, manual dice 1 (as there)
_MOST_TILES_COACHED = const(12)  # the coach's tables (game.policy_file's policy_key: as there)
_MOST_DICE_COACHED = const(2)


def show_menu(screen, menu):
    """Draw the menu, or its rules card when one is shown; False when this call only imported
    one of the card's modules: it is drawn at a later call. The input check, while it is open,
    draws itself (app.input_check; False too when it only imported its frame's module)."""
    if menu.check is not None:
        return menu.check.show(screen)
    if menu.card >= 0:
        if menu.card_loaded < (len(CARD_MODULES) if menu.name() == HOUSE else _PRESET_CARD_MODULES):
            __import__(CARD_MODULES[menu.card_loaded])  # (counted: as many ticks whatever is loaded)
            menu.card_loaded += 1
            return False
        from app.screen_card import show_card

        menu.card_next = show_card(screen, menu)
        return True
    screen.clear()
    screen.text("SHUT THE BOX", 2, 0)
    for row in range(len(GAME_MENU_ROWS)):
        if row == 2 and not menu.hints_available or row == _ROW_CHECK and menu.left is not None:
            continue
        line = 1 if row == 0 else 2 + row  # the game's name takes line 2
        if row == menu.row:
            screen.text(">", 0, line)
        screen.text(GAME_MENU_ROWS[row], 1, line)
        if row == 1:
            screen.number(menu.players, 10, line)
        elif row == 2 and not coached(menu):
            screen.text("none here", 7, line)  # (on or off: the box has none for this game)
        elif row == 2:
            screen.text("on" if menu.hints_on else "off", 10, line)
    game_name(screen, menu.name())
    if menu.left is not None:  # the Resume row, in Check inputs' place
        resume_row(screen, menu.left, menu.row == _ROW_RESUME)
    if menu.left is None or menu.row != _ROW_RESUME:
        row = menu.row  # the row's buttons: the Game row's card, Players and Hints set, the others go
        screen.text("select:rules" if row == 0 else "sel:next ok:set" if row <= 2 else "sel:next ok:go", 0, 7)
    screen.send()
    return True


def resume_row(screen, left, chosen):
    """The menu's Resume row (line 6): the match left (app.phases' App.left), whose turn it is
    and its round (" Resume P8 Rd 99" at most); with the cursor on it, the game on line 7."""
    match = left[0]
    if chosen:
        screen.text(">", 0, 6)
        name = left[3][0]
        screen.text(name if len(name) <= COLUMNS else name[:COLUMNS], 0, 7)
    column = screen.text("Resume", 1, 6) + 1
    if match.current >= 0:
        column = screen.text("P", column, 6)
        column = screen.number(match.current + 1, column, 6) + 1
    column = screen.text("Rd ", column, 6)
    screen.number(match.rounds_played + 1, column, 6)


def coached(menu):
    """Has the box a coach (hints) for the menu's game? app.screen_end's coached."""
    rules = menu.rules()
    return (rules.source <= _SOURCE_MANUAL and rules.tiles <= _MOST_TILES_COACHED
            and rules.dice <= _MOST_DICE_COACHED)


def game_name(screen, name):
    """The menu's game: after "Game" on line 1 when short, else on line 2, split after a
    hyphen or a space onto both lines when longer than line 2 holds."""
    if len(name) <= COLUMNS - _NAME_COLUMN:
        screen.text(name, _NAME_COLUMN, 1)
        return
    if len(name) < COLUMNS:
        screen.text(name, 1, 2)
        return
    # After the last hyphen or space that fits line 1 (str.rfind: a character taken out of the
    # name, name[index], would be interned for good).
    cut = max(name.rfind("-", 0, COLUMNS - _NAME_COLUMN), name.rfind(" ", 0, COLUMNS - _NAME_COLUMN)) + 1
    if not cut:
        cut = _NAME_COLUMN + 1
    screen.text(name[:cut], _NAME_COLUMN, 1)
    screen.text(name[cut:], 1, 2)


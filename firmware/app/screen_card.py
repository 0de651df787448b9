"""A game's rules card on the OLED (the menu: select on the Game row): its name, its one-line
description (game.preset_cards; the house rules': what they change, game.house_card's) wrapped and paged, how many games need more flaps than the box
has, and what ok and select do. Loaded while a card is shown; app.menu lets it go after."""

from micropython import const

from app.screens import COLUMNS

_CARD_LAST_ROW = const(6)  # a card's text ends here (4 with the note on the games left out)


def show_card(screen, menu):
    """The menu's game's rules card from its line `menu.card`: the name, then the words of its
    description wrapped to the screen's width, as many lines as fit; the games this box leaves
    out (they need more flaps), when there are any; what ok and select do. Returns the first
    line of the next page, 0 when the last one is shown."""
    from game.preset_cards import described, description

    from app.menu import HOUSE

    name = menu.name()
    screen.clear()
    row = 0
    if len(name) > COLUMNS:  # after its last hyphen that fits
        cut = name.rfind("-", 0, COLUMNS) + 1
        screen.text(name[:cut], 0, 0)
        name = name[cut:]
        row = 1
    screen.text(name, 0, row)
    presets = 0
    for entry in menu.entries:
        if entry[0] != HOUSE:
            presets += 1
    left_out = described() - presets
    last_row = _CARD_LAST_ROW - (2 if left_out else 0)
    if menu.name() == HOUSE:  # (imported a tick before: app.screen_menu)
        from game.house_card import house_card

        lines = _wrapped(house_card(menu.rules()))
    else:
        lines = _wrapped(description(menu.name()))
    line = menu.card
    row += 1
    while line < len(lines) and row <= last_row:
        screen.text(lines[line], 0, row)
        line += 1
        row += 1
    if left_out:
        column = screen.number(left_out, 0, last_row + 1)
        screen.text(" more games" if left_out > 1 else " more game", column, last_row + 1)
        screen.text("need more flaps", 0, last_row + 2)
    more = line < len(lines)
    screen.text("ok:game sel:more" if more else "ok:game sel:next", 0, 7)
    screen.send()
    return line if more else 0


def _wrapped(text):
    """The text's words in lines of the screen's width (a word longer than a line is cut)."""
    lines = []
    line = ""
    for word in text.split():
        while len(word) > COLUMNS:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:COLUMNS])
            word = word[COLUMNS:]
        if line and len(line) + 1 + len(word) > COLUMNS:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    if line:
        lines.append(line)
    return lines

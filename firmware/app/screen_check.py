"""The input check's frame on the OLED (app.input_check: what it shows, line by line, is in its
docstring): imported by its first show in a tick of its own, the frame drawn at the next; let go
with it (app.menu)."""

from micropython import const

_BUTTONS = ("select", "ok")  # app.input_check's (as there)
_NO_ACCEL = const(0)  # app.input_check's (as there)
_ACCEL_SHAKEN = const(2)  # (as there)
_ACCEL_DEAD = const(3)  # (as there)
_AXES = ("x", "y", "z")
_COLUMNS = const(16)  # app.screens' (as there)
_MARKERS_Y = const(8)  # the flaps' markers take the second and third lines of text
_MARKERS_HEIGHT = const(16)
_MAX_PITCH = const(10)
_MAX_HEIGHT = const(10)


def show_check(check, screen):
    """The check's frame (`check`: app.input_check's InputCheck; see its module's docstring)."""
    screen.clear()
    screen.text("INPUT CHECK", 0, 0)
    _markers(check, screen.display)
    _shut_line(check, screen, 3)
    column = screen.text("press:", 0, 4)
    if not check.pressed:
        screen.text("none", column + 1, 4)
    for index in range(len(_BUTTONS)):
        if check.pressed & 1 << index:
            column = screen.text(_BUTTONS[index], column + 1, 4)
    accel = check.accel
    if accel == _NO_ACCEL or accel == _ACCEL_DEAD:
        screen.text("accel: none" if accel == _NO_ACCEL else "accel: no answer", 0, 5)
        screen.text("ok rolls instead", 0, 6)
    else:
        for axis in range(3):
            screen.text(_AXES[axis], axis * 5, 5)
            _tenths(screen, check.tenths[axis], axis * 5 + 4, 5)
        screen.text("g", 15, 5)
        column = screen.text("shake!" if accel == _ACCEL_SHAKEN else "shake", 0, 6)
        column = screen.text("at", column + 1, 6)
        threshold = check.app.devices.shake.threshold_mg
        column = screen.number(threshold // 1000, column + 1, 6)
        column = screen.text(".", column, 6)
        hundredths = threshold % 1000 // 10
        if hundredths < 10:
            column = screen.text("0", column, 6)
        column = screen.number(hundredths, column, 6)
        screen.text("g", column, 6)
    screen.text("hold ok 2s: menu", 0, 7)
    screen.send()


def _markers(check, display):
    """A marker per flap, a row of them per row of flaps: filled when shut, hollow when open."""
    flaps = check.flaps
    tiles = flaps.tiles
    rows = flaps.row_count
    pitch = 128 // tiles
    if pitch > _MAX_PITCH:
        pitch = _MAX_PITCH
    height = _MARKERS_HEIGHT // rows - 1
    if height > _MAX_HEIGHT:
        height = _MAX_HEIGHT
    left = (128 - tiles * pitch) // 2  # centred, both ways
    top = _MARKERS_Y + (_MARKERS_HEIGHT - rows * (height + 1)) // 2
    for row in range(rows):
        shut = check.shut[row]
        y = top + row * (height + 1)
        for index in range(tiles):
            if shut & 1 << index:
                display.fill_rect(left + index * pitch, y, pitch - 1, height, 1)
            else:
                display.rect(left + index * pitch, y, pitch - 1, height, 1)


def _shut_line(check, screen, line):
    """ "shut:" then the shut flaps' numbers when the box has one row and they fit, else how
    many of how many are shut."""
    flaps = check.flaps
    tiles = flaps.tiles
    count = 0
    width = 5
    for row in range(flaps.row_count):
        shut = check.shut[row]
        for tile in range(1, tiles + 1):
            if shut & 1 << (tile - 1):
                count += 1
                width += 2 if tile < 10 else 3
    column = screen.text("shut:", 0, line)
    if not count:
        screen.text("none", column + 1, line)
    elif width <= _COLUMNS and flaps.row_count == 1:
        for tile in range(1, tiles + 1):
            if check.shut[0] & 1 << (tile - 1):
                column = screen.number(tile, column + 1, line)
    else:
        column = screen.number(count, column + 1, line)
        column = screen.text("of", column + 1, line)
        screen.number(tiles * flaps.row_count, column + 1, line)


def _tenths(screen, value, last, line):
    """A reading in tenths of g, right-aligned to end at column `last`: "-0.1", " 1.0", "-12"
    (whole g from 10 g: four characters at most)."""
    negative = value < 0
    if negative:
        value = -value
    if value < 100:
        screen.number(value % 10, last, line)
        screen.text(".", last - 1, line)
        value //= 10
        column = last - 2
    else:
        value = value // 10 if value < 1000 else 99
        column = last - 1
    screen.number(value, column, line)
    if negative:
        screen.text("-", column - 1, line)

"""A fault's frames on the OLED (app.screens' grid): the message wrapped over the screen,
seven lines a page, two pages at most (a longer one is cut, ending in "...": the REPL has it
whole, app.faults). Loaded while a fault is shown (and by app.boot_fault), let go when
another phase's frame is drawn (app.presentation)."""

import time

from micropython import const

from app.screens import COLUMNS, digits_in

_FAULT_LINES = const(7)  # lines of a fault message a page
_FAULT_PAGES = const(2)  # pages of a fault message at most: the rest is cut
_PAGE_S = const(3)  # app.boot_fault's pages turn this often (app.faults' pace)


def show_fault(screen, message, page=0):
    """A device fault, reported once: the message wrapped over the screen, seven lines a
    page (fault_pages() says how many)."""
    screen.clear()
    screen.text("FAULT", 0, 0)
    if page:
        column = COLUMNS - digits_in(page + 1)
        screen.text("page", column - 5, 0)
        screen.number(page + 1, column, 0)
    start = 0
    line = 0
    while start < len(message) and line < (page + 1) * _FAULT_LINES:
        end = _line_end(message, start)
        if line >= page * _FAULT_LINES:
            shown = message[start:end]
            if line == _FAULT_PAGES * _FAULT_LINES - 1 and end < len(message):  # cut here
                shown = message[start:start + COLUMNS - 3] + "..."
            screen.text(shown, 0, 1 + line - page * _FAULT_LINES)
        start = end + 1 if end < len(message) and message[end] == " " else end
        line += 1
    screen.send()


def show_for_good(screen, message, watchdog):
    """Why the box cannot start (app.boot_fault), a page every _PAGE_S seconds for good, the
    watchdog fed every second; returns only by the screen's raising."""
    pages = fault_pages(message)
    second = 0
    while True:
        if second % _PAGE_S == 0:
            show_fault(screen, message, second // _PAGE_S % pages)
            screen.unsent = 0  # no tick to send it a band at a time: the whole frame at once
            screen.display.show()
        watchdog.feed()
        time.sleep_ms(1000)
        second += 1


def fault_pages(message):
    """How many pages of seven lines a fault message takes on the screen (_FAULT_PAGES at most)."""
    start = 0
    lines = 0
    while start < len(message) and lines < _FAULT_PAGES * _FAULT_LINES:
        end = _line_end(message, start)
        start = end + 1 if end < len(message) and message[end] == " " else end
        lines += 1
    return (lines + _FAULT_LINES - 1) // _FAULT_LINES if lines else 1


def _line_end(message, start):
    """Where the line of a message wrapped at spaces that starts at `start` ends (a word
    longer than a line is split)."""
    end = start + COLUMNS
    if end < len(message):
        space = message.rfind(" ", start, end + 1)
        if space > start:
            end = space
        else:  # a word longer than a line breaks after a hyphen where it has one
            hyphen = message.rfind("-", start, end)
            if hyphen > start:
                end = hyphen + 1
    return end if end < len(message) else len(message)

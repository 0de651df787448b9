"""The network's pages between turns, on a board with Wi-Fi (app.core: select after the match's
pages; they stay until select): the words (the network to join, its password on the box's
own, the scoreboard's address; "joining <ssid>..." while it connects), then the QR code that
joins the box's own network, then the QR code of the address. Loaded while one is shown.

A QR code is made a slice a tick (net.qr_code): the page is drawn with "QR..." where the code goes,
then with the code once it is made.
"""

from micropython import const

from app.memory import since
from app.screens import COLUMNS

_NET_PAGE = const(100)  # match_page of the words (app.presentation turns to it); the QR codes follow
_JOIN_QR = const(101)
_ADDRESS_QR = const(102)
_JOINING = const(1)  # net.wifi's modes (as there)
_STARTING = const(2)
_OWN = const(3)
_QUIET = const(4)  # modules of light around a QR code (ISO/IEC 18004's quiet zone)
_HEIGHT = const(64)

_made = None  # (text, net.qr_code.QrCode) of the page shown
_drawn = False  # the page is up with "QR code..." while its code is made


def show_match(screen, _match, _rules, _next_player, page, _waiting_ok, wifi):
    """Draw the network's page `page` (app.screen_end's show_match, as app.presentation calls
    it: app.core's match_page; `wifi`: the board's net.wifi link), or its words when that page
    is not offered now -> the next page, 0: back to the turn's. While its QR code is made, the
    link asks for the next tick's frame (its `redraw`), which makes a slice more."""
    global _made, _drawn
    if page == _JOIN_QR and wifi.mode != _OWN or page == _ADDRESS_QR and wifi.address is None:
        page = _NET_PAGE
    if page == _NET_PAGE:
        _made = None
        _words(screen, wifi)
        return _JOIN_QR if wifi.mode == _OWN else _ADDRESS_QR if wifi.address else 0
    text = join_text(wifi.ssid, wifi.password) if page == _JOIN_QR else address_text(wifi.address)
    if _made is None or _made[0] != text:
        from net.qr_code import MAX_VERSION, L, M, QrCode, capacity

        level = M if len(text) <= capacity(MAX_VERSION, M) else L
        _made = (text, QrCode(text.encode(), level))
        _drawn = False
    code = _made[1]
    done = code.step()  # a slice a tick
    if done:  # the code made calls none of its module's functions again: it goes
        since((), ("net.qr_code",))
    wifi.redraw = not done
    if done or not _drawn:
        screen.clear()
        left = _draw_code(screen.display, code, done)
        if not done:
            screen.text("QR...", 0, 1)
            _drawn = True
        for row, words in enumerate(("Scan to", "join" if page == _JOIN_QR else "see the",
                                     "the wifi" if page == _JOIN_QR else "scores")):
            screen.text(words, left, row + 2)
        screen.send()
    return _ADDRESS_QR if page == _JOIN_QR else 0


def _draw_code(display, code, done=True):
    """The QR code on the left, as large as it fits with its quiet zone, dark modules unlit
    on a lit square (not yet `done`: nothing); returns the first text column right of it."""
    scale = _HEIGHT // (code.size + 2 * _QUIET)
    if scale < 1:
        scale = 1
    side = (code.size + 2 * _QUIET) * scale
    if not done:
        return (side + 9) // 8
    top = (_HEIGHT - side) // 2
    display.fill_rect(0, top, side, side, 1)
    at = _QUIET * scale
    for row in range(code.size):
        for column in range(code.size):
            if code.dark(row, column):
                display.fill_rect(at + column * scale, top + at + row * scale, scale, scale, 0)
    return (side + 9) // 8  # two pixels or more of space


def _words(screen, wifi):
    screen.clear()
    screen.text("Scoreboard", 0, 0)
    mode = wifi.mode
    if mode == _JOINING or mode == _STARTING:
        row = _flow(screen, ("joining " if mode == _JOINING else "starting ") + wifi.ssid + "...", 2)
        if mode == _JOINING:
            _flow(screen, "or its own wifi after a while", row + 1)
    else:
        row = _flow(screen, "wifi " + wifi.ssid, 1)
        if wifi.password is not None:
            row = _flow(screen, "pass " + wifi.password, row)
        screen.text("then open", 0, row)
        screen.text(wifi.address, 0, row + 1)  # (a browser opens it as http://<address>/)
        screen.text("select: QR code", 0, 7)
    screen.send()


def _flow(screen, text, row):
    """`text` over as many lines as it takes from `row`, a line of COLUMNS characters each;
    returns the row after it."""
    for start in range(0, len(text), COLUMNS):
        screen.text(text[start:start + COLUMNS], 0, row)
        row += 1
    return row


def join_text(ssid, password):
    """What a phone's camera reads to join a WPA network: WIFI:S:<ssid>;T:WPA;P:<password>;;
    with \\ ; , : and " escaped by a backslash."""
    return "WIFI:S:%s;T:WPA;P:%s;;" % (_escaped(ssid), _escaped(password))


def _escaped(text):
    for char in "\\;,:\"":
        text = text.replace(char, "\\" + char)
    return text


def address_text(address):
    """The scoreboard's address as a phone opens it."""
    return "http://%s/" % address

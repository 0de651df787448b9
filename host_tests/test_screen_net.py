"""The network's pages on the OLED of a box with Wi-Fi (issue 47, app.screen_net), played on
the simulated box through its keys: select after the match's pages shows the network's words,
then the QR code that joins the box's own network, then the scoreboard's address as a QR code,
each read back from the OLED's pixels by zxing-cpp and compared module for module with segno's;
"joining <ssid>..." while it connects; the pages stay until select. A box without Wi-Fi pages
as before."""

import contextlib

import zxingcpp
from box_steps import oled
from net.qr_code import MAX_VERSION, L, M, capacity
from PIL import Image
from test_qr_code import segno_symbol

from board_sim.box import BoxOptions, SimBox

SELECT_MS = 300
QR_MS = 6000  # a QR code is made a slice a tick: well within this on the simulated box


@contextlib.contextmanager
def opened(wifi=None, board="pico_w"):
    """A SimBox of `board` with config.json's `wifi` section, closed after."""
    box = SimBox(BoxOptions(board=board, wifi=wifi))
    try:
        yield box
    finally:
        box.close()


def between_turns(box):
    """From power-on to the first turn's page (a long ok in the menu): the box waits for ok."""
    box.run(200)
    box.board.press("ok", 1000)
    box.run(1200)
    assert oled(box)[:2] == ["Next: Player 1", "ok to play"]


def select(box, ms=SELECT_MS):
    box.board.press("select")
    box.run(ms)
    return oled(box)


def to_network_page(box):
    """Select from the turn's page through the match's: the network's words."""
    lines = select(box)
    assert lines[0] == "Round 1 of 1" and lines[-1] == "ok:play sel:more"
    return select(box)


def read_code(box):
    """(the text zxing-cpp reads off the OLED, the modules of the QR code drawn on it: the lit
    square's dark pixels at its scale, the quiet zone of four modules cut off)."""
    pixels = box.board.display_pixels()
    picture = Image.new("L", (128, 64))
    picture.putdata([255 if lit else 0 for row in pixels for lit in row])
    found = zxingcpp.read_barcodes(picture.resize((512, 256), Image.NEAREST),
                                   formats=zxingcpp.BarcodeFormat.QRCode)
    top = next(row for row in range(64) if pixels[row][0])
    side = sum(pixels[top][:64])
    scale = next(scale for scale in (1, 2, 3) if (side // scale - 8) % 4 == 1 and side % scale == 0)
    size = side // scale - 8
    quiet = 4 * scale
    modules = [[1 - pixels[top + quiet + row * scale][quiet + column * scale] for column in range(size)]
               for row in range(size)]
    assert all(pixels[top + row][column] for row in range(side) for column in range(side)
               if not (quiet <= row < side - quiet and quiet <= column < side - quiet)), "quiet zone"
    return [result.text for result in found], modules


def assert_segnos(text, modules):
    data = text.encode()
    level = M if len(data) <= capacity(MAX_VERSION, M) else L
    version = (len(modules) - 17) // 4
    mask, symbol = segno_symbol(data, version, level)
    assert modules == symbol, "mask %d" % mask


def test_select_after_the_match_shows_the_own_network_then_its_qr_codes():
    with opened({"name": "shutbox", "password": "shutthebox"}) as box:
        between_turns(box)
        assert to_network_page(box) == ["Scoreboard", "wifi shutbox", "pass shutthebox", "then open",
                                        "192.168.4.1", "", "", "select: QR code"]
        lines = select(box)
        assert lines[1] == "QR..." and lines[2:5] == ["     Scan to", "     join", "     the wifi"]
        box.run(QR_MS)
        join = "WIFI:S:shutbox;T:WPA;P:shutthebox;;"
        read, modules = read_code(box)
        assert read == [join]
        assert_segnos(join, modules)
        select(box, QR_MS)
        read, modules = read_code(box)
        assert read == ["http://192.168.4.1/"]
        assert_segnos("http://192.168.4.1/", modules)
        assert oled(box)[2:5] == ["     Scan to", "     see the", "     scores"]
        assert select(box)[0] == "Next: Player 1"  # and back to the turn's page


def test_the_longest_name_and_password_fit_the_lines_and_are_escaped_in_the_code():
    with opened({"name": "The Long Room Shutbox No 27", "password": 'a;b,c:d\\e"f 0123456789'}) as box:
        between_turns(box)
        assert to_network_page(box) == ["Scoreboard", "wifi The Long Ro", "om Shutbox No 27",
                                        'pass a;b,c:d\\e"f', " 0123456789", "then open", "192.168.4.1",
                                        "select: QR code"]
        select(box, QR_MS)
        read, modules = read_code(box)
        join = 'WIFI:S:The Long Room Shutbox No 27;T:WPA;P:a\\;b\\,c\\:d\\\\e\\"f 0123456789;;'
        assert read == [join]
        assert_segnos(join, modules)


PUB = {"ssid": "The Crown", "password": "pints4all"}


def test_the_page_says_it_is_joining_then_shows_the_pubs_network_and_only_the_address_code():
    with opened({"join": dict(PUB, timeout_s=20)}) as box:
        box.board.wifi.add_network("The Crown", "pints4all", answers_after_ms=9000, address="10.0.0.23")
        between_turns(box)
        assert to_network_page(box)[:7] == ["Scoreboard", "", "joining The Crow", "n...", "",
                                            "or its own wifi", "after a while"]
        assert select(box)[0] == "Next: Player 1"  # no code to show yet
        to_network_page(box)
        box.run(8000)  # joined: the page shows it as soon as it is
        assert oled(box) == ["Scoreboard", "wifi The Crown", "then open", "10.0.0.23", "", "", "",
                             "select: QR code"]
        select(box, QR_MS)
        assert read_code(box)[0] == ["http://10.0.0.23/"]


def test_a_pub_network_that_never_answers_ends_on_the_own_network_page():
    with opened({"join": dict(PUB, timeout_s=10)}) as box:
        between_turns(box)
        assert to_network_page(box)[2] == "joining The Crow"
        box.run(11000)
        assert oled(box)[1:3] == ["wifi shutbox", "pass shutthebox"]


def test_the_network_pages_stay_until_select_and_the_timer_never_enters_them():
    with opened() as box:
        between_turns(box)
        assert oled(box)[0] == "Next: Player 1"
        box.run(3100)
        assert oled(box)[0] == "Round 1 of 1"  # the timer turns to the match's page
        box.run(3100)
        assert oled(box)[0] == "Next: Player 1"  # and back: never to the network's
        to_network_page(box)
        box.run(10000)
        assert oled(box)[0] == "Scoreboard"


def test_a_box_without_wifi_goes_back_from_the_match_to_the_turn():
    with opened(board="pico") as box:
        between_turns(box)
        assert select(box)[-1] == "ok:play sel:back"
        assert select(box)[0] == "Next: Player 1"

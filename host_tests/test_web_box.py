"""The browser box (web/) in a real browser: Debian's chromium driven by Playwright, the page
served from 127.0.0.1 as `make web` serves it. A classic round is played by clicking the
page's flaps and holding its shake and ok buttons; the OLED canvas is checked against the
simulated display's pixels; a reload mid-round (a power cut), offline, resumes the match;
house rules the box refuses are shown in its words; a phone's own motion rolls the dice. Any
error in the browser's console fails the test. It saves a screenshot to build/web-box.png;
with SHUTBOX_SCREENSHOT=1 to docs/web-box.png, the picture the README shows.

A missing chromium or Playwright skips it, or fails it when SHUTBOX_REQUIRE_MICROPYTHON=1
(`make test`, which installs both).
"""

import os
import pathlib
import threading

import pytest
from app.core import FINISHED, MENU, PLAY, SETUP
from app.roller import IDLE
from game.turn import AWAIT_MOVE, AWAIT_ROLL

from board_sim.browser.page_box import refusals
from tools import build_web, serve_web

ROOT = pathlib.Path(__file__).resolve().parent.parent

CHROMIUM = "/usr/bin/chromium"
SCREENSHOT = ROOT / ("docs" if os.environ.get("SHUTBOX_SCREENSHOT") == "1" else "build") / "web-box.png"
SEED = 5
STEP_MS = 60
SHAKE_MS = 900
LONG_PRESS_MS = 1200
ROUND_STEPS = 600
# The App's state a resumed box must show again: (player, open tiles, rolls, roll total, totals).
TURN_STATE = ("[box._box.player, box._box.turn.open_mask, box._box.turn.rolls, "
              "box._box.turn.total, list(box._box.match.totals)]")
MOTION = """([x, y, z]) => window.dispatchEvent(new DeviceMotionEvent("devicemotion",
    {accelerationIncludingGravity: {x, y, z}, interval: 16}))"""
SITUATION = ("[box._box.phase, box._box.turn.state if box._box.turn else -1, box._box.roller.state, "
             "box._box.legal, box._box.must_open, box._box.must_shut, box._box.row, "
             "box._box.waits_for_ok()]")


def _require(what, missing):
    if os.environ.get("SHUTBOX_REQUIRE_MICROPYTHON") == "1":
        pytest.fail("the browser test needs %s (make test installs it): %s" % (what, missing))
    pytest.skip("%s is missing: %s" % (what, missing))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The page built into a fresh folder and served on 127.0.0.1: its URL."""
    folder = tmp_path_factory.mktemp("web")
    build_web.build(folder)
    server = serve_web.serve(folder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        _require("Debian's chromium", CHROMIUM)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        _require("Playwright for Python", error)
    with sync_playwright() as playwright:
        # The system's browser: Playwright never downloads one.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


class Box:
    """The page, and the firmware inside it through window.shutbox."""

    def __init__(self, page):
        self.page = page

    def wait_ready(self, power_ons=1):
        """Wait until the page has powered the box on power_ons times and shown its OLED."""
        self.page.wait_for_function("(n) => window.shutbox && shutbox.page.powerOns === n && "
                                    "shutbox.page.timeToMenuMs !== null", arg=power_ons)
        self.page.wait_for_timeout(200)

    def python(self, expression):
        return self.page.evaluate("(e) => shutbox.page.firmware.evaluate(e)", expression)

    def hold(self, selector, ms):
        """Hold a button down for ms of the box's time (a loaded machine slows its clock)."""
        self.page.locator(selector).hover()
        self.page.mouse.down()
        until_ms = self.page.evaluate("shutbox.page.boardMs") + ms
        self.page.wait_for_function("(until) => shutbox.page.boardMs >= until", arg=until_ms)
        self.page.mouse.up()

    def click_flap(self, flap):
        self.page.locator('.flap[data-flap="%d"]' % flap).click()

    def set_right(self, row, tiles, must_open, must_shut):
        for tile in range(1, tiles + 1):
            if (must_open | must_shut) >> (tile - 1) & 1:
                self.click_flap(row * tiles + tile)

    def step(self, tiles=9):
        """One move of a player at the page, as board_sim's BoxPlayer decides; False when
        the match is over."""
        phase, turn_state, roller, legal, must_open, must_shut, row, ok_to_play = self.python(SITUATION)
        if phase == FINISHED:
            return False
        if phase == MENU:
            self.hold("#ok", LONG_PRESS_MS)
        elif must_open or must_shut:
            self.set_right(row, tiles, must_open, must_shut)
        elif phase == SETUP and ok_to_play:
            self.hold("#ok", STEP_MS)  # "ok to play": the next player is ready
        elif phase == PLAY and roller == IDLE and turn_state == AWAIT_ROLL:
            self.hold("#shake", SHAKE_MS)
            self.page.wait_for_timeout(600)
        elif phase == PLAY and roller == IDLE and turn_state == AWAIT_MOVE and legal:
            self.click_flap(row * tiles + legal.bit_length())
        else:
            assert phase in (SETUP, PLAY)
        self.page.wait_for_timeout(STEP_MS)
        return True

    def canvas_and_display(self):
        """(the canvas's lit pixels, the simulated display's), read in one go."""
        return self.page.evaluate("""() => {
            const canvas = document.getElementById("oled");
            const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
            const lit = [];
            for (let y = 0; y < canvas.height; y++) {
                const row = [];
                for (let x = 0; x < canvas.width; x++) row.push(data[(y * canvas.width + x) * 4 + 2] > 0 ? 1 : 0);
                lit.push(row);
            }
            return [lit, shutbox.page.firmware.evaluate("box.board.display_pixels()")];
        }""")


def _open(browser, site, **context_options):
    """A fresh page (its own storage) on the site, and the errors seen: any console error,
    an uncaught exception, a request that leaves the site."""
    context = browser.new_context(bypass_csp=True, viewport={"width": 1000, "height": 640},
                                  **context_options)
    page = context.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: None if request.url.startswith(site) else errors.append(
        "a request off the site: " + request.url))
    page.goto(site + "?seed=%d" % SEED)
    return context, Box(page), errors


@pytest.fixture
def box(browser, site):
    """The page on a laptop; the test fails on any error the page shows."""
    context, opened, errors = _open(browser, site)
    yield opened
    context.close()
    assert errors == []


@pytest.fixture
def phone(browser, site):
    """The page on a touch screen with a motion sensor."""
    context, opened, errors = _open(browser, site, has_touch=True, is_mobile=True)
    yield opened
    context.close()
    assert errors == []


def test_a_classic_round_played_by_clicking_resumes_after_a_reload(box):
    box.wait_ready()
    canvas, display = box.canvas_and_display()
    assert any(any(row) for row in display)
    assert canvas == display
    steps = 0
    while box.python("box._box.turn.rolls if box._box.turn else 0") < 3:
        assert box.step() and steps < ROUND_STEPS
        steps += 1
    assert box.python("box._box.game[0]") == "classic"  # the menu's choice (its name), kept in play
    box.page.wait_for_timeout(300)  # a few frames: the last save reaches the browser's storage
    before = box.python(TURN_STATE)
    box.page.evaluate("navigator.serviceWorker.ready")
    box.page.context.set_offline(True)  # the page runs from its service worker's cache now
    box.page.reload()
    box.wait_ready()
    assert box.python("box._box.phase") == PLAY
    assert box.python(TURN_STATE) == before
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    box.page.screenshot(path=str(SCREENSHOT))
    while box.step():
        steps += 1
        assert steps < ROUND_STEPS
    box.page.wait_for_timeout(300)
    assert box.python("box._box.match.over")
    canvas, display = box.canvas_and_display()
    assert canvas == display


def test_a_click_on_select_is_a_short_press_that_shows_the_games_rules_card(box):
    box.wait_ready()
    box.page.click("#select")  # pressed and released within one frame of the box
    box.page.wait_for_function("(e) => shutbox.page.firmware.evaluate(e) === 0",
                               arg="box._box.menu.card", timeout=5000)


def test_the_buzzer_plays_through_web_audio_until_muted(box):
    box.wait_ready()
    box.page.click("#select")  # the menu's click sound
    box.page.wait_for_function("shutbox.buzzer.notes > 0", timeout=5000)
    box.page.check("#mute")
    notes = box.page.evaluate("shutbox.buzzer.notes")
    box.page.click("#select")  # the card's next page, or on to the Players row
    box.page.wait_for_function("(e) => shutbox.page.firmware.evaluate(e) !== 0",
                               arg="box._box.menu.card", timeout=5000)
    box.page.wait_for_timeout(300)
    assert box.page.evaluate("shutbox.buzzer.notes") == notes


def test_house_rules_the_box_refuses_are_shown_with_its_own_words_and_not_applied(box, tmp_path):
    box.wait_ready()
    refused = '{"rules": {"preset": "thai", "dice": 1}, "players": 9}'
    expected = refusals(refused, 9, 1, scratch=str(tmp_path))
    assert expected
    box.page.fill("#config", refused)
    box.page.click("#apply")
    assert box.page.inner_text("#refusal") == "\n".join(expected)
    assert box.python("box.boots") == 1 and box.page.input_value("#config") == refused
    box.page.fill("#config", '{"players": 2}')
    box.page.select_option("#layout", "2 rows of 9")
    box.page.select_option("#preset", "young-players")
    box.page.click("#apply")
    box.wait_ready(power_ons=2)
    assert box.page.inner_text("#refusal") == ""
    assert box.page.locator(".flap").count() == 18
    assert box.python("[box._box.devices.flaps.tiles, box._box.devices.flaps.row_count]") == [9, 2]
    box.page.reload()
    box.wait_ready()
    assert box.page.locator(".flap").count() == 18
    assert box.python("box._box.menu.name()") == "young-players"


def test_shaking_the_phone_rolls_the_dice(phone):
    phone.wait_ready()
    phone.hold("#ok", LONG_PRESS_MS)
    phone.page.wait_for_timeout(300)
    phone.page.click("#ok")  # "ok to play": every turn waits for it
    phone.page.wait_for_timeout(300)
    assert phone.python("[box._box.phase, box._box.turn.state]") == [PLAY, AWAIT_ROLL]
    phone.page.click("#motion")
    phone.page.wait_for_function("document.getElementById('motion').disabled")
    until_ms = phone.page.evaluate("shutbox.page.boardMs") + SHAKE_MS
    swing = 0
    while phone.page.evaluate("shutbox.page.boardMs") < until_ms:
        swing = 15 if swing <= 0 else -15  # m/s^2 each way: a hand shaking the phone
        phone.page.evaluate(MOTION, [swing, -swing, 9.8 + swing])
        phone.page.wait_for_timeout(20)
    phone.page.evaluate(MOTION, [0, 0, 9.8])  # put down
    phone.page.wait_for_function("(n) => shutbox.page.firmware.evaluate(n) === 1",
                                 arg="box._box.turn.rolls", timeout=10000)


def test_the_keys_for_tiles_past_9_are_letters_on_any_layout(box):
    """Tiles 10-24 by a-o (issue 29: shifted digits are not where a US keyboard has them
    on others): on a box of 2 rows of 9, a is flap 10, B flap 11."""
    box.wait_ready()
    box.page.select_option("#layout", "2 rows of 9")
    box.page.click("#apply")
    box.wait_ready(power_ons=2)
    before = box.python("box._box.devices.flaps.open_mask(1)")
    box.page.keyboard.press("a")
    box.page.keyboard.press("B")
    box.page.wait_for_function("(e) => shutbox.page.firmware.evaluate(e) === %d" % (before & ~0b11),
                               arg="box._box.devices.flaps.open_mask(1)", timeout=5000)

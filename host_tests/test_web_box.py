"""The browser box (web/) in a real browser: Debian's chromium driven by Playwright, the page
served from 127.0.0.1 as `make web` serves it. A classic round is played by clicking the
page's flaps and holding its shake and ok buttons; the OLED canvas is checked against the
simulated display's pixels; a reload mid-round (a power cut), offline, resumes the match;
house rules the box refuses are shown in its words; a phone's own motion rolls the dice. Any
error in the browser's console fails the test. It saves a screenshot to build/web-box.png;
with SHUTBOX_SCREENSHOT=1 to docs/web-box.png, the picture the README shows.

The tests drive the box's clock (Box): the box runs only when a test lets it, as fast as the
machine allows, a frame at a time as a slow tab's; the two that read what every frame said
(the heard text after a roll and after a resume) and the phone's shake (real-time motion
events) run it on the real clock where that matters. The browser is launched once a worker
(conftest.py's `browser`); the laptop tests load the page afresh in one kept tab, its storage
emptied between them (`box`), the others each in a context of their own.

A missing chromium or Playwright skips it, or fails it when SHUTBOX_REQUIRE_MICROPYTHON=1
(`make test`, which installs both).
"""

import functools
import http.server
import json
import os
import pathlib
import re
import threading
import time

import pytest
from app.core import FINISHED, MENU, PLAY, SETUP
from app.roller import IDLE
from game.turn import AWAIT_MOVE, AWAIT_ROLL

from board_sim.browser.page_box import refusals
from tools.build import serve_web
from tools.build import web as build_web
from tools.build.list_presets import DESCRIPTIONS

ROOT = pathlib.Path(__file__).resolve().parent.parent

CHROMIUM = "/usr/bin/chromium"
SCREENSHOT = ROOT / ("docs" if os.environ.get("SHUTBOX_SCREENSHOT") == "1" else "build") / "web-box.png"
SEED = 5
GIVE_UP_S = 120  # a bound on waiting for the page (a busy machine may take long), not a timing
STEP_MS = 60
SHAKE_MS = 600  # the page's tap on Shake (box.mjs's TAP_SHAKE_MS; hal.shake rolls after 400)
LONG_PRESS_MS = 1200
ROUND_STEPS = 600
# The App's state a resumed box must show again: (player, open tiles, rolls, roll total, totals).
TURN_STATE = ("[box._box.player, box._box.turn.open_mask, box._box.turn.rolls, "
              "box._box.turn.total, list(box._box.match.totals)]")
MOTION = """([x, y, z]) => window.dispatchEvent(new DeviceMotionEvent("devicemotion",
    {accelerationIncludingGravity: {x, y, z}, interval: 16}))"""
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"  # pinned in package.json
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
AXE_REPORTS = ROOT / "build"  # web-axe-menu.json, web-axe-play.json: every violation axe-core found
PHONE = {"width": 390, "height": 844}
FINGER_PX = 44  # the smallest target a finger hits surely (CSS px)
# Every control the page shows: [name, width, height] (a checkbox's target is its label).
TARGETS = """() => [...document.querySelectorAll("button, select, textarea, input, a[href], summary")]
    .filter((control) => control.getClientRects().length > 0)
    .map((control) => {
        const target = control.matches("input[type=checkbox]") ? control.closest("label") : control;
        const {width, height} = target.getBoundingClientRect();
        return [control.id || "flap " + control.dataset.flap, width, height];
    })"""
# The service worker of the build whose cache is "shutbox-new" has taken over, the others gone.
NEW_BUILD_ACTIVE = """async () => {
    const worker = await navigator.serviceWorker.getRegistration();
    return (await caches.keys()).join() === "shutbox-new" && worker.active.state === "activated"
        && worker.installing === null && worker.waiting === null;
}"""
# A wait that drives the box's clock (Box.run_until_page): a frame more of the box's time (the
# most a frame may run it, box.mjs's MAX_FRAME_MS) each time the condition is checked false.
RUN_UNTIL = """(arg) => {
    if ((%s)(arg)) return true;
    if (shutbox.page.testMs === 0) shutbox.page.testMs = 100;
    return false;
}"""
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


@pytest.fixture
def slow_site(tmp_path):
    """The page served from a folder of its own by a server that can hold every answer back (a
    connection that hangs): (URL, the gate that lets answers through while set, the folder)."""
    build_web.build(tmp_path)
    gate = threading.Event()
    gate.set()

    class Handler(serve_web.PageHandler):
        def do_GET(self):  # noqa: N802 (the base class's name)
            gate.wait(60)
            super().do_GET()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield "http://127.0.0.1:%d/" % server.server_address[1], gate, tmp_path
    gate.set()
    server.shutdown()
    server.server_close()


def launched_browser():
    """Debian's chromium, launched by Playwright for conftest.py's `browser` fixture: once a
    worker for every browser test (a launch costs some 0.5 CPU s; each test's own context, its
    storage and its pages, is fresh)."""
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
    """The page, and the firmware inside it through window.shutbox. The test drives the box's
    clock (the page opened with ?clock=test: box.mjs's page.testMs): the box stands still while
    the test looks and decides, and runs on, a frame at a time (each at most 100 ms of its
    time, as a slow tab's), for as long as the test says (run_for) or waits on it (run_until),
    as fast as the machine allows. What the box sees is its own time, as before: a press held
    for so many of its ms, its ticks every 5 ms of it; but that time is spent only where the
    test needs it, never while a loaded machine keeps the test waiting, and a wait on the real
    clock (a few frames, 300 ms) is now one on the box's. With driven False the box runs on
    the real clock, as on a visitor's page."""

    def __init__(self, page):
        self.page = page
        self.power_ons = 0
        self.confirms = True  # the answer to the page's questions (confirm())
        self.driven = True  # set again at each power-on

    def wait_ready(self):
        """Wait until the page has powered the box on once more (each power-on is a page load),
        shown its OLED and wired its controls (box.mjs's main() done: shutbox.ready), and let
        it run 200 ms of its time (its menu drawn whole); the test drives its clock, unless
        driven is False."""
        self.power_ons += 1
        self.page.wait_for_function("(n) => window.shutbox && shutbox.page.powerOns === n && "
                                    "shutbox.page.timeToMenuMs !== null", arg=self.power_ons)
        self.drive_clock(self.driven)
        self.run_for(200)

    def drive_clock(self, driven):
        """The test drives the box's clock from now on (and after each power-on), or the box
        runs on the real clock (driven False)."""
        self.driven = driven
        self.page.evaluate("(driven) => shutbox.ready.then(() => { shutbox.page.testMs = driven ? 0 : null; })",
                           driven)

    def run_for(self, ms):
        """Let the box run on for ms of its own time: what it was given is done (a press seen,
        a save written and kept in the browser's storage)."""
        if self.driven:
            self.page.evaluate("(ms) => { shutbox.page.testMs += ms; }", ms)
            self.page.wait_for_function("shutbox.page.testMs === 0")
        else:
            until_ms = self.page.evaluate("shutbox.page.boardMs") + ms
            self.page.wait_for_function("(until) => shutbox.page.boardMs >= until", arg=until_ms)

    def run_until(self, expression):
        """Let the box run on until a Python expression in the page's firmware is true."""
        self.run_until_page("(e) => shutbox.page.firmware.evaluate(e)", expression)

    def until_told(self, test, arg=None):
        """Let the box run on until its display says what test (a JavaScript function of the
        text, and of arg) accepts (box.mjs's page.heard), then wait, the box standing still,
        until the page's live region tells it (the text once steady for STEADY_MS of real
        time): the box's time spent on the same whatever the machine's pace."""
        self.run_until_page("(arg) => (%s)(shutbox.page.heard, arg)" % test, arg)
        self.page.wait_for_function("(arg) => (%s)(document.getElementById('status').textContent, arg)" % test,
                                    arg=arg)

    def run_until_page(self, condition, arg=None):
        """Let the box run on until condition, a JavaScript function of arg, is true: checked
        at every frame, each frame given another of the box's time while it is false."""
        self.page.wait_for_function(RUN_UNTIL % condition, arg=arg)

    def restart_by(self, selector):
        """Click a control that restarts the box (the page reloads), and wait for its menu."""
        with self.page.expect_navigation():
            self.page.click(selector)
        self.wait_ready()

    def until(self, condition, timeout_s=GIVE_UP_S):
        """Wait until `condition`, an async function of the page, resolves true
        (wait_for_function would take its promise for true)."""
        deadline = time.monotonic() + timeout_s
        while not self.page.evaluate(condition):
            assert time.monotonic() < deadline, "never true: " + condition
            self.page.wait_for_timeout(100)

    def inputs(self):
        """What the page passed to the box since the last call: [what, which, on]."""
        return self.page.evaluate("shutbox.page.inputs.splice(0)")

    def python(self, expression):
        return self.page.evaluate("(e) => shutbox.page.firmware.evaluate(e)", expression)

    def hold(self, selector, ms):
        """Hold a button down for ms of the box's time, then let it see the release (STEP_MS:
        a finger's next press is never at the same instant, which its debouncing would drop)."""
        self.page.locator(selector).hover()
        self.page.mouse.down()
        self.run_for(ms)
        self.page.mouse.up()
        self.run_for(STEP_MS)

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
            self.hold("#shake", SHAKE_MS)  # the dice land in a later step (the roller not idle till then)
        elif phase == PLAY and roller == IDLE and turn_state == AWAIT_MOVE and legal:
            self.click_flap(row * tiles + legal.bit_length())
        else:
            assert phase in (SETUP, PLAY)
        self.run_for(STEP_MS)
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
    context_options.setdefault("viewport", {"width": 1000, "height": 640})
    return _open_in(browser.new_context(bypass_csp=True, **context_options), site)


def _open_in(context, site):
    context.set_default_timeout(GIVE_UP_S * 1000)  # Playwright's waits (30 s unless told)
    opened, errors, _ = _watch(context.pages[0] if context.pages else context.new_page(), site)
    return context, opened, errors


def _watch(page, site):
    """Load the page on the site in page (a tab), its errors noted: any console error, an
    uncaught exception, a request that leaves the site. (Box, errors, the listeners added)."""
    errors = []
    opened = Box(page)
    listeners = [
        ("console", lambda message: errors.append(message.text) if message.type == "error" else None),
        ("pageerror", lambda error: errors.append(str(error))),
        ("request", lambda request: None if request.url.startswith(site) else errors.append(
            "a request off the site: " + request.url)),
        ("dialog", lambda dialog: dialog.accept() if opened.confirms else dialog.dismiss()),
    ]
    for event, listener in listeners:
        page.on(event, listener)
    page.goto(site + "?seed=%d&clock=test" % SEED)  # the box stands still till the test runs it
    return opened, errors, listeners


# What the page keeps in the browser, emptied after each test in the kept tab (`box`).
EMPTY_STORAGE = """async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const worker of await navigator.serviceWorker.getRegistrations()) await worker.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
    return localStorage.length + sessionStorage.length + (await caches.keys()).length
        + (await navigator.serviceWorker.getRegistrations()).length;
}"""


LAPTOP = {"viewport": {"width": 1000, "height": 640}}
PHONE_CONTEXT = {"has_touch": True, "is_mobile": True, "device_scale_factor": 3, "viewport": PHONE}


def _kept_tab(browser, options):
    context = browser.new_context(bypass_csp=True, **options)
    context.set_default_timeout(GIVE_UP_S * 1000)
    return [context, context.new_page()]


@pytest.fixture(scope="module")
def laptop_tab(browser):
    """A tab kept for the module's laptop tests (`box`): [its context, the tab]. Each test loads
    the page in it afresh (a new document, a fresh interpreter), the page's storage (local and
    session storage, the service worker, its caches) emptied after the previous test; what is
    kept is the tab's renderer, the HTTP cache and the compiled WebAssembly of the same build: a
    load in a new tab took 2.2 to 2.4 CPU s, one in a kept tab 0.7 to 0.8."""
    kept = _kept_tab(browser, LAPTOP)
    yield kept
    kept[0].close()


@pytest.fixture(scope="module")
def phone_tab(browser):
    """A tab kept for the module's phone tests (`phone`), as laptop_tab."""
    kept = _kept_tab(browser, PHONE_CONTEXT)
    yield kept
    kept[0].close()


def _in_kept_tab(browser, kept, options, site):
    """The page loaded afresh in a kept tab ([context, tab]), for one test: yields its Box, then
    empties what the page keeps in the browser (a new context for the next test when that
    fails) and fails the test on any error the page showed."""
    context, page = kept
    opened, errors, listeners = _watch(page, site)
    yield opened
    for event, listener in listeners:
        page.remove_listener(event, listener)
    try:
        context.set_offline(False)
        # Off the box's page first, to another document of its site: a box still running on the
        # real clock (the phone's shake) saved its match again between the emptying and its check.
        page.goto(site + "icon.svg")
        left = page.evaluate(EMPTY_STORAGE)
        page.goto("about:blank")
    except Exception as error:  # any failure: the next test gets a new context
        left = str(error)
    if left != 0:  # not emptied: the next test starts in a context of its own
        context.close()
        kept[:] = _kept_tab(browser, options)
    assert errors == [] and left == 0, (errors, left)


@pytest.fixture
def box(browser, laptop_tab, site):
    """The page on a laptop, in the kept tab; the test fails on any error the page shows."""
    yield from _in_kept_tab(browser, laptop_tab, LAPTOP, site)


@pytest.fixture
def fresh_box(browser, site):
    """The page on a laptop in a context of its own (a test that adds a script to every load
    of its tab); the test fails on any error the page shows."""
    context, opened, errors = _open(browser, site)
    yield opened
    context.close()
    assert errors == []


@pytest.fixture(scope="module")
def drawing_page(browser, site):
    """One page, its box ready, for the tests that only draw a simulated box's game with the
    page's scoreboard.mjs (on a copy of its table, removed after): they change nothing of the
    page or its box, so they share it (a page and its box's boot less each): (Box, errors)."""
    context, opened, errors = _open(browser, site)
    opened.wait_ready()
    yield opened, errors
    context.close()


@pytest.fixture
def drawing_box(drawing_page):
    """The shared drawing page's Box; the test fails on any error the page showed meanwhile."""
    opened, errors = drawing_page
    yield opened
    seen = errors[:]
    errors.clear()
    assert seen == []


@pytest.fixture
def phone(browser, phone_tab, site):
    """The page on a phone (390x844 CSS px, 3 device pixels each) with a motion sensor, in the
    kept phone tab; the test fails on any error the page shows."""
    yield from _in_kept_tab(browser, phone_tab, PHONE_CONTEXT, site)


def test_a_classic_round_played_by_clicking_resumes_after_a_reload(box):
    """A classic round played by clicking, a reload mid-round (a power cut, offline: the page
    from its service worker's cache) resumes it, played to its end; the canvas is the
    simulated display's pixels at the start and the end. The box's clock is the test's (Box): the match takes the
    box's time its moves need, run a frame at a time as fast as the machine allows, not the
    real seconds (15 to 25 of them, more on a busy machine) the test spent waiting on it before;
    every click, press and save reaches the box as it did."""
    box.wait_ready()
    canvas, display = box.canvas_and_display()
    assert any(any(row) for row in display)
    assert canvas == display
    steps = 0
    while box.python("box._box.turn.rolls if box._box.turn else 0") < 3:
        assert box.step() and steps < ROUND_STEPS
        steps += 1
    assert box.python("box._box.game[0]") == "classic"  # the menu's choice (its name), kept in play
    box.run_for(300)  # a few frames: the last save reaches the browser's storage
    before = box.python(TURN_STATE)
    box.page.evaluate("navigator.serviceWorker.ready")
    box.page.context.set_offline(True)  # the page runs from its service worker's cache now
    box.page.reload()
    box.wait_ready()
    assert box.python("box._box.phase") == PLAY
    assert box.python(TURN_STATE) == before
    box.until_told("(text) => text.startsWith('Player')")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    box.page.screenshot(path=str(SCREENSHOT))
    while box.step():
        steps += 1
        assert steps < ROUND_STEPS
    box.run_for(300)
    assert box.python("box._box.match.over")
    canvas, display = box.canvas_and_display()
    assert canvas == display


def test_a_reload_mid_turn_keeps_playing_to_win_and_the_turns_review(box):
    """Player 2 of 2, hints on (the menu's switch): a roll and a move, then a reload (the box's
    power cut): the hints still play to win, told in the live region too, and the review of
    the turn, moves before the reload included, comes at its end. The box's clock is the
    test's (Box): player 1's turn and the coach's sums take the box's time they need, run as
    fast as the machine allows, where they took 23 to 54 real seconds."""
    box.wait_ready()
    for _ in range(12):  # past the Game row's rules card to the Hints row
        if box.python("box._box.menu.row") == 2:
            break
        box.hold("#select", STEP_MS)  # a press the box's clock sees whole, however loaded the machine
        box.run_for(100)
    assert box.python("box._box.menu.row") == 2
    box.hold("#ok", STEP_MS)
    box.run_until("box._box.menu.hints_on")
    moved = ("box._box.phase == %d and box._box.player == 1 and box._box.turn.moves_made >= 1 and "
             "box._box.turn.state in (%d, %d) and box._box.roller.state == %d" % (PLAY, AWAIT_ROLL, AWAIT_MOVE, IDLE))
    steps = 0
    while not box.python(moved):
        if box.python("box._box.phase == %d" % FINISHED):  # player 1 shut the box (the dice are the page's)
            box.hold("#select", LONG_PRESS_MS)  # to the menu (hints stay on), then another match
        elif box.python("box._box.phase != %d and box._box.player == 1 and not box._box.hints.winning" % MENU):
            box.run_for(100)  # player 2's chance of winning, ready before the roll
        else:
            box.step()
        steps += 1
        assert steps < 2 * ROUND_STEPS
    review = ("[box._box.hints.review.objective] + [[r.totals[i], r.before[i], r.best[i]] "
              "for r in [box._box.hints.review] for i in range(r.count)]")
    before = box.python(review)
    entries = box.python("box._box.turn.moves_made + (box._box.turn.state == %d)" % AWAIT_MOVE)
    assert before[0] == 2 and len(before) == 1 + entries  # in the chance of winning, each roll moved on
    spoken = "(text) => /\\bwin\\b/.test(text)"
    box.until_told(spoken)
    box.run_for(300)  # a few frames: the save reaches the browser's storage
    box.page.reload()
    box.wait_ready()
    box.run_until("box._box.hints.winning and box._box.hints._replaying < 0")
    assert box.python(review) == before
    box.until_told(spoken)
    while box.step():
        steps += 1
        assert steps < 2 * ROUND_STEPS
    box.until_told("(text) => text.startsWith('Review P2')")
    assert box.python("len(%s) - 1 == box._box.turn.moves_made" % review)


def test_the_box_restarts_any_number_of_times_in_one_page_life_then_plays_a_whole_match(box):
    """Three restarts (apply, a new layout, wipe), each a fresh interpreter in the same tab, then
    a whole match on 12 tiles with no fault restart. The box's clock is the test's (Box): the match takes the
    box's time its moves need, run a frame at a time as fast as the machine allows, not the
    real seconds (15 to 25 of them, more on a busy machine) the test spent waiting on it before;
    every click, press and save reaches the box as it did."""
    box.wait_ready()
    box.page.fill("#config", '{"rules": {"preset": "classic"}, "players": 1}')
    box.restart_by("#apply")
    box.page.select_option("#layout", "12 tiles (74HC165)")
    box.restart_by("#apply")
    box.restart_by("#wipe")
    assert box.page.locator(".flap").count() == 12
    assert box.python("[box._box.devices.flaps.tiles, len(box._box.match.totals) if box._box.match else 1]") == [12, 1]
    assert box.python("__import__('os').listdir('/')")  # the interpreter's own os, whole
    steps = 0
    while box.step(tiles=12):
        steps += 1
        assert steps < ROUND_STEPS
    assert box.python("box._box.match.over")
    assert box.python("box.boots") == 1  # no fault restarted the box


def test_only_the_keys_the_page_lists_act_each_once_and_focused_controls_keep_theirs(box):
    box.wait_ready()
    listed = box.page.eval_on_selector_all("#keys kbd", "(keys) => keys.map((key) => key.textContent)")
    assert set(listed) == set("19ao") | {"Space", "s", "z", "x", "Enter"}  # 1-9, a-o: ranges
    for key in ("Tab", "Shift", "Control", "Alt", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
                "Escape", "Backspace", "PageDown", "F2", "0", "-", "=", "a", "q", "Control+Digit2"):
        box.page.keyboard.press(key)
    box.run_for(200)
    box.page.evaluate("document.activeElement.blur()")  # Tab moved the focus to a control
    assert box.inputs() == []  # 9 tiles: a is tile 10, which this box has not
    assert box.python("box.board.shut_tiles()") == []
    for place, key in enumerate("123456789", start=1):
        box.page.keyboard.press(key)
        assert box.inputs() == [["flap", place, True]]
    assert box.python("sorted(box.board.shut_tiles())") == list(range(1, 10))
    for key, what in (("Enter", "ok"), ("x", "ok"), ("z", "select"), ("Space", "shake"), ("s", "shake")):
        box.page.keyboard.press(key)
        assert box.inputs() == [[what, what, True], [what, what, False]], key
    box.page.keyboard.down("z")
    box.page.keyboard.down("z")  # a key's repeat acts not again
    box.page.keyboard.up("z")
    assert box.inputs() == [["select", "select", True], ["select", "select", False]]
    box.page.focus("#config")
    box.page.keyboard.type("1 zx")
    box.page.keyboard.press("Enter")
    box.page.focus("#mute")
    box.page.keyboard.press("Space")  # the checkbox's own key: it ticks
    assert box.inputs() == [] and box.page.is_checked("#mute")
    box.page.focus("#select")
    box.page.keyboard.press("Enter")  # the focused button's own key: a press of that button
    box.page.keyboard.press("Space")
    assert box.inputs() == [["select", "select", True], ["select", "select", False]] * 2


def test_a_click_on_select_is_a_short_press_that_shows_the_games_rules_card(box):
    box.wait_ready()
    box.page.click("#select")  # pressed and released within one frame of the box
    box.run_until("box._box.menu.card == 0")


def test_the_buzzer_plays_through_web_audio_until_muted(box):
    box.wait_ready()
    box.page.click("#select")  # the menu's click sound
    box.run_until_page("() => shutbox.buzzer.notes > 0")
    box.page.check("#mute")
    notes = box.page.evaluate("shutbox.buzzer.notes")
    box.page.click("#select")  # the card's next page, or on to the Players row
    box.run_until("box._box.menu.card != 0")
    box.run_for(300)
    assert box.page.evaluate("shutbox.buzzer.notes") == notes


def test_house_rules_the_box_refuses_are_shown_with_its_own_words_and_not_applied(box, tmp_path):
    box.wait_ready()
    refused = '{"rules": {"preset": "thai", "dice": 1}, "players": 9}'
    expected = refusals(refused, 9, 1, scratch=str(tmp_path))
    assert expected
    box.page.fill("#config", refused)
    box.page.click("#apply")
    assert expected == ["config.json: rules: move 'thai' reads two dice, but electronic-dice gives 1 die",
                        "config.json: players must be 1..8, got 9"]  # (no "playing classic": not applied)
    assert box.page.inner_text("#refusal") == "\n".join(
        [*expected, "Not applied: the box keeps its game, classic, and its settings."])
    for text, said in (("[]", "config.json: must hold a JSON object"),
                       ('{"rules": {"preset": "the-300"}}', "the-300: needs 24 tiles, the box has 9")):
        assert refusals(text, 9, 1, scratch=str(tmp_path)) == [said]  # (not "using the defaults")
    assert box.python("box.boots") == 1 and box.page.input_value("#config") == refused
    box.page.fill("#config", '{"players": 2}')
    box.page.select_option("#layout", "2 rows of 9")
    box.page.select_option("#preset", "young-players")
    box.restart_by("#apply")
    assert box.page.inner_text("#refusal") == ""
    assert box.page.locator(".flap").count() == 18
    assert box.python("[box._box.devices.flaps.tiles, box._box.devices.flaps.row_count]") == [9, 2]
    box.page.reload()
    box.wait_ready()
    assert box.page.locator(".flap").count() == 18
    assert box.python("box._box.menu.name()") == "young-players"


def to_the_first_roll(box):
    """From the menu to the first turn's first roll: start (a long ok), then "ok to play"."""
    box.wait_ready()
    box.hold("#ok", LONG_PRESS_MS)
    box.run_until("box._box.phase == %d" % SETUP)
    box.page.click("#ok")  # every turn waits for it
    box.run_until("[box._box.phase, box._box.turn.state] == [%d, %d]" % (PLAY, AWAIT_ROLL))


def test_shaking_the_phone_rolls_the_dice(phone):
    to_the_first_roll(phone)
    phone.drive_clock(False)  # a hand's swings every 20 ms of real time, as the box's sensor feels them
    phone.page.click("#motion")
    phone.run_until_page("() => document.getElementById('motion').disabled")
    until_ms = phone.page.evaluate("shutbox.page.boardMs") + SHAKE_MS
    swing = 0
    while phone.page.evaluate("shutbox.page.boardMs") < until_ms:
        swing = 15 if swing <= 0 else -15  # m/s^2 each way: a hand shaking the phone
        phone.page.evaluate(MOTION, [swing, -swing, 9.8 + swing])
        phone.page.wait_for_timeout(20)
    phone.page.evaluate(MOTION, [0, 0, 9.8])  # put down
    phone.run_until("box._box.turn.rolls == 1")


def test_every_control_of_every_box_is_a_finger_wide_on_a_phone_with_no_sideways_scroll(phone):
    phone.wait_ready()
    for layout in build_web.layouts():
        if phone.page.input_value("#layout") != layout["name"]:
            phone.page.select_option("#layout", layout["name"])
            phone.restart_by("#apply")
        assert phone.page.locator(".flap").count() == layout["tiles"] * layout["rows"]
        small = [target for target in phone.page.evaluate(TARGETS)
                 if target[1] < FINGER_PX or target[2] < FINGER_PX]
        assert small == [], layout["name"]
        assert phone.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), layout["name"]
        if layout["rows"] == 1 and layout["tiles"] in (9, 12, 24):
            phone.page.evaluate("window.scrollTo(0, 0)")
            phone.until_told("(text) => text.includes('SHUT THE BOX')")
            phone.page.screenshot(path=str(SCREENSHOT.parent / ("web-phone-%d.png" % layout["tiles"])))


def test_a_tap_on_shake_rolls_the_dice(phone):
    to_the_first_roll(phone)
    phone.page.tap("#shake")
    phone.run_until("box._box.turn.rolls == 1")


def test_the_lights_are_explained_the_hint_is_marked_and_the_display_is_told_in_words(box):
    box.wait_ready()
    assert [option.strip() for option in box.page.eval_on_selector_all(
        "#layout option", "(options) => options.map((option) => option.textContent)")] == [
        layout["label"] for layout in build_web.layouts()]
    assert not any(chip in box.page.inner_text("#layout") for chip in ("74HC165", "MCP23017"))
    legend = box.page.inner_text("#lights")
    assert all(colour in legend for colour in ("green", "blue", "red", "amber", "menu"))
    assert box.page.get_attribute("#flaps", "role") == "group"
    assert box.page.get_attribute("#oled", "role") == "img"
    box.until_told("(text) => text.includes('SHUT THE BOX')")
    assert "Game classic" in box.page.inner_text("#status")
    box.page.fill("#config", '{"rules": {"preset": "classic"}, "players": 1, "hints": true}')
    box.restart_by("#apply")
    box.hold("#ok", LONG_PRESS_MS)  # start: hints on, as config.json says
    box.run_until("box._box.phase == %d" % SETUP)
    box.page.click("#ok")  # "ok to play": every turn waits for it
    box.run_until("box._box.phase == %d" % PLAY)
    box.hold("#shake", SHAKE_MS)
    box.run_until("box._box.turn.rolls == 1 and box._box.roller.state == %d" % IDLE)
    hint = box.python("box._box.hint")
    assert hint
    box.run_until_page("() => document.querySelectorAll('.flap[data-light=\"hint\"]').length > 0")
    marked = box.page.eval_on_selector_all(
        ".flap", "(flaps) => flaps.map((flap) => [flap.dataset.light, flap.lastElementChild.textContent, "
        "flap.getAttribute('aria-label')])")
    for tile, (light, mark, label) in enumerate(marked, start=1):
        if hint >> (tile - 1) & 1:
            assert (light, mark, label) == ("hint", "\u2605", "tile %d, the hint" % tile)
        else:
            assert light != "hint" and mark != "\u2605"
    dice = box.python("list(box._box.dice[:box._box.dice_count])")
    spoken = "Dice: " + " and ".join(str(value) for value in dice)
    box.until_told("(text, words) => text.includes(words)", arg=spoken)
    told = box.page.inner_text("#status")
    assert "Player 1 = %d" % sum(dice) in told and "%" in told
    box.click_flap(1)
    assert box.page.get_attribute('.flap[data-flap="1"]', "aria-pressed") == "true"


def test_one_hints_switch_the_picker_offers_what_the_box_plays_keeps_house_rules_and_forget_asks(box):
    box.wait_ready()
    assert box.page.locator("#hints").count() == 0  # the box's menu is the one switch
    assert box.page.is_hidden("#unapplied")  # the page shows the box's own files
    offered = "(options) => options.map((option) => option.value)"
    for layout in build_web.layouts():
        box.page.select_option("#layout", layout["name"])
        playable = [preset["name"] for preset in build_web.presets() if layout["name"] in preset["boxes"]]
        assert box.page.eval_on_selector_all("#preset option", offered) == [""] + playable
    assert "the-300" not in playable and "young-players" in playable  # the last: 2 rows of 12
    assert box.page.is_visible("#unapplied")  # a box chosen, not applied: the page says so
    box.page.select_option("#layout", "9 tiles")
    assert box.page.is_hidden("#unapplied")
    house = '{"rules": {"preset": "classic", "dice": 1}, "players": 3}'
    box.page.fill("#config", house)
    assert box.page.input_value("#preset") == ""
    box.confirms = False
    box.page.select_option("#preset", "thai")
    assert box.page.input_value("#config") == house and box.page.input_value("#preset") == ""
    box.confirms = True
    box.page.select_option("#preset", "thai")
    assert json.loads(box.page.input_value("#config")) == {"rules": {"preset": "thai"}, "players": 3}
    box.page.select_option("#preset", "lucky-7")  # no house rules to lose: no question
    assert json.loads(box.page.input_value("#config"))["rules"] == {"preset": "lucky-7"}
    box.confirms = False
    box.page.click("#wipe")
    box.page.wait_for_timeout(300)
    assert box.page.evaluate("shutbox.page.powerOns") == box.power_ons and box.page.evaluate("shutbox.page.running")
    box.confirms = True
    box.restart_by("#wipe")


def test_the_scoreboard_and_the_rules_card_follow_the_game(box):
    box.wait_ready()
    box.run_until_page("() => document.querySelector('#rules-card .name').textContent === 'classic'")
    assert box.page.inner_text("#rules-card .text") == DESCRIPTIONS["classic"]
    assert "In the menu: classic" in box.page.inner_text("#scoreboard .state")
    box.hold("#ok", LONG_PRESS_MS)  # 2 players, as config.json says
    box.run_until_page("() => document.querySelectorAll('#scoreboard tbody tr').length === 2")
    assert "round 1: player 1 to play" in box.page.inner_text("#scoreboard .state")
    steps = 0
    while box.python("box._box.player == 0 and not box._box.match.over"):  # a shut box ends it at once
        assert box.step() and steps < ROUND_STEPS
        steps += 1
    totals, over = box.python("[list(box._box.match.totals), box._box.match.over]")
    box.run_until_page("(words) => document.querySelector('#scoreboard .state').textContent.includes(words)",
                               arg="the match is over" if over else "player 2 to play")
    rows = box.page.eval_on_selector_all("#scoreboard tbody tr", "(rows) => rows.map((row) => [row.cells[0].textContent, "
                                         "row.cells[1].textContent, row.getAttribute('aria-current')])")
    # Over in player 1's turn (a shut box): player 2 never threw, shown so ("-"), not as a 0
    second = ["Player 2", "-", None] if over else ["Player 2 (to play)", str(totals[1]), "true"]
    assert rows == [["Player 1", str(totals[0]), None], second]


def test_the_page_installs_and_runs_from_its_cache_first_and_a_new_build_comes_in_the_background(browser, slow_site):
    url, gate, folder = slow_site
    # A profile on disk, as a visitor's: Chrome installs no app from an off-the-record one.
    context, box, errors = _open_in(browser.browser_type.launch_persistent_context(
        folder.parent / "profile", executable_path=CHROMIUM, args=["--no-sandbox"], bypass_csp=True), url)
    box.wait_ready()
    box.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    devtools = context.new_cdp_session(box.page)
    manifest = devtools.send("Page.getAppManifest")
    assert manifest["errors"] == []
    fields = json.loads(manifest["data"])
    assert fields["display"] == "standalone" and fields["theme_color"] and fields["icons"]
    assert box.page.get_attribute('meta[name="theme-color"]', "content") == fields["theme_color"]
    assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    gate.clear()  # the connection hangs: the page comes from the cache, at once
    box.page.reload()
    box.wait_ready()
    gate.set()
    context.set_offline(True)
    box.page.reload()
    box.wait_ready()
    context.set_offline(False)
    page = folder / "index.html"
    page.write_text(page.read_text().replace("<title>shutbox:", "<title>shutbox (new build):"))
    worker = folder / "sw.js"
    worker.write_text(re.sub(r'const VERSION = "\w+";', 'const VERSION = "new";', worker.read_text()))
    box.page.reload()  # served from the cache; the new build installs in the background
    box.wait_ready()
    assert box.page.title().startswith("shutbox:")
    box.until(NEW_BUILD_ACTIVE)
    box.page.reload()
    box.wait_ready()
    assert box.page.title().startswith("shutbox (new build):")
    context.close()
    assert errors == []


@pytest.mark.parametrize("where", ["menu", "play", "phone"])
def test_axe_core_finds_no_serious_accessibility_violation(browser, site, where):
    """WCAG 2.0-2.2 A and AA (target sizes included) and axe's best practices: in the menu and
    in play on a laptop, and on a phone with the box of 24 tiles."""
    if not AXE.exists():
        _require("axe-core (npm ci)", AXE)
    if where == "phone":
        context, box, errors = _open(browser, site, has_touch=True, is_mobile=True, viewport=PHONE)
    else:
        context, box, errors = _open(browser, site)
    box.wait_ready()
    if where == "play":
        box.hold("#ok", LONG_PRESS_MS)
        box.run_until("box._box.phase == %d" % SETUP)
        box.page.click("#ok")  # "ok to play": every turn waits for it
        box.hold("#shake", SHAKE_MS)
        box.run_until("box._box.turn.rolls == 1")
    if where == "phone":  # the box of 24 tiles, as a choice kept from an earlier visit
        box.page.evaluate("localStorage.setItem('shutbox:layout', JSON.stringify('24 tiles (74HC165)'))")
        box.page.reload()
        box.page.wait_for_function("window.shutbox && shutbox.page.timeToMenuMs !== null")
        assert box.page.locator(".flap").count() == 24
    box.page.add_script_tag(path=str(AXE))
    violations = box.page.evaluate("axe.run(document, {runOnly: {type: 'tag', values: %s}})"
                                   ".then((results) => results.violations)" % json.dumps(AXE_TAGS))
    AXE_REPORTS.mkdir(parents=True, exist_ok=True)
    (AXE_REPORTS / ("web-axe-%s.json" % where)).write_text(json.dumps(violations, indent=1))
    serious = [(violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]])
               for violation in violations if violation["impact"] in ("serious", "critical")]
    context.close()
    assert serious == [] and errors == []


def test_a_config_applied_mid_match_starts_at_the_menu_its_match_forgotten_in_both_slots(box):
    """Apply starts the new file's game from the start: the match in play, kept in its two slots
    (hal.storage's /data/play/match.0 and .1), is forgotten with the menu's choices, not resumed."""
    box.wait_ready()
    box.hold("#ok", LONG_PRESS_MS)
    box.run_until("box._box.phase == %d" % SETUP)
    box.page.click("#ok")  # "ok to play"
    box.hold("#shake", SHAKE_MS)
    box.run_until("box._box.turn.rolls == 1")
    kept = "Object.keys(localStorage).filter((key) => key.includes('/data/play/'))"
    box.run_until_page("() => %s.length == 2" % kept)  # the match's start and its roll: a slot each
    box.page.fill("#config", '{"players": 2}')
    box.restart_by("#apply")
    assert box.python("[box._box.phase, box._box.match is None]") == [MENU, True]
    assert box.page.evaluate(kept) == []


def test_the_keys_for_tiles_past_9_are_letters_on_any_layout(box):
    """Tiles 10-24 by a-o (issue 29: shifted digits are not where a US keyboard has them
    on others): on a box of 2 rows of 9, a is flap 10, B flap 11."""
    box.wait_ready()
    box.page.select_option("#layout", "2 rows of 9")
    box.restart_by("#apply")
    before = box.python("box._box.devices.flaps.open_mask(1)")
    box.page.keyboard.press("a")
    box.page.keyboard.press("B")
    box.run_until("box._box.devices.flaps.open_mask(1) == %d" % (before & ~0b11))


SCOREBOARD_OF = """async (game) => {
    const { showScoreboard } = await import("./scoreboard.mjs");
    const board = document.getElementById("scoreboard").cloneNode(true);
    board.id = "scoreboard-of-a-sim";
    document.body.append(board);
    showScoreboard(game, board);
    const read = [board.querySelector(".state").textContent,
                  [...board.querySelectorAll("tbody tr")].map((row) => [...row.cells].map((cell) => cell.textContent))];
    board.remove();
    return read;
}"""


def _scoreboard_of(box, app):
    """The page's scoreboard of a simulated box's App (game_summary's JSON, as the page gets
    it): (the state's words, each row's cells)."""
    from board_sim.browser.page_box import game_summary

    return box.page.evaluate(SCOREBOARD_OF, json.loads(json.dumps(game_summary(app))))


def test_the_scoreboard_names_the_winner_and_marks_who_never_threw(drawing_box, open_box):
    from board_sim.script_player import BoxPlayer

    box = drawing_box
    sim = open_box(seed=3, preset="classic", players=3)
    sim.dice.force((4, 5, 4, 4, 3, 4, 3, 3, 2, 3, 2, 2, 1, 2, 1, 2))  # P1 shuts the box
    assert BoxPlayer(sim).play()
    state, rows = _scoreboard_of(box, sim.app)
    assert state == "classic: the match is over. Player 1 wins."
    assert rows == [["Player 1", "0", "0"], ["Player 2", "-", "-"], ["Player 3", "-", "-"]]


TURNS_OF = """async (game) => {
    const { showScoreboard } = await import("./scoreboard.mjs");
    const board = document.getElementById("scoreboard").cloneNode(true);
    board.id = "scoreboard-of-a-sim";
    document.body.append(board);
    showScoreboard(game, board);
    const read = [...board.querySelectorAll("ol.turns li")].map((item) => item.textContent);
    board.remove();
    return read;
}"""


def test_the_scoreboard_lists_the_last_turns_as_a_pico_ws_live_scoreboard_does(drawing_box, open_box):
    from board_sim.browser.page_box import game_summary
    from board_sim.script_player import BoxPlayer

    box = drawing_box
    sim = open_box(seed=3, preset="classic", players=3)
    sim.dice.force((4, 5, 4, 4, 3, 4, 3, 3, 2, 3, 2, 2, 1, 2, 1, 2))  # P1 shuts the box
    assert BoxPlayer(sim).play()
    turns = box.page.evaluate(TURNS_OF, json.loads(json.dumps(game_summary(sim.app))))
    assert turns == ["Player 1: 4+5 shut 9, 4+4 shut 8, 3+4 shut 7, 3+3 shut 6, 2+3 shut 5, 2+2 shut 4, "
                     "1+2 shut 3, 1+2 shut 1 2 - shut"]


def test_the_scoreboard_shows_this_rounds_scores_the_score_to_beat_who_is_out_and_the_kitty(drawing_box, open_box):
    from app.core import SETUP
    from box_steps import play_until

    from board_sim.script_player import BoxPlayer

    box = drawing_box
    sim = open_box(seed=4, preset="tournament", players=3)
    view = sim.view
    play_until(BoxPlayer(sim), lambda: view.phase == SETUP and view.player == 1, 2000)
    score = view.result_score
    state, rows = _scoreboard_of(box, sim.app)
    assert state == "tournament, round 1: player 2 to play. Score to beat: %d (player 1)." % score
    assert rows == [["Player 1", "0", str(score)], ["Player 2 (to play)", "0", "-"], ["Player 3", "0", "-"]]
    sim.close()  # (one simulated board at a time)
    sim = open_box(seed=4, preset="max-penalty", players=3)
    view = sim.view
    player = BoxPlayer(sim)
    play_until(player, lambda: view.phase == SETUP and view.player == 1, 2000)
    view.match.totals[1] = 44
    sim.dice.force((1, 1) * 2)  # player 2: 2, then 2 again: the box not shut, over the most
    play_until(player, lambda: view.phase == SETUP and view.player == 2, 2000)
    assert view.result_score > 0
    assert _scoreboard_of(box, sim.app)[1][1][0] == "Player 2 (out)"
    sim.close()
    sim = open_box(seed=3, preset="canoga", players=3)
    sim.dice.force((1, 1) * 2)  # player 1: 2, then 2 again: the box not shut, the round goes on
    play_until(BoxPlayer(sim), lambda: sim.view.phase == SETUP and sim.view.player == 1, 2000)
    assert _scoreboard_of(box, sim.app)[0].endswith(" Kitty: %d chips." % sim.view.match.ledger.pot)


def test_the_spoken_text_tells_the_dice_of_the_turn_only_and_each_sentence_ends_once(box):
    to_the_first_roll(box)
    box.hold("#shake", SHAKE_MS)
    box.run_until("box._box.turn.rolls == 1 and box._box.roller.state == %d" % IDLE)
    box.until_told("(text) => text.includes('Dice: ')")
    box.hold("#select", LONG_PRESS_MS)  # leave the match?
    box.until_told("(text) => text.startsWith('Leave the match?')")
    told = box.page.inner_text("#status")
    assert "starts. Dice: " in told and ".." not in told
    box.page.click("#ok")  # to the menu
    box.run_until("box._box.phase == %d" % MENU)
    box.until_told("(text) => text.includes('SHUT THE BOX')")
    assert "Dice" not in box.page.inner_text("#status")


# Every text the page reads off the display (box.mjs's page.heard, set on each change), kept in
# window.heardLog from the page's first frame on: added before a load, it wraps the page's object
# as box.mjs hands it to window.shutbox.
HEARD_LOG = """(() => {
    window.heardLog = [];
    let handed;
    Object.defineProperty(window, "shutbox", {configurable: true, get: () => handed, set: (shutbox) => {
        let heard = shutbox.page.heard;
        Object.defineProperty(shutbox.page, "heard", {get: () => heard, set: (text) => {
            heard = text;
            window.heardLog.push(text);
        }});
        handed = shutbox;
    }});
})()"""
CHANCE_SHOWN = re.compile(r"(%|\bcalc), (?:[12]die )?(shut|win)\b|\bcalc\b")  # the chance's two rows


def _chances_heard(box):
    """What the display said of the chance, in order, each change once: "calc" (worked out
    still), "N% shut" or "N% win" (its two rows)."""
    said = []
    for text in box.page.evaluate("window.heardLog"):
        found = CHANCE_SHOWN.search(text)
        if found:
            shown = "calc" if found.group(0) == "calc" else found.group(1) + " " + found.group(2)
            if not said or said[-1] != shown:
                said.append(shown)
    return said


def _with_hints(box, preset, players, layout=None):
    """The box at the first turn of a match of preset with hints on, on the real clock from the
    match's start: what the display says is heard at every frame, as on a visitor's page
    (heardLog), none skipped as a driven frame's 100 ms might."""
    box.page.add_init_script(HEARD_LOG)
    box.wait_ready()
    if layout is not None:
        box.page.select_option("#layout", layout)
    box.page.fill("#config", json.dumps({"rules": {"preset": preset}, "players": players, "hints": True}))
    box.restart_by("#apply")
    box.drive_clock(False)
    box.hold("#ok", LONG_PRESS_MS)  # start
    box.run_until("box._box.phase == %d" % SETUP)
    box.page.click("#ok")  # ok to play
    box.run_until("box._box.phase == %d" % PLAY)


def test_the_first_roll_of_full_house_says_its_chance_of_winning_not_0_percent_shut(fresh_box):
    """Issue 45: the first roll of a full-house match showed "0% shut" (0.475 %, and about to
    be the chance of winning) for 9.5 s, then "43% win". The menu works the first seat's
    chance out while the players choose (here: the long ok that starts the match), the page's
    steps 16 times a bytecode one elsewhere (game.win_table's _PAGE_CHECKS)."""
    box = fresh_box
    _with_hints(box, "full-house", 2, "12 tiles")
    assert box.python("box._box.hints.winning")  # before the first roll
    box.hold("#shake", SHAKE_MS)
    box.run_until("box._box.turn.rolls == 1 and box._box.roller.state == %d" % IDLE)
    box.run_until_page("() => window.heardLog.some((text) => text.includes('Dice: '))")
    said = _chances_heard(box)
    assert said and all(shown.endswith("% win") for shown in said), said


def test_a_turn_resumed_after_a_reload_says_calc_not_its_shut_chance_until_its_chance_of_winning(fresh_box):
    """Issue 45: a classic turn resumed mid-turn showed "12% shut" for 1.6 s, then "57% win".
    Up to the reload only the last thing said counts: the test drives the box's clock there;
    the resumed page runs on the real clock from its first frame, each frame's display heard:
    "calc", then the chance of winning, or that alone when it was ready before the first frame
    was heard (the loop rests 1 ms while the coach works: app.core's rest_ms)."""
    box = fresh_box
    _with_hints(box, "classic", 2)
    box.drive_clock(True)
    box.run_until("box._box.hints.winning")
    box.hold("#shake", SHAKE_MS)
    box.run_until("box._box.turn.state == %d and box._box.roller.state == %d" % (AWAIT_MOVE, IDLE))
    assert _chances_heard(box)[-1].endswith("% win")
    box.run_for(300)  # a few frames: the save reaches the browser's storage
    box.driven = False
    box.page.reload()
    box.wait_ready()
    assert box.python("[box._box.phase, box._box.turn.rolls]") == [PLAY, 1]
    box.run_until("box._box.hints.winning and not box._box.dirty")
    box.run_for(300)
    said = _chances_heard(box)
    assert said in ([said[-1]], ["calc", said[-1]]) and said[-1].endswith("% win"), said

"""The live scoreboard's page (firmware/net/page.html, issue 47) as a phone shows it: Debian's
chromium driven by Playwright at 390x844, the page served by the firmware's own server on the
MicroPython unix port while the simulated box plays (host_tests/scoreboard_box.py): the
totals and this round's scores, the turns, a reconnect after the box restarts (the resumed
match), the winner, the history tab. It saves docs/screens/scoreboard.png, the README's."""

import pathlib

import pytest
from scoreboard_run import ScoreboardBox

PHONE = {"width": 390, "height": 844}
SCREENSHOT = pathlib.Path(__file__).resolve().parent.parent / "docs" / "screens" / "scoreboard.png"
WAIT_MS = 15000  # the page polls every 0.7 s; this is only how long a failing test waits


@pytest.mark.micropython
@pytest.mark.slow
def test_a_phone_follows_the_match_through_a_restart_to_its_winner(browser, tmp_path):
    from playwright.sync_api import expect

    box = ScoreboardBox(tmp_path).start()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(box.url)
        expect(page).to_have_title("shutbox: the scoreboard")
        expect(page.locator("header svg")).to_have_attribute("aria-label", "the shutbox icon")
        expect(page.locator("#game")).to_have_text("In the box's menu: classic.", timeout=WAIT_MS)

        assert box.command("turn")[0] == "1"
        expect(page.locator("#turn")).to_have_text("Player 2 to play", timeout=WAIT_MS)
        expect(page.locator("#game")).to_have_text("classic: Round 1 of 1")
        rows = page.locator("#players tbody tr")
        expect(rows).to_have_count(3)
        state = page.evaluate("fetch('/state').then((answer) => answer.json())")
        first_score = state["scores"][0]
        expect(rows.nth(0).locator("td")).to_have_text(["Player 1", "0", str(first_score)])
        expect(rows.nth(1)).to_have_class("current")
        expect(page.locator("#news")).to_contain_text("Score to beat: %d." % first_score)
        expect(page.locator("#turns li").nth(1)).to_contain_text("Player 1: ")
        played = page.locator("#turns li").nth(1).text_content()
        assert state["turns"][1]["end"] in played

        box.stop()  # the box restarts: the page says so, then shows the match resumed
        expect(page.locator("#reach")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("#reach")).to_contain_text("out of reach")
        box.start()
        expect(page.locator("#reach")).to_be_hidden(timeout=WAIT_MS)
        expect(page.locator("#turn")).to_have_text("Player 2 to play")
        expect(rows.nth(0).locator("td")).to_have_text(["Player 1", "0", str(first_score)])
        expect(page.locator("#turns li").nth(1)).to_have_text(played)
        expect(page.locator("#news")).to_contain_text("Coach:", timeout=WAIT_MS)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOT))

        winners = box.command("finish")
        state = page.evaluate("fetch('/state').then((answer) => answer.json())")
        assert state["over"] and "[%s]" % ", ".join(str(player) for player in state["winners"]) == " ".join(winners)
        best = min(state["winners"], key=lambda player: (state["totals"][player], player))  # the first standing
        expect(page.locator("#turn")).to_contain_text("Player %d win" % (best + 1), timeout=WAIT_MS)
        expect(rows.nth(0)).to_have_class("winner")
        expect(rows.nth(0).locator("td").nth(0)).to_have_text("\u2605 Player %d" % (best + 1))

        page.locator("#tab-history").click()
        expect(page.locator("#presets tbody tr td").nth(0)).to_have_text("classic", timeout=WAIT_MS)
        expect(page.locator("#presets tbody tr td").nth(1)).to_have_text("1")
        assert not errors
    finally:
        context.close()
        box.stop()

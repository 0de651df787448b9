"""The browser box in headless Chromium (Debian's chromium through Playwright): what a visitor
downloads, how long the page takes to show the box's menu, and how fast the firmware runs in
it (simulated seconds of main.py's loop per real second, the page's own timer stopped)."""

import gzip
import os
import pathlib
import statistics
import tempfile
import threading

from tools.build import serve_web
from tools.build import web as build_web

ROOT = pathlib.Path(__file__).resolve().parent.parent

CHROMIUM = "/usr/bin/chromium"
_LARGE = ("micropython.wasm", "micropython.mjs", "box.bin")
RUN_S = 10
# Run RUN_S simulated seconds of the menu's loop in one go, timed by the page's clock.
SPEED = """(seconds) => {
    const page = shutbox.page;
    page.running = false;
    const started = performance.now();
    page.firmware.runUntil(Math.floor(page.boardMs) + seconds * 1000);
    return performance.now() - started;
}"""


def _kb(size):
    return "%.0f" % (size / 1024)


def run(quick):
    print("\n## The browser box in headless Chromium (web/, `make web`)")
    if not os.path.exists(CHROMIUM):
        print("  (skipped: %s is missing)" % CHROMIUM)
        return

    with tempfile.TemporaryDirectory() as folder:
        sizes = build_web.build(folder)
        zipped = {name: len(gzip.compress((pathlib.Path(folder) / name).read_bytes()))
                  for name in sizes}
        server = serve_web.serve(folder)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = "http://127.0.0.1:%d/?seed=1" % server.server_address[1]
        try:
            menu_ms, speed = _measure(url, 1 if quick else 5)
        finally:
            server.shutdown()
            server.server_close()
    print("| file | KB | KB gzipped |")
    print("|---|---|---|")
    rest = [name for name in sizes if name not in _LARGE]
    for label, names in [(name, [name]) for name in _LARGE] + [(
            "the page (html, css, js, box.json, sw.js)", rest), ("**total**", list(sizes))]:
        print("| %s | %s | %s |" % (label, _kb(sum(sizes[name] for name in names)),
                                     _kb(sum(zipped[name] for name in names))))
    print("\n| measure | value |")
    print("|---|---|")
    print("| time to the menu, fresh profile (median of %d loads) | %.0f ms |" % (len(menu_ms), statistics.median(menu_ms)))
    print("| simulated time per real time, main.py's loop at the menu | %.1fx |" % speed)


def _measure(url, loads):
    from playwright.sync_api import sync_playwright

    menu_ms = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for _ in range(loads):
                context = browser.new_context(bypass_csp=True)
                page = context.new_page()
                page.goto(url)
                page.wait_for_function("window.shutbox && shutbox.page.timeToMenuMs !== null")
                menu_ms.append(page.evaluate("shutbox.page.timeToMenuMs"))
                real_ms = page.evaluate(SPEED, RUN_S)
                context.close()
        finally:
            browser.close()
    return menu_ms, RUN_S * 1000 / real_ms

#!/usr/bin/env python3
"""Screenshots of the page at a phone's size (360 x 800 CSS px), one per tab, from a running
box (`gatespeed demo` with the pages on, say):

    Tests/Browser/screenshot_page.py http://127.0.0.1:8080 OUTDIR

Writes OUTDIR/page-live.png, page-setup.png, page-runs.png, page-controls.png and checks on
the way that the live view shows a picture, the scoreboard has numbers and the setup still
loads. Exits 0 with "SKIP: ..." when there is no Chromium. Standard library only.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402


def main(url, out):
    if cdp.find_chromium() is None:
        print("SKIP: no chromium here")
        return 0
    os.makedirs(out, exist_ok=True)
    browser = cdp.Browser(360, 800)
    problems = []
    try:
        browser.open(url.rstrip("/") + "/#live")
        browser.wait_for("document.readyState === 'complete'")
        try:
            browser.wait_for("document.getElementById('live-img').naturalWidth > 0", timeout=20)
        except TimeoutError:
            problems.append("the live view shows no picture")
        try:
            browser.wait_for("document.getElementById('link').textContent === 'live'", timeout=20)
        except TimeoutError:
            problems.append("the event stream did not connect")
        browser.evaluate("new Promise(r => setTimeout(r, 1500))")
        browser.screenshot(os.path.join(out, "page-live.png"))
        for tab in ("setup", "runs", "controls"):
            browser.evaluate(f"document.querySelector('nav button[data-tab={tab}]').click()")
            if tab == "setup":
                try:
                    browser.wait_for("Setup.image !== null", timeout=20)
                except TimeoutError:
                    problems.append("the setup still did not load")
            browser.evaluate("new Promise(r => setTimeout(r, 1000))")
            browser.screenshot(os.path.join(out, f"page-{tab}.png"), full_page=tab == "setup")
        overflow = browser.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
        if overflow:
            problems.append("the page is wider than 360 px (scrolls sideways)")
    finally:
        browser.close()
    for p in problems:
        print("FAIL " + p)
    print("screenshots in " + out)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))

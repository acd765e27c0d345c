#!/usr/bin/env python3
"""The page in a real headless browser, against a running box (`gatespeed demo` with the pages on):

    Tests/Browser/check_page.py URL TOKEN OUTDIR

At a phone's size (360 x 800 CSS px) it checks that the live view shows a picture and the event stream
connects; that the scoreboard changes when a run ends; that tapping the five posts' bases and tops on
the setup still and dragging one moves the marks, that Check shows the geometry solve's answer and that
Save (with TOKEN) is accepted; that a clip in the runs tab plays inline; and that nothing is wider than
the screen. Screenshots of every tab go to OUTDIR. Exits 0 when all pass, 1 otherwise, 0 with "SKIP"
when there is no Chromium. Standard library only.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

# Where a 65° camera 29 m from the line and 2.5 m up sees the bases and 1.5 m tops of a 28 m course
# (view coordinates; the same course as the service's ConfigGeometryTests).
MARKS = [((0.12251, 0.5), (0.120832, 0.446033)), ((0.311255, 0.5), (0.310416, 0.446033)),
         ((0.5, 0.5), (0.5, 0.446033)), ((0.688745, 0.5), (0.689584, 0.446033)),
         ((0.87749, 0.5), (0.879168, 0.446033))]


class Checks:
    def __init__(self):
        self.failures = []

    def expect(self, condition, what):
        print(("ok   " if condition else "FAIL ") + what)
        if not condition:
            self.failures.append(what)
        return condition


def wait(browser, expression, timeout):
    try:
        return browser.wait_for(expression, timeout=timeout)
    except TimeoutError:
        return None


def main(url, token, out):
    if cdp.find_chromium() is None:
        print("SKIP: no chromium here")
        return 0
    os.makedirs(out, exist_ok=True)
    checks = Checks()
    browser = cdp.Browser(360, 800)
    try:
        browser.open(url.rstrip("/") + "/#live")
        wait(browser, "document.readyState === 'complete'", 20)
        checks.expect(wait(browser, "document.getElementById('live-img').naturalWidth > 0", 30),
                      "live: the view shows a picture")
        checks.expect(wait(browser, "document.getElementById('link').textContent === 'live'", 20),
                      "live: the event stream is connected")
        before = browser.evaluate("document.getElementById('sb-runs').textContent")
        # The demo's first run ends about 8 s in, then one every 10-30 s.
        changed = wait(browser, f"document.getElementById('sb-runs').textContent !== {before!r} "
                                "&& document.getElementById('sb-runs').textContent", 60)
        checks.expect(changed, f"live: the scoreboard changes when a run ends ({before} -> {changed})")
        checks.expect(browser.evaluate("document.getElementById('speed').textContent") not in ("–", ""),
                      "live: the last result is shown")
        browser.screenshot(os.path.join(out, "page-live.png"))
        checks.expect(not browser.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1"),
                      "live: nothing wider than 360 px")

        # Setup: tap every base and top, drag one base, check, save.
        browser.evaluate(f"localStorage.setItem('gatespeed.token', {token!r}); setToken({token!r});")
        browser.evaluate("document.querySelector('nav button[data-tab=setup]').click()")
        checks.expect(wait(browser, "Setup.image !== null", 30), "setup: the still loads")
        browser.evaluate("Setup.marks = []; Setup.draw(); document.getElementById('rotation').value = '0';"
                         "document.getElementById('mirror').checked = false; window.scrollTo(0, 0);")
        left, top, width, height = browser.evaluate(
            "(() => { const r = document.getElementById('still').getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height]; })()")
        for base, tip in MARKS:
            browser.tap(left + base[0] * width, top + base[1] * height)
            browser.tap(left + tip[0] * width, top + tip[1] * height)
        marked = browser.evaluate("Setup.marks.filter(m => m && m.top).length")
        checks.expect(marked == 5, f"setup: five bases and tops placed by tapping ({marked})")
        x0 = browser.evaluate("Setup.marks[2].base[0]")
        bx, by = left + MARKS[2][0][0] * width, top + MARKS[2][0][1] * height
        browser.touch_drag(bx, by, bx + 30, by)
        x1 = browser.evaluate("Setup.marks[2].base[0]")
        checks.expect(x1 - x0 > 0.05, f"setup: dragging post 3's base moves it ({x0:.3f} -> {x1:.3f})")
        browser.touch_drag(bx + 30, by, bx, by)
        browser.evaluate("document.getElementById('pole-height').value = '1.5';"
                         "document.getElementById('camera-height').value = '2.5';"
                         "document.getElementById('camera-distance').value = '29';"
                         "document.getElementById('course-length').value = '28';")
        browser.evaluate("document.getElementById('check').click()")
        report = wait(browser, "document.getElementById('check-out').textContent", 30) or ""
        checks.expect("The geometry solves" in report and "Expected accuracy" in report,
                      "setup: Check shows the solve's answer: " + report[:160])
        browser.screenshot(os.path.join(out, "page-setup.png"))
        browser.evaluate("document.getElementById('check-out').textContent = ''")
        # A crop to the course's band: the marks are saved in that view, and the view with them.
        browser.evaluate("document.getElementById('crop-y').value = '0.1';"
                         "document.getElementById('crop-height').value = '0.8'; Setup.draw();")
        browser.evaluate("document.getElementById('save').click()")
        saved = wait(browser, "document.getElementById('check-out').textContent", 30) or ""
        checks.expect(saved.startswith("Saved"), "setup: Save is accepted: " + saved[:160])
        browser.evaluate("window.savedView = null; fetch('/api/course').then(r => r.json())"
                         ".then(d => { window.savedView = d; })")
        # Post 3's top, tapped on the sensor, is saved as a point of the cropped view.
        view = wait(browser, "window.savedView && JSON.stringify([window.savedView.camera.crop,"
                             " window.savedView.course.posts[2].top[1], (Setup.marks[2].top[1] - 0.1) / 0.8])", 15) or "null"
        crop, top_y, expected_y = json.loads(view) or [{}, 0, 1]
        checks.expect(abs(crop.get("y", 0) - 0.1) < 1e-6 and abs(crop.get("height", 0) - 0.8) < 1e-6
                      and abs(top_y - expected_y) < 1e-3,
                      f"setup: the crop is saved with the marks in its view ({view})")
        browser.screenshot(os.path.join(out, "page-setup-full.png"), full_page=True)

        # Runs: a clip plays inline.
        browser.evaluate("document.querySelector('nav button[data-tab=runs]').click()")
        has_clip = wait(browser, "document.querySelectorAll('#runs video').length > 0", 60)
        if checks.expect(has_clip, "runs: a run with its clip is listed"):
            browser.evaluate("(() => { window.clipUnderTest = document.querySelector('#runs video');"
                             " clipUnderTest.muted = true; return clipUnderTest.play().then(() => 'playing', e => e.name); })()")
            played = wait(browser, "clipUnderTest.currentTime > 0.3 && clipUnderTest.duration > 0"
                                   " && clipUnderTest.isConnected && clipUnderTest.duration", 30)
            checks.expect(played, f"runs: the clip plays inline (duration {played} s)")
            browser.evaluate("clipUnderTest.pause()")
        time.sleep(0.5)
        browser.screenshot(os.path.join(out, "page-runs.png"))
        browser.evaluate("document.querySelector('nav button[data-tab=controls]').click()")
        time.sleep(0.5)
        browser.screenshot(os.path.join(out, "page-controls.png"))
    finally:
        browser.close()
    print(f"screenshots in {out}")
    if checks.failures:
        print(f"{len(checks.failures)} check(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))

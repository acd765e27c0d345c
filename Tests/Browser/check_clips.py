#!/usr/bin/env python3
"""Checks that the recorder's clips are fast-start MP4s (moov before mdat, so a browser can
start playing before the whole file is down) and play inline in headless Chromium.

    Tests/Browser/check_clips.py DIR [DIR ...]   # every .mp4 under DIR (a demo's output, say)

Exits 0 when every clip passes, 1 when one fails, and 0 with "SKIP: ..." when there is no
Chromium here (the box check still runs). Standard library only.
"""
import functools
import http.server
import os
import struct
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402


def top_level_boxes(path):
    """The MP4's top-level box types in file order."""
    boxes = []
    with open(path, "rb") as f:
        while True:
            header = f.read(8)
            if len(header) < 8:
                return boxes
            size, kind = struct.unpack(">I4s", header)
            if size == 1:
                size = struct.unpack(">Q", f.read(8))[0]
                header_size = 16
            else:
                header_size = 8
            boxes.append(kind.decode("latin-1"))
            if size == 0:
                return boxes
            if size < header_size:
                boxes.append("<bad box size>")
                return boxes
            f.seek(size - header_size, os.SEEK_CUR)


def is_fast_start(path):
    boxes = top_level_boxes(path)
    return "moov" in boxes and "mdat" in boxes and boxes.index("moov") < boxes.index("mdat"), boxes


PLAYER = """<!doctype html><html><body>
<video id="v" muted playsinline preload="auto"></video>
<script>
window.result = null;
const v = document.getElementById('v');
v.addEventListener('timeupdate', () => {
  if (v.currentTime > 0.3 && !window.result)
    window.result = {readyState: v.readyState, duration: v.duration, width: v.videoWidth, height: v.videoHeight};
});
v.addEventListener('error', () => { window.result = {error: v.error ? v.error.code + ' ' + v.error.message : 'error'}; });
v.src = decodeURIComponent(location.hash.slice(1));
v.play().catch((e) => { window.result = {error: 'play: ' + e.name}; });
</script></body></html>"""


class Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.startswith("/__player.html"):
            body = PLAYER.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


def main(directories):
    clips = []
    for directory in directories:
        for root, _, files in os.walk(directory):
            clips += [os.path.join(root, f) for f in sorted(files) if f.endswith(".mp4")]
    if not clips:
        print("check_clips: no .mp4 under " + ", ".join(directories))
        return 1
    failures = 0
    for clip in clips:
        fast, boxes = is_fast_start(clip)
        print(f"{'ok  ' if fast else 'FAIL'} fast-start {os.path.basename(clip)}: {' '.join(boxes)}")
        failures += 0 if fast else 1
    if cdp.find_chromium() is None:
        print("SKIP: no chromium here; playback not checked")
        return 1 if failures else 0
    root = os.path.commonpath([os.path.dirname(os.path.abspath(c)) for c in clips])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser = cdp.Browser()
    try:
        for clip in clips:
            relative = os.path.relpath(os.path.abspath(clip), root)
            browser.open(f"http://127.0.0.1:{server.server_address[1]}/__player.html#/" + relative)
            try:
                result = browser.wait_for("window.result", timeout=30)
            except TimeoutError:
                result = {"error": "did not start playing within 30 s"}
            plays = "error" not in result and result.get("duration", 0) > 0 and result.get("readyState", 0) >= 2
            failures += 0 if plays else 1
            print(f"{'ok  ' if plays else 'FAIL'} plays in Chromium {os.path.basename(clip)}: {result}")
    finally:
        browser.close()
        server.shutdown()
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))

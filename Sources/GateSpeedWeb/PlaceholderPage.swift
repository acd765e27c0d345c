/// The page served at `/` until the real one is handed over (`WebSetup.assets["/"]`): the
/// status, the last result and the live view, so the server can be checked from a phone.
enum PlaceholderPage {
    static let html = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
    <title>GateSpeed</title>
    <style>body{font:20px system-ui,sans-serif;margin:1em;background:#000;color:#fff}img{max-width:100%}
    pre{white-space:pre-wrap;font-size:16px}</style></head>
    <body><h1>GateSpeed</h1><p id="phase">…</p><img src="/live.mjpeg" alt="live view"><pre id="last"></pre>
    <script>
    const show = s => { document.getElementById('phase').textContent = s.phase + ' · runs ' + s.scoreboard.runs
      + ' · passes ' + s.scoreboard.passes; document.getElementById('last').textContent = JSON.stringify(s.last); };
    const poll = () => fetch('/api/status').then(r => r.json()).then(show).catch(() => {});
    poll(); new EventSource('/events').onmessage = poll;
    </script></body></html>
    """
}

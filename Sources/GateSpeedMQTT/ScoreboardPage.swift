import Foundation

/// The club scoreboard's page: one column per course, large type, high contrast, readable
/// across a clubhouse; no fetched resources (styles and script inline). It reads
/// `/events` (Server-Sent Events: the scoreboard's JSON whenever it changes).
public enum ScoreboardPage {
    /// The page with `initialJSON` (the scoreboard now) in it, so the first paint shows the stations.
    public static func html(initialJSON: String) -> String {
        template.replacingOccurrences(of: "/*INITIAL*/null", with: initialJSON.replacingOccurrences(of: "</", with: "<\\/"))
    }

    static let template = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>GateSpeed club scoreboard</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>
    body{margin:0;background:#000;color:#fff;font-family:DejaVu Sans,Arial,sans-serif}
    h1{font-size:3vw;margin:1vw 2vw;color:#ffd700}
    #board{display:flex;gap:2vw;padding:0 2vw}
    .course{flex:1;border:0.3vw solid #fff;border-radius:1vw;padding:1vw;min-width:0}
    .name{font-size:3.2vw;font-weight:bold}
    .status{font-size:2vw;font-weight:bold}
    .online{color:#00ff66}.offline{color:#ff4040}
    .tally{font-size:2vw;margin:0.5vw 0 1vw}
    .run{display:flex;justify-content:space-between;font-size:2.6vw;border-top:0.15vw solid #444;padding:0.4vw 0}
    .pass{color:#00ff66;font-weight:bold}.fail{color:#ff4040;font-weight:bold}.invalid{color:#ffd700}
    #note{font-size:1.5vw;color:#bbb;margin:1vw 2vw}
    </style></head>
    <body><h1>GateSpeed</h1><div id="board"></div><div id="note">waiting for stations…</div>
    <script>
    function text(tag, cls, value){const e=document.createElement(tag);if(cls)e.className=cls;e.textContent=value;return e}
    function show(data){
      const board=document.getElementById('board');board.replaceChildren();
      for(const s of data.stations){
        const c=text('div','course','');
        c.append(text('div','name',s.name));
        c.append(text('div','status '+(s.online===false?'offline':'online'),s.online===false?'OFFLINE':(s.online?'ONLINE':'?')));
        c.append(text('div','tally',s.runs+' runs · '+s.passes+' passes · avg '+s.avg_kmh.toFixed(1)+' km/h'));
        for(const r of s.latest){
          const row=text('div','run','');
          row.append(text('span','',r.speed_kmh===null?'—':r.speed_kmh.toFixed(1)+' km/h'));
          row.append(text('span','',r.uncertainty_kmh===null?'':'± '+r.uncertainty_kmh.toFixed(1)));
          const cls=r.verdict==='PASS'?'pass':(r.verdict==='FAIL'?'fail':'invalid');
          row.append(text('span',cls,r.verdict));
          c.append(row);
        }
        board.append(c);
      }
      document.getElementById('note').textContent=data.stations.length?'':'waiting for stations…';
    }
    const initial=/*INITIAL*/null;
    if(initial)show(initial);
    const events=new EventSource('/events');
    events.onmessage=m=>show(JSON.parse(m.data));
    events.onopen=()=>fetch('/api/scoreboard').then(r=>r.json()).then(show).catch(()=>{});
    </script></body></html>
    """
}

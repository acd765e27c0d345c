// GateSpeed's page: live view, setup, runs, controls. No framework, nothing fetched but the box's own API.
'use strict';
const $ = (id) => document.getElementById(id);
const TOKEN_KEY = 'gatespeed.token';
const state = {
  token: localStorage.getItem(TOKEN_KEY) || '',
  phase: 'calibrating', faults: [],
  run: null,            // {startedAt (ms, page clock), passed, direction}
  postCount: 5,
  course: null,         // the config's course object, as GET /api/course answers (or null)
  camera: { width: 640, height: 480, rotation: 0, mirror: false, crop: { x: 0, y: 0, width: 1, height: 1 } },
  walkthrough: false, walked: new Set(),
};

// ---------- the API ----------
async function api(method, path, body) {
  const headers = {};
  if (state.token) headers.Authorization = 'Bearer ' + state.token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store' });
  let data = null;
  const text = await response.text();
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = { error: text }; }
  return { status: response.status, ok: response.ok, data };
}
function problemText(result) {
  if (result.status === 401) return 'Not allowed: pair this phone first (Controls).';
  const d = result.data || {};
  return d.error || d.message || (Array.isArray(d.messages) ? d.messages.join('; ') : '') || ('HTTP ' + result.status);
}
function toast(text) {
  const t = $('toast'); t.textContent = text; t.hidden = false;
  clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.hidden = true; }, 3500);
}
const number = (v, digits) => (typeof v === 'number' && isFinite(v) ? v.toFixed(digits) : '–');
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes || {})) {
    if (k === 'class') node.className = v; else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// ---------- tabs ----------
function showTab(name) {
  if (!document.getElementById('tab-' + name)) name = 'live';
  for (const b of document.querySelectorAll('nav button')) b.setAttribute('aria-selected', String(b.dataset.tab === name));
  for (const s of document.querySelectorAll('.tab')) s.hidden = s.id !== 'tab-' + name;
  if (name === 'setup') Setup.open();
  if (name === 'runs') loadRuns();
  history.replaceState(null, '', '#' + name);
}
for (const b of document.querySelectorAll('nav button')) b.addEventListener('click', () => showTab(b.dataset.tab));

// ---------- geometry: the view (rotated, mirrored, cropped) and the sensor (the camera's frames) ----------
const Geometry = {
  sensorPoint(g, x, y) {   // view -> sensor, both normalised
    let u = g.crop.x + x * g.crop.width; const v = g.crop.y + y * g.crop.height;
    if (g.mirror) u = 1 - u;
    switch (Number(g.rotation)) {
      case 90: return [v, 1 - u];
      case 180: return [1 - u, 1 - v];
      case 270: return [1 - v, u];
      default: return [u, v];
    }
  },
  viewPoint(g, sx, sy) {   // sensor -> view
    let u, v;
    switch (Number(g.rotation)) {
      case 90: u = 1 - sy; v = sx; break;
      case 180: u = 1 - sx; v = 1 - sy; break;
      case 270: u = sy; v = 1 - sx; break;
      default: u = sx; v = sy;
    }
    if (g.mirror) u = 1 - u;
    return [(u - g.crop.x) / g.crop.width, (v - g.crop.y) / g.crop.height];
  },
  // The view's size in sensor pixels.
  viewSize(g, w, h) {
    const quarter = Number(g.rotation) === 90 || Number(g.rotation) === 270;
    return [(quarter ? h : w) * g.crop.width, (quarter ? w : h) * g.crop.height];
  },
};

// Posts of the saved course as sensor segments [[bx, by], [tx, ty]] (for the live labels).
function savedPostsOnSensor() {
  const c = state.course; if (!c || !Array.isArray(c.posts)) return [];
  return c.posts.map((p) => {
    if (typeof p === 'number') return [Geometry.sensorPoint(state.camera, p, 1), Geometry.sensorPoint(state.camera, p, 0.04)];
    const base = p.base, top = p.top || [base[0], Math.max(0, base[1] - 0.15)];
    return [Geometry.sensorPoint(state.camera, base[0], base[1]), Geometry.sensorPoint(state.camera, top[0], top[1])];
  });
}

// ---------- live ----------
const Live = {
  polling: null,
  start() {
    const img = $('live-img');
    img.onerror = () => Live.poll();
    img.src = '/live.mjpeg';
    // A multipart stream fires no load event in every browser: look for a picture instead.
    setTimeout(() => { if (!img.naturalWidth && !Live.polling) Live.poll(); }, 8000);
  },
  poll() {   // the fallback: a still every half second
    if (Live.polling) return;
    const img = $('live-img');
    img.onerror = null;   // switching away from the stream may report its end as an error
    const next = () => {
      const still = new Image();
      still.onload = () => { img.src = still.src; $('live-missing').hidden = true; Live.polling = setTimeout(next, 500); };
      still.onerror = () => { $('live-missing').hidden = img.naturalWidth > 0; Live.polling = setTimeout(next, 2000); };
      still.src = '/live.jpg?t=' + Date.now();
    };
    Live.polling = setTimeout(next, 0);
  },
  drawPostLabels() {
    const g = $('live-posts'); g.replaceChildren();
    const lit = litPosts();
    savedPostsOnSensor().forEach(([base, top], i) => {
      const group = document.createElementNS('http://www.w3.org/2000/svg', 'g');
      group.setAttribute('class', 'post-label' + (lit.has(i + 1) ? ' lit' : ''));
      const y = Math.max(0.05, Math.min(top[1], base[1]) - 0.05), x = Math.min(0.96, Math.max(0.04, top[0]));
      const circle = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
      circle.setAttribute('cx', x); circle.setAttribute('cy', y); circle.setAttribute('r', 0.035);
      const text = document.createElementNS('http://www.w3.org/2000/svg', 'text');
      text.setAttribute('x', x); text.setAttribute('y', y + 0.017); text.setAttribute('text-anchor', 'middle');
      text.textContent = String(i + 1);
      group.append(circle, text); g.append(group);
    });
  },
};
function litPosts() {
  const lit = new Set();
  if (state.walkthrough) for (const p of state.walked) lit.add(p);
  const r = state.run; if (!r) return lit;
  for (let k = 0; k < r.passed; k++) lit.add(r.direction === 'rtl' ? state.postCount - k : k + 1);
  return lit;
}

function setPill() {
  const pill = $('pill');
  let text, kind = state.phase;
  if (state.faults.length) { kind = 'fault'; text = 'Fault: ' + state.faults[0]; }
  else if (state.phase === 'running' && state.run) {
    const r = state.run, next = r.direction === 'rtl' ? state.postCount - r.passed : r.passed + 1;
    const elapsed = (performance.now() - r.startedAt) / 1000;
    text = 'Next post ' + next + ' · ' + elapsed.toFixed(1) + ' s';
  } else {
    text = { calibrating: 'Calibrating… keep the course clear', ready: 'Ready', running: 'Running', result: 'Result',
      fault: 'Fault' }[state.phase] || state.phase;
  }
  pill.className = 'pill ' + kind; pill.textContent = text;
}
setInterval(() => { if (state.phase === 'running') setPill(); }, 100);

function showResult(event) {
  const box = $('result');
  if (!event) { box.className = 'result none'; return; }
  if (event.event === 'invalid') {
    box.className = 'result invalid';
    $('speed').textContent = '–'; $('uncertainty').textContent = '';
    $('verdict').textContent = 'Invalid';
    $('result-detail').textContent = String(event.reason || '').replace(/_/g, ' ') + (event.post ? ' (post ' + event.post + ')' : '');
    return;
  }
  box.className = 'result ' + (event.pass ? 'pass' : 'fail');
  $('speed').textContent = number(event.speed_kmh, 1);
  $('uncertainty').textContent = typeof event.uncertainty_kmh === 'number' ? '± ' + number(event.uncertainty_kmh, 1) + ' km/h' : '';
  $('verdict').textContent = event.pass ? 'PASS' : 'FAIL';
  const detail = $('result-detail'); detail.replaceChildren();
  detail.append(number(event.elapsed_s, 2) + ' s' + (event.direction === 'rtl' ? ' · right to left' : ' · left to right'));
  if (event.close_call) detail.append(el('br'), el('span', { class: 'closecall' }, 'Close call: within the uncertainty'));
}
function showScoreboard(board) {
  if (!board) return;
  $('sb-runs').textContent = board.runs ?? 0;
  $('sb-passes').textContent = board.passes ?? 0;
  $('sb-avg').textContent = board.runs ? number(board.avg_kmh, 1) : '–';
}
function showFaults() {
  const box = $('faults');
  box.hidden = state.faults.length === 0;
  box.textContent = state.faults.join(' · ');
}

async function loadStatus() {
  try {
    const r = await api('GET', '/api/status');
    if (!r.ok || !r.data) return;
    state.phase = r.data.phase || state.phase;
    state.faults = Array.isArray(r.data.faults) ? r.data.faults : [];
    if (state.phase !== 'running') state.run = null;
    showScoreboard(r.data.scoreboard); showResult(r.data.last); showFaults(); setPill(); Live.drawPostLabels();
  } catch (e) { /* the event stream's reconnect tries again */ }
}
async function loadCourse() {
  try {
    const r = await api('GET', '/api/course');
    if (!r.ok || !r.data) return;
    state.course = r.data.course || r.data;
    if (r.data.camera) Object.assign(state.camera, r.data.camera);
    if (state.course && Array.isArray(state.course.posts)) state.postCount = state.course.posts.length;
    Live.drawPostLabels();
  } catch (e) { /* older server: labels stay off */ }
}

function handleEvent(e) {
  switch (e.event) {
    case 'ready': state.phase = 'ready'; state.run = null; break;
    case 'start': state.phase = 'running'; state.run = { startedAt: performance.now(), passed: 1, direction: e.direction }; break;
    case 'post': if (state.run) state.run.passed += 1; break;
    case 'result': state.phase = 'result'; state.run = null; showResult(e); loadRuns(); break;
    case 'invalid': state.phase = 'result'; state.run = null; showResult(e); break;
    case 'session': showScoreboard(e); break;
    case 'clip': loadRuns(); break;
    case 'highlight': toast('Highlight marked'); break;
    case 'walkthrough': Setup.walked(e.post); break;
    default: return;
  }
  setPill(); Live.drawPostLabels();
}

function connectEvents() {
  const source = new EventSource('/events');
  source.onopen = () => { $('link').className = 'link on'; $('link').textContent = 'live'; loadStatus(); };
  source.onmessage = (m) => { try { handleEvent(JSON.parse(m.data)); } catch (err) { /* not an event line */ } };
  source.onerror = () => {
    $('link').className = 'link off'; $('link').textContent = 'reconnecting';
    // EventSource reconnects by itself unless the server refused the stream outright.
    if (source.readyState === EventSource.CLOSED) setTimeout(connectEvents, 3000);
  };
}

// ---------- runs ----------
// Items are kept by run (its time): a refresh adds new runs and clips without restarting a clip that plays.
const runItems = new Map();
async function loadRuns() {
  let r;
  try { r = await api('GET', '/api/runs'); } catch (e) { return; }
  if (!r.ok || !Array.isArray(r.data)) return;
  const list = $('runs');
  const keys = new Set(r.data.map((run) => String(run.t)));
  if ([...runItems.keys()].some((k) => !keys.has(k))) { runItems.clear(); list.replaceChildren(); }   // a new session
  $('runs-empty').hidden = r.data.length > 0;
  r.data.forEach((run, index) => {
    const key = String(run.t), old = runItems.get(key);
    if (old && old.dataset.clip === String(run.clip || '')) return;
    const item = runItem(run, index + 1);
    if (old) old.replaceWith(item); else list.prepend(item);
    runItems.set(key, item);
  });
}
function runItem(run, number1) {
  const line = el('div', { class: 'line' },
    el('b', {}, '#' + number1),
    el('span', { class: 'kmh' }, number(run.speed_kmh, 1) + ' km/h'),
    el('span', {}, typeof run.uncertainty_kmh === 'number' ? '± ' + number(run.uncertainty_kmh, 1) : ''),
    el('span', { class: 'tag ' + (run.pass ? 'pass' : 'fail') }, run.pass ? 'PASS' : 'FAIL'),
    el('span', {}, number(run.elapsed_s, 2) + ' s'),
    run.time ? el('span', { class: 'small' }, String(run.time)) : null);
  const item = el('li', { 'data-clip': String(run.clip || '') }, line);
  if (run.close_call) item.append(el('span', { class: 'closecall' }, 'Close call'));
  if (run.clip) {
    const fav = el('button', { class: 'fav', 'aria-pressed': String(Boolean(run.favourite)) }, run.favourite ? '★ Kept' : '☆ Keep');
    fav.addEventListener('click', () => toggleFavourite(run, fav));
    line.append(fav);
    item.append(el('video', { src: run.clip, controls: '', preload: 'metadata', playsinline: '' }));
  }
  return item;
}
async function toggleFavourite(run, button) {
  const want = button.getAttribute('aria-pressed') !== 'true';
  const r = await api('POST', '/api/clips/favourite', { clip: run.clip, favourite: want });
  if (!r.ok) { toast(problemText(r)); return; }
  run.favourite = want;
  button.setAttribute('aria-pressed', String(want)); button.textContent = want ? '★ Kept' : '☆ Keep';
}
$('runs-refresh').addEventListener('click', loadRuns);

// ---------- controls and pairing ----------
for (const b of document.querySelectorAll('[data-action]')) {
  b.addEventListener('click', async () => {
    if (b.dataset.confirm && !confirm(b.dataset.confirm)) return;
    const out = $('control-out');
    const r = await api('POST', b.dataset.action).catch(() => ({ ok: false, status: 0, data: { error: 'the box does not answer' } }));
    out.replaceChildren(el('span', { class: r.ok ? 'ok' : 'bad' }, r.ok ? b.textContent + ': done' : problemText(r)));
  });
}
function showPairing() {
  $('pair-state').textContent = state.token ? 'Paired: this phone can change things.' : 'Not paired: you can watch, but changes need pairing.';
  $('unpair').hidden = !state.token;
}
function setToken(token) {
  state.token = token || '';
  if (state.token) localStorage.setItem(TOKEN_KEY, state.token); else localStorage.removeItem(TOKEN_KEY);
  showPairing();
}
$('pair').addEventListener('click', async () => {
  const out = $('pair-out');
  const r = await api('POST', '/api/pair').catch(() => ({ ok: false, status: 0, data: null }));
  const id = r.data && (r.data.id || r.data.pairing_id);
  if (!r.ok || !id) { out.replaceChildren(el('span', { class: 'bad' }, problemText(r))); return; }
  const until = Date.now() + 1000 * (r.data.expires_in_s || r.data.expires_s || 30);
  $('pair').disabled = true;
  const tick = async () => {
    const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
    out.replaceChildren(el('b', {}, 'Press the box\'s button now'), el('br'), left + ' s left');
    const answer = await api('GET', '/api/pair/' + encodeURIComponent(id)).catch(() => ({ ok: false, status: 0, data: null }));
    if (answer.ok && answer.data && answer.data.token) {
      setToken(answer.data.token); $('pair').disabled = false;
      out.replaceChildren(el('span', { class: 'ok' }, 'Paired ✓')); return;
    }
    if (left <= 0 || answer.status === 404 || answer.status === 410) {
      $('pair').disabled = false;
      out.replaceChildren(el('span', { class: 'bad' }, 'Pairing ran out: try again, and press the button within 30 s'));
      return;
    }
    setTimeout(tick, 1000);
  };
  tick();
});
$('unpair').addEventListener('click', () => setToken(''));
$('token-save').addEventListener('click', () => { setToken($('token-input').value.trim()); $('token-input').value = ''; });

// The setup tab: mark the posts on a still, enter the distances, check the geometry, save; the walk-through check.
'use strict';
const Setup = {
  image: null,
  marks: [],            // per post from the left: {base: [sx, sy], top: [sx, sy] | null}, sensor-normalised
  undo: [],
  dragging: null,       // {index, which: 'base' | 'top'}
  press: null,          // the pointer's start and the point near it
  opened: false,

  open() {
    if (!this.opened) {
      this.opened = true;
      this.fillForm();
      this.refreshStill();
    }
    this.draw();
  },
  // The view geometry the form describes now.
  geometry() {
    const v = (id, fallback) => { const n = parseFloat($(id).value); return isFinite(n) ? n : fallback; };
    return { rotation: Number($('rotation').value) || 0, mirror: $('mirror').checked,
      crop: { x: v('crop-x', 0), y: v('crop-y', 0), width: v('crop-width', 1), height: v('crop-height', 1) } };
  },
  fillForm() {
    const c = state.course || {}, cam = c.camera || {}, g = state.camera;
    const put = (id, value) => { $(id).value = value === null || value === undefined ? '' : value; };
    put('pole-height', c.post_height_m); put('camera-height', cam.height_m); put('camera-distance', cam.distance_m);
    put('course-length', c.length_m ?? 28);
    $('rotation').value = String(g.rotation || 0); $('mirror').checked = Boolean(g.mirror);
    put('crop-x', g.crop.x); put('crop-y', g.crop.y); put('crop-width', g.crop.width); put('crop-height', g.crop.height);
    // Marks saved before: onto the sensor, under the geometry they were written for.
    this.marks = [];
    if (Array.isArray(c.posts)) {
      for (const p of c.posts) {
        if (typeof p !== 'object' || !p || !Array.isArray(p.base)) { this.marks = []; break; }
        this.marks.push({ base: Geometry.sensorPoint(g, p.base[0], p.base[1]),
          top: Array.isArray(p.top) ? Geometry.sensorPoint(g, p.top[0], p.top[1]) : null });
      }
    }
    $('tops-on').checked = this.marks.length === 0 || this.marks.every((m) => m.top);
  },
  refreshStill() {
    const still = new Image();
    still.onload = () => { this.image = still; this.draw(); };
    still.onerror = () => { this.image = null; this.draw(); toast('No still from the camera yet'); };
    still.src = '/live.jpg?t=' + Date.now();
  },

  // The next point to place: {index, which} or null when every post is marked.
  nextPoint() {
    const tops = $('tops-on').checked;
    for (let i = 0; i < state.postCount; i++) {
      const m = this.marks[i];
      if (!m) return { index: i, which: 'base' };
      if (tops && !m.top) return { index: i, which: 'top' };
    }
    return null;
  },
  hint() {
    const n = this.nextPoint();
    $('setup-hint').textContent = !n ? 'All ' + state.postCount + ' posts marked: drag a point to adjust, then Check.'
      : n.which === 'base' ? 'Tap post ' + (n.index + 1) + '\'s base, where it meets the ground.'
        : 'Tap the top of post ' + (n.index + 1) + '\'s pole.';
  },

  canvasSize() {
    const canvas = $('still'), g = this.geometry();
    const w = this.image ? this.image.naturalWidth : state.camera.width, h = this.image ? this.image.naturalHeight : state.camera.height;
    const [vw, vh] = Geometry.viewSize(g, w, h);
    const ratio = (window.devicePixelRatio || 1), cssWidth = canvas.clientWidth || 320;
    canvas.width = Math.round(cssWidth * ratio);
    canvas.height = Math.round(cssWidth * ratio * (vh > 0 && vw > 0 ? vh / vw : 0.75));
    return [canvas.width, canvas.height, ratio];
  },
  toCanvas(point, g, cw, ch) { const [x, y] = Geometry.viewPoint(g, point[0], point[1]); return [x * cw, y * ch]; },
  draw() {
    const canvas = $('still'), ctx = canvas.getContext('2d'), g = this.geometry();
    const [cw, ch, ratio] = this.canvasSize();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#333'; ctx.fillRect(0, 0, cw, ch);
    if (this.image) {
      // Sensor pixels -> canvas pixels: the affine map through three corners of the sensor.
      const iw = this.image.naturalWidth, ih = this.image.naturalHeight;
      const p0 = Geometry.viewPoint(g, 0, 0), p1 = Geometry.viewPoint(g, 1, 0), p2 = Geometry.viewPoint(g, 0, 1);
      ctx.setTransform((p1[0] - p0[0]) * cw / iw, (p1[1] - p0[1]) * ch / iw, (p2[0] - p0[0]) * cw / ih,
        (p2[1] - p0[1]) * ch / ih, p0[0] * cw, p0[1] * ch);
      ctx.drawImage(this.image, 0, 0);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    } else {
      ctx.fillStyle = '#fff'; ctx.font = `bold ${18 * ratio}px sans-serif`; ctx.textAlign = 'center';
      ctx.fillText('No still yet: tap New still', cw / 2, ch / 2);
    }
    ctx.strokeStyle = 'rgba(255,255,255,0.8)'; ctx.lineWidth = 1.5 * ratio;
    for (const f of [1 / 3, 2 / 3]) {
      ctx.beginPath(); ctx.moveTo(f * cw, 0); ctx.lineTo(f * cw, ch); ctx.moveTo(0, f * ch); ctx.lineTo(cw, f * ch); ctx.stroke();
    }
    this.marks.forEach((m, i) => {
      const base = this.toCanvas(m.base, g, cw, ch), top = m.top ? this.toCanvas(m.top, g, cw, ch) : null;
      if (top) {
        for (const [colour, width] of [['#000', 7], ['#29b6ff', 4]]) {
          ctx.strokeStyle = colour; ctx.lineWidth = width * ratio;
          ctx.beginPath(); ctx.moveTo(base[0], base[1]); ctx.lineTo(top[0], top[1]); ctx.stroke();
        }
      }
      for (const [point, filled] of [[base, true], [top, false]]) {
        if (!point) continue;
        ctx.beginPath(); ctx.arc(point[0], point[1], 9 * ratio, 0, 2 * Math.PI);
        ctx.fillStyle = filled ? '#29b6ff' : 'rgba(0,0,0,0.4)'; ctx.fill();
        ctx.lineWidth = 3 * ratio; ctx.strokeStyle = '#000'; ctx.stroke();
      }
      ctx.font = `900 ${20 * ratio}px sans-serif`; ctx.textAlign = 'center'; ctx.lineWidth = 5 * ratio;
      const label = top || [base[0], base[1] - 30 * ratio];
      const ly = Math.max(22 * ratio, label[1] - 16 * ratio);
      ctx.strokeStyle = '#000'; ctx.strokeText(String(i + 1), label[0], ly); ctx.fillStyle = '#fff'; ctx.fillText(String(i + 1), label[0], ly);
    });
    this.hint();
  },

  // Pointer: a tap places the next point; a drag that starts near a point moves that point. (Told
  // apart by movement, so a pole's top can be tapped right above its base.)
  pointer(event) {
    const canvas = $('still'), rect = canvas.getBoundingClientRect(), g = this.geometry();
    const cx = (event.clientX - rect.left) / rect.width, cy = (event.clientY - rect.top) / rect.height;
    return { view: [cx, cy], sensor: Geometry.sensorPoint(g, cx, cy), css: [event.clientX - rect.left, event.clientY - rect.top],
      rect, g };
  },
  down(event) {
    const p = this.pointer(event);
    let best = null, bestDistance = 32;
    this.marks.forEach((m, index) => {
      for (const which of ['base', 'top']) {
        if (!m || !m[which]) continue;
        const [vx, vy] = Geometry.viewPoint(p.g, m[which][0], m[which][1]);
        const d = Math.hypot(vx * p.rect.width - p.css[0], vy * p.rect.height - p.css[1]);
        if (d < bestDistance) { bestDistance = d; best = { index, which }; }
      }
    });
    this.press = { start: p.css, candidate: best };
    this.dragging = null;
    $('still').setPointerCapture(event.pointerId);
    event.preventDefault();
  },
  move(event) {
    if (!this.press) return;
    const p = this.pointer(event), [vx, vy] = p.view;
    if (!this.dragging) {
      const moved = Math.hypot(p.css[0] - this.press.start[0], p.css[1] - this.press.start[1]);
      if (moved < 6 || !this.press.candidate) return;
      this.dragging = this.press.candidate;
      this.undo.push(JSON.stringify(this.marks));
    }
    if (vx < 0 || vx > 1 || vy < 0 || vy > 1) return;
    this.marks[this.dragging.index][this.dragging.which] = p.sensor;
    this.draw();
    event.preventDefault();
  },
  up(event) {
    const press = this.press;
    this.press = null;
    if (this.dragging || !press || !event) { this.dragging = null; return; }
    const p = this.pointer(event), n = this.nextPoint();
    if (!n) return;
    this.undo.push(JSON.stringify(this.marks));
    if (n.which === 'base') this.marks[n.index] = { base: p.sensor, top: null }; else this.marks[n.index].top = p.sensor;
    this.draw();
  },
  cancel() { this.press = null; this.dragging = null; },

  // The course object for PUT /api/course and POST /api/course/check, or a reason it cannot be made.
  courseBody() {
    const g = this.geometry(), tops = $('tops-on').checked;
    if (this.marks.length < state.postCount || this.marks.some((m) => !m || (tops && !m.top))) {
      return { problem: 'Mark all ' + state.postCount + ' posts first' + (tops ? ' (base and top)' : '') + '.' };
    }
    const round = (v) => Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
    const view = (point) => { const [x, y] = Geometry.viewPoint(g, point[0], point[1]); return [round(x), round(y)]; };
    const value = (id) => { const n = parseFloat($(id).value); return isFinite(n) ? n : null; };
    const saved = state.course || {};
    const camera = Object.assign({}, saved.camera || {}, { height_m: value('camera-height'), distance_m: value('camera-distance') });
    const body = Object.assign({}, saved, {
      posts: this.marks.map((m) => ({ base: view(m.base), top: tops && m.top ? view(m.top) : null })),
      post_height_m: value('pole-height'), camera,
    });
    const length = value('course-length'); if (length !== null) body.length_m = length;
    return { body, view: g };
  },
  report(result, saved) {
    const out = $('check-out'); out.replaceChildren();
    const d = result.data || {};
    const fine = result.ok && d.ok !== false;
    const savedText = d.saved === false ? 'In effect now (not saved: this box has no config file).'
      : 'Saved: the new course is in effect now.';
    out.append(el('p', { class: fine ? 'ok' : 'bad' }, fine ? (saved ? savedText : 'The geometry solves.') : problemText(result)));
    const list = (title, items, cls) => {
      if (!Array.isArray(items) || !items.length) return;
      out.append(el('b', {}, title), el('ul', {}, ...items.map((t) => el('li', { class: cls || '' }, String(t)))));
    };
    if (!fine && Array.isArray(d.messages) && d.messages.length > 1) list('Problems', d.messages, 'bad');
    if (d.accuracy) out.append(el('p', {}, el('b', {}, 'Expected accuracy: '), String(d.accuracy)));
    if (d.camera && typeof d.camera.height_m === 'number') {
      out.append(el('p', {}, el('b', {}, 'The camera, as solved: '), number(d.camera.height_m, 2) + ' m high, '
        + number(d.camera.distance_m, 1) + ' m from the post line'));
    }
    if (typeof d.rms_px === 'number') out.append(el('p', {}, el('b', {}, 'Residual (rms): '), number(d.rms_px, 2) + ' px'));
    if (Array.isArray(d.residuals) && d.residuals.length && typeof d.residuals[0] === 'object') {
      const keys = Object.keys(d.residuals[0]);
      out.append(el('b', {}, 'Residuals'), el('table', {}, el('tr', {}, ...keys.map((k) => el('th', {}, k.replace(/_/g, ' ')))),
        ...d.residuals.map((r) => el('tr', {}, ...keys.map((k) => el('td', {}, typeof r[k] === 'number' && !Number.isInteger(r[k]) ? r[k].toFixed(2) : String(r[k] ?? '–')))))));
    } else list('Residuals', d.residuals);
    list('Placement advice', d.advice);
  },
  async check() {
    const made = this.courseBody();
    if (made.problem) { toast(made.problem); return; }
    const r = await api('POST', '/api/course/check', { course: made.body, view: made.view }).catch(() => ({ ok: false, status: 0, data: { error: 'the box does not answer' } }));
    this.report(r, false);
  },
  async save() {
    const made = this.courseBody();
    if (made.problem) { toast(made.problem); return; }
    // The marks are in the view the form describes: the view is saved with them.
    const request = { course: made.body, view: made.view };
    const r = await api('PUT', '/api/course', request).catch(() => ({ ok: false, status: 0, data: { error: 'the box does not answer' } }));
    this.report(r, true);
    if (r.ok) {
      state.course = made.body;
      Object.assign(state.camera, { rotation: made.view.rotation, mirror: made.view.mirror, crop: Object.assign({}, made.view.crop) });
      Live.drawPostLabels();
    }
  },

  // The walk-through check: the server reports each post as it is passed.
  async walk() {
    const on = !state.walkthrough;
    // The box reports every post crossing for `seconds`; stopping asks for the shortest window.
    const r = await api('POST', '/api/walkthrough', { seconds: on ? 300 : 1 }).catch(() => ({ ok: false, status: 0, data: null }));
    if (!r.ok) { toast(problemText(r)); return; }
    state.walkthrough = on; state.walked.clear();
    clearTimeout(this.walkTimer);
    if (on) this.walkTimer = setTimeout(() => { state.walkthrough = false; this.walkButton(); }, 300 * 1000);
    this.walkButton();
    this.chips(); Live.drawPostLabels();
  },
  walkButton() { $('walk').textContent = state.walkthrough ? 'Stop walk-through' : 'Start walk-through'; },
  walked(post) {
    if (typeof post !== 'number') return;
    state.walked.add(post); this.chips(); Live.drawPostLabels();
  },
  chips() {
    const list = $('walk-posts'); list.replaceChildren();
    for (let i = 1; i <= state.postCount; i++) list.append(el('li', { class: state.walked.has(i) ? 'passed' : '' }, String(i)));
  },
};

const still = $('still');
still.addEventListener('pointerdown', (e) => Setup.down(e));
still.addEventListener('pointermove', (e) => Setup.move(e));
still.addEventListener('pointerup', (e) => Setup.up(e));
still.addEventListener('pointercancel', () => Setup.cancel());
$('still-refresh').addEventListener('click', () => Setup.refreshStill());
$('marks-undo').addEventListener('click', () => { if (Setup.undo.length) { Setup.marks = JSON.parse(Setup.undo.pop()); Setup.draw(); } });
$('marks-clear').addEventListener('click', () => { Setup.undo.push(JSON.stringify(Setup.marks)); Setup.marks = []; Setup.draw(); });
for (const id of ['tops-on', 'rotation', 'mirror', 'crop-x', 'crop-y', 'crop-width', 'crop-height']) {
  $(id).addEventListener('change', () => Setup.draw());
}
$('check').addEventListener('click', () => Setup.check());
$('save').addEventListener('click', () => Setup.save());
$('walk').addEventListener('click', () => Setup.walk());
window.addEventListener('resize', () => { if (!$('tab-setup').hidden) Setup.draw(); });

// ---------- start ----------
Setup.chips();
showPairing();
Live.start();
connectEvents();
loadCourse();
showTab((location.hash || '#live').slice(1).replace(/[^a-z]/g, '') || 'live');

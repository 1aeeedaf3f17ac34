// The replay of sudoku-lab trace --html. The data (in the JSON script above) holds, per
// strategy, one or two stretches of events kept in full, each with a snapshot of the
// grid where it starts; each event is a few varints: kind and change count, depth, text
// index, (swaps and generations: cost), then the changes, each flipping bits of one
// cell's mask (bit d-1: candidate d; bit 31: a try standing on the path): `cell << 6 |
// bit << 1` for one bit, or `cell << 1 | 1` then `digits << 1 | mark` for several (see
// encode.rs).
//
// Playing applies the changes forward. Keyframes every KEY events (made once, at load)
// let any position be reached by a short replay: stepping back, scrubbing, jumping.
"use strict";

const DATA = JSON.parse(document.getElementById("trace-data").textContent);
const N = DATA.side;
const BOX = DATA.box;
const CELLS = N * N;
const DIGITS = (1 << N) - 1;
const GUESS = 1 << 31;
const KEY = 1024;
const TRY = 0, BACKTRACK = 1, SOLUTION = 2, DEAD = 3, SWAP_KEPT = 8, SWAP_UNDONE = 9;
const NODE_KEPT = 10, NODE_UNDONE = 11;
// The kinds added last (kinds.rs): the choices, then the generations of a genetic
// algorithm, found by name, so that a kind added before them moves nothing here.
const CHOOSE = DATA.kind_names.indexOf("choose");
const GENERATION = DATA.kind_names.indexOf("generation");
const KINDS = DATA.kind_names.length;
const SPEEDS = [1, 3, 10, 30, 100, 300, 1000, 10000, 100000, Infinity];
const MAX_PER_TICK = 400000;

const fmt = (n) => Math.round(n).toLocaleString("en-US");
const isTry = (k) =>
  k === TRY || k === SWAP_KEPT || k === SWAP_UNDONE || k === NODE_KEPT || k === NODE_UNDONE || k === GENERATION;
// The kinds whose encoding holds a cost, and those whose cost is the one standing after them.
const hasCost = (k) => k === SWAP_KEPT || k === SWAP_UNDONE || k === GENERATION;
const setsCost = (k) => k === SWAP_KEPT || k === GENERATION;

// Reads the varints of one stretch.
let BYTES = null;
let P = 0;
function varint() {
  let value = 0, scale = 1, b;
  do {
    b = BYTES[P++];
    value += (b & 127) * scale;
    scale *= 128;
  } while (b & 128);
  return value;
}

function decodeBase64(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function unitCells(u) {
  const cells = [];
  if (u < 0) return cells;
  const kind = Math.floor(u / N), k = u % N;
  for (let i = 0; i < N; i++) {
    if (kind === 0) cells.push(k * N + i);
    else if (kind === 1) cells.push(i * N + k);
    else {
      const r = Math.floor(k / BOX) * BOX + Math.floor(i / BOX);
      const c = (k % BOX) * BOX + (i % BOX);
      cells.push(r * N + c);
    }
  }
  return cells;
}

// The state of a replay at a position: the grid, the grid at the last try or backtrack
// (what was removed since shows struck out), the counters, the last event, and the text
// of the choice made at each depth (why the tries one deeper are where they are).
class State {
  constructor() {
    this.masks = new Uint32Array(CELLS);
    this.base = new Uint32Array(CELLS);
    this.kinds = new Float64Array(KINDS);
    this.choices = new Int32Array(CELLS + 1).fill(-1);
    this.depth = 0;
    this.cost = 0;
    this.last = null; // {kind, depth, id, cost} or {gap: true} or null at the start
  }
  copyFrom(o) {
    this.masks.set(o.masks);
    this.base.set(o.base);
    this.kinds.set(o.kinds);
    this.choices.set(o.choices);
    this.depth = o.depth;
    this.cost = o.cost;
    this.last = o.last;
  }
  fromSnapshot(s) {
    this.masks.set(s.masks);
    this.base.set(s.masks);
    this.kinds.set(s.kinds.counts);
    this.choices.fill(-1);
    this.depth = s.depth;
    this.cost = s.cost;
    this.last = null;
  }
  clone() {
    const c = new State();
    c.copyFrom(this);
    return c;
  }
}

// Applies event `i` of `seg` to `state`.
function apply(seg, i, state) {
  BYTES = seg.bytes;
  P = seg.offsets[i];
  const head = varint();
  const kind = head & 15;
  const changes = Math.floor(head / 16);
  const depth = varint();
  const id = varint();
  let cost = state.cost;
  if (hasCost(kind)) {
    const c = varint();
    if (setsCost(kind)) cost = c;
  }
  const masks = state.masks;
  for (let t = 0; t < changes; t++) {
    const v = varint();
    if (v % 2 === 0) {
      masks[Math.floor(v / 64)] ^= 1 << ((v / 2) & 31);
    } else {
      const x = varint();
      masks[(v - 1) / 2] ^= (Math.floor(x / 2) & DIGITS) | (x % 2 ? GUESS : 0);
    }
  }
  state.kinds[kind] += 1;
  state.depth = depth;
  state.cost = cost;
  if (kind === TRY || kind === BACKTRACK) state.base.set(masks);
  if (kind === CHOOSE && depth < state.choices.length) state.choices[depth] = id;
  state.last = { kind, depth, id, cost };
}

// Reads the kind of event `i` of `seg` without applying it.
function kindAt(seg, i) {
  return seg.bytes[seg.offsets[i]] & 15;
}

class Replay {
  constructor(run, index) {
    this.run = run;
    this.index = index;
    this.state = new State();
    this.segs = run.segments.map((s) => this.load(s));
    this.positions = this.segs.reduce((n, s) => n + s.events + 1, 0);
    this.s = 0;
    this.i = 0;
    this.state.copyFrom(this.segs[0].keys[0]);
    this.playing = false;
    this.speed = 100;
    this.unit = "event";
    this.budget = 0;
    this.build();
    this.rendered = new Array(CELLS).fill(-1);
    this.renderedBase = new Array(CELLS).fill(-1);
    this.lit = [];
    this.render();
  }

  // Decodes a stretch: the offset of each event and a keyframe every KEY events.
  load(s) {
    const seg = { start: s.start, events: s.events, bytes: decodeBase64(s.data) };
    seg.offsets = new Uint32Array(s.events + 1);
    BYTES = seg.bytes;
    P = 0;
    for (let i = 0; i < s.events; i++) {
      seg.offsets[i] = P;
      const head = varint();
      const kind = head & 15;
      const fields = hasCost(kind) ? 3 : 2;
      for (let k = 0; k < fields; k++) varint();
      for (let c = Math.floor(head / 16); c > 0; c--) {
        if (varint() % 2 === 1) varint();
      }
    }
    seg.offsets[s.events] = P;
    const state = new State();
    state.fromSnapshot(s.snapshot);
    seg.keys = [state.clone()];
    for (let i = 0; i < s.events; i++) {
      apply(seg, i, state);
      if ((i + 1) % KEY === 0) seg.keys.push(state.clone());
    }
    return seg;
  }

  // The position (0 .. positions-1) of stretch s after i events.
  position() {
    let p = 0;
    for (let t = 0; t < this.s; t++) p += this.segs[t].events + 1;
    return p + this.i;
  }

  atEnd() {
    return this.s === this.segs.length - 1 && this.i === this.segs[this.s].events;
  }

  seek(p) {
    p = Math.max(0, Math.min(this.positions - 1, p));
    let s = 0;
    while (p > this.segs[s].events) {
      p -= this.segs[s].events + 1;
      s++;
    }
    const seg = this.segs[s];
    const k = Math.floor(p / KEY);
    this.state.copyFrom(seg.keys[k]);
    for (let i = k * KEY; i < p; i++) apply(seg, i, this.state);
    if (p === 0 && s > 0) this.state.last = { gap: true };
    this.s = s;
    this.i = p;
  }

  forward() {
    const seg = this.segs[this.s];
    if (this.i < seg.events) {
      apply(seg, this.i, this.state);
      this.i++;
      return true;
    }
    if (this.s + 1 < this.segs.length) {
      this.s++;
      this.i = 0;
      this.state.copyFrom(this.segs[this.s].keys[0]);
      this.state.last = { gap: true };
      return true;
    }
    return false;
  }

  // One step forward: an event, or up to the next try (a node).
  step() {
    if (!this.forward()) return false;
    if (this.unit === "node") {
      while (!(this.state.last && isTry(this.state.last.kind)) && this.forward()) {}
    }
    return true;
  }

  // One step back: an event, or back to the try before this one.
  back() {
    let p = this.position() - 1;
    if (this.unit === "node") {
      while (p > 0 && !this.isTryBefore(p)) p--;
    }
    this.seek(p);
  }

  // Whether the event that leads to position p is a try.
  isTryBefore(p) {
    let s = 0;
    while (p > this.segs[s].events) {
      p -= this.segs[s].events + 1;
      s++;
    }
    return p > 0 && isTry(kindAt(this.segs[s], p - 1));
  }

  // Plays `dt` milliseconds: as many events as the speed allows.
  tick(dt) {
    if (!this.playing) return;
    this.budget += this.speed === Infinity ? MAX_PER_TICK : (this.speed * dt) / 1000;
    let steps = Math.min(MAX_PER_TICK, Math.floor(this.budget));
    this.budget -= steps;
    while (steps-- > 0) {
      if (!this.step()) break;
    }
    if (this.atEnd()) {
      this.playing = false;
      this.budget = 0;
    }
    this.render();
  }

  build() {
    const run = this.run;
    const panel = document.createElement("section");
    panel.className = "panel";
    panel.dataset.solver = run.name;
    // Two panels side by side on a screen 1024 px wide, at every size.
    const cell = N <= 4 ? 46 : N <= 9 ? 40 : N <= 16 ? 27 : 17;
    panel.style.setProperty("--cell", cell + "px");
    panel.style.setProperty("--box", BOX);
    panel.style.width = Math.max(380, cell * N + 30) + "px";
    const perNode = run.nodes > 0 ? run.kinds.counts.reduce((a, b) => a + b, 0) / run.nodes : 0;
    const time = run.plain_ns == null ? "" :
      ` · plain solve ${ns(run.plain_ns)} (${ns(run.plain_ns / Math.max(1, run.nodes))} a node)`;
    panel.innerHTML = `
      <h2>${esc(run.name)}</h2>
      <p class="about">${esc(run.summary)}. A try is ${esc(run.try_is)}.</p>
      <p class="result"><b>${esc(run.status)}</b> · ${count(run.solutions, "solution")} ·
        ${count(run.nodes, "node")} · ${count(run.backtracks, "backtrack")} ·
        ${count(run.kinds.counts.reduce((a, b) => a + b, 0), "event")}
        (${perNode.toFixed(1)} a node)${time}</p>
      <table class="grid"></table>
      <div class="event"></div>
      <div class="why"></div>
      <div class="controls">
        <button type="button" data-do="start" title="to the start">|&#9664;</button>
        <button type="button" data-do="back" title="one step back">&#9666; back</button>
        <button type="button" data-do="play" title="play or pause">&#9654;</button>
        <button type="button" data-do="step" title="one step forward">step &#9656;</button>
        <button type="button" data-do="end" title="to the end">&#9654;|</button>
        <select data-do="speed" title="events a second"></select>
        <input type="range" min="0" value="0" step="1" aria-label="timeline">
      </div>
      <dl class="counters"></dl>
      <canvas class="profile" width="360" height="120"></canvas>
      <p class="profile-label"></p>`;
    this.panel = panel;
    this.table = panel.querySelector("table.grid");
    this.cells = [];
    for (let r = 0; r < N; r++) {
      const tr = document.createElement("tr");
      for (let c = 0; c < N; c++) {
        const td = document.createElement("td");
        if (c % BOX === 0 && c > 0) td.classList.add("bl");
        if (r % BOX === 0 && r > 0) td.classList.add("bt");
        if (DATA.givens[r * N + c]) td.classList.add("given");
        tr.appendChild(td);
        this.cells.push(td);
      }
      this.table.appendChild(tr);
    }
    this.eventLine = panel.querySelector(".event");
    this.whyLine = panel.querySelector(".why");
    this.chooses = run.kinds.counts[CHOOSE] > 0;
    if (!this.chooses) this.whyLine.remove();
    this.slider = panel.querySelector("input[type=range]");
    this.slider.max = String(this.positions - 1);
    this.playButton = panel.querySelector("[data-do=play]");
    const speed = panel.querySelector("[data-do=speed]");
    fillSpeeds(speed, this.speed);
    speed.addEventListener("change", () => { this.speed = Number(speed.value); });
    this.speedSelect = speed;
    this.counters = panel.querySelector("dl.counters");
    this.canvas = panel.querySelector("canvas.profile");
    const what = run.profile.what === "cost" ? "cost after each move" : "depth of each try";
    this.profileWhat = run.profile.what;
    requestAnimationFrame(() => {
      const ratio = window.devicePixelRatio || 1;
      this.canvas.width = Math.round(this.canvas.clientWidth * ratio);
      this.canvas.height = Math.round(this.canvas.clientHeight * ratio);
      this.drawProfile();
    });
    panel.querySelector(".profile-label").textContent =
      `The whole search: the ${what}, from the first node to the last; the red line is ` +
      `where the replay stands, green lines the solutions` + (run.gap ? ", shaded what is summarised." : ".");
    if (run.gap) {
      const g = document.createElement("p");
      g.className = "gap";
      g.textContent =
        `This search is long, so its middle is summarised: events ${fmt(run.gap.from + 1)} to ` +
        `${fmt(run.gap.to)} (${fmt(run.gap.to - run.gap.from)} events: ${run.gap.words}) are not ` +
        `in this page. The replay jumps over them, from the grid after event ${fmt(run.gap.from)} ` +
        `to the grid after event ${fmt(run.gap.to)}; the counters stay exact.`;
      panel.insertBefore(g, this.table);
    }
    panel.addEventListener("click", (e) => {
      const what = e.target.closest("button") && e.target.closest("button").dataset.do;
      if (what === "play") this.playing = !this.playing && !this.atEnd();
      else if (what === "step") { this.playing = false; this.step(); }
      else if (what === "back") { this.playing = false; this.back(); }
      else if (what === "start") { this.playing = false; this.seek(0); }
      else if (what === "end") { this.playing = false; this.seek(this.positions - 1); }
      else return;
      this.render();
    });
    this.slider.addEventListener("input", () => {
      this.playing = false;
      this.seek(Number(this.slider.value));
      this.render();
    });
    document.getElementById("runs").appendChild(panel);
  }

  render() {
    const st = this.state;
    const last = st.last;
    const entry = last && !last.gap ? this.run.table[last.id] : null;
    // The cells the event points at, and its unit.
    const focus = entry ? [entry[1], entry[2]].filter((c) => c >= 0) : [];
    const area = entry ? unitCells(entry[3]) : [];
    // A fish shades its base and cover lines.
    if (entry && entry[4]) for (const u of entry[4]) area.push(...unitCells(u));
    const dead = last && last.kind === DEAD;
    for (const c of this.lit) this.cells[c].classList.remove("focus", "area", "dead");
    this.lit = [];
    for (const c of area) { this.cells[c].classList.add("area"); this.lit.push(c); }
    for (const c of focus) { this.cells[c].classList.add(dead ? "dead" : "focus"); this.lit.push(c); }
    if (dead && focus.length === 0) for (const c of area) this.cells[c].classList.add("dead");
    for (let c = 0; c < CELLS; c++) {
      const m = st.masks[c], b = st.base[c];
      if (m === this.rendered[c] && b === this.renderedBase[c]) continue;
      this.rendered[c] = m;
      this.renderedBase[c] = b;
      this.drawCell(c, m, b);
    }
    this.drawEvent(last, entry);
    this.drawCounters();
    this.slider.value = String(this.position());
    this.playButton.innerHTML = this.playing ? "&#10073;&#10073;" : "&#9654;";
    const end = this.atEnd();
    this.panel.dataset.at = end ? "end" : String(this.position());
    this.panel.classList.toggle("done-solved", end && this.run.solutions > 0);
    this.drawProfile();
  }

  drawCell(c, m, b) {
    const td = this.cells[c];
    const v = m & DIGITS;
    const single = v !== 0 && (v & (v - 1)) === 0;
    td.classList.toggle("guess", (m & GUESS) !== 0);
    if (single) {
      td.textContent = DATA.symbols[31 - Math.clz32(v)];
      return;
    }
    if (!this.run.propagates) {
      td.textContent = "";
      return;
    }
    const gone = b & DIGITS & ~v;
    let html = `<div class="cands" style="grid-template-columns:repeat(${BOX},1fr)">`;
    for (let d = 0; d < N; d++) {
      const bit = 1 << d;
      html += v & bit ? `<span>${DATA.symbols[d]}</span>` : gone & bit ? `<s>${DATA.symbols[d]}</s>` : "<span></span>";
    }
    td.innerHTML = html + "</div>";
  }

  drawEvent(last, entry) {
    let html;
    if (last === null) html = "the start: the givens, before any step";
    else if (last.gap) html = "&#8230; the summarised middle: the search goes on from here &#8230;";
    else {
      const n = this.segs[this.s].start + this.i;
      const kind = DATA.kind_names[last.kind].split(" ")[0];
      html = `#${fmt(n)} · depth ${last.depth} · <span class="k-${kind}">${esc(entry[0])}</span>`;
    }
    this.eventLine.innerHTML = html;
    if (this.chooses) this.drawWhy(last);
  }

  // Why the tries of the standing depth are where they are: the choice made one level up.
  drawWhy(last) {
    const st = this.state;
    const d = last && !last.gap && last.kind !== CHOOSE ? st.depth : -1;
    const id = d >= 1 && d - 1 < st.choices.length ? st.choices[d - 1] : -1;
    this.whyLine.innerHTML = id < 0
      ? "&nbsp;"
      : `the tries at depth ${d}: <span class="k-choose">${esc(this.run.table[id][0])}</span>`;
  }

  drawCounters() {
    const k = this.state.kinds;
    const tries = triesOf(k);
    const events = k.reduce((a, b) => a + b, 0);
    const total = this.run.kinds.counts.reduce((a, b) => a + b, 0);
    const rows = [
      ["event", `${fmt(events)} / ${fmt(total)}`, "events"],
      ["nodes", fmt(1 + tries), "nodes"],
      ["backtracks", fmt(k[BACKTRACK] + k[SWAP_UNDONE] + k[NODE_UNDONE]), "backtracks"],
      ["solutions", fmt(k[SOLUTION]), "solutions"],
      ["depth", String(this.state.depth), "depth"],
      ["dead ends", fmt(k[DEAD]), "dead-ends"],
    ];
    if (this.run.propagates) {
      rows.push(["assignments", fmt(k[4]), "assignments"], ["eliminations", fmt(k[5]), "eliminations"]);
      if (k[6] + this.run.kinds.counts[6] > 0) rows.push(["covers", fmt(k[6]), "covers"]);
    }
    if (this.run.profile.what === "cost") rows.push(["cost", String(this.state.cost), "cost"]);
    this.counters.innerHTML = rows
      .map(([label, value, key]) => `<div><dt>${label}</dt><dd data-k="${key}">${value}</dd></div>`)
      .join("");
  }

  // The profile with its axes: the depth (or cost) down the left, deeper lower, from 0
  // to the deepest; the nodes along the bottom, from the first to the last.
  drawProfile() {
    const p = this.run.profile;
    const cv = this.canvas, g = cv.getContext("2d");
    const w = cv.width, h = cv.height;
    const r = w / Math.max(1, cv.clientWidth || w);
    g.clearRect(0, 0, w, h);
    const font = Math.round(10.5 * r);
    g.font = `${font}px sans-serif`;
    const buckets = p.low.length;
    if (buckets === 0) {
      g.fillStyle = "#5b6475";
      g.fillText("no try: propagation alone settled it", 10 * r, h / 2);
      return;
    }
    const top = Math.max(1, ...p.high);
    const left = Math.ceil(g.measureText(fmt(top)).width + 12 * r);
    const x0 = left, x1 = w - 6 * r, y0 = font + 4 * r, y1 = h - font - 8 * r;
    const x = (tries) => x0 + (tries / Math.max(1, p.tries)) * (x1 - x0);
    const y = (v) => y0 + (v / top) * (y1 - y0);
    if (this.run.gap) {
      const a = x(this.triesAtHeadEnd()), b = x(triesOf(this.run.segments[1].snapshot.kinds.counts));
      g.fillStyle = "rgba(241, 211, 138, 0.45)";
      g.fillRect(a, y0, Math.max(1, b - a), y1 - y0);
    }
    g.fillStyle = "#8ea3c4";
    const bw = (x1 - x0) / buckets;
    for (let i = 0; i < buckets; i++) {
      const a = y(p.low[i]), b = y(p.high[i]);
      g.fillRect(x0 + i * bw, a - r, Math.max(r, bw), Math.max(1.5 * r, b - a + r));
    }
    // The axes, their ticks and what they measure.
    g.strokeStyle = "#5b6475";
    g.fillStyle = "#5b6475";
    g.lineWidth = r;
    g.beginPath();
    g.moveTo(x0 - 0.5 * r, y0);
    g.lineTo(x0 - 0.5 * r, y1 + 0.5 * r);
    g.lineTo(x1, y1 + 0.5 * r);
    g.stroke();
    g.textAlign = "right";
    g.textBaseline = "middle";
    const ticksY = top >= 2 ? [0, Math.round(top / 2), top] : [0, top];
    for (const v of ticksY) {
      g.fillRect(x0 - 4 * r, y(v), 3 * r, r);
      g.fillText(fmt(v), x0 - 6 * r, y(v));
    }
    g.textBaseline = "top";
    for (const [t, align] of [[0, "left"], [p.tries / 2, "center"], [p.tries, "right"]]) {
      g.fillRect(x(t), y1, r, 3 * r);
      g.textAlign = align;
      g.fillText(fmt(1 + t), x(t), y1 + 4 * r);
    }
    g.textAlign = "left";
    g.textBaseline = "alphabetic";
    const across = p.tries > 0 ? "  ·  across: node, first to last" : "";
    g.fillText((this.profileWhat === "cost" ? "down: cost" : "down: depth") + across, 2 * r, font);
    g.fillStyle = "#2e8b57";
    for (const sol of p.solutions) g.fillRect(x(sol) - r, y0, 2 * r, y1 - y0);
    const k = this.state.kinds;
    g.fillStyle = "#d0453f";
    g.fillRect(x(triesOf(k)) - r, y0, 2 * r, y1 - y0);
  }

  triesAtHeadEnd() {
    if (this.headEndTries === undefined) {
      const seg = this.segs[0];
      const st = seg.keys[seg.keys.length - 1].clone();
      for (let i = (seg.keys.length - 1) * KEY; i < seg.events; i++) apply(seg, i, st);
      this.headEndTries = triesOf(st.kinds);
    }
    return this.headEndTries;
  }
}

function triesOf(counts) {
  return (
    counts[TRY] + counts[SWAP_KEPT] + counts[SWAP_UNDONE] + counts[NODE_KEPT] + counts[NODE_UNDONE] + counts[GENERATION]
  );
}

function ns(v) {
  if (v < 1e3) return `${v.toFixed(0)} ns`;
  if (v < 1e6) return `${(v / 1e3).toFixed(1)} µs`;
  if (v < 1e9) return `${(v / 1e6).toFixed(2)} ms`;
  return `${(v / 1e9).toFixed(2)} s`;
}

// A power of ten in a few characters: 1, 10, 100, 1k, 10k, 100k, 1M, 10M.
function short(v) {
  for (const [unit, scale] of [["G", 1e9], ["M", 1e6], ["k", 1e3]]) {
    if (v >= scale) return `${Math.round(v / scale)}${unit}`;
  }
  return String(Math.round(v));
}

// A power of ten of nanoseconds in a few characters: 100 ns, 1 µs, 10 ms, 1 s.
function shortNs(v) {
  for (const [unit, scale] of [["s", 1e9], ["ms", 1e6], ["µs", 1e3]]) {
    if (v >= scale) return `${Math.round(v / scale)} ${unit}`;
  }
  return `${Math.round(v)} ns`;
}

function count(n, word) {
  return `${fmt(n)} ${word}${n === 1 ? "" : "s"}`;
}

function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function fillSpeeds(select, value) {
  for (const s of SPEEDS) {
    const o = document.createElement("option");
    o.value = String(s);
    o.textContent = s === Infinity ? "as fast as it goes" : `${fmt(s)} a second`;
    if (s === value) o.selected = true;
    select.appendChild(o);
  }
}

// The strategies of the page side by side: the nodes each searched and, when the page
// was made with --time-plain, the time of its plain solve, on log scales (one bar per
// strategy, in the order of the page, each labelled with its figure).
const COLOURS = { naive: "#d55e00", reduce: "#cc79a7", norvig: "#0072b2", dlx: "#009e73" };

function drawComparison() {
  const box = document.getElementById("compare");
  const runs = DATA.runs;
  const timed = runs.some((r) => r.plain_ns != null);
  let html = barChart("nodes searched (log scale)", runs.map((r) => r.nodes), fmt, short, 1);
  html += timed
    ? barChart("time of a plain solve (log scale)", runs.map((r) => r.plain_ns), ns, shortNs, 1)
    : `<p class="untimed">The time of each plain solve shows here when the page is made ` +
      `with <code>--time-plain</code> (a timing differs from run to run, so by default the ` +
      `page leaves it out and stays the same bytes).</p>`;
  box.innerHTML = html;
}

// One horizontal bar chart: a row per strategy, bars on a log scale in whole decades.
function barChart(title, values, label, tick, floor) {
  const runs = DATA.runs;
  const known = values.filter((v) => v != null && v > 0);
  const lo = Math.floor(Math.log10(Math.max(floor, Math.min(...known))));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...known)) + 1e-9));
  const nameW = 110, barW = 250, labelW = 80, rowH = 20, top = 20;
  const width = nameW + barW + labelW, height = top + rowH * runs.length + 24;
  const x = (v) => nameW + ((Math.log10(Math.max(v, 10 ** lo)) - lo) / (hi - lo)) * barW;
  let svg = `<svg class="bars" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(title)}">`;
  svg += `<text x="0" y="13" class="title">${esc(title)}</text>`;
  for (let e = lo; e <= hi; e++) {
    const gx = x(10 ** e);
    svg += `<line x1="${gx}" x2="${gx}" y1="${top}" y2="${top + rowH * runs.length}" class="grid"/>`;
    svg += `<text x="${gx}" y="${height - 8}" class="tick">${tick(10 ** e)}</text>`;
  }
  runs.forEach((run, i) => {
    const y = top + i * rowH;
    const v = values[i];
    svg += `<text x="${nameW - 6}" y="${y + 14}" class="name">${esc(run.name)}</text>`;
    if (v == null) return;
    const w = Math.max(1.5, x(v) - nameW);
    const colour = COLOURS[run.name.replace(/-essay$/, "")] || "#5b6475";
    svg += `<rect x="${nameW}" y="${y + 3}" width="${w}" height="${rowH - 6}" fill="${colour}"/>`;
    svg += `<text x="${nameW + w + 4}" y="${y + 14}" class="value">${label(v)}</text>`;
  });
  return svg + "</svg>";
}

// The page: the puzzle, the replays, the global controls, the clock, the fragment.
const replays = DATA.runs.map((run, i) => new Replay(run, i));
document.getElementById("puzzle").textContent = `puzzle ${DATA.puzzle}`;

function all(f) {
  for (const r of replays) f(r);
  for (const r of replays) r.render();
}
document.getElementById("play-all").onclick = () => all((r) => { r.playing = !r.atEnd(); });
document.getElementById("pause-all").onclick = () => all((r) => { r.playing = false; });
document.getElementById("step-all").onclick = () => all((r) => { r.playing = false; r.step(); });
document.getElementById("reset-all").onclick = () => all((r) => { r.playing = false; r.seek(0); });
const speedAll = document.getElementById("speed-all");
fillSpeeds(speedAll, 100);
speedAll.addEventListener("change", () => all((r) => {
  r.speed = Number(speedAll.value);
  r.speedSelect.value = speedAll.value;
}));
document.getElementById("unit-all").addEventListener("change", (e) => all((r) => { r.unit = e.target.value; }));

// The clock runs while something plays, and stops when nothing does.
let clock = null;
let timer = null;
function tick() {
  timer = null;
  const now = performance.now();
  const dt = clock === null ? 16 : Math.min(250, now - clock);
  clock = now;
  for (const r of replays) r.tick(dt);
  document.body.dataset.done = replays.every((r) => r.atEnd()) ? "yes" : "no";
  if (replays.some((r) => r.playing)) timer = setTimeout(tick, 30);
  else clock = null;
}
function wake() {
  if (timer === null) timer = setTimeout(tick, 0);
}
document.addEventListener("click", wake);

// Keys: space plays or pauses, the arrows step forward and back, Home and End go to the
// start and the end. They act on every strategy, or on one when the focus is in its
// panel (after a click on one of its buttons); not while a list is open or text typed.
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.target;
  if (t.tagName === "SELECT" || t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "range")) return;
  const panel = t.closest ? t.closest(".panel") : null;
  const mine = panel ? replays.filter((r) => r.panel === panel) : replays;
  const playing = mine.some((r) => r.playing);
  const act = {
    " ": (r) => { r.playing = !playing && !r.atEnd(); },
    ArrowRight: (r) => { r.playing = false; r.step(); },
    ArrowLeft: (r) => { r.playing = false; r.back(); },
    Home: (r) => { r.playing = false; r.seek(0); },
    End: (r) => { r.playing = false; r.seek(r.positions - 1); },
  }[e.key];
  if (!act) return;
  e.preventDefault();
  for (const r of mine) act(r);
  for (const r of mine) r.render();
  wake();
});

// A moment to share: every replay's position in the address (#at=1200,end), which opens
// the page there. The fragment is read at load and whenever it changes.
document.getElementById("link").onclick = () => {
  const at = replays.map((r) => (r.atEnd() ? "end" : String(r.position()))).join(",");
  history.replaceState(null, "", `#at=${at}`);
  const shown = document.getElementById("link-text");
  shown.value = location.href;
  shown.hidden = false;
  shown.select();
  if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(() => {});
};

// #play=max, #play=100, #at=0.4, #at=1200, #at=end, #at=0.3,end (one per strategy)
function follow(hash) {
  for (const part of hash.replace(/^#/, "").split("&")) {
    const [key, value] = part.split("=");
    if (key === "play") {
      const speed = value === "max" || value === undefined ? Infinity : Number(value);
      all((r) => { r.speed = speed; r.playing = true; r.speedSelect.value = String(speed); });
    } else if (key === "at" && value !== undefined) {
      const places = value.split(",");
      all((r) => {
        r.playing = false;
        const place = places[Math.min(r.index, places.length - 1)];
        const last = r.positions - 1;
        const f = Number(place);
        const at = place === "end" ? last : f > 0 && f < 1 ? Math.round(f * last) : f;
        if (Number.isFinite(at)) r.seek(at); // a mistyped place leaves the replay where it is
      });
    }
  }
  wake();
}
window.addEventListener("hashchange", () => follow(location.hash));
drawComparison();
follow(location.hash);

// boardkit board widget: a plain ES module for anywidget, no build step.
//
// It only transports. Python draws the board (an SVG whose clickable parts
// carry data-act / data-toggle / data-confirm) and decides everything; this
// file shows the picture, sends what was clicked, and shows the answer.
// It knows no rule.
//
// To Python, one message per gesture (model.send):
//   {id, kind, version, word?, to?}
//   kind    "click" (word = data-act), "toggle" (word = data-toggle),
//           "confirm" (word = data-confirm), "undo", "cancel", "reveal",
//           "step" (to = sub-step index, -1 = live board)
//   version the board version the gesture was made on: Python refuses a
//           request made on a board that has changed since ("the board
//           changed — look again"), so a double click never acts twice.
// From Python, one state update per request: the changed values plus
//   reply = {n, id, ok, error}. The move log arrives as an append: cut the
//   lines at log_start, append log_tail.
// The picture arrives compressed, as a change: base_z is a whole picture
//   {parts} (joined, the parts are its text), svg_z what the picture shown
//   changes in it, {count, set: [[index, text], …]} or, when parts came or
//   went, {count, cut: [i, j], put: [text, …]} (both JSON zlib-deflated,
//   binary buffers: DataViews), each only when it changed. The browser's own
//   DecompressionStream inflates them, and the update is drawn once its
//   picture is ready (a newer picture always wins over an older one still
//   being inflated). Only the parts of the picture that changed are
//   redrawn (see drawParts), and its style sheet is kept in a <style> of
//   the view (see splitSheet).
// The page never sets the model's state.
//
// A clicked target is outlined at once (class bk-pressed), until the answer
// is drawn.
//
// Above the board: the error (or what the last moves did) and the hint —
// what can be clicked now, computed by Python. A click on the board that
// hits no target shows the hint again, highlighted (no request is sent).
// Present (or size = "present" from Python) makes the board fill the
// screen, for a projector; it is this view's own setting.

const BUSY_MS = 300;       // no answer after this long: "kernel busy…"
const LOST_MS = 15000;     // …after this long: "disconnected — re-run this cell"
const LOST = "disconnected — re-run this cell";
// Anything clickable, and what the keyboard moves between.
const CLICKABLE = "[data-act], [data-toggle], [data-confirm]";
const NAVIGABLE = "[data-act].legal, [data-toggle], [data-confirm]";
const KEY_ATTRS = ["data-toggle", "data-confirm", "data-act"];

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// ---------------------------------------------------------------- the log
// One log per model (all views of a board share it): the model only carries
// the latest append, so the lines are kept here, keyed by board_id.
const logs = new Map();

function patchLog(model, store) {
  const start = model.get("log_start") ?? 0;
  const tail = model.get("log_tail") ?? [];
  // Applying the same patch twice gives the same log, so the order and the
  // number of change events do not matter.
  store.lines.length = Math.min(store.lines.length, start);
  store.lines.push(...tail);
}

function logFor(model) {
  const id = model.get("board_id");
  let store = logs.get(id);
  if (!store) {
    store = { lines: [] };
    logs.set(id, store);
    patchLog(model, store);
    const onLog = () => patchLog(model, store);
    model.on("change:log_start", onLog);
    model.on("change:log_tail", onLog);
    store.off = () => { model.off("change:log_start", onLog); model.off("change:log_tail", onLog); };
  }
  return store;
}

function initialize({ model }) {
  // A (re)created model starts from its full state: a fresh store.
  const old = logs.get(model.get("board_id"));
  if (old) { old.off?.(); logs.delete(model.get("board_id")); }
  const store = logFor(model);
  return () => { store.off?.(); logs.delete(model.get("board_id")); };
}

// ---------------------------------------------------------- the picture
// Inflated base pictures (the newest few), shared by every view on the
// page: base_z (the model's value) -> Promise<parts>.
const bases = new Map();
const BASES_KEPT = 4;

function baseParts(b) {
  let p = bases.get(b);
  if (!p) {
    p = isEmpty(b) ? Promise.resolve([]) : inflate(b).then((text) => {
      const parts = JSON.parse(text).parts;
      if (!Array.isArray(parts)) throw new Error("a base picture is a list of parts");
      return parts;
    });
    p.catch(() => { if (bases.get(b) === p) bases.delete(b); });   // (tried again next time)
    bases.set(b, p);
    while (bases.size > BASES_KEPT) bases.delete(bases.keys().next().value);
  }
  return p;
}

// The text of the picture made of ``b`` (base_z) and ``z`` (svg_z); a
// ``z`` that is a picture's text (not a change) is drawn as it is.
async function pictureText(b, z) {
  const text = isEmpty(z) ? "" : await inflate(z);
  if (!text.startsWith("{")) return text;
  const change = JSON.parse(text);
  const parts = (await baseParts(b)).slice();
  if (parts.length !== change.count) {
    throw new Error(`a change to a picture of ${change.count} parts, on one of ${parts.length}`);
  }
  if (Array.isArray(change.cut)) parts.splice(change.cut[0], change.cut[1] - change.cut[0], ...(change.put ?? []));
  for (const [k, part] of change.set ?? []) parts[k] = part;
  return parts.join("");
}

// The bytes of a picture: a binary buffer as the widget model delivers it
// (DataView, ArrayBuffer or typed array), or base64 text.
function bytesOf(z) {
  if (typeof z === "string") {
    const bin = atob(z);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }
  if (z instanceof ArrayBuffer) return new Uint8Array(z);
  if (ArrayBuffer.isView(z)) return new Uint8Array(z.buffer, z.byteOffset, z.byteLength);
  throw new Error(`a picture is binary data, not ${typeof z}`);
}

// No picture: nothing, or an empty buffer.
function isEmpty(z) {
  return z == null || (typeof z === "string" ? z.length : (z.byteLength ?? 1)) === 0;
}

async function inflate(z) {
  if (typeof DecompressionStream !== "function") {
    throw new Error("this browser cannot unpack it (no DecompressionStream); use a current browser");
  }
  const bytes = bytesOf(z);
  // Written and read directly (not through a Blob, which costs a trip to
  // the browser process): in Chromium the picture is ready in the same task.
  const ds = new DecompressionStream("deflate");
  const writer = ds.writable.getWriter();
  writer.write(bytes).catch(() => {});     // a bad picture fails the read below
  writer.close().catch(() => {});
  const reader = ds.readable.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.length;
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) { all.set(part, at); at += part.length; }
  return new TextDecoder("utf-8", { fatal: true }).decode(all);
}

// Once the next frame is on its way to the screen (style, layout and paint
// done): a task posted from the frame's animation callback runs after it.
function afterFrame(f) {
  requestAnimationFrame(() => {
    const c = new MessageChannel();
    c.port1.onmessage = () => { c.port1.close(); f(); };
    c.port2.postMessage(null);
  });
}

// A picture starts with its style sheet (<svg …><style>…</style>). The
// view keeps that sheet in a <style> of its own, changed only when the
// sheet does: a sheet taken out and put back at every redraw makes the
// browser restyle the whole page.
const SHEET = /^(<svg\b[^>]*>)<style>([^<]*)<\/style>/;
const decoder = typeof document !== "undefined" ? document.createElement("textarea") : null;

function splitSheet(svg) {
  const m = SHEET.exec(svg);
  if (!m) return { css: null, body: svg };
  let css = m[2];
  if (css.includes("&")) { decoder.innerHTML = css; css = decoder.value; }   // XML text: &gt; …
  return { css, body: m[1] + svg.slice(m[0].length) };
}

// A picture's text cut into its parts: the root's start tag, the text of
// each element directly inside the root, the root's end tag. A redraw parses
// only the parts whose text changed (a click usually changes one player's
// board, not the whole picture). null: not a picture this cut understands
// (then the whole picture is drawn anew). Python writes '<' and '>' only
// as tag marks (text and attribute values are escaped).
function cut(svg) {
  const parts = [];
  let depth = 0;
  let start = -1;
  let head = null;
  let last = -1;            // where the last part (or the start tag) ended
  let i = svg.indexOf("<");
  if (i !== 0) return null;
  while (i >= 0) {
    const end = svg.indexOf(">", i);
    const c = svg[i + 1];
    if (end < 0 || c === "!" || c === "?") return null;       // (no comments or declarations)
    if (depth === 1 && svg.slice(last + 1, i).trim()) return null;   // text between parts
    if (c === "/") {
      depth -= 1;
      if (depth === 1 && start >= 0) { parts.push(svg.slice(start, end + 1)); start = -1; last = end; }
      if (depth === 0) return end === svg.length - 1 && head !== null ? { head, parts } : null;
    } else {
      if (depth === 0) {
        if (head !== null) return null;
        head = svg.slice(0, end + 1);
        last = end;
      } else if (depth === 1) {
        start = i;
      }
      if (svg[end - 1] !== "/") depth += 1;
      else if (depth === 1) { parts.push(svg.slice(start, end + 1)); start = -1; last = end; }
    }
    i = svg.indexOf("<", end);
  }
  return null;
}

const scratch = typeof document !== "undefined" ? document.createElement("template") : null;

// Draw ``body`` (a picture's text) in ``board``, where the picture cut as
// ``shown`` is drawn: parts that did not change stay as they are (the
// browser does not restyle them); the others are parsed, and inserted or
// removed, in place. Returns the new picture's cut.
function drawParts(board, body, shown) {
  const next = cut(body);
  const live = board.firstElementChild;
  if (!next || !shown || !live || board.childNodes.length !== 1 || live.tagName !== "svg"
      || live.children.length !== shown.parts.length || live.childNodes.length !== shown.parts.length) {
    board.innerHTML = body;
    return next;
  }
  const was = shown.parts;
  const now = next.parts;
  // walk both lists: a part kept where it is, a part gone, a new part
  const kept = new Array(was.length).fill(false);
  const fresh = [];          // [index in now, the old part it goes before (or null: at the end)]
  let p = 0;
  for (let q = 0; q < now.length; q++) {
    while (p < was.length && was[p] !== now[q] && !now.includes(was[p], q)) p++;   // gone
    if (p < was.length && was[p] === now[q]) { kept[p] = true; p++; }
    else fresh.push([q, p < was.length ? p : null]);
  }
  if (!fresh.length && kept.every(Boolean) && next.head === shown.head) return next;
  scratch.innerHTML = next.head + fresh.map(([q]) => now[q]).join("") + "</svg>";
  const root = scratch.content.firstElementChild;
  const nodes = root ? [...root.children] : [];
  // (HTML in a part is moved out of the picture by the parser: draw it whole)
  if (nodes.length !== fresh.length || scratch.content.childNodes.length !== 1) {
    board.innerHTML = body;
    return next;
  }
  if (next.head !== shown.head) {
    for (const a of [...live.attributes]) if (!root.hasAttribute(a.name)) live.removeAttribute(a.name);
    for (const a of root.attributes) if (live.getAttribute(a.name) !== a.value) live.setAttribute(a.name, a.value);
  }
  const kids = [...live.children];
  fresh.forEach(([, before], n) => live.insertBefore(nodes[n], before === null ? null : kids[before]));
  kids.forEach((kid, k) => { if (!kept[k]) kid.remove(); });
  scratch.innerHTML = "";
  return next;
}

// ------------------------------------------------------------- the view
function button(cls, text, title) {
  const b = el("button", cls, text);
  b.type = "button";
  if (title) b.title = title;
  return b;
}

// A disabled button says so to assistive technology too, and looks it (CSS).
function setDisabled(b, off) {
  b.disabled = off;
  b.setAttribute("aria-disabled", off ? "true" : "false");
}

// ---------------------------------------------------------------- a view
// One view of a board (a model may be shown in several). render() builds
// it: the parts of the page (buildParts), the view's own state (newView),
// the gestures, keys and presenting wired to requests, and the model's
// changes to paint(). Each function below does one of those jobs on the
// view object `v` they share.

// The page's parts: the bar, the feedback above the board, the stepper,
// the board, what happened, the move log and the hot-seat curtain.
function buildParts(host) {
  const p = {};
  p.root = el("div", "boardkit-widget");
  const bar = el("div", "bk-bar");
  p.status = el("div", "bk-status");
  p.thinking = el("span", "bk-thinking");
  p.thinking.setAttribute("aria-live", "polite");
  p.conn = el("span", "bk-conn");
  p.conn.setAttribute("role", "status");
  p.pending = el("span", "bk-pending");
  p.cancel = button("bk-cancel", "Cancel selection", "Forget the clicks of an unfinished move (Esc)");
  p.undo = button("bk-undo", "↶ Undo", "Take back the last move (and the bots' replies)");
  p.present = button("bk-present", "Present (full screen)", "Show the board as large as the screen (Esc: back)");
  p.planButton = button("bk-plan", "AI's plan", "Draw the moves the AI expects next as arrows on the board");
  bar.append(p.status, p.thinking, p.conn, p.pending, p.cancel, p.undo, p.planButton, p.present);
  // feedback where the eye is: above the board, in space kept for it
  const feedback = el("div", "bk-feedback");
  const note = el("div", "bk-note");
  p.error = el("div", "bk-error");     // (said by the live region below, not twice)
  p.errorText = el("span", "bk-error-text");
  p.error.append(p.errorText);      // (then the rulings it cites, as tags)
  p.message = el("div", "bk-message");
  p.expects = el("div", "bk-expects");
  note.append(p.error, p.message, p.expects);
  p.hint = el("div", "bk-hint");
  p.hint.setAttribute("aria-live", "polite");
  feedback.append(note, p.hint);
  const stepper = el("div", "bk-bar bk-stepper");
  p.stepPrev = button("bk-step-prev", "◀ step", "The step before");
  p.stepNext = button("bk-step-next", "step ▶", "The next step");
  p.stepLive = button("bk-step-live", "now ⇥", "Back to the live board");
  p.playPause = button("bk-playback", "▶ Play", "Play back what happened since your last move");
  p.goOn = button("bk-next", "Continue ▶", "Go on from this moment");
  p.stepLabel = el("span", "bk-step-label");
  p.stepLabel.setAttribute("aria-live", "polite");
  stepper.append(el("span", "bk-step-title", "Since your last move:"), p.playPause, p.stepPrev, p.stepNext,
    p.stepLive, p.goOn, p.stepLabel);
  p.sheet = el("style");   // the picture's style sheet (see splitSheet)
  p.board = el("div", "bk-board");
  p.board.tabIndex = -1;   // keeps keyboard focus in the widget when no target is left
  // a refusal next to the target that was clicked (the bar says it too)
  p.callout = el("div", "bk-callout");
  p.callout.setAttribute("aria-hidden", "true");
  p.callout.hidden = true;
  const boardBox = el("div", "bk-board-box");
  boardBox.append(p.board, p.callout);
  const happenedBox = el("details", "bk-happened");
  happenedBox.open = true;
  p.happenedTitle = el("summary", null, "What happened since your last move");
  p.happened = el("ol", "bk-happened-list");
  happenedBox.append(p.happenedTitle, p.happened);
  p.details = el("details", "bk-logbox");
  p.details.append(el("summary", null, "Move log"));
  p.log = el("ol", "bk-log");
  p.details.append(p.log);
  p.details.addEventListener("toggle", () => { if (p.details.open) p.log.scrollTop = p.log.scrollHeight; });
  p.curtain = el("div", "bk-curtain");
  p.curtainText = el("div");
  p.reveal = button("bk-reveal", "I have the screen — show my hand");
  p.curtainUndo = button("bk-curtain-undo", "↶ Undo the last move");
  p.curtain.append(p.curtainText, p.reveal, p.curtainUndo);
  // What a screen reader says: each move (a person's, a bot's) and each
  // refusal, in Python's words (the model's ``announce``); not shown.
  p.announce = el("div", "bk-announce");
  p.announce.setAttribute("role", "status");
  p.announce.setAttribute("aria-live", "polite");
  p.announce.setAttribute("aria-atomic", "true");
  p.root.append(p.sheet, bar, feedback, stepper, boardBox, happenedBox, p.details, p.curtain, p.announce);
  host.append(p.root);
  return p;
}

// The view: its parts and its own state.
function newView(model, host) {
  const v = {
    model, host, ...buildParts(host),
    store: logFor(model),
    shownLines: [],       // the log lines this view shows
    me: Math.random().toString(36).slice(2, 8),   // request ids unique to this view
    seq: 0,
    inflight: new Map(),  // request id -> time sent (oldest first)
    began: new Map(),     // request id -> time of the gesture that sent it
    aimed: new Map(),     // request id -> where its target is (for a refusal's callout)
    timers: new Set(),
    answered: null,       // the last answered request: {began, replied} (ms)
    closed: false,
    removed: false,       // the view is gone
    misses: 0,            // clicks that hit no target
    presenting: null,     // this view's own size (null: follow the model's)
    calloutAt: null,      // where the refused target was
    calloutShown: null,   // … where the callout shown is (its fade is not started again)
    bodyUnits: null,      // the picture's body text, in its own units
    textPx: 15,
    drawnCut: null,       // the picture drawn, cut in parts (see cut)
    focusNext: null,      // the target to focus in the next frame
    shownHappened: null,
    saidN: null,          // the last ``announce`` said (null: none yet; what came before is not read)
    paintedVersion: null,
    painted: null,        // the picture drawn
    shown: { z: "", b: "", svg: "", error: "" },   // the newest picture inflated
    inflating: null,      // the [svg_z, base_z] being inflated
    scheduled: false,
  };
  v.schedule = () => schedule(v);
  return v;
}

// ------------------------------------------------------- requests
function disconnected(v) {
  // ipywidgets marks a view whose model lost its kernel connection
  return v.closed || v.host.closest(".jupyter-widgets-disconnected") !== null;
}

// The bar's connection word: "kernel busy…" or "disconnected".
function checkConnection(v) {
  let text = "";
  let state = "";
  // a host other than Jupyter (the class server's page) says its own words
  const words = v.host.closest("[data-bk-lost]")?.dataset ?? {};
  const lost = words.bkLost ?? LOST;
  if (disconnected(v)) {
    text = lost; state = "lost";
  } else if (v.inflight.size) {
    const age = performance.now() - v.inflight.values().next().value;
    if (age >= LOST_MS) { text = lost; state = "lost"; }
    else if (age >= BUSY_MS) { text = words.bkBusy ?? "kernel busy…"; state = "busy"; }
  }
  v.conn.textContent = text;
  v.root.dataset.conn = state;
}

function later(v, ms) {
  const t = setTimeout(() => { v.timers.delete(t); checkConnection(v); }, ms);
  v.timers.add(t);
}

// Send one gesture to Python (with the board version it was made on).
function request(v, kind, extra = {}, t0 = performance.now(), target = null) {
  if (disconnected(v)) { checkConnection(v); return; }
  const id = `${v.me}-${++v.seq}`;
  if (target) v.aimed.set(id, placeOf(v, target));
  v.inflight.set(id, performance.now());
  v.began.set(id, t0);
  later(v, BUSY_MS + 10);
  later(v, LOST_MS + 10);
  try {
    v.model.send({ id, kind, version: v.model.get("version"), ...extra });
  } catch (e) {
    v.closed = true;
    console.error("boardkit: could not reach the kernel", e);
  }
  checkConnection(v);
}

// Python's answer to a request of this view.
function onReply(v) {
  const r = v.model.get("reply");
  if (!r || !v.inflight.has(r.id)) return;    // another view's request
  // Python answers in order: anything sent before this is answered or lost.
  for (const id of [...v.inflight.keys()]) {
    const t0 = v.began.get(id);
    v.inflight.delete(id);
    v.began.delete(id);
    const where = v.aimed.get(id);
    v.aimed.delete(id);
    if (id === r.id) {
      v.answered = { began: t0, replied: performance.now() };
      v.calloutAt = !r.ok && where ? where : null;
      break;
    }
  }
  v.root.dataset.lastError = r.ok ? "" : (r.error || "refused");
  checkConnection(v);
  schedule(v);
}

// ------------------------------------------------ refusal by the target
// Where a target is, as fractions of the board's size (the board may be
// redrawn or resized before the answer comes).
function placeOf(v, t) {
  const b = v.board.getBoundingClientRect();
  const r = t.getBoundingClientRect();
  if (!b.width || !b.height) return null;
  return { x: (r.left + r.width / 2 - b.left) / b.width, top: (r.top - b.top) / b.height,
    bottom: (r.bottom - b.top) / b.height };
}

function drawCallout(v, text) {
  const { callout, board } = v;
  if (!text || !v.calloutAt) { callout.hidden = true; v.calloutAt = null; v.calloutShown = null; return; }
  const at = v.calloutAt;
  if (v.calloutShown === at && callout.textContent === text) return;   // (its fade goes on)
  v.calloutShown = at;
  callout.textContent = text;
  callout.hidden = false;
  callout.style.animation = "none";     // (the fade starts again for a new refusal)
  void callout.offsetWidth;
  callout.style.animation = "";
  const bw = board.clientWidth;
  const bh = board.clientHeight;
  const cw = callout.offsetWidth;
  const ch = callout.offsetHeight;
  const left = Math.max(4, Math.min(bw - cw - 4, at.x * bw - cw / 2));
  let top = at.bottom * bh + 10;
  let side = "below";
  if (top + ch > bh && at.top * bh - ch - 10 >= 0) { top = at.top * bh - ch - 10; side = "above"; }
  callout.style.left = `${left}px`;
  callout.style.top = `${Math.max(0, Math.min(top, bh - ch))}px`;
  callout.style.setProperty("--bk-arrow-x", `${Math.max(12, Math.min(cw - 12, at.x * bw - left))}px`);
  callout.dataset.side = side;
}

// ------------------------------------------- text the size of the board
// The words around the board (refusals, hints, captions, buttons) are at
// least 0.85 times the board's own body text (the upper quartile of its
// text sizes) as the screen shows it, and
// never under 15 px (in a notebook, at most 18 px; presenting, 48 px): the
// picture's text is measured once per picture (its median size), the
// board's scale at every resize.
function fitText(v) {
  const svg = v.board.querySelector("svg");
  const vb = svg?.viewBox?.baseVal;
  if (!svg || !vb || !vb.width || !vb.height) return;
  if (v.bodyUnits === null) {
    // the size most of its words are at or under: the upper quartile of
    // its text sizes (a sample spread over the whole picture)
    const all = svg.querySelectorAll("text");
    const step = Math.max(1, Math.floor(all.length / 300));
    const sizes = [];
    for (let k = 0; k < all.length; k += step) {
      const px = parseFloat(getComputedStyle(all[k]).fontSize);
      if (px > 0) sizes.push(px);
    }
    sizes.sort((a, b) => a - b);
    v.bodyUnits = sizes.length ? sizes[Math.floor(sizes.length * 0.75)] : 14;
  }
  for (let i = 0; i < 3; i++) {          // (bigger words leave the board less room: settle)
    const r = svg.getBoundingClientRect();
    if (!r.width) return;
    const scale = Math.min(r.width / vb.width, r.height / vb.height);
    // (in a notebook the words stay at most 18 px: a small picture drawn
    // the notebook's width would make them shout)
    const want = Math.min(presentingNow(v) ? 48 : 18, Math.max(15, 0.85 * v.bodyUnits * scale));
    v.root.dataset.bodyPx = (v.bodyUnits * scale).toFixed(1);
    // (a margin past the rounding: a size whose own words would tip it back
    // is kept, or the board would flicker between two sizes)
    if (Math.abs(want - v.textPx) < 0.75) return;
    const px = Math.round(want);
    v.textPx = px;
    v.root.style.setProperty("--bk-text", `${px}px`);
    v.root.dataset.textPx = String(px);
  }
}

// ------------------------------------------------------- gestures
// A target clicked (or Enter on it): its request.
function activate(v, t, ev) {
  t.classList.add("bk-pressed");     // seen at once; the answer's redraw replaces it
  // click → the frame showing it, for the browser tests' latency figures
  const t0 = ev?.timeStamp ?? performance.now();
  afterFrame(() => { v.root.dataset.pressedMs = (performance.now() - t0).toFixed(2); });
  if (t.hasAttribute("data-toggle")) request(v, "toggle", { word: t.getAttribute("data-toggle") }, t0, t);
  else if (t.hasAttribute("data-confirm")) request(v, "confirm", { word: t.getAttribute("data-confirm") }, t0, t);
  else request(v, "click", { word: t.getAttribute("data-act") }, t0, t);
}

// A click that hits no target: say what can be clicked (Python's words).
function miss(v) {
  const { hint, model } = v;
  const h = model.get("hint");
  const busy = model.get("thinking");
  hint.textContent = h ? `That is not something to click. ${h}`
    : `Nothing on the board can be clicked now${busy ? ` — ${busy}` : "."}`;
  hint.dataset.flash = "0";
  void hint.offsetWidth;           // restart the highlight
  hint.dataset.flash = "1";
  v.root.dataset.misses = String(++v.misses);
}

// An option that names squares (data-highlight: a decision's two slimes)
// lights them on the board while it is pointed at or focused.
function light(v, ev, on) {
  const board = v.board;
  const opt = ev.target.closest?.("[data-highlight]");
  for (const o of board.querySelectorAll(".bk-lit")) o.classList.remove("bk-lit");
  if (!on || !opt || !board.contains(opt)) return;
  for (const sq of opt.getAttribute("data-highlight").split(" ").filter(Boolean)) {
    for (const cell of board.querySelectorAll(`[data-square="${CSS.escape(sq)}"]`)) cell.classList.add("bk-lit");
  }
}

// The board's clicks and pointer, and every button, to requests.
function wireGestures(v) {
  const { board, model } = v;
  board.addEventListener("click", (ev) => {
    v.callout.hidden = true;      // a refusal's callout never lies over the next target
    v.calloutAt = null;
    const t = ev.target.closest(CLICKABLE);
    if (t && board.contains(t)) activate(v, t, ev);
    else if (model.get("playing")) request(v, "step", { to: -1 });   // a click during a play-back: now
    else miss(v);
  });
  board.addEventListener("pointerover", (ev) => light(v, ev, true));
  board.addEventListener("pointerout", (ev) => light(v, ev, false));
  board.addEventListener("focusin", (ev) => light(v, ev, true));
  board.addEventListener("focusout", (ev) => light(v, ev, false));
  v.undo.addEventListener("click", () => request(v, "undo"));
  v.curtainUndo.addEventListener("click", () => request(v, "undo"));
  v.cancel.addEventListener("click", () => request(v, "cancel"));
  v.reveal.addEventListener("click", () => request(v, "reveal"));
  v.stepPrev.addEventListener("click", () => {
    const i = model.get("step_index");
    request(v, "step", { to: i < 0 ? model.get("step_count") - 1 : Math.max(0, i - 1) });
  });
  v.stepNext.addEventListener("click", () => {
    const i = model.get("step_index");
    const n = model.get("step_count");
    request(v, "step", { to: i < 0 ? 0 : (i + 1 < n ? i + 1 : -1) });
  });
  v.stepLive.addEventListener("click", () => request(v, "step", { to: -1 }));
  v.playPause.addEventListener("click", () => request(v, model.get("playing") ? "pause" : "play"));
  v.goOn.addEventListener("click", () => request(v, "next"));
  v.planButton.addEventListener("click", () => request(v, "plan"));
  v.happened.addEventListener("click", (ev) => {
    const li = ev.target.closest("li[data-step]");
    if (li) request(v, "step", { to: Number(li.dataset.step) });
  });
}

// ------------------------------------------------------- presenting
function presentingNow(v) {
  return v.presenting ?? v.model.get("size") === "present";
}

function applySize(v) {
  const on = presentingNow(v);
  v.root.classList.toggle("bk-presenting", on);
  v.root.dataset.size = on ? "present" : "normal";
  v.present.textContent = on ? "✕ Exit presentation" : "Present (full screen)";
  v.present.setAttribute("aria-pressed", on ? "true" : "false");
}

function setPresenting(v, on) {
  v.presenting = on;
  applySize(v);
  const doc = v.host.ownerDocument;
  if (on && v.root.requestFullscreen && !doc.fullscreenElement) {
    v.root.requestFullscreen().catch(() => {});   // refused: the fixed overlay still fills the window
  } else if (!on && doc.fullscreenElement === v.root) {
    doc.exitFullscreen().catch(() => {});
  }
}

// The Present button, leaving full screen, the model's size.
function wirePresenting(v) {
  v.present.addEventListener("click", () => setPresenting(v, !presentingNow(v)));
  v.onFullscreen = () => {
    // Esc in fullscreen leaves the presentation too
    if (!v.host.ownerDocument.fullscreenElement && v.presenting) { v.presenting = false; applySize(v); }
  };
  v.host.ownerDocument.addEventListener("fullscreenchange", v.onFullscreen);
  v.onSize = () => { v.presenting = null; applySize(v); };
}

// ------------------------------------------------------- keyboard
function targets(v) { return [...v.board.querySelectorAll(NAVIGABLE)]; }

function keyOf(t) {
  if (!t) return null;
  for (const a of KEY_ATTRS) if (t.hasAttribute(a)) return [a, t.getAttribute(a)];
  return null;
}

function centre(t) {
  const r = t.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// The nearest target in the arrow's direction (a board is a picture, not
// a list); in document order when nothing lies that way.
function neighbour(v, from, key) {
  const items = targets(v);
  const i = items.indexOf(from);
  if (key === "Home") return items[0];
  if (key === "End") return items[items.length - 1];
  const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  if (!dir) return null;
  const c = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const t of items) {
    if (t === from) continue;
    const p = centre(t);
    const dx = p.x - c.x;
    const dy = p.y - c.y;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 1) continue;
    const score = along + 2 * Math.abs(dx * dir[1] + dy * dir[0]);
    if (score < bestScore) { best = t; bestScore = score; }
  }
  return best ?? items[i + (dir[0] + dir[1] > 0 ? 1 : -1)] ?? null;
}

function focusTarget(v, t) {
  for (const o of v.board.querySelectorAll("[tabindex='0']")) o.setAttribute("tabindex", "-1");
  t.setAttribute("tabindex", "0");
  t.focus({ preventScroll: false });
}

// Esc cancels (or leaves presenting), Enter and space click, arrows move.
function onKey(v, ev) {
  const { model, board } = v;
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;   // save, run… still reach JupyterLab
  if (ev.key === "Escape") {
    if (model.get("pending") || (model.get("selected") ?? []).length) {
      ev.preventDefault();
      ev.stopPropagation();
      request(v, "cancel");
    } else if (presentingNow(v)) {
      ev.preventDefault();
      ev.stopPropagation();
      setPresenting(v, false);
    }
    return;   // nothing to cancel: Esc goes on to the notebook
  }
  ev.stopPropagation();   // keys typed in the widget never reach the notebook
  const t = ev.target.closest?.(CLICKABLE);
  if (!t || !board.contains(t)) return;
  if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    activate(v, t, ev);
    return;
  }
  const next = neighbour(v, t, ev.key);
  if (next) { ev.preventDefault(); focusTarget(v, next); }
}

// ---------------------------------------------------------- drawing
// Nothing else has the focus (the user has not moved it elsewhere).
function focusIsFree(v) {
  const doc = v.host.ownerDocument;
  const a = v.host.getRootNode().activeElement;
  const d = doc.activeElement;
  return (a === null || a === v.board || a === doc.body)
    && (d === null || d === doc.body || d === v.board || d.contains(v.host));
}

// The target that stands for the one focused before a redraw: the nth with
// the same word, else the one nearest where it was, else the first.
function sameTarget(items, key, nth, at) {
  const same = key ? items.filter((t) => t.getAttribute(key[0]) === key[1]) : [];
  if (same.length) return same[Math.min(nth, same.length - 1)];
  if (at && items.length) {
    let best = items[0];
    let bestD = Infinity;
    for (const t of items) {
      const c = centre(t);
      const d = (c.x - at.x) ** 2 + (c.y - at.y) ** 2;
      if (d < bestD) { best = t; bestD = d; }
    }
    return best;
  }
  return items[0];
}

// The picture on the board, its targets made buttons; the focused target
// keeps the focus.
function drawBoard(v, svg) {
  const { board, host } = v;
  const before = host.getRootNode().activeElement;
  const had = before !== null && board.contains(before);
  // (a target still to be focused counts as focused: two redraws may come in one frame)
  const focused = had ? before : v.focusNext;
  const target = focused?.closest?.(CLICKABLE) ?? null;
  const key = keyOf(target);
  // where it was: which of the targets with its word (two dice can show the
  // same face), and its place on the board (a rerolled die changes its word)
  const sameWord = key ? [...board.querySelectorAll(CLICKABLE)].filter((t) => t.getAttribute(key[0]) === key[1]) : [];
  const nth = target ? Math.max(0, sameWord.indexOf(target)) : 0;
  const at = target?.isConnected ? centre(target) : null;
  const { css, body } = splitSheet(svg);
  if (v.sheet.textContent !== (css ?? "")) v.sheet.textContent = css ?? "";   // (a picture without one: none)
  const wasSvg = board.firstElementChild;
  v.drawnCut = drawParts(board, body, v.drawnCut);
  if (board.firstElementChild !== wasSvg) v.bodyUnits = null;   // a new picture: measure its text again
  for (const t of board.querySelectorAll(".bk-pressed")) t.classList.remove("bk-pressed");
  const chosen = new Set(v.model.get("selected") ?? []);
  const items = targets(v);
  // a picture with targets is a group of buttons, not an image (an image's
  // parts are hidden from assistive technology); each target is named by
  // its <title> (Python's words). A target the rules refuse now is no
  // button (the keyboard does not stop there; a click on it says why).
  const svgRoot = board.firstElementChild;
  if (svgRoot?.getAttribute("role") === "img" && items.length) svgRoot.setAttribute("role", "group");
  for (const t of board.querySelectorAll("[role='button']")) t.removeAttribute("role");
  for (const t of items) {
    t.setAttribute("tabindex", "-1");
    t.setAttribute("role", "button");
    if (t.hasAttribute("data-toggle")) {
      t.setAttribute("aria-pressed", chosen.has(t.getAttribute("data-toggle")) ? "true" : "false");
    }
  }
  // the same target keeps the focus across redraws: the focused one if it
  // was not redrawn, else the one with the same word
  const now = host.getRootNode().activeElement;
  const kept = had && now !== null && board.contains(now) ? now : null;
  const home = (kept && items.includes(kept) ? kept : null) || sameTarget(items, key, nth, at);
  if (home) home.setAttribute("tabindex", "0");
  if (kept || !focused) {
    v.focusNext = null;
    return;
  }
  // A redrawn target gets the focus back in the next frame, before it is
  // drawn (focusing at once would make the browser restyle and lay out
  // the page now, and again for the frame), unless it went elsewhere.
  if (v.focusNext === null) {
    requestAnimationFrame(() => {
      const t = v.focusNext;
      v.focusNext = null;
      if (t?.isConnected && focusIsFree(v)) t.focus({ preventScroll: true });
    });
  }
  v.focusNext = home ?? board;
}

// The move log: only the lines that changed.
function drawLog(v) {
  const { log, details } = v;
  const lines = v.store.lines;
  v.root.dataset.logLength = String(lines.length);
  let k = 0;
  while (k < v.shownLines.length && k < lines.length && v.shownLines[k] === lines[k]) k++;
  if (k === lines.length && k === v.shownLines.length) return;    // unchanged
  while (log.children.length > k) log.lastChild.remove();
  for (let j = k; j < lines.length; j++) log.append(el("li", null, lines[j]));
  v.shownLines = lines.slice();
  if (details.open) log.scrollTop = log.scrollHeight;   // (reading the height lays the page out)
}

// What happened since the human's last move, the step shown marked.
function drawHappened(v, current) {
  const items = v.model.get("happened") ?? [];
  if (items !== v.shownHappened) {
    v.happened.replaceChildren(...items.map((it) => {
      const li = el("li", null, it.text);
      li.dataset.step = String(it.step);
      li.title = `Show step ${it.step + 1} on the board`;
      return li;
    }));
    v.shownHappened = items;
    v.happenedTitle.textContent = items.length
      ? `What happened since your last move (${items.length} event${items.length > 1 ? "s" : ""}) — click one to see it`
      : "What happened since your last move (nothing yet)";
  }
  for (const li of v.happened.children) li.classList.toggle("current", li.dataset.step === String(current));
}

function schedule(v) {
  if (!v.scheduled) { v.scheduled = true; queueMicrotask(() => paint(v)); }
}

// The model's picture, inflated; then paint again. Only the model's
// newest picture is kept: one inflated late never replaces it.
function fetchPicture(v, z, b) {
  v.inflating = [z, b];
  pictureText(b, z).then((svg) => ({ z, b, svg, error: "" }),
    (e) => ({ z, b, svg: null, error: `the board could not be shown: ${e?.message ?? e}` }))
    .then((p) => {
      if (v.removed || (v.model.get("svg_z") ?? "") !== z || (v.model.get("base_z") ?? "") !== b) return;
      if (p.error) console.error("boardkit:", p.error);
      v.shown = p;
      v.inflating = null;
      schedule(v);
    });
}

// The picture, when it or the version moved; false while it is inflated.
function paintPicture(v) {
  const { model } = v;
  const z = model.get("svg_z") ?? "";
  const b = model.get("base_z") ?? "";
  if (z !== v.shown.z || b !== v.shown.b) {
    if (!v.inflating || v.inflating[0] !== z || v.inflating[1] !== b) fetchPicture(v, z, b);
    return false;
  }
  const version = model.get("version");
  if (version !== v.paintedVersion || v.shown !== v.painted) {
    if (v.shown.svg !== null) { drawBoard(v, v.shown.svg); fitText(v); }   // (not inflated: the last picture stays, dimmed)
    v.root.dataset.picture = v.shown.error ? "error" : "";
    v.paintedVersion = version;
    v.painted = v.shown;
    v.hint.dataset.flash = "0";
  }
  if (!v.inflight.size) for (const t of v.board.querySelectorAll(".bk-pressed")) t.classList.remove("bk-pressed");
  return true;
}

// The bar: the situation, who thinks, the words chosen so far, the buttons.
function paintBar(v) {
  const { model } = v;
  v.status.textContent = model.get("status");
  const busy = model.get("thinking");
  v.thinking.textContent = busy;
  v.root.dataset.thinking = busy ? "1" : "";
  const p = model.get("pending");
  const chosen = model.get("selected") ?? [];
  const parts = [];
  if (p) parts.push(`selected: ${p} …`);
  if (chosen.length) parts.push(`chosen: ${chosen.join(" ")}`);
  v.pending.textContent = parts.join(" · ");
  setDisabled(v.cancel, !p && !chosen.length);
  setDisabled(v.undo, !model.get("can_undo"));
  v.curtainUndo.hidden = !model.get("can_undo");
  v.planButton.hidden = !model.get("has_plan");
  v.planButton.setAttribute("aria-pressed", model.get("show_plan") ? "true" : "false");
  v.planButton.textContent = model.get("show_plan") ? "Hide the AI's plan" : "AI's plan";
}

// Above the board: the refusal with the rulings it cites as tags (and by
// the target), or what the last moves did; the hint; the curtain.
function paintFeedback(v) {
  const { model, error } = v;
  const err = [v.shown.error, model.get("error")].filter(Boolean).join(" — ");
  v.errorText.textContent = err;
  // the rulings cited, as tags, each with its title: the refusal's, then any the sentence mentions
  const rules = err ? (model.get("error_rule") || "").split(" ").filter(Boolean) : [];
  const ruleTitles = (model.get("error_rule_title") || "").split("\n");   // (a line per ruling)
  const tags = rules.map((r, k) => {
    const tag = el("span", "bk-rule", r);
    tag.title = `ruling ${r}${ruleTitles[k] ? ` — ${ruleTitles[k]}` : ""} (docs/rulings.md)`;
    return tag;
  });
  const shownTags = [...error.querySelectorAll(".bk-rule")].map((t) => t.title + t.textContent).join("|");
  if (shownTags !== tags.map((t) => t.title + t.textContent).join("|")) {
    for (const t of error.querySelectorAll(".bk-rule")) t.remove();
    error.append(...tags);
  }
  drawCallout(v, model.get("error") || "");
  v.message.textContent = err ? "" : model.get("message");
  v.expects.textContent = err ? "" : model.get("expects");
  v.expects.hidden = !v.expects.textContent;
  v.expects.title = v.expects.textContent;     // the whole line, where Present cuts it short
  v.root.dataset.error = err ? "1" : "";
  // the live region: what Python says was done or refused, each time anew
  const said = model.get("announce");
  if (said && said.n !== v.saidN) {
    if (v.saidN !== null) v.announce.textContent = said.text ?? "";
    v.saidN = said.n;
  }
  if (v.hint.dataset.flash !== "1") v.hint.textContent = model.get("hint");
  const c = model.get("curtain");
  v.curtain.hidden = !c;
  v.curtainText.textContent = c;
}

// The stepper: the steps since the human's last move, play-back.
function paintStepper(v) {
  const { model } = v;
  const n = model.get("step_count");
  const i = model.get("step_index");
  setDisabled(v.stepPrev, n === 0 || i === 0);
  setDisabled(v.stepNext, n === 0);
  setDisabled(v.stepLive, i < 0);
  const playing = model.get("playing");
  const held = model.get("held");
  v.playPause.textContent = playing ? "‖ Pause" : "▶ Play";
  v.playPause.setAttribute("aria-pressed", playing ? "true" : "false");
  setDisabled(v.playPause, n === 0);
  v.goOn.hidden = !held;
  v.root.dataset.playing = playing ? "1" : "";
  v.root.dataset.held = held ? "1" : "";
  v.stepLabel.textContent = i >= 0 ? model.get("step_caption")
    : n ? `${n} step${n > 1 ? "s" : ""} — the live board is shown` : "nothing yet";
  drawHappened(v, i);
  v.root.dataset.step = String(i);
}

// click → answer drawn into the page, → the frame showing it, and
// → answer received: the browser tests' latency figures
function recordLatency(v) {
  if (v.answered === null) return;
  const { began: t0, replied } = v.answered;
  v.answered = null;
  const ms = performance.now() - t0;
  v.root.dataset.replyMs = (replied - t0).toFixed(2);
  v.root.dataset.latencyMs = ms.toFixed(2);
  (globalThis.__boardkitLatencies ??= []).push(ms);
  (globalThis.__boardkitReplies ??= []).push(replied - t0);
  afterFrame(() => { v.root.dataset.frameMs = (performance.now() - t0).toFixed(2); });
}

// Everything from the model; the picture only when it or the version
// moved. An update is drawn whole, once its picture is inflated.
function paint(v) {
  v.scheduled = false;
  if (v.removed) return;
  if (!paintPicture(v)) return;
  paintBar(v);
  paintFeedback(v);
  drawLog(v);
  paintStepper(v);
  v.root.dataset.version = String(v.model.get("version"));
  recordLatency(v);
  v.root.dataset.ready = "1";
}

const KEYS = ["svg_z", "base_z", "version", "status", "thinking", "message", "expects", "error", "error_rule",
  "error_rule_title", "pending", "selected", "curtain", "can_undo", "step_count", "step_index", "step_caption",
  "happened", "hint", "log_start", "log_tail", "playing", "held", "has_plan", "show_plan", "announce"];

// The model's changes to this view; returns what undoes it.
function listen(v) {
  const { model } = v;
  const onReplyNow = () => onReply(v);
  const onLost = () => { setTimeout(() => checkConnection(v), 0); };
  const onClose = () => { v.closed = true; checkConnection(v); };
  for (const k of KEYS) model.on(`change:${k}`, v.schedule);
  model.on("change:size", v.onSize);
  model.on("change:reply", onReplyNow);
  model.on("comm_live_update", onLost);
  model.on("comm:close", onClose);
  return () => {
    for (const k of KEYS) model.off(`change:${k}`, v.schedule);
    model.off("change:size", v.onSize);
    model.off("change:reply", onReplyNow);
    model.off("comm_live_update", onLost);
    model.off("comm:close", onClose);
  };
}

function render({ model, el: host }) {
  const v = newView(model, host);
  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(() => fitText(v)) : null;
  resized?.observe(v.board);
  wireGestures(v);
  wirePresenting(v);
  v.root.addEventListener("keydown", (ev) => onKey(v, ev));
  const unlisten = listen(v);
  applySize(v);
  paint(v);
  return () => {
    v.removed = true;
    unlisten();
    host.ownerDocument.removeEventListener("fullscreenchange", v.onFullscreen);
    resized?.disconnect();
    for (const t of v.timers) clearTimeout(t);
  };
}

export default { initialize, render };

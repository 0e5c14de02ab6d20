// A small anywidget host: the model a front-end module expects (get, set,
// on, off, send, save_changes), kept over a transport instead of a Jupyter
// kernel's comm. The class server's pages and the play app mount boardkit's
// board module (board.js) with it, exactly as JupyterLab does: the same
// module, the same pictures, refusals and play-back.
//
// A transport carries JSON messages to the Python side (send) and brings
// back the page's messages ({t: ...}, onText) and the board's model
// messages (onFrame); two are here: a WebSocket to the class server
// (socketTransport) and a Web Worker running boardkit's Python in Pyodide
// (workerTransport, the play app).
//
// The Python side frames each model message as Jupyter does
// (serialize_binary_message): a count of parts, the offsets of the parts
// (big-endian uint32), then the JSON ({method: "open"|"update"|"custom",
// state, buffer_paths}) and the binary buffers, each put back at its path
// as a DataView. Nothing here knows a rule: the page only proposes.

export function unpackFrame(data) {
  const view = new DataView(data);
  const n = view.getUint32(0);
  const offsets = [];
  for (let i = 0; i < n; i++) offsets.push(view.getUint32(4 * (i + 1)));
  offsets.push(data.byteLength);
  const text = new TextDecoder().decode(new Uint8Array(data, offsets[0], offsets[1] - offsets[0]));
  const msg = JSON.parse(text);
  const buffers = [];
  for (let i = 1; i < n; i++) buffers.push(new DataView(data, offsets[i], offsets[i + 1] - offsets[i]));
  return { msg, buffers };
}

function putBuffers(state, paths, buffers) {
  (paths || []).forEach((path, i) => {
    let obj = state;
    for (let k = 0; k < path.length - 1; k++) obj = obj[path[k]];
    obj[path[path.length - 1]] = buffers[i];
  });
  return state;
}

function same(a, b) {
  if (a === b) return true;
  if (a instanceof DataView || b instanceof DataView) return false;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

export class SocketModel {
  constructor(state, send) {
    this.state = { ...state };
    this.listeners = new Map();
    this._send = send;
    this.widget_manager = {
      get_model: async () => { throw new Error("this page holds one board model"); },
    };
  }
  get(key) { return this.state[key]; }
  // The page may not set the board's state (the server owns it); a value
  // set here is shown until the server's next update.
  set(key, value) { this.state[key] = value; this._emit(`change:${key}`, value); }
  save_changes() {}
  send(content, _callbacks, _buffers) { this._send(content); }
  on(name, cb) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name).add(cb);
  }
  off(name, cb) {
    if (name === undefined) { this.listeners.clear(); return; }
    if (cb === undefined) { this.listeners.delete(name); return; }
    this.listeners.get(name)?.delete(cb);
  }
  _emit(name, ...args) {
    for (const cb of [...(this.listeners.get(name) ?? [])]) {
      try { cb(this, ...args); } catch (e) { console.error("boardkit host:", name, e); }
    }
  }
  // An update from the server: every key written first, then the events.
  update(state) {
    const changed = [];
    for (const [k, v] of Object.entries(state)) {
      if (!same(this.state[k], v)) changed.push(k);
      this.state[k] = v;
    }
    for (const k of changed) this._emit(`change:${k}`, this.state[k]);
    if (changed.length) this._emit("change");
  }
  receive(msg, buffers) {
    if (msg.method === "update") this.update(putBuffers(msg.state || {}, msg.buffer_paths, buffers));
    else if (msg.method === "custom") this._emit("msg:custom", msg.content, buffers);
  }
}

// Mount a board module in `el` from an "open" message; returns the model
// and a function that takes the board away.
export async function mountBoard(module, el, open, buffers, send) {
  const model = new SocketModel(putBuffers(open.state || {}, open.buffer_paths, buffers), send);
  const widget = typeof module === "function" ? await module() : module;
  const cleanups = [];
  const init = await widget.initialize?.({ model, experimental: {} });
  if (typeof init === "function") cleanups.push(init);
  const view = await widget.render?.({ model, el, experimental: {} });
  if (typeof view === "function") cleanups.push(view);
  return {
    model,
    destroy() {
      for (const c of cleanups.reverse()) { try { c(); } catch (e) { console.error(e); } }
      model.off();
      el.replaceChildren();
    },
  };
}

// ------------------------------------------------------------ transports
// A socket that comes back after a drop; `onText(msg)`, `onFrame(msg, buffers)`.
export function socketTransport(path, { onOpen, onText, onFrame, onDown }) {
  const conn = { ws: null, delay: 250, closed: false };
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
  const open = () => {
    const ws = new WebSocket(url);
    ws.binaryType = "arraybuffer";
    conn.ws = ws;
    ws.onopen = () => { conn.delay = 250; onOpen?.(); };
    ws.onmessage = (ev) => {
      if (typeof ev.data === "string") onText(JSON.parse(ev.data));
      else { const { msg, buffers } = unpackFrame(ev.data); onFrame(msg, buffers); }
    };
    ws.onclose = (ev) => {
      onDown?.(ev);
      if (conn.closed || ev.code === 4001) return;
      setTimeout(open, conn.delay);
      conn.delay = Math.min(conn.delay * 2, 4000);
    };
  };
  conn.send = (msg) => { if (conn.ws?.readyState === 1) conn.ws.send(JSON.stringify(msg)); };
  open();
  return conn;
}

// A Web Worker (the play app's worker.js) that runs the Python side: every
// frame it posts is a page message when it has a `t`, else the board's.
// `start` is the first message it is sent (what to load, the link, the kept game).
export function workerTransport(url, start, { onOpen, onText, onFrame, onDown }) {
  const worker = new Worker(url, { type: "module" });
  worker.onmessage = (ev) => {
    if (!(ev.data instanceof ArrayBuffer)) { onDown?.(ev.data); return; }
    const { msg, buffers } = unpackFrame(ev.data);
    if (typeof msg.t === "string") onText(msg); else onFrame(msg, buffers);
  };
  worker.onerror = (ev) => { ev.preventDefault?.(); onDown?.({ t: "failed", text: String(ev.message || "the worker stopped") }); };
  worker.postMessage(start);
  onOpen?.();
  return { worker, send: (msg) => worker.postMessage(JSON.stringify(msg)), close: () => worker.terminate() };
}

// The board shown in `slot`: (re)mounted on every "open", updated after;
// `module` is the board's front-end module, `send` the transport's.
export function boardSlot(slot, module, send) {
  const s = { mounted: null, pending: Promise.resolve() };
  s.frame = (msg, buffers) => {
    s.pending = s.pending.then(async () => {
      if (msg.method === "open") {
        s.mounted?.destroy();
        slot.classList.remove("jupyter-widgets-disconnected");
        const inner = document.createElement("div");
        inner.className = "bk-host";
        slot.replaceChildren(inner);
        s.mounted = await mountBoard(module, inner, msg, buffers, (content) => send({ t: "msg", content }));
      } else {
        s.mounted?.model.receive(msg, buffers);
      }
    }).catch((e) => console.error("boardkit:", e));
  };
  // the connection dropped: the board says so in its bar (as a notebook's
  // board does when its kernel goes), until the next "open"
  s.down = () => { slot.classList.add("jupyter-widgets-disconnected"); s.mounted?.model._emit("comm_live_update"); };
  s.clear = () => { s.pending = s.pending.then(() => { s.mounted?.destroy(); s.mounted = null; slot.replaceChildren(); }); };
  return s;
}

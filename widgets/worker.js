// The play app's Web Worker: Pyodide and boardkit's Python (boardkit.lite).
// It decides everything (the rules, the refusals, the bots' moves); the
// page only proposes. Messages are handled one at a time; a bot to move
// after a click thinks on the worker's next turn, after the click's answer
// has gone: the page never waits for a bot.
let py = null;
let app = null;
const inbox = [];
let running = false;

function post(out) {
  const frames = out.toJs();
  out.destroy();
  for (const u8 of frames) {
    const buf = u8.buffer.byteLength === u8.byteLength ? u8.buffer : u8.slice().buffer;
    self.postMessage(buf, [buf]);
  }
}

// how long each stage of the start took (the benchmark reads it in the console)
function took(stage, since) { console.info(`boardkit-lite: ${stage} ${Math.round(performance.now() - since)} ms`); return performance.now(); }

async function boot(m) {
  let t = performance.now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", m.pyodide).href);
  py = await loadPyodide({ indexURL: m.pyodide, checkAPIVersion: true });
  t = took("pyodide", t);
  const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const wheels = await Promise.all(m.wheels.map(async (url) => {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url.split("/").pop()} could not be fetched (${r.status})`);
    return r.arrayBuffer();
  }));
  for (const buf of wheels) py.unpackArchive(buf, "wheel", { extractDir: site });
  t = took("wheels", t);
  const lite = py.pyimport("boardkit.lite");
  t = took("import", t);
  app = lite.App(m.query, m.saved || "");
  lite.destroy();
  post(app.outbox());
  took("game", t);
}

function think() {
  if (!app || !app.waiting) return;
  if (inbox.length) { pump(); return; }   // the page asked something meanwhile: answered first
  app.think();
  post(app.outbox());
  setTimeout(think, 0);
}

async function pump() {
  if (running) return;
  running = true;
  try {
    while (inbox.length) {
      const m = inbox.shift();
      if (typeof m === "object" && m !== null && m.t === "boot") await boot(m);
      else if (app && typeof m === "string") { app.handle(m); post(app.outbox()); }
    }
  } catch (e) {
    self.postMessage({ t: "failed", text: `The game stopped in this browser: ${String(e.message || e).split("\n").slice(-2).join(" ")}` });
  } finally {
    running = false;
  }
  setTimeout(think, 0);
}

self.onmessage = (ev) => { inbox.push(ev.data); pump(); };

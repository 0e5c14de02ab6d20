// The play app's page: boardkit's board module (board.js) on the small page
// host (host.js), with a Web Worker running boardkit's Python (worker.js)
// as the transport. Nothing here knows a rule: the worker decides and
// words every refusal. The game is kept in this browser's storage (the
// settings and the players' actions; the worker replays them on the next
// load), so a reload resumes it. Text only ever goes in through textContent.
import board from "./board.js";
import { boardSlot, workerTransport } from "./host.js";
import { $, settingsForm } from "./class.js";

const KEEP = "boardkit-play-game";

function kept(value) {
  try {
    if (value === undefined) return localStorage.getItem(KEEP) ?? "";
    localStorage.setItem(KEEP, value);
  } catch { /* private mode: the game lasts as long as the page */ }
  return "";
}

async function main() {
  const said = $("#said");
  const conn = $("#conn");
  const say = (text, kind = "refused") => { said.textContent = text; said.dataset.kind = kind; };
  conn.textContent = "starting the game in this browser…";
  let config;
  try {
    const r = await fetch("config.json", { cache: "no-cache" });
    config = await r.json();
  } catch (e) {
    say(`This page could not read its settings (config.json): ${e}`);
    return;
  }
  let form = null;
  let slot = null;
  const start = {
    t: "boot",
    pyodide: new URL(config.pyodide, location.href).href,
    wheels: config.wheels.map((w) => new URL(w, location.href).href),
    query: location.search.slice(1),
    saved: kept(),
  };
  const t = workerTransport(new URL("worker.js", import.meta.url), start, {
    onText: (m) => {
      if (m.t === "page") {
        conn.textContent = "";
        document.body.dataset.ready = "1";
        $("#title").textContent = m.title;
        document.title = `${m.title} — boardkit`;
        say(m.problems.join(" "));
        if (!form) {
          form = settingsForm(m, { withOpponents: false });
          $("#choose").replaceChildren(form.el);
        }
        form.set(m.chosen);
        $("#new").disabled = false;
        const rules = $("#rules");
        rules.hidden = !config.lab;
        rules.textContent = `How to play ${m.title} (the lesson)`;
        rules.href = `../lab/index.html?path=${encodeURIComponent(m.rules.split("#")[0])}`;
      } else if (m.t === "save") {
        kept(JSON.stringify(m.game));
      }
    },
    onFrame: (msg, buffers) => slot.frame(msg, buffers),
    onDown: (m) => {
      conn.textContent = "";
      say(m?.text || "The game stopped in this browser: reload the page.");
      slot.down();
    },
  });
  slot = boardSlot($("#board"), board, (m) => t.send(m));
  $("#new").addEventListener("click", () => t.send({ t: "new" }));
  // another game: its own link (the same settings a teacher hands out)
  $("#go").addEventListener("click", () => { if (form) location.search = `?${form.query()}`; });
}

main();

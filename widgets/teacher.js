// The teacher's page: every table of the round live, one table shown large
// (the board's own Present fills the screen), the activity and new rounds.
// It opens only with the teacher's key (in the address after #key=).
import { $, boardSlot, connect, describe, el, plural, seatLine, settingsForm } from "./class.js";

// The key is taken out of the address at once (the address bar may be on
// the projector), and kept for this tab's reloads and reconnections.
const KEY = "boardkit-teacher-key";
const fromLink = new URLSearchParams(location.hash.slice(1)).get("key");
if (fromLink) {
  try { sessionStorage.setItem(KEY, fromLink); } catch { /* private mode: this page only */ }
  history.replaceState(null, "", location.pathname);
}
let key = fromLink ?? "";
try { key = key || sessionStorage.getItem(KEY) || ""; } catch { /* as above */ }

const said = $("#said");
const say = (text, kind = "refused") => { said.textContent = text; said.dataset.kind = kind; };
let form = null;
let watching = null;

const conn = connect("/teacher/ws", {
  onOpen: () => { $("#conn").textContent = ""; conn.send({ t: "hello", key }); if (watching) conn.send({ t: "watch", table: watching }); },
  onDown: (ev) => {
    if (ev.code === 4001) {          // not the teacher's key: nothing here works
      $("#conn").textContent = "";
      for (const id of ["activity", "present"]) $(`#${id}`).hidden = true;
      say("This page is the teacher's: open the address the class command printed (with its #key=…).");
      return;
    }
    $("#conn").textContent = "connection lost — coming back…";
    slot.down();
  },
  onText: (m) => {
    if (m.t === "lobby") {
      form = settingsForm(m, { withOpponents: true });
      form.set(m.query || `game=${m.activity.game}`);
      $("#choose").replaceChildren(form.el);
      $("#lock").checked = m.locked;
    } else if (m.t === "class") showClass(m);
    else if (m.t === "refused") say(m.text);
    else if (m.t === "said") say(m.text, "info");
    else if (m.t === "watching") {
      $("#present").hidden = false;
      $("#present-title").textContent = `Table ${m.code} · ${m.title}`;
      $("#present-seats").replaceChildren(...seatLine(m));
      $("#present").scrollIntoView({ block: "start" });
    }
  },
  onFrame: (msg, buffers) => slot.frame(msg, buffers),
});
const slot = boardSlot($("#board"), (m) => conn.send(m));

function now(t) {
  if (t.finished) return t.result;
  if (t.left) return `${t.left} left the table`;
  if (t.waiting) return "waiting for a classmate to join";
  if (t.thinking) return `${t.turn} is thinking…`;
  const idle = t.idle_s >= 60 ? ` — no move for ${Math.round(t.idle_s / 60)} min` : "";
  return `${t.turn} to play${idle}`;
}

function showClass(m) {
  $("#now").textContent = `Round ${m.round}: ${describe(m.activity)}` +
    (m.locked ? " — locked." : " — students may pick another game.");
  const done = m.tables.filter((t) => t.finished).length;
  $("#count").textContent = `Tables of round ${m.round}: ${m.tables.length} (${done} finished; ${plural(m.students, "student")} connected)` +
    (m.earlier ? ` · ${plural(m.earlier, "finished table")} of earlier rounds kept` : "") +
    (m.unresumed?.length ? ` · could not be brought back after a restart: ${m.unresumed.map((u) => u.code).join(", ")}` : "");
  $("#tables").replaceChildren(...m.tables.map((t) => el("tr", { class: t.finished ? "bk-done" : t.stuck ? "bk-stuck" : "", "data-code": t.code },
    el("td", {}, el("strong", { class: "bk-code" }, t.code), t.round !== m.round ? el("div", {}, `round ${t.round}`) : ""),
    el("td", {}, t.title),
    el("td", {}, ...t.seats.map((s) => el("div", {}, el("span", { class: `bk-dot${s.online ? " bk-on" : ""}`, title: s.online ? "connected" : "not connected" }),
      `${s.name}: ${s.open ? "open seat" : s.who}`))),
    el("td", {}, String(t.moves)),
    el("td", {}, now(t)),
    el("td", {}, el("button", { onclick: () => { watching = t.id; conn.send({ t: "watch", table: t.id }); } }, "Present")))));
}

$("#close").addEventListener("click", () => { watching = null; conn.send({ t: "unwatch" }); slot.clear(); $("#present").hidden = true; });
$("#set").addEventListener("click", () => conn.send({ t: "activity", query: form ? form.query() : "", locked: $("#lock").checked }));
$("#round").addEventListener("click", () => {
  // eslint-disable-next-line no-alert
  if (confirm("Start a new round? Finished tables leave the list (they are kept); games still going stay listed.")) conn.send({ t: "new_round" });
});

// The class server's pages: the students' page (this module, when the page
// says data-page="student") and helpers the teacher's page shares. One
// WebSocket to the server; the board is boardkit's board module mounted
// on host.js. Nothing here knows a rule: the server decides and words
// every refusal.
import board from "./board.js";
import { boardSlot as hostSlot, socketTransport } from "./host.js";

const TOKEN = "boardkit-seat";
const NAME = "boardkit-name";

export function $(sel, root = document) { return root.querySelector(sel); }

export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false) e.append(k);
  return e;
}

export function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

// An activity in words: the game, who plays, and the bots' level if any.
export function describe(a) {
  const people = a.seats.filter((s) => s === "person").length;
  const bots = a.seats.length - people;
  const others = [people > 1 ? plural(people - 1, "classmate") : "", bots ? plural(bots, "bot") : ""].filter(Boolean).join(" and ");
  return `${a.title}${a.option ? ` (${a.option})` : ""}, ${plural(a.players, "player")}` +
    (a.players > 1 ? `: you against ${others}` : "") + (bots ? `; bots' level ${a.level}` : "");
}

function store(key, value) {
  try {
    if (value === undefined) return localStorage.getItem(key);
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
  } catch { /* private mode: the seat lasts as long as the page */ }
  return null;
}

// The class server's socket (host.js's transport).
export function connect(path, handlers) { return socketTransport(path, handlers); }

// The board shown in `slot`, boardkit's board module on host.js.
export function boardSlot(slot, send) { return hostSlot(slot, board, send); }

// The game's settings as a link's query string, from a small form.
export function settingsForm(lobby, { withOpponents = true } = {}) {
  const games = lobby.games;
  const wrap = el("div", { class: "bk-settings" });
  const game = el("select", { name: "game", "aria-label": "Game" },
    games.map((g) => el("option", { value: g.name }, g.title)));
  const players = el("select", { name: "players", "aria-label": "Players" });
  const option = el("select", { name: "option", "aria-label": "Option" });
  const level = el("select", { name: "ai", "aria-label": "Bots' level" });
  const opp = el("select", { name: "opponents", "aria-label": "Who plays the other seats" },
    el("option", { value: "bots" }, "bots"),
    el("option", { value: "classmates" }, "classmates, each on their own device"),
    el("option", { value: "hotseat" }, "classmates, all on this screen"));
  const optLabel = el("span");
  const fill = () => {
    const g = games.find((x) => x.name === game.value);
    const keep = Number(players.value);
    players.replaceChildren(...Array.from({ length: g.max - g.min + 1 }, (_, i) => g.min + i)
      .map((n) => el("option", { value: n, selected: n === (keep >= g.min && keep <= g.max ? keep : g.players) }, plural(n, "player"))));
    option.replaceChildren(...(g.option ? g.option.values.map(([shown, v]) => el("option", { value: v }, shown)) : []));
    option.hidden = !g.option;
    optLabel.textContent = g.option ? ` ${g.option.label || g.option.key}: ` : "";
    const lv = level.value || "2";
    level.replaceChildren(...g.levels.map(([k, shown]) => el("option", { value: k, selected: String(k) === lv }, shown)));
  };
  game.addEventListener("change", fill);
  const row = (...kids) => el("div", { class: "bk-row" }, ...kids);
  wrap.append(row(el("label", {}, "Game: ", game), " ", el("label", {}, players), optLabel, option),
    withOpponents ? row(el("label", {}, "The other seats: ", opp)) : "", row(el("label", {}, "Bots' level: ", level)));
  const set = (q) => {
    const p = new URLSearchParams(q);
    if (p.get("game")) game.value = p.get("game");
    fill();
    if (p.get("players")) players.value = p.get("players");
    const g = games.find((x) => x.name === game.value);
    if (g.option && p.get(g.option.key)) option.value = p.get(g.option.key);
    if (p.get("ai")) level.value = p.get("ai");
    if (p.get("seats")) opp.value = p.get("seats").includes("bot") ? "bots" : "classmates";
  };
  fill();
  return {
    el: wrap,
    set,
    hotseat: () => opp.value === "hotseat",
    query: (seatsFromOpponents = withOpponents) => {
      const g = games.find((x) => x.name === game.value);
      const n = Number(players.value);
      const p = new URLSearchParams({ game: g.name, players: String(n), ai: level.value });
      if (g.option) p.set(g.option.key, option.value);
      if (seatsFromOpponents && n > 1) {
        const other = opp.value === "bots" ? "bot" : "person";
        p.set("seats", ["person", ...Array(n - 1).fill(other)].join(","));
      }
      return p.toString();
    },
  };
}

export function seatLine(info) {
  return info.seats.map((s) => {
    const you = (info.you ?? []).includes(s.seat);
    const who = s.open ? "waiting for a classmate" : s.who;
    return el("span", { class: `bk-seat${you ? " bk-you" : ""}${s.open ? " bk-open" : ""}` },
      `${s.name}: ${who}${you ? " (you)" : ""}`);
  });
}

// ------------------------------------------------------- the students' page
function student() {
  const lobbyBox = $("#lobby");
  const tableBox = $("#table");
  const said = $("#said");
  const nameIn = $("#name");
  const codeIn = $("#code");
  const conn_ = $("#conn");
  nameIn.value = store(NAME) ?? "";
  let lobby = null;
  let form = null;
  let slot = null;
  const say = (text, kind = "refused") => { said.textContent = text; said.dataset.kind = kind; };

  const conn = connect("/ws", {
    onOpen: () => { conn_.textContent = ""; conn.send({ t: "hello", token: store(TOKEN) ?? "" }); },
    onDown: () => { conn_.textContent = "connection lost — coming back…"; slot?.down(); },
    onText: (m) => {
      if (m.t === "lobby") showLobby(m);
      else if (m.t === "seated") { if (m.token) store(TOKEN, m.token); showTable(m); }
      else if (m.t === "table") showHeader(m);
      else if (m.t === "refused") say(m.text);
      else if (m.t === "forget") store(TOKEN, null);
      else if (m.t === "moved") { say("This seat was opened on another page; this page let it go.", "info"); }
      else if (m.t === "round") say(`Your teacher started round ${m.round}: when your game is done, leave the table and start a new one.`, "info");
    },
    onFrame: (msg, buffers) => slot?.frame(msg, buffers),
  });
  slot = boardSlot($("#board"), (m) => conn.send(m));

  function showLobby(m) {
    lobby = m;
    tableBox.hidden = true;
    lobbyBox.hidden = false;
    slot.clear();
    const choose = $("#choose");
    const today = $("#today");
    if (m.locked) {
      const a = m.activity;
      const people = a.seats.filter((s) => s === "person").length;
      today.textContent = `Today: ${describe(a)}.` + (people > 1
        ? ` One of you starts a table and reads out its code; ${people > 2 ? "the others join" : "the other joins"} it on the right.`
        : "");
      form = null;
      choose.replaceChildren(people > 1 ? el("label", {}, el("input", { type: "checkbox", id: "hotseat" }),
        " we all play on this one screen (hot seat)") : "");
    } else {
      today.textContent = m.activity ? `Your teacher suggests ${m.activity.title}; you may choose another game.` : "";
      form = settingsForm(m);
      form.set(m.query || `game=${m.activity.game}`);
      choose.replaceChildren(form.el);
    }
  }

  function showHeader(m) {
    $("#over").hidden = !m.finished;
    $("#table-code").textContent = m.code;
    $("#table-title").textContent = m.title;
    $("#seats").replaceChildren(...seatLine(m));
    const open = m.seats.some((s) => s.open);
    $("#invite").hidden = !open;
    $("#invite").textContent = open ? `Waiting for a classmate: they open this page and join table ${m.code}.` : "";
  }

  function showTable(m) {
    lobbyBox.hidden = true;
    tableBox.hidden = false;
    say("", "info");
    showHeader(m);
  }

  const name = () => { store(NAME, nameIn.value.trim()); return nameIn.value; };
  $("#start").addEventListener("click", () => {
    say("", "info");
    const hot = lobby?.locked ? Boolean($("#hotseat")?.checked) : form?.hotseat();
    conn.send({ t: "start", name: name(), query: form ? form.query() : "", hotseat: hot });
  });
  $("#join").addEventListener("click", () => { say("", "info"); conn.send({ t: "join", name: name(), code: codeIn.value }); });
  codeIn.addEventListener("keydown", (ev) => { if (ev.key === "Enter") $("#join").click(); });
  const leave = (ask) => {
    const code = $("#table-code").textContent;
    // eslint-disable-next-line no-alert
    if (ask && !confirm(`Leave table ${code}? The game goes on without you: a classmate can take your seat with the code.`)) return;
    store(TOKEN, null);
    conn.send({ t: "leave" });
    say(ask ? `You left table ${code}.` : "", "info");
  };
  $("#leave").addEventListener("click", () => leave($("#over").hidden));
  $("#again").addEventListener("click", () => leave(false));
}

if (document.body?.dataset.page === "student") student();

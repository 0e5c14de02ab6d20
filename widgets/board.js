// boardkit board widget: plain ES module for anywidget, no build step.
// It only transports: it shows the SVG that Python drew, sends the word of
// the clicked target, and shows the reply. It knows no rule.

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function render({ model, el: host }) {
  const root = el("div", "boardkit-widget");
  const bar = el("div", "bk-bar");
  const status = el("div", "bk-status");
  const pending = el("span", "bk-pending");
  const cancel = el("button", "bk-cancel", "Cancel selection");
  const undo = el("button", "bk-undo", "↶ Undo");
  undo.title = "Take back the last move (and the bots' replies)";
  bar.append(status, pending, cancel, undo);
  const stepper = el("div", "bk-bar bk-stepper");
  const stepPrev = el("button", "bk-step-prev", "◀ step");
  const stepNext = el("button", "bk-step-next", "step ▶");
  const stepLive = el("button", "bk-step-live", "now ⏭");
  const stepLabel = el("span", "bk-step-label");
  stepper.append(el("span", null, "What happened:"), stepPrev, stepNext, stepLive, stepLabel);
  const board = el("div", "bk-board");
  const error = el("div", "bk-error");
  error.setAttribute("role", "alert");
  const message = el("div", "bk-message");
  message.setAttribute("aria-live", "polite");
  const details = el("details");
  details.append(el("summary", null, "Move log"));
  const log = el("ol", "bk-log");
  details.append(log);
  const curtain = el("div", "bk-curtain");
  const curtainText = el("div");
  const reveal = el("button", "bk-reveal", "I have the screen — show my hand");
  curtain.append(curtainText, reveal);
  root.append(bar, stepper, board, error, message, details, curtain);
  host.append(root);

  let nextId = 1;
  const sent = new Map(); // request id -> time sent (click -> redraw latency)
  let lastClickAt = null;

  function request(kind, extra) {
    const id = nextId++;
    sent.set(id, performance.now());
    if (kind === "click") lastClickAt = performance.now();
    model.send({ id, kind, ...extra });
  }

  board.addEventListener("click", (ev) => {
    const target = ev.target.closest("[data-act]");
    if (!target || !board.contains(target)) return;
    request("click", { word: target.getAttribute("data-act") });
  });
  board.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const target = ev.target.closest("[data-act]");
    if (target) { ev.preventDefault(); request("click", { word: target.getAttribute("data-act") }); }
  });
  undo.addEventListener("click", () => request("undo", {}));
  cancel.addEventListener("click", () => request("cancel", {}));
  reveal.addEventListener("click", () => request("reveal", {}));
  stepPrev.addEventListener("click", () => {
    const i = model.get("step_index");
    request("step", { to: i < 0 ? model.get("step_count") - 1 : Math.max(0, i - 1) });
  });
  stepNext.addEventListener("click", () => {
    const i = model.get("step_index");
    const n = model.get("step_count");
    request("step", { to: i < 0 ? 0 : (i + 1 < n ? i + 1 : -1) });
  });
  stepLive.addEventListener("click", () => request("step", { to: -1 }));

  function draw() {
    board.innerHTML = model.get("svg");
    for (const t of board.querySelectorAll(".target.legal")) {
      t.setAttribute("tabindex", "0");
      t.setAttribute("role", "button");
    }
    status.textContent = model.get("status");
    const p = model.get("pending");
    pending.textContent = p ? `selected: ${p} …` : "";
    cancel.hidden = !p;
    undo.disabled = !model.get("can_undo");
    message.textContent = model.get("message");
    error.textContent = model.get("error");
    root.dataset.error = model.get("error") ? "1" : "";
    const c = model.get("curtain");
    curtain.hidden = !c;
    curtainText.textContent = c;
    log.replaceChildren(...model.get("log_lines").map((line) => el("li", null, line)));
    log.scrollTop = log.scrollHeight;
    const n = model.get("step_count");
    const i = model.get("step_index");
    stepper.hidden = n === 0;
    stepLabel.textContent = i < 0 ? `${n} step(s) since your last click — live board shown`
      : `step ${i + 1} of ${n}`;
    stepLive.disabled = i < 0;
    root.dataset.step = String(i);
    root.dataset.version = String(model.get("version"));
    if (lastClickAt !== null) {
      const ms = performance.now() - lastClickAt;
      lastClickAt = null;
      root.dataset.latencyMs = ms.toFixed(2);
      (globalThis.__boardkitLatencies ??= []).push(ms);
    }
  }

  function onReply(msg) {
    if (!msg || typeof msg !== "object" || !("id" in msg)) return;
    sent.delete(msg.id);
    if (!msg.ok) {
      error.textContent = msg.error || "rejected";
      root.dataset.error = "1";
      root.dataset.lastError = msg.error || "";
      if (lastClickAt !== null) {
        root.dataset.latencyMs = (performance.now() - lastClickAt).toFixed(2);
        lastClickAt = null;
      }
    }
  }

  model.on("change:version", draw);
  model.on("change:error", () => { error.textContent = model.get("error"); });
  model.on("msg:custom", onReply);
  draw();
  root.dataset.ready = "1";
  return () => {
    model.off("change:version", draw);
    model.off("msg:custom", onReply);
  };
}

export default { render };

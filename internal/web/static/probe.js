// The "your server" page: POST /api/probe and its NDJSON lines (a step
// starting or ending, then the result). Every sentence comes from the
// server in the page's language; this file only places them.
(function () {
  "use strict";
  const $ = (s) => document.querySelector(s);
  const lang = document.body.dataset.lang;

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text != null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  const D = document.body.dataset;
  const fill = (f, ...a) => a.reduce((s, v, i) => s.split("§" + (i + 1)).join(v), f);
  const secs = (s) => fill(D.sec, (Math.round(s * 10) / 10).toFixed(1));
  // ms reads a latency in the unit that fits ("166.1 µs", "12.0 ms").
  const ms = (v) => (v >= 1000 ? secs(v / 1000) : v >= 1 ? v.toFixed(1) + " ms" : (v * 1000).toFixed(1) + " µs");

  function fail(message) {
    const p = $("#p-error");
    p.textContent = message;
    p.hidden = false;
  }

  // A refusal names its field: the page's own checks and the server's.
  const FIELD = { url: "p-url", URL: "p-url", max_rate: "p-rate", "--rate": "p-rate", budget_s: "p-budget", "--budget": "p-budget", slo: "p-slo", "--slo": "p-slo", size_for: "p-size", "--size-for": "p-size" };
  function clearMarks() {
    for (const e of document.querySelectorAll("#probe-form .err")) e.remove();
    for (const e of document.querySelectorAll("#probe-form [aria-invalid]")) { e.removeAttribute("aria-invalid"); e.removeAttribute("aria-describedby"); }
  }
  function mark(id, message) {
    const e = document.getElementById(id);
    if (!e) return false;
    e.setAttribute("aria-invalid", "true");
    e.setAttribute("aria-describedby", "err-" + id);
    const s = el("span", message, "err");
    s.id = "err-" + id;
    e.closest(".field").append(s);
    return true;
  }

  // The page's own checks, before any load: what a person types that the
  // probe cannot take is refused on its field, never replaced by a default.
  function readForm() {
    const errs = [];
    const req = { url: $("#p-url").value.trim() };
    if (!req.url) errs.push(["p-url", D.errUrl]);
    const slo = $("#p-slo").value.split(",").map((s) => s.trim()).filter(Boolean);
    if (slo.length) req.slo = slo;
    const rate = $("#p-rate").value.trim();
    if (rate !== "") {
      const v = Number(rate);
      if (!/^\d+$/.test(rate) || v < 1 || v > Number(D.maxRate)) errs.push(["p-rate", D.errRate]);
      else req.max_rate = v;
    }
    const bud = $("#p-budget").value.trim().replace(/\s*(s|초)$/i, "");
    if (bud !== "") {
      const v = Number(bud);
      if (!/^\d*\.?\d+$/.test(bud) || v < Number(D.minBudget) || v > Number(D.maxBudget)) errs.push(["p-budget", D.errBudget]);
      else req.budget_s = v;
    }
    if ($("#p-size").value.trim()) req.size_for = $("#p-size").value.trim();
    return { req, errs };
  }

  // The clock between the server's lines: the step going and for how
  // long, the time spent and the most that is left.
  const clock = { t0: 0, last: null, timer: 0 };
  function tickClock() {
    const p = clock.last;
    if (!p) return;
    const since = (performance.now() - clock.at) / 1000;
    const el0 = Math.min(p.budget_s, p.elapsed_s + since);
    $("#p-bar").value = el0;
    let text = fill(D.left, secs(el0), secs(Math.max(0, p.budget_s - el0)));
    if (!p.done) text = fill(D.stepNow, String(p.index), secs(since)) + " · " + text;
    $("#p-clock").textContent = text;
  }

  function onProgress(p) {
    $("#p-bar").max = p.budget_s;
    $("#p-bar").value = Math.min(p.elapsed_s, p.budget_s);
    $("#p-status").textContent = p.text;
    clock.last = p;
    clock.at = performance.now();
    tickClock();
    if (p.done) {
      $("#p-log").append(el("li", p.text, p.met ? "met" : "breached"));
      // Each step as it lands: its rate, p99 and in flight.
      const live = $("#p-live");
      live.hidden = false;
      const heads = [...live.querySelectorAll("thead th")].map((h) => h.textContent);
      const tr = el("tr", null, p.met ? "met" : "breached");
      tr.dataset.index = String(p.index);
      // A closed step's load is its users, an open step's its rate.
      const cells = [p.index + " · " + p.what, p.load,
        Math.round(p.ok_rps).toLocaleString("en-US"), ms(p.p99_ms), (p.in_flight || 0).toFixed(1), p.met ? "✓" : "✗"];
      cells.forEach((c, i) => {
        const td = el(i === 0 ? "th" : "td", c);
        if (i === 0) td.scope = "row"; else td.dataset.label = heads[i];
        tr.append(td);
      });
      live.querySelector("tbody").append(tr);
    }
  }

  function onResult(l) {
    const r = l.result;
    $("#p-result").hidden = false;
    $("#p-shape").textContent = l.shape;
    $("#p-verdict").textContent = l.verdict;
    const head = $("#p-steps thead"), body = $("#p-steps tbody");
    head.textContent = "";
    body.textContent = "";
    const tr = el("tr");
    for (const h of l.head) tr.append(el("th", h));
    head.append(tr);
    l.rows.forEach((row, i) => {
      const t = el("tr", null, r.steps[i].met ? "met" : "breached");
      t.dataset.kind = r.steps[i].kind;
      row.forEach((c, j) => {
        const td = el("td", c);
        td.dataset.label = l.head[j] || "";
        t.append(td);
      });
      body.append(t);
    });
    const notes = $("#p-notes");
    notes.textContent = "";
    for (const n of l.notes || []) notes.append(el("li", n));
    $("#p-text").textContent = l.text;
    const a = $("#p-lab");
    a.hidden = !l.lab;
    if (l.lab) a.href = l.lab;
    document.body.dataset.shape = r.shape;
    window.waitlabProbe = l; // for the browser tests: the page against the answer
  }

  async function run(e) {
    e.preventDefault();
    $("#p-error").hidden = true;
    $("#p-result").hidden = true;
    $("#p-log").textContent = "";
    $("#p-live tbody").textContent = "";
    $("#p-live").hidden = true;
    $("#p-clock").textContent = "";
    clearMarks();
    delete document.body.dataset.done;
    const { req, errs } = readForm();
    if (errs.length) {
      for (const [id, m] of errs) mark(id, m);
      fail(D.invalid);
      document.getElementById(errs[0][0]).focus();
      document.body.dataset.done = "refused";
      return;
    }
    $("#p-progress-s").hidden = false;
    $("#p-status").textContent = document.body.dataset.running;
    $("#p-run").disabled = true;
    clock.last = null;
    clock.timer = setInterval(tickClock, 500);
    let outcome = "failed";
    try {
      const resp = await fetch(`/api/probe?lang=${lang}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(req),
      });
      if (!resp.ok) {
        const p = await resp.json().catch(() => ({ message: resp.statusText }));
        fail(p.message);
        if (p.field && FIELD[p.field]) mark(FIELD[p.field], p.message);
        $("#p-progress-s").hidden = true;
        return;
      }
      const reader = resp.body.getReader();
      const dec = new TextDecoder();
      let buf = "", ended = false;
      for (;;) {
        const { value, done } = await reader.read();
        if (value) buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (!line.trim()) continue;
          const l = JSON.parse(line);
          if (l.progress) onProgress(l.progress);
          if (l.result) { onResult(l); ended = true; outcome = "result"; }
          if (l.problem) { fail(l.problem.message); ended = true; }
        }
        if (done) break;
      }
      if (!ended) fail(document.body.dataset.cut);
      $("#p-status").textContent = outcome === "result" ? document.body.dataset.doneText : document.body.dataset.failed;
    } catch (err) {
      fail((err && err.message) || String(err));
    } finally {
      clearInterval(clock.timer);
      // Over: the time it took, not a count-down that stopped.
      if (clock.last) {
        $("#p-clock").textContent = fill(D.took, secs(clock.last.elapsed_s));
        if (outcome === "result") $("#p-bar").value = $("#p-bar").max;
      }
      $("#p-run").disabled = false;
      document.body.dataset.done = outcome;
    }
  }

  $("#probe-form").addEventListener("submit", run);
  document.body.dataset.ready = "true";
})();

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

  function fail(message) {
    const p = $("#p-error");
    p.textContent = message;
    p.hidden = false;
  }

  function onProgress(p) {
    $("#p-bar").max = p.budget_s;
    $("#p-bar").value = Math.min(p.elapsed_s, p.budget_s);
    $("#p-status").textContent = p.text;
    if (p.done) $("#p-log").append(el("li", p.text, p.met ? "met" : "breached"));
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
      for (const c of row) t.append(el("td", c));
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
    $("#p-progress-s").hidden = false;
    $("#p-status").textContent = document.body.dataset.running;
    $("#p-run").disabled = true;
    delete document.body.dataset.done;
    const req = { url: $("#p-url").value.trim() };
    const slo = $("#p-slo").value.split(",").map((s) => s.trim()).filter(Boolean);
    if (slo.length) req.slo = slo;
    if ($("#p-rate").value) req.max_rate = Number($("#p-rate").value);
    if ($("#p-budget").value) req.budget_s = Number($("#p-budget").value);
    if ($("#p-size").value.trim()) req.size_for = $("#p-size").value.trim();
    let outcome = "failed";
    try {
      const resp = await fetch(`/api/probe?lang=${lang}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(req),
      });
      if (!resp.ok) {
        const p = await resp.json().catch(() => ({ message: resp.statusText }));
        fail(p.message);
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
      $("#p-run").disabled = false;
      document.body.dataset.done = outcome;
    }
  }

  $("#probe-form").addEventListener("submit", run);
  document.body.dataset.ready = "true";
})();

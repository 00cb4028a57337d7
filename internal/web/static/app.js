// waitlab web lab: plain JavaScript, no libraries. Every visible string
// comes from the server's catalog (GET /api/strings); numbers come from
// POST /api/sim and /api/run.
"use strict";
(function () {
  const $ = (sel) => document.querySelector(sel);
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") e.textContent = v;
      else if (k === "class") e.className = v;
      else e.setAttribute(k, v);
    }
    for (const k of kids) if (k != null) e.append(k);
    return e;
  };
  const SVG = "http://www.w3.org/2000/svg";
  const sv = (tag, attrs) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  };

  const lang = document.documentElement.lang === "ko" ? "ko" : "en";
  let S = {};
  let caps = {};
  let presets = [];
  const FIELDS = ["model", "threads", "offload_pool", "fanout_pool", "cores", "requests", "arrival", "cpu", "wait", "calls", "fanout",
    "blocking", "block_fraction", "block", "placement", "seed", "shared_lock"];
  const NUMERIC = new Set(["threads", "offload_pool", "fanout_pool", "cores", "requests", "calls", "seed", "block_fraction"]);
  const BOOL = new Set(["blocking", "shared_lock"]);

  const state = {
    entry: null,    // the "try this" entry the form started from
    baseVals: null, // the model preset's values: overrides are the differences
    sim: null,      // last /api/sim answer
    real: null,     // last /api/run answer for the same scenario
    view: "model",  // which timeline is drawn
    cursor: 0,      // ms
    playing: false,
  };

  // fmt fills a catalog format: %d %s %q %v %.Nf and %[n]verb, as Go's fmt.
  function fmt(key, ...args) {
    const f = S[key];
    if (f == null) return key;
    let i = 0;
    return f.replace(/%(?:\[(\d+)\])?(\.\d+)?(?:\[(\d+)\])?([dsqvf%])/g, (m, n1, prec, n2, verb) => {
      if (verb === "%") return "%";
      const n = n1 || n2;
      const a = n ? args[Number(n) - 1] : args[i++];
      if (verb === "f") return Number(a).toFixed(prec ? Number(prec.slice(1)) : 6);
      if (verb === "d") return String(Math.round(Number(a)));
      if (verb === "q") return JSON.stringify(String(a));
      return String(a);
    });
  }

  // Durations as narrate.Duration prints them: one decimal in the unit
  // that reads best.
  function dur(ms) {
    const a = Math.abs(ms);
    if (a >= 1000) return (ms / 1000).toFixed(1) + (lang === "ko" ? "초" : " s");
    if (a >= 1) return ms.toFixed(1) + " ms";
    return (ms * 1000).toFixed(1) + " us";
  }
  // durIn formats an instant in a run's own unit (a run of 6 s says 0.0 s,
  // not 0.0 us, at its start), as narrate does.
  function durIn(ms, endMs) {
    const u = endMs >= 1000 ? 1000 : endMs >= 1 ? 1 : 0.001;
    const v = (ms / u).toFixed(1);
    if (u === 1000) return v + (lang === "ko" ? "초" : " s");
    return v + (u === 1 ? " ms" : " us");
  }
  function num(v) {
    if (v >= 100) return Math.round(v).toLocaleString("en-US");
    if (v >= 10) return v.toFixed(1);
    return v.toFixed(2);
  }
  const reqName = (id) => fmt("web.tl.req", id + 1);

  async function getJSON(url, opts) {
    let resp;
    try {
      resp = await fetch(url, opts);
    } catch (e) {
      throw { message: fmt("web.err.network", e.message || e) };
    }
    let body = null;
    try { body = await resp.json(); } catch (e) { body = { message: fmt("web.err.network", resp.status) }; }
    if (!resp.ok) throw body;
    return body;
  }

  function applyStrings() {
    for (const e of document.querySelectorAll("[data-s]")) e.textContent = fmt(e.dataset.s);
    document.title = fmt("web.title");
    const sw = $("#lang-switch");
    sw.textContent = fmt("web.lang.other");
    sw.setAttribute("hreflang", fmt("web.lang.other.code"));
    sw.setAttribute("lang", fmt("web.lang.other.code"));
    $("#real-note").textContent = fmt("web.real.note", caps.max_requests, caps.max_threads, caps.max_wall_s);
  }

  // ---- Form -------------------------------------------------------------

  function valuesOf(sc) {
    const c0 = sc.classes[0] || {};
    const blk = sc.classes.find((c) => c.name === "blocking");
    return {
      model: sc.model, threads: sc.threads, offload_pool: sc.offload_pool || 0, fanout_pool: sc.fanout_pool || 0, cores: sc.cores || 0,
      requests: sc.requests, arrival: sc.arrival, cpu: c0.cpu, wait: c0.wait, calls: c0.calls || 0,
      fanout: c0.fanout || "sequential", blocking: !!c0.blocking, block_fraction: blk ? blk.fraction : 0,
      block: blk ? blk.wait : "", placement: sc.placement || "random", seed: sc.seed, shared_lock: !!sc.shared_lock,
    };
  }
  const input = (name) => document.getElementById("f-" + name);
  function setForm(vals) {
    for (const k of FIELDS) {
      const e = input(k);
      if (BOOL.has(k)) e.checked = !!vals[k];
      else e.value = vals[k] == null ? "" : String(vals[k]);
    }
  }
  function formVals() {
    const v = {};
    for (const k of FIELDS) {
      const e = input(k);
      if (BOOL.has(k)) v[k] = e.checked;
      else if (NUMERIC.has(k)) v[k] = e.value.trim() === "" ? null : Number(e.value);
      else v[k] = e.value.trim();
    }
    return v;
  }
  // overrides are the form's differences from the base preset.
  function overrides() {
    const v = formVals(), b = state.baseVals, o = {};
    for (const k of FIELDS) {
      if (v[k] === null || v[k] === "") continue;
      if (String(v[k]) !== String(b[k])) o[k] = v[k];
    }
    return o;
  }
  function baseName() { return state.entry ? (state.entry.base || state.entry.name) : "lab-pool"; }
  function requestBody() { return Object.assign({ preset: baseName() }, overrides()); }

  function clearErrors() {
    for (const e of document.querySelectorAll("[aria-invalid=true]")) {
      e.removeAttribute("aria-invalid");
      e.removeAttribute("aria-describedby");
    }
    for (const e of document.querySelectorAll(".field .err")) e.remove();
    setStatus("");
  }
  function showError(p) {
    const e = p.field && input(p.field);
    if (e) {
      e.setAttribute("aria-invalid", "true");
      const id = "err-" + p.field;
      e.setAttribute("aria-describedby", id);
      e.closest(".field").append(el("span", { class: "err", id, text: p.message }));
      setStatus(p.message, true);
      e.focus();
    } else {
      setStatus(p.message || String(p), true);
    }
  }
  function setStatus(text, bad) {
    const s = $("#status");
    s.textContent = text;
    s.classList.toggle("bad", !!bad);
  }

  function chooseEntry(entry, vals) {
    state.entry = entry;
    const base = presets.find((p) => p.name === (entry.base || entry.name));
    state.baseVals = valuesOf(base.scenario);
    setForm(vals || valuesOf(entry.scenario));
    for (const b of document.querySelectorAll(".preset")) b.setAttribute("aria-pressed", String(b.dataset.name === entry.name));
    const base0 = $("#base");
    base0.textContent = fmt("web.settings.base", entry.name) + " — ";
    base0.append(el("span", { class: "desc", text: entry.description }));
    state.real = null;
  }

  // ---- Actions ----------------------------------------------------------

  function busy(on) {
    for (const b of [$("#btn-sim"), $("#btn-real")]) b.disabled = on;
  }

  async function simulate() {
    clearErrors();
    busy(true);
    setStatus(fmt("web.status.sim"));
    try {
      const a = await getJSON(`/api/sim?lang=${lang}&timeline=1&narration=1`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(requestBody()),
      });
      state.sim = a;
      state.real = null;
      state.view = "model";
      setStatus("");
      renderAll();
      record("sim", a);
    } catch (p) {
      showError(p);
    } finally {
      busy(false);
      updateLinks();
      settled();
    }
  }

  async function runReal() {
    clearErrors();
    if (!state.sim) await simulate();
    if (!state.sim) return;
    busy(true);
    setStatus(fmt("web.status.real", dur(2 * state.sim.makespan_ms)));
    try {
      const via = $("#f-via").value;
      const a = await getJSON(`/api/run?lang=${lang}&timeline=1&narration=1&via=${encodeURIComponent(via)}`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(requestBody()),
      });
      state.real = a;
      setStatus("");
      renderResult();
      renderTimelineHead();
      record("real", a);
    } catch (p) {
      showError(p);
    } finally {
      busy(false);
      settled();
    }
  }

  // ---- Result -----------------------------------------------------------

  function offBy(guess, actual) {
    if (!(guess > 0) || !(actual > 0)) return "";
    const pct = (guess - actual) / actual * 100;
    if (Math.abs(pct) < 0.5) return fmt("web.predict.exact");
    return fmt("web.predict.off", (pct > 0 ? "+" : "") + pct.toFixed(0) + "%");
  }

  function renderResult() {
    const a = state.sim, r = state.real, box = $("#result-body");
    box.textContent = "";
    if (!a) { box.append(el("p", { class: "note", text: fmt("web.result.none") })); return; }
    const guess = Number($("#predict-batch").value) * 1000;
    const guess50 = Number($("#predict-p50").value) * 1000;
    const ref = a.reference || {};
    const cols = [fmt("web.col.figure")];
    const hasGuess = guess > 0 || guess50 > 0;
    if (hasGuess) cols.push(fmt("web.col.you"));
    cols.push(fmt("web.col.model"));
    const h = r && r.http && r.via === "both" ? r.http : null;
    if (r) cols.push(fmt(r.via === "http" ? "web.col.http" : "web.col.real"), fmt(r.via === "http" ? "web.col.http.ratio" : "web.col.ratio"));
    if (h) cols.push(fmt("web.col.http"), fmt("web.col.http.ratio"));
    const hasRef = Object.keys(ref).length > 0;
    if (hasRef) cols.push(fmt("web.col.published"));
    const rows = [
      ["makespan", "web.r.makespan", (x) => x.makespan_ms, dur, guess, "makespan_ms"],
      ["throughput", "web.r.throughput", (x) => x.throughput_rps, (v) => fmt("web.unit.rps", num(v)), 0, "throughput_rps"],
      ["p50", "web.r.p50", (x) => x.all.p50_ms, dur, guess50, "p50_ms"],
      ["p99", "web.r.p99", (x) => x.all.p99_ms, dur, 0, "p99_ms"],
    ];
    const classes = Object.keys(a.classes || {});
    if (classes.length > 1) {
      for (const c of classes) {
        rows.push(["p50-" + c, null, (x) => (x.classes[c] || {}).p50_ms || 0, dur, 0, c + ".p50_ms", fmt("web.r.class.p50", c)]);
        rows.push(["p99-" + c, null, (x) => (x.classes[c] || {}).p99_ms || 0, dur, 0, c + ".p99_ms", fmt("web.r.class.p99", c)]);
      }
    }
    rows.push(["queue", "web.r.queue", (x) => x.queue_wait.mean_ms, dur, 0, ""]);
    rows.push(["peak", "web.r.peak", (x) => x.peak_threads, (v) => String(v), 0, ""]);
    rows.push(["inflight", "web.r.inflight", (x) => x.in_flight_mean, num, 0, ""]);
    const table = el("table", { id: "result-table" });
    const thead = el("tr");
    for (const c of cols) thead.append(el("th", { scope: "col", text: c }));
    table.append(el("thead", {}, thead));
    const tb = el("tbody");
    for (const [id, key, get, show, g, refKey, label] of rows) {
      const tr = el("tr");
      tr.append(el("th", { scope: "row", text: label || fmt(key) }));
      if (hasGuess) {
        const td = el("td", { id: `r-${id}-you` });
        if (g > 0) {
          td.append(show(g));
          td.append(el("span", { class: "off", text: offBy(g, get(a)) }));
        }
        tr.append(td);
      }
      tr.append(el("td", { id: `r-${id}-model`, text: show(get(a)) }));
      if (r) {
        // A server's queue and busy threads are not seen from outside:
        // over HTTP those cells stay empty.
        const unseen = NOT_OVER_HTTP.has(id) && r.via === "http";
        const m = get(r.model), v = get(r);
        tr.append(el("td", { id: `r-${id}-real`, text: unseen ? "" : show(v) }));
        tr.append(el("td", { id: `r-${id}-ratio`, text: m > 0 && !unseen ? (v / m).toFixed(2) + "×" : "" }));
        if (h) {
          const hv = get(h), hidden = NOT_OVER_HTTP.has(id);
          tr.append(el("td", { id: `r-${id}-http`, text: hidden ? "" : show(hv) }), el("td", { text: m > 0 && !hidden ? (hv / m).toFixed(2) + "×" : "" }));
        }
      }
      if (hasRef) {
        const rv = ref[refKey];
        tr.append(el("td", { text: rv == null ? "" : (refKey === "throughput_rps" ? fmt("web.unit.rps", num(rv)) : dur(rv)) }));
      }
      tb.append(tr);
    }
    if (r && r.os_threads_peak) {
      const tr = el("tr", {}, el("th", { scope: "row", text: fmt("web.r.os.threads") }));
      if (hasGuess) tr.append(el("td"));
      tr.append(el("td"), el("td", { text: String(r.os_threads_peak) }), el("td"));
      if (h) tr.append(el("td", { text: h.os_threads_peak ? String(h.os_threads_peak) : "" }), el("td"));
      if (hasRef) tr.append(el("td"));
      tb.append(tr);
    }
    table.append(tb);
    box.append(el("div", { class: "table-wrap" }, table));
    if (guess > 0) {
      let text = fmt("web.col.you") + " " + dur(guess) + " · " + fmt("web.col.model") + " " + dur(a.makespan_ms) + " (" + offBy(guess, a.makespan_ms) + ")";
      if (r) text += " · " + fmt("web.col.real") + " " + dur(r.makespan_ms) + " (" + offBy(guess, r.makespan_ms) + ")";
      box.append(el("p", { class: "verdict", id: "predict-verdict", text }));
    } else {
      box.append(el("p", { class: "note", id: "predict-verdict", text: fmt("web.predict.none") }));
    }
    if (r) {
      box.append(el("p", { class: "verdict", id: "real-verdict", text: fmt(r.via === "http" ? "web.real.measured.http" : "web.real.measured", dur(r.makespan_ms), ((r.ratio || {}).makespan_ms || 0).toFixed(2)) }));
    }
    if (hasRef) box.append(el("p", { class: "note", text: fmt("web.real.published") }));
    if (a.limit) {
      box.append(el("div", { class: "limit", id: "limit" }, el("strong", { text: fmt("web.limit.title") }), el("br"), a.limit.text));
    }
  }

  // ---- Timeline ---------------------------------------------------------

  const KINDS = ["cpu", "hold", "lock", "ready"];
  const NOT_OVER_HTTP = new Set(["queue", "peak"]);
  function current() { return state.view === "real" && state.real ? state.real : state.sim; }

  function renderTimelineHead() {
    const src = $("#tl-source"), tog = $("#tl-toggle");
    src.textContent = fmt(state.view === "real" && state.real ? "web.tl.source.real" : "web.tl.source.model");
    tog.hidden = !state.real;
    tog.textContent = fmt(state.view === "real" ? "web.tl.show.model" : "web.tl.show.real");
  }

  function legend() {
    const ul = $("#tl-legend");
    ul.textContent = "";
    for (const k of [...KINDS, "queue", "parked", "idle"]) {
      ul.append(el("li", {}, el("i", { style: `background: var(--k-${k})` }), fmt("web.tl.kind." + k)));
    }
  }

  // waitingSteps counts, at each change, the requests queued (arrived,
  // not started) and waiting off-thread (started, unfinished, on no lane).
  function waitingSteps(tl) {
    const ev = [];
    for (const r of tl.records) {
      ev.push([r.arrival_ms, 1, 0], [r.start_ms, -1, 1], [r.end_ms, 0, -1]);
    }
    for (const s of tl.spans || []) {
      if (s.end_ms > s.start_ms) ev.push([s.start_ms, 0, -1], [s.end_ms, 0, 1]);
    }
    ev.sort((a, b) => a[0] - b[0]);
    const steps = [];
    let q = 0, p = 0;
    for (let i = 0; i < ev.length;) {
      const t = ev[i][0];
      while (i < ev.length && ev[i][0] === t) { q += ev[i][1]; p += ev[i][2]; i++; }
      steps.push({ t, q: Math.max(0, q), p: Math.max(0, p) });
    }
    return steps;
  }

  // hoverText names what a bar stands for: one request, or the requests
  // of a bar drawn for several.
  function hoverText(r, end) {
    const kind = fmt("web.tl.kind." + r.dataset.kind), from = durIn(Number(r.dataset.start), end), to = durIn(Number(r.dataset.end), end);
    const first = Number(r.dataset.req);
    if (r.dataset.n) return fmt("web.tl.hover.many", Number(r.dataset.n), first + 1, Number(r.dataset.reqLast) + 1, kind, from, to);
    return fmt("web.tl.hover", reqName(first), kind, from, to);
  }

  let geo = null; // the drawn timeline's geometry, for the cursor
  // done counts finished requests to the lab (answers and refusals alike),
  // on <body data-done>, so a test can wait for the page to settle.
  let done = 0;
  const settled = () => { document.body.dataset.done = String(++done); };

  function renderTimeline() {
    const a = current(), wrap = $("#tl-wrap");
    wrap.textContent = "";
    $("#hover").textContent = "";
    geo = null;
    if (!a) { wrap.append(el("p", { class: "note", text: fmt("web.tl.empty") })); return; }
    const tl = a.timeline;
    if (!tl) { wrap.append(el("p", { class: "note", text: fmt("web.tl.omitted", caps.timeline_max_requests, caps.timeline_max_lanes) })); return; }
    const W = Math.max(280, wrap.clientWidth || 800);
    const nLanes = tl.lanes.length;
    const left = W < 560 ? 64 : 92, right = 10, waitH = 44;
    // Up to 16 lanes get 24 px each; more share about 400 px.
    const laneH = nLanes <= 16 ? 24 : Math.max(4, Math.floor(400 / nLanes) - 1), gap = nLanes <= 16 ? 4 : 1;
    const labelEvery = Math.ceil(13 / (laneH + gap));
    const end = Math.max(a.makespan_ms, ...tl.records.map((r) => r.end_ms), 1e-6);
    const plotW = W - left - right;
    const x = (ms) => left + (ms / end) * plotW;
    const nl = tl.lanes.length;
    const waitY = 8 + nl * (laneH + gap) + 18;
    const axisY = waitY + waitH + 8;
    const H = axisY + 24;
    const svg = sv("svg", { id: "tl", width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": fmt("web.tl.title") + ": " + fmt(state.view === "real" && state.real ? "web.tl.source.real" : "web.tl.source.model") });
    const counters = {};
    let lastLabel = -99;
    tl.lanes.forEach((kind, i) => {
      counters[kind] = (counters[kind] || 0) + 1;
      const y = 8 + i * (laneH + gap);
      const g = sv("g", { class: "lane", "data-lane": i });
      g.append(sv("rect", { class: "lane-bg", x: left, y, width: plotW, height: laneH }));
      // Label a lane when there is room: always the first of each kind
      // (loops before offload threads) when it does not crowd the last.
      if ((i % labelEvery === 0 || counters[kind] === 1) && y - lastLabel >= 13) {
        lastLabel = y;
        const label = sv("text", { x: 4, y: y + Math.min(laneH, 14) / 2 + 4 });
        label.textContent = fmt("web.tl.lane." + kind, counters[kind]);
        g.append(label);
      }
      svg.append(g);
    });
    const bars = sv("g", { class: "bars" });
    // Native tooltips too, unless there are so many bars that making them
    // would slow the drawing (the hover line names the request anyway).
    const titled = tl.spans.length <= 500;
    // Each request is its own bar. Bars thinner than 2 px that touch and
    // do the same thing are drawn as one (2,000 requests of 200 us on a
    // 700 px line), which names its first and last request.
    const byLane = tl.lanes.map(() => []);
    for (const sp of tl.spans) if (sp.lane >= 0 && sp.lane < nl) byLane[sp.lane].push(sp);
    const drawBar = (b) => {
      const y = 8 + b.lane * (laneH + gap);
      const w = Math.max(1, b.x1 - b.x0);
      const r = sv("rect", { class: "bar k-" + b.kind, x: b.x0, y, width: w, height: laneH, "data-req": b.req,
        "data-kind": b.kind, "data-start": b.start, "data-end": b.end });
      if (b.n > 1) { r.setAttribute("data-n", b.n); r.setAttribute("data-req-last", b.last); }
      if (titled) {
        const t = sv("title");
        t.textContent = hoverText(r, end);
        r.append(t);
      }
      bars.append(r);
      if (b.n === 1 && w >= 24 && laneH >= 14) {
        const id = sv("text", { class: "id", x: b.x0 + 4, y: y + laneH / 2 + 4 });
        id.textContent = "#" + (b.req + 1);
        bars.append(id);
      }
    };
    byLane.forEach((spans, lane) => {
      spans.sort((a, b) => a.start_ms - b.start_ms);
      let cur = null;
      for (const sp of spans) {
        const x0 = x(sp.start_ms), x1 = x(sp.end_ms), thin = x1 - x0 < 2;
        if (cur && thin && cur.thin && cur.kind === sp.kind && x0 - cur.x1 < 0.5) {
          cur.x1 = Math.max(cur.x1, x1);
          cur.end = Math.max(cur.end, sp.end_ms);
          cur.last = sp.req;
          cur.n++;
          continue;
        }
        if (cur) drawBar(cur);
        cur = { lane, kind: sp.kind, x0, x1, thin, req: sp.req, last: sp.req, n: 1, start: sp.start_ms, end: sp.end_ms };
      }
      if (cur) drawBar(cur);
    });
    svg.append(bars);
    // The row of requests waiting without a thread.
    const steps = waitingSteps(tl);
    const maxN = Math.max(1, ...steps.map((s) => s.q + s.p));
    const wl = sv("text", { x: left, y: waitY - 4 });
    wl.textContent = fmt("web.tl.waiting");
    const wg = sv("g", { class: "waiting", id: "waiting-row" });
    wg.append(sv("rect", { class: "lane-bg", x: left, y: waitY, width: plotW, height: waitH }));
    svg.append(wl);
    // Two step areas: all waiting requests (queued on top), then those
    // waiting off-thread over them.
    const base = waitY + waitH;
    let all = `M${left},${base}`, off = `M${left},${base}`;
    for (let i = 0; i + 1 < steps.length; i++) {
      const st = steps[i], x0 = x(st.t), x1 = x(steps[i + 1].t);
      const ya = base - ((st.q + st.p) / maxN) * waitH, yp = base - (st.p / maxN) * waitH;
      all += `L${x0},${ya}L${x1},${ya}`;
      off += `L${x0},${yp}L${x1},${yp}`;
      if (x1 - x0 >= 18 && st.q + st.p > 0) {
        const c = sv("text", { class: "count", x: x0 + 3, y: waitY + 11 });
        c.textContent = String(st.q + st.p);
        wg.append(c);
      }
    }
    const xEnd = steps.length ? x(steps[steps.length - 1].t) : left;
    wg.append(sv("path", { class: "k-queue", d: all + `L${xEnd},${base}Z` }));
    wg.append(sv("path", { class: "k-parked", d: off + `L${xEnd},${base}Z` }));
    // Counts above the areas.
    for (const c of [...wg.querySelectorAll("text.count")]) wg.append(c);
    svg.append(wg);
    // Axis.
    const ax = sv("g", { class: "axis" });
    const step = niceStep(end, W < 560 ? 4 : 8);
    for (let t = 0; t <= end + 1e-9; t += step) {
      ax.append(sv("line", { x1: x(t), x2: x(t), y1: axisY - 4, y2: axisY }));
      const anchor = t === 0 ? "start" : x(t) > W - right - 24 ? "end" : "middle";
      const lb = sv("text", { x: x(t), y: axisY + 14, "text-anchor": anchor });
      lb.textContent = durIn(t, end);
      ax.append(lb);
    }
    svg.append(ax);
    const cur = sv("line", { class: "cursor", id: "tl-cursor", x1: left, x2: left, y1: 2, y2: axisY });
    svg.append(cur);
    wrap.append(svg);
    geo = { x, end, left, plotW, steps, svg };
    // Point at a bar to name its request.
    let hot = null;
    svg.addEventListener("mousemove", (e) => {
      const r = e.target.closest && e.target.closest("rect.bar");
      if (!r || r === hot) return;
      hot = r;
      for (const h of svg.querySelectorAll(".hot")) h.classList.remove("hot");
      for (const h of svg.querySelectorAll(`rect.bar[data-req="${r.dataset.req}"]`)) h.classList.add("hot");
      $("#hover").textContent = hoverText(r, end);
    });
    const drag = (e) => {
      const box = svg.getBoundingClientRect();
      const t = ((e.clientX - box.left - left) / plotW) * end;
      setCursor(Math.min(end, Math.max(0, t)));
    };
    svg.addEventListener("pointerdown", (e) => {
      svg.setPointerCapture(e.pointerId);
      drag(e);
      const move = (ev) => drag(ev);
      const up = () => { svg.removeEventListener("pointermove", move); svg.removeEventListener("pointerup", up); };
      svg.addEventListener("pointermove", move);
      svg.addEventListener("pointerup", up);
    });
    setCursor(Math.min(state.cursor, end));
  }

  function niceStep(end, n) {
    const raw = end / n, p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
    return 10 * p;
  }

  function renderNarration() {
    const a = current(), ol = $("#narration");
    ol.textContent = "";
    if (!a || !a.narration) return;
    a.narration.forEach((l, i) => {
      const li = el("li", { "data-start": l.start_ms, "data-end": l.end_ms, id: "narr-" + i, text: l.text });
      if (l.summary) li.classList.add("summary");
      ol.append(li);
    });
  }

  function setCursor(t) {
    state.cursor = t;
    if (!geo) return;
    const slider = $("#cursor");
    slider.value = String(Math.round((t / geo.end) * Number(slider.max)));
    slider.setAttribute("aria-valuetext", durIn(t, geo.end));
    $("#cursor-at").textContent = fmt("web.tl.at", durIn(t, geo.end));
    const c = $("#tl-cursor");
    c.setAttribute("x1", geo.x(t));
    c.setAttribute("x2", geo.x(t));
    // Counts of waiting requests at the cursor.
    let q = 0, p = 0;
    for (const s of geo.steps) { if (s.t <= t) { q = s.q; p = s.p; } else break; }
    $("#counts").textContent = fmt("web.tl.counts", q, p);
    // The narration line of the moment: the last line that starts at or
    // before the cursor.
    let now = null;
    for (const li of document.querySelectorAll("#narration li:not(.summary)")) {
      li.classList.remove("now");
      li.removeAttribute("aria-current");
      if (Number(li.dataset.start) <= t + 1e-9) now = li;
    }
    if (now) { now.classList.add("now"); now.setAttribute("aria-current", "true"); }
  }

  let raf = 0;
  function play() {
    if (!geo) return;
    if (state.playing) { stop(); return; }
    state.playing = true;
    $("#btn-play").textContent = fmt("web.btn.pause");
    const from = state.cursor >= geo.end ? 0 : state.cursor;
    const t0 = performance.now(), span = 6000;
    const tick = (now) => {
      if (!state.playing || !geo) return;
      const t = from + ((now - t0) / span) * geo.end;
      setCursor(Math.min(t, geo.end));
      if (t >= geo.end) { stop(); return; }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
  }
  function stop() {
    state.playing = false;
    cancelAnimationFrame(raf);
    $("#btn-play").textContent = fmt("web.btn.play");
  }

  // ---- Runs and comparison ---------------------------------------------

  const STORE = "waitlab.runs";
  function loadRuns() {
    try { return JSON.parse(localStorage.getItem(STORE)) || []; } catch (e) { return []; }
  }
  function saveRuns(runs) {
    try { localStorage.setItem(STORE, JSON.stringify(runs.slice(-50))); } catch (e) { /* private mode: keep in memory only */ }
  }
  function record(kind, a) {
    const runs = loadRuns();
    const n = runs.length ? runs[runs.length - 1].n + 1 : 1;
    runs.push({
      n, kind: kind === "real" && a.via === "http" ? "http" : kind, at: Date.now(), preset: baseName(), entry: state.entry ? state.entry.name : "", overrides: overrides(),
      model: a.scenario.model, threads: a.scenario.threads, requests: a.scenario.requests,
      makespan_ms: a.makespan_ms, throughput_rps: a.throughput_rps, p50_ms: a.all.p50_ms, p99_ms: a.all.p99_ms,
      peak_threads: a.peak_threads, predicted_ms: Number($("#predict-batch").value) * 1000 || 0,
    });
    saveRuns(runs);
    renderRuns();
  }
  function runLabel(r) {
    const o = Object.entries(r.overrides || {}).map(([k, v]) => `${k}=${v}`).join(" ");
    return `#${r.n} ${r.entry || r.preset}${o ? " (" + o + ")" : ""} · ${dur(r.makespan_ms)}`;
  }
  function runURL(r) {
    const q = new URLSearchParams({ lang });
    q.set("preset", r.entry || r.preset);
    for (const [k, v] of Object.entries(r.overrides || {})) q.set(k, String(v));
    return "?" + q.toString();
  }
  function renderRuns() {
    const ul = $("#run-list"), runs = loadRuns();
    ul.textContent = "";
    if (!runs.length) { ul.append(el("li", { class: "note", text: fmt("web.runs.empty") })); return; }
    for (const r of runs.slice().reverse()) {
      const id = "run-" + r.n;
      const cb = el("input", { type: "checkbox", id, "data-n": r.n, "aria-label": fmt("web.runs.select", runLabel(r)) });
      ul.append(el("li", { "data-n": r.n }, cb,
        el("label", { for: id }, el("span", { class: "tag " + r.kind, text: fmt("web.runs.kind." + r.kind) }), " ", runLabel(r)),
        el("a", { href: runURL(r), text: fmt("web.runs.link") })));
    }
  }
  function compare() {
    const picked = [...document.querySelectorAll("#run-list input:checked")].map((c) => Number(c.dataset.n));
    const runs = loadRuns().filter((r) => picked.includes(r.n));
    const box = $("#compare");
    box.textContent = "";
    if (runs.length < 2) { $("#cmp-status").textContent = fmt("web.runs.need2"); return; }
    $("#cmp-status").textContent = "";
    box.append(el("h3", { text: fmt("web.cmp.title") }));
    const table = el("table", { id: "compare-table" });
    const head = el("tr", {}, el("th", { scope: "col", text: fmt("web.cmp.run") }));
    for (const r of runs) head.append(el("th", { scope: "col", text: `#${r.n} ${fmt("web.runs.kind." + r.kind)}` }));
    table.append(el("thead", {}, head));
    const tb = el("tbody");
    const rows = [
      ["web.settings.title", (r) => (r.entry || r.preset) + " " + Object.entries(r.overrides || {}).map(([k, v]) => `${k}=${v}`).join(" ")],
      ["web.r.makespan", (r) => dur(r.makespan_ms)],
      ["web.r.throughput", (r) => fmt("web.unit.rps", num(r.throughput_rps))],
      ["web.r.p50", (r) => dur(r.p50_ms)],
      ["web.r.p99", (r) => dur(r.p99_ms)],
      ["web.r.peak", (r) => String(r.peak_threads)],
      ["web.col.you", (r) => (r.predicted_ms ? dur(r.predicted_ms) : "")],
    ];
    for (const [key, get] of rows) {
      const tr = el("tr", {}, el("th", { scope: "row", text: fmt(key) }));
      for (const r of runs) tr.append(el("td", { text: get(r) }));
      tb.append(tr);
    }
    table.append(tb);
    box.append(el("div", { class: "table-wrap" }, table));
    const maxMs = Math.max(...runs.map((r) => r.makespan_ms));
    const bars = el("div", { class: "bars", role: "img", "aria-label": fmt("web.cmp.bars") });
    for (const r of runs) {
      const w = Math.max(2, (r.makespan_ms / maxMs) * 100);
      bars.append(el("div", { class: "row" }, el("span", { text: `#${r.n} ${r.entry || r.preset}` }),
        el("div", { class: "bar " + r.kind, style: `width: ${w}%`, text: dur(r.makespan_ms) })));
    }
    box.append(bars);
  }

  // ---- Code -------------------------------------------------------------

  let codeTab = "go";
  function renderCode() {
    const C = window.WAITLAB_CODE, m = formVals().model || "pool";
    $("#code-note").textContent = fmt("web.code.note." + m);
    let text;
    if (codeTab === "go") text = C.go[m] || C.go.pool;
    else if (codeTab === "mvc") text = C.mvc;
    else if (codeTab === "vt") text = C.vt;
    else {
      const v = formVals();
      const blocks = v.blocking || Number(v.block_fraction) > 0;
      text = m === "offload" ? C.webflux.offload : (blocks && m === "loop" ? C.webflux.blocking : C.webflux.loop);
    }
    $("#code-text").textContent = text;
    for (const b of document.querySelectorAll("[role=tab]")) {
      const on = b.dataset.lang === codeTab;
      b.setAttribute("aria-selected", String(on));
      b.tabIndex = on ? 0 : -1;
    }
  }
  function defaultTab(m) { return { pool: "mvc", loop: "webflux", offload: "webflux", virtual: "vt" }[m] || "go"; }

  // ---- Links and language -----------------------------------------------

  function updateLinks() {
    const q = new URLSearchParams();
    q.set("lang", fmt("web.lang.other.code"));
    if (state.entry) q.set("preset", state.entry.name);
    for (const [k, v] of Object.entries(overrides())) q.set(k, String(v));
    $("#lang-switch").href = "?" + q.toString();
  }

  function renderAll() {
    renderResult();
    renderTimelineHead();
    renderTimeline();
    renderNarration();
    setCursor(Math.min(state.cursor, geo ? geo.end : 0));
    renderCode();
  }

  function presetButton(p) {
    const b = el("button", { type: "button", class: "preset", "data-name": p.name, "aria-pressed": "false", title: p.description },
      el("span", { class: "name", text: p.name }), el("span", { class: "desc", text: p.description }));
    b.addEventListener("click", () => {
      chooseEntry(p);
      codeTab = defaultTab(p.scenario.model);
      state.cursor = 0;
      simulate();
    });
    return b;
  }

  async function init() {
    const st = await getJSON(`/api/strings?lang=${lang}`);
    S = st.strings;
    caps = st.caps;
    applyStrings();
    $("#version").textContent = fmt("web.version", st.version);
    legend();
    presets = await getJSON(`/api/presets?lang=${lang}`);
    for (const p of presets) $("#presets-" + p.group).append(presetButton(p));
    // A link may carry a scenario: ?preset=NAME&threads=8...
    const q = new URLSearchParams(location.search);
    const entry = presets.find((p) => p.name === q.get("preset")) || presets.find((p) => p.name === "lab-pool");
    const vals = valuesOf(entry.scenario);
    for (const k of FIELDS) {
      if (!q.has(k)) continue;
      vals[k] = BOOL.has(k) ? q.get(k) === "true" : q.get(k);
    }
    chooseEntry(entry, vals);
    codeTab = defaultTab(vals.model);
    $("#form").addEventListener("submit", (e) => { e.preventDefault(); simulate(); });
    $("#form").addEventListener("input", () => { updateLinks(); renderCode(); });
    $("#predict-batch").addEventListener("input", renderResult);
    $("#predict-p50").addEventListener("input", renderResult);
    $("#btn-real").addEventListener("click", runReal);
    $("#btn-reset").addEventListener("click", () => { chooseEntry(state.entry); updateLinks(); renderCode(); });
    $("#btn-play").addEventListener("click", play);
    $("#cursor").addEventListener("input", (e) => {
      stop();
      if (geo) setCursor((Number(e.target.value) / Number(e.target.max)) * geo.end);
    });
    $("#tl-toggle").addEventListener("click", () => {
      state.view = state.view === "real" ? "model" : "real";
      renderTimelineHead();
      renderTimeline();
      renderNarration();
      setCursor(Math.min(state.cursor, geo ? geo.end : 0));
    });
    $("#btn-compare").addEventListener("click", compare);
    $("#btn-clear").addEventListener("click", () => { saveRuns([]); renderRuns(); $("#compare").textContent = ""; });
    $("#code-tabs").addEventListener("click", (e) => {
      const b = e.target.closest("[role=tab]");
      if (b) { codeTab = b.dataset.lang; renderCode(); }
    });
    $("#code-tabs").addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      const tabs = [...document.querySelectorAll("[role=tab]")];
      const i = tabs.findIndex((t) => t.dataset.lang === codeTab);
      const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
      codeTab = next.dataset.lang;
      renderCode();
      next.focus();
    });
    let resizeT = 0;
    window.addEventListener("resize", () => {
      clearTimeout(resizeT);
      resizeT = setTimeout(() => { if (state.sim) { renderTimeline(); } }, 100);
    });
    renderRuns();
    updateLinks();
    renderCode();
    await simulate();
    document.body.dataset.ready = "true";
  }

  init().catch((e) => setStatus((e && e.message) || String(e), true));
})();

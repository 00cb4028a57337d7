// waitlab web lab: plain JavaScript, no libraries. Every visible string
// comes from the server's catalog (GET /api/strings); numbers come from
// POST /api/sim, /api/run and /api/plan.
//
// The state model: a result belongs to the exact request body it answered
// (its key). The form's current body has a key too (or none, when a field
// is refused); when they differ, the result is stale and says so. A real
// run always simulates its own body first, so the model beside it is the
// model of what ran. A guess belongs to the body it was made for and is
// scored only against a result of that body. On a preset the answer stays
// hidden until the learner guesses or asks for it.
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
  const LAB = document.body.dataset.lab === "fanout" ? "fanout" : "main";
  let S = {};
  let caps = {};
  let presets = [];
  const FIELDS = ["model", "threads", "offload_pool", "fanout_pool", "cores", "requests", "arrival", "cpu", "wait", "calls", "fanout",
    "blocking", "block_fraction", "block", "placement", "seed", "shared_lock"];
  const INT = new Set(["threads", "offload_pool", "fanout_pool", "cores", "requests", "calls", "seed"]);
  const BOOL = new Set(["blocking", "shared_lock"]);
  const MAY_BE_EMPTY = new Set(["block"]);
  // Fields that hold a time: a person writes "2", "2.5", "2초" or "6s";
  // the page sends the API's "2s", "2.5s", "200ms".
  const DUR = new Set(["wait", "cpu", "block"]);
  function durText(raw) {
    const m = raw.replace(",", ".").match(/^(\d*\.?\d+)\s*(s|sec|secs|seconds?|초|ms|밀리초|us|µs|마이크로초|m|min|분)?$/i);
    if (!m) return raw;
    const u = (m[2] || "s").toLowerCase();
    const unit = { "ms": "ms", "밀리초": "ms", "us": "us", "µs": "us", "마이크로초": "us", "m": "m", "min": "m", "분": "m" }[u] || "s";
    return String(Number(m[1])) + unit;
  }

  // seen are the presets whose answer the learner has seen (guessed or
  // skipped), in this tab: only their JDK 21 row shows the model.
  const seen = new Set((() => { try { return JSON.parse(sessionStorage.getItem("waitlab.seen")) || []; } catch (e) { return []; } })());
  const saveSeen = () => { try { sessionStorage.setItem("waitlab.seen", JSON.stringify([...seen])); } catch (e) { /* memory only */ } };
  const state = {
    entry: null,     // the "try this" entry the form started from
    baseVals: null,  // the base preset's values: overrides are the differences
    sim: null,       // {a, key}: the last /api/sim answer and the body it answered
    real: null,      // {a, key}: the last /api/run answer
    jvm: null,       // {a, key}: the last /api/run?via=jvm answer (this machine's JDK)
    pin: null,       // {synchronized, native}: the pinning lesson's two JDK runs
    revealed: false, // the answer of this preset is shown
    guess: null,     // {key, batch_ms, p50_ms}: a guess and the body it was for
    view: "model",   // which timeline is drawn
    cursor: 0,       // ms
    playing: false,
  };

  // ---- Text -------------------------------------------------------------

  // Korean particles after what was printed, as msg.Josa picks them.
  function finalSound(s) {
    s = s.replace(/[\s"')\]}>`]+$/, "");
    if (!s) return null;
    const c = s.codePointAt(s.length - 1), ch = s[s.length - 1];
    if (c >= 0xac00 && c <= 0xd7a3) { const j = (c - 0xac00) % 28; return [j !== 0, j === 8]; }
    if (ch === "%") return [false, false];
    if (ch >= "0" && ch <= "9") {
      const m = s.match(/[\d,.]+$/)[0].replace(/,/g, "");
      const digit = (d) => ("178".includes(d) ? [true, true] : "360".includes(d) ? [true, false] : [false, false]);
      if (m.includes(".")) return digit(m[m.length - 1]);
      let z = 0;
      while (z < m.length - 1 && m[m.length - 1 - z] === "0") z++;
      if (z === 0) return digit(m[m.length - 1]);
      return z <= 11 ? [true, false] : [false, false];
    }
    if (/[A-Za-z]/.test(ch)) {
      const l = s.toLowerCase();
      if (l.endsWith("l")) return [true, true];
      if (/(m|n|ng)$/.test(l)) return [true, false];
      return [false, false];
    }
    return null;
  }
  function josa(before, pair) {
    const [first, second] = pair.split("/");
    const f = finalSound(before);
    if (!f) return first;
    if (first === "으로") return f[0] && !f[1] ? first : second;
    return f[0] ? first : second;
  }
  const JOSA = new Set(["이/가", "은/는", "을/를", "과/와", "으로/로"]);
  function markers(s) {
    if (!s.includes("{")) return s;
    let out = "";
    for (;;) {
      const i = s.indexOf("{");
      if (i < 0) return out + s;
      const j = s.indexOf("}", i);
      const m = j < 0 ? "" : s.slice(i + 1, j);
      if (JOSA.has(m)) { out += s.slice(0, i); out += josa(out, m); s = s.slice(j + 1); continue; }
      if (m === "s" || m === "es" || /^[A-Za-z]+\/[A-Za-z]+$/.test(m)) {
        out += s.slice(0, i);
        const words = out.trim().split(/\s+/).slice(-4).reverse().map((w) => w.replace(/^[(),;:]+|[(),;:]+$/g, ""));
        const w = words.find((x) => x && x[0] >= "0" && x[0] <= "9");
        const one = w === "1";
        const [a, b] = m.includes("/") ? m.split("/") : ["", m];
        out += one ? a : b;
        s = s.slice(j + 1);
        continue;
      }
      out += s.slice(0, i + 1);
      s = s.slice(i + 1);
    }
  }

  // fmt fills a catalog format as msg.T does: %d %s %q %v %.Nf and
  // %[n]verb, then the particle and plural markers.
  function fmt(key, ...args) {
    const f = S[key];
    if (f == null) return key;
    let i = 0;
    const out = f.replace(/%(?:\[(\d+)\])?(\.\d+)?(?:\[(\d+)\])?([dsqvf%])/g, (m, n1, prec, n2, verb) => {
      if (verb === "%") return "%";
      const n = n1 || n2;
      const a = n ? args[Number(n) - 1] : args[i++];
      if (n) i = Number(n);
      if (verb === "f") return Number(a).toFixed(prec ? Number(prec.slice(1)) : 6);
      if (verb === "d") return String(Math.round(Number(a)));
      if (verb === "q") return JSON.stringify(String(a));
      return String(a);
    });
    return markers(out);
  }
  window.waitlabFmt = fmt; // for the browser tests: the page's text against msg.T

  // dur writes a duration as web.Clock does: one decimal in the unit that
  // reads best under a minute, minutes and seconds above, "0 s" for
  // nothing (never a bare "0"), microseconds as µs.
  function dur(ms) {
    if (ms === 0) return fmt("web.dur.s", "0");
    if (ms < 0) return "-" + dur(-ms);
    if (ms >= 3600000) {
      const m = Math.round(ms / 60000), h = Math.floor(m / 60), r = m % 60;
      return r ? fmt("web.dur.hm", h, r) : fmt("web.dur.h", h);
    }
    if (ms >= 60000) {
      const s = Math.round(ms / 1000), m = Math.floor(s / 60), r = s % 60;
      return r ? fmt("web.dur.ms", m, r) : fmt("web.dur.m", m);
    }
    if (ms >= 1000) return fmt("web.dur.s", (ms / 1000).toFixed(1));
    if (ms >= 1) return ms.toFixed(1) + " ms";
    return (ms * 1000).toFixed(1) + " µs";
  }
  // durIn formats an instant in a run's own unit (a run of 6 s says 0.0 s
  // at its start), as narrate does.
  function durIn(ms, endMs) {
    if (endMs >= 60000) return ms === 0 ? fmt("web.dur.s", "0") : dur(ms);
    const u = endMs >= 1000 ? 1000 : endMs >= 1 ? 1 : 0.001;
    const v = (ms / u).toFixed(1);
    if (u === 1000) return fmt("web.dur.s", v);
    return v + (u === 1 ? " ms" : " µs");
  }
  // exactMS writes a measured figure as published: whole milliseconds with
  // separators ("1,227 ms"), never rounded to seconds.
  function exactMS(ms) {
    const v = Number.isInteger(ms) ? ms.toLocaleString("en-US") : ms.toLocaleString("en-US", { maximumFractionDigits: 1 });
    return v + " ms";
  }
  function num(v) {
    if (v >= 100) return Math.round(v).toLocaleString("en-US");
    if (v >= 10) return v.toFixed(1);
    return v.toFixed(2);
  }
  const ratio = (v, m) => (m > 0 ? (v / m).toFixed(2) + "×" : "");
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
  const postJSON = (url, body) => getJSON(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  function applyStrings() {
    for (const e of document.querySelectorAll("[data-s]")) e.textContent = fmt(e.dataset.s);
    document.title = $("h1").textContent;
    const sw = $("#lang-switch");
    sw.textContent = fmt("web.lang.other");
    sw.setAttribute("hreflang", fmt("web.lang.other.code"));
    sw.setAttribute("lang", fmt("web.lang.other.code"));
    $("#real-note").textContent = fmt("web.real.note", caps.max_requests, caps.max_threads, caps.max_wall_s);
  }

  // ---- Form -------------------------------------------------------------

  const isZero = (d) => !d || /^0+(\.0+)?(ns|us|µs|ms|s|m|h)?$/.test(String(d).trim());
  function valuesOf(sc) {
    const c0 = sc.classes[0] || {};
    const blk = sc.classes.find((c) => c.name === "blocking");
    return {
      model: sc.model, threads: sc.threads, offload_pool: sc.offload_pool || 0, fanout_pool: sc.fanout_pool || 0, cores: sc.cores || 0,
      requests: sc.requests, arrival: sc.arrival, cpu: c0.cpu, wait: c0.wait,
      // A class with a wait and no call count makes one call.
      calls: c0.calls || (isZero(c0.wait) ? 0 : 1),
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
    blockingNote();
  }
  // In a pool every wait holds its thread: the box says so and is not a
  // setting there (it would contradict the lesson).
  function blockingNote() {
    const m = input("model").value, b = input("blocking"), note = $("#blocking-note");
    if (m === "pool") {
      b.checked = true;
      b.disabled = true;
      note.textContent = fmt("web.f.blocking.pool");
    } else {
      if (b.disabled) { b.disabled = false; b.checked = !!(state.baseVals && state.baseVals.model !== "pool" && state.baseVals.blocking); }
      note.textContent = m === "offload" ? fmt("web.f.blocking.offload") : "";
    }
  }
  // formState reads the form: its values and the fields it refuses
  // (letters in a number, an empty field), each with its message.
  function formState() {
    const v = {}, errors = [];
    for (const k of FIELDS) {
      const e = input(k);
      if (BOOL.has(k)) {
        v[k] = k === "blocking" && e.disabled ? state.baseVals[k] : e.checked;
        continue;
      }
      const raw = e.value.trim();
      if (raw === "") {
        if (MAY_BE_EMPTY.has(k) && String(state.baseVals[k]) === "") { v[k] = ""; continue; }
        errors.push({ field: k, message: fmt("web.err.field.empty", String(state.baseVals[k] === "" ? "100ms" : state.baseVals[k])) });
        continue;
      }
      if (INT.has(k)) {
        if (!/^-?\d+$/.test(raw)) { errors.push({ field: k, message: fmt("web.err.field.int", raw) }); continue; }
        v[k] = Number(raw);
      } else if (k === "block_fraction") {
        const f = Number(raw);
        if (!/^\d*\.?\d+(e-?\d+)?$/i.test(raw) || !(f >= 0 && f <= 1)) { errors.push({ field: k, message: fmt("web.err.field.frac", raw) }); continue; }
        v[k] = f;
      } else if (DUR.has(k)) {
        // The same time as the preset's, however written, is no change.
        const d = durText(raw);
        v[k] = state.baseVals && durText(String(state.baseVals[k])) === d ? state.baseVals[k] : d;
      } else v[k] = raw;
    }
    return { v, errors };
  }
  // overrides are the form's differences from the base preset.
  function overridesOf(v) {
    const b = state.baseVals, o = {};
    for (const k of FIELDS) {
      if (v[k] === undefined) continue;
      if (String(v[k]) !== String(b[k])) o[k] = v[k];
    }
    return o;
  }
  function entryName() { return state.entry ? state.entry.name : "lab-pool"; }
  // body is the request for the form's settings, or null if a field is
  // refused; key names it.
  function body() {
    const f = formState();
    if (f.errors.length) return null;
    return Object.assign({ preset: entryName() }, overridesOf(f.v));
  }
  const keyOf = (b) => (b ? JSON.stringify(b) : null);
  const currentKey = () => keyOf(body());

  function clearErrors() {
    for (const e of document.querySelectorAll("[aria-invalid=true]")) {
      e.removeAttribute("aria-invalid");
      e.removeAttribute("aria-describedby");
    }
    for (const e of document.querySelectorAll(".field .err")) e.remove();
    setStatus("");
  }
  function markField(id, message) {
    const e = document.getElementById(id);
    if (!e) return false;
    const more = e.closest("details");
    if (more) more.open = true;
    e.setAttribute("aria-invalid", "true");
    const eid = "err-" + id.replace(/^f-/, "");
    e.setAttribute("aria-describedby", eid);
    e.closest(".field").append(el("span", { class: "err", id: eid, text: message }));
    return true;
  }
  function showError(p) {
    if (p.field && markField("f-" + p.field, p.message)) {
      setStatus(p.message, true);
      input(p.field).focus();
    } else {
      setStatus(p.message || String(p), true);
    }
  }
  // refuseForm marks every refused field; it reports whether there was one.
  function refuseForm() {
    const f = formState();
    if (!f.errors.length) return false;
    for (const e of f.errors) markField("f-" + e.field, e.message);
    setStatus(fmt("web.status.invalid"), true);
    input(f.errors[0].field).focus();
    return true;
  }
  function setStatus(text, bad) {
    const s = $("#status");
    s.textContent = text;
    s.classList.toggle("bad", !!bad);
  }

  function chooseEntry(entry, vals) {
    state.entry = entry;
    state.baseVals = valuesOf(entry.scenario);
    setForm(vals || state.baseVals);
    for (const b of document.querySelectorAll(".preset")) b.setAttribute("aria-pressed", String(b.dataset.name === entry.name));
    renderBase();
  }
  // The settings' header: the preset's setup, and its outcome only once
  // the answer is shown.
  function renderBase() {
    const entry = state.entry, base0 = $("#base");
    if (!entry) return;
    base0.textContent = fmt("web.settings.base", entry.label || entry.name) + " — ";
    base0.append(el("span", { class: "desc", text: state.revealed ? entry.description : entry.setup || "" }));
  }

  // ---- Actions ----------------------------------------------------------

  // busy locks what would change the question while an action is going:
  // a run belongs to the settings it started with, so the presets, Reset
  // and the buttons wait for it.
  function busy(on) {
    for (const b of document.querySelectorAll("#btn-sim, #btn-real, #btn-jvm, #btn-pin, #btn-guess, #btn-reveal, #btn-reset, .preset, #btn-size, #btn-ls")) b.disabled = on;
    document.body.dataset.busy = String(on);
  }

  // simulate asks for the model of body b and keeps it as the result.
  async function simulate(b) {
    const a = await postJSON(`/api/sim?lang=${lang}&timeline=1&narration=1`, b);
    state.sim = { a, key: keyOf(b) };
    if (state.real && state.real.key !== state.sim.key) state.real = null;
    if (state.jvm && state.jvm.key !== state.sim.key) state.jvm = null;
    state.view = "model";
    return a;
  }

  // act runs one action of the learner's: validates the form, then f(body).
  async function act(f) {
    clearErrors();
    $("#real-offer").hidden = true;
    stop();
    if (refuseForm()) { renderStale(); settled(); return; }
    const b = body();
    busy(true);
    try {
      await f(b);
      setStatus("");
    } catch (p) {
      showError(p);
    } finally {
      busy(false);
      renderAll();
      updateLinks();
      settled();
    }
  }

  // While the answer is hidden, Simulate and Run for real score the guess
  // typed first (and ask for one when there is none): nothing reveals the
  // answer by accident.
  const onSimulate = () => act(async (b) => {
    if (!state.revealed) takeGuess(b);
    setStatus(fmt("web.status.sim"));
    state.revealed = true;
    const started = { vals: Object.assign({}, formState().v), guess: guessFor(b) };
    const a = await simulate(b);
    record("sim", a, b, started);
  });

  const onReveal = () => act(async (b) => {
    state.revealed = true;
    if (!state.sim || state.sim.key !== keyOf(b)) { setStatus(fmt("web.status.sim")); await simulate(b); }
  });

  // secondsOf reads a time as a person writes it: "6", "2.5", "6s",
  // "2초", "600ms", "1.5 초"; a bare number is seconds. It answers
  // milliseconds, or NaN.
  function secondsOf(raw) {
    const m = String(raw).trim().replace(",", ".").match(/^(\d*\.?\d+)\s*(s|sec|secs|seconds?|초|ms|밀리초|m|min|분)?$/i);
    if (!m) return NaN;
    const v = Number(m[1]), u = (m[2] || "s").toLowerCase();
    if (u === "ms" || u === "밀리초") return v;
    if (u === "m" || u === "min" || u === "분") return v * 60000;
    return v * 1000;
  }
  function readGuess(id) {
    const e = $(id), raw = e.value.trim();
    if (raw === "") return 0;
    const v = secondsOf(raw);
    if (!(v > 0)) { markField(id.slice(1), fmt("web.err.field.guess", raw)); return null; }
    return v;
  }
  // takeGuess scores the guess typed for body b, or refuses (on the guess
  // field) when there is none: the answer shows only after a guess or an
  // explicit "Show the answer".
  function takeGuess(b) {
    const g = readGuess("#predict-batch"), g50 = readGuess("#predict-p50");
    if (g === null || g50 === null || !(g > 0)) {
      if (g === 0) markField("predict-batch", fmt("web.predict.first"));
      $("#predict-batch").focus();
      throw { message: fmt(g === 0 ? "web.predict.first" : "web.status.invalid") };
    }
    state.guess = { key: keyOf(b), batch_ms: g, p50_ms: g50 };
    state.revealed = true;
  }
  const guessFor = (b) => (state.guess && state.guess.key === keyOf(b) ? state.guess.batch_ms : 0);
  const onGuess = () => act(async (b) => {
    takeGuess(b);
    if (!state.sim || state.sim.key !== keyOf(b)) { setStatus(fmt("web.status.sim")); await simulate(b); }
  });

  // A real run measures exactly the settings it is given, beside the model
  // of those same settings (simulated first, always). On the JDK
  // (onJVM) the same settings run in waitlab's Java executors on this
  // machine's JDK; its answer is kept apart (state.jvm), beside the
  // published JDK 21 row.
  const onReal = () => realRun(() => $("#f-via").value, "real");
  const onJVM = () => realRun(() => "jvm", "jvm");
  const realRun = (viaOf, slot) => act(async (b) => {
    if (!state.revealed) takeGuess(b);
    state.revealed = true;
    setStatus(fmt("web.status.sim"));
    // What ran is fixed now: the settings, their guess, their values.
    const started = { vals: Object.assign({}, formState().v), guess: guessFor(b) };
    const m = await simulate(b);
    const expect = dur(2 * m.makespan_ms);
    setStatus(fmt(slot === "jvm" ? "web.status.jvm" : "web.status.real", expect));
    renderAll();
    const via = viaOf();
    const line = watchLine(expect);
    let a;
    try {
      // Too long for the cap at these waits: the same scenario at 0.2 s
      // waits (the source's own measurement) is offered beside the refusal.
      const wait = secondsOf(String(formState().v.wait || ""));
      $("#real-offer").hidden = !(2 * m.makespan_ms > caps.max_wall_s * 1000 && wait > 200);
      const eng = via === "http" || via === "both" ? $("#f-engine").value : "go";
      const engQ = eng !== "go" ? `&engine=${encodeURIComponent(eng)}` : "";
      a = await postJSON(`/api/run?lang=${lang}&timeline=1&narration=1&via=${encodeURIComponent(via)}${engQ}&ticket=${line.ticket}`, b);
    } finally {
      line.stop();
    }
    state[slot] = { a, key: keyOf(b) };
    record(slot, a, b, started);
  });

  // watchLine tells, while a real run's answer has not come, whether it
  // waits in line (and behind how many) or runs (and for how long): the
  // page names its run with a ticket and asks GET /api/line.
  function watchLine(expect) {
    const ticket = Array.from(crypto.getRandomValues(new Uint8Array(8)), (x) => x.toString(16).padStart(2, "0")).join("");
    const t0 = performance.now();
    let on = true, timer = 0, since = 0;
    const tick = async () => {
      if (!on) return;
      try {
        const l = await getJSON(`/api/line?ticket=${ticket}`);
        if (!on) return;
        if (l.waiting) { since = 0; setStatus(fmt("web.status.line", l.ahead, expect)); document.body.dataset.line = String(l.ahead); }
        else if (l.running) {
          if (!since) since = performance.now();
          setStatus(fmt("web.status.line.run", dur(Math.round((performance.now() - since) / 100) * 100), expect));
          document.body.dataset.line = "0";
        }
      } catch (e) { /* the run's own answer reports what went wrong */ }
      if (on) timer = setTimeout(tick, performance.now() - t0 < 2000 ? 200 : 500);
    };
    timer = setTimeout(tick, 100);
    return { ticket, stop: () => { on = false; clearTimeout(timer); delete document.body.dataset.line; } };
  }

  // Reset puts the preset's settings back and, once the answer is shown,
  // simulates them again: no result of other settings stays on screen.
  const onReset = () => {
    chooseEntry(state.entry);
    if (state.revealed) { act(async (b) => { await simulate(b); }); return; }
    clearErrors();
    renderAll();
    updateLinks();
    settled();
  };

  // ---- Result -----------------------------------------------------------

  // peakBusy is the most lanes doing something (CPU, a held wait, the
  // lock) at one instant, as the timeline draws them: the row and the
  // picture never disagree (event loops whose waits are registered are
  // drawn idle, and are counted so).
  function peakBusy(tl) {
    const ev = [];
    for (const s of tl.spans || []) if (s.kind !== "ready" && s.end_ms > s.start_ms) ev.push([s.start_ms, 1], [s.end_ms, -1]);
    ev.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let n = 0, peak = 0;
    for (const [, d] of ev) { n += d; peak = Math.max(peak, n); }
    return Math.min(peak, tl.lanes.length);
  }

  function offBy(guess, actual) {
    if (!(guess > 0) || !(actual > 0)) return "";
    const pct = (guess - actual) / actual * 100;
    if (Math.abs(pct) < 0.5) return fmt("web.predict.exact");
    return fmt(pct > 0 ? "web.predict.high" : "web.predict.low", Math.abs(pct).toFixed(0) + "%");
  }
  // ci gives "±x%" when the result carries the figure's 95% interval
  // ([lo, hi]); nothing when it does not (bursts are exact).
  function ci(x, path, v) {
    let o = x;
    for (const p of path.slice(0, -1)) o = o && o[p];
    const iv = o && o[path[path.length - 1]];
    if (!Array.isArray(iv) || iv.length !== 2 || !(v > 0)) return "";
    const pct = ((iv[1] - iv[0]) / 2 / v) * 100;
    return "±" + (pct < 1 ? pct.toFixed(1) : pct.toFixed(0)) + "%";
  }

  function isStale() { return !!state.sim && currentKey() !== state.sim.key; }
  function renderStale() {
    const st = isStale();
    for (const id of ["#result", "#timeline"]) $(id).classList.toggle("stale", st);
    document.body.dataset.stale = String(st);
    renderQuestion();
  }

  function cell(id, text, label, raw) {
    const td = el("td", { id, "data-label": label });
    if (raw != null && Number.isFinite(raw)) td.dataset.v = String(raw);
    if (text instanceof Node) td.append(text); else td.textContent = text;
    return td;
  }

  function renderResult() {
    const box = $("#result-body");
    box.textContent = "";
    renderStale();
    if (!state.revealed) { box.append(el("p", { class: "note", id: "hidden-note", text: fmt("web.result.hidden") })); return; }
    if (!state.sim) { box.append(el("p", { class: "note", text: fmt("web.result.none") })); return; }
    const a = state.sim.a;
    const r = state.real && state.real.key === state.sim.key ? state.real.a : null;
    const g = state.guess && state.guess.key === state.sim.key ? state.guess : null;
    const guess = g ? g.batch_ms : 0, guess50 = g ? g.p50_ms : 0;
    const ref = a.reference || {};
    const cols = [fmt("web.col.figure")];
    const hasGuess = guess > 0;
    if (hasGuess) cols.push(fmt("web.col.you"));
    cols.push(fmt("web.col.model"));
    const h = r && r.http && r.via === "both" ? r.http : null;
    // Over HTTP, the column names the server that answered (Tomcat, Netty).
    const served = r && r.sockets && r.sockets.server && r.sockets.server.engine !== "go" ? r.sockets.server : null;
    const httpCol = served ? fmt("web.col.http.on", fmt("web.engine." + served.engine)) : fmt("web.col.http");
    if (r) cols.push(r.via === "http" ? httpCol : fmt("web.col.real"), fmt(r.via === "http" ? "web.col.http.ratio" : "web.col.ratio"));
    if (h) cols.push(httpCol, fmt("web.col.http.ratio"));
    const j = state.jvm && state.jvm.key === state.sim.key ? state.jvm.a : null;
    if (j) cols.push(fmt("web.col.jvm"), fmt("web.col.jvm.ratio"));
    const hasRef = Object.keys(ref).length > 0;
    // Each preset's published figures carry their own source and
    // conditions: the lab's JDK 21 run at 0.2 s, or the book's eight loops.
    const refEntry = presets.find((p) => p.name === a.preset) || {};
    const bookRef = refEntry.group === "loops";
    if (hasRef) cols.push(fmt(bookRef ? "web.col.published.book" : "web.col.published"));
    const rps = (v) => fmt("web.unit.rps", num(v));
    const rows = [
      ["makespan", "web.r.makespan", (x) => x.makespan_ms, dur, guess, "makespan_ms", null],
      ["throughput", "web.r.throughput", (x) => x.throughput_rps, rps, 0, "throughput_rps", ["throughput_ci95_rps"]],
      ["p50", "web.r.p50", (x) => x.all.p50_ms, dur, guess50, "p50_ms", ["all", "p50_ci95_ms"]],
      ["p99", "web.r.p99", (x) => x.all.p99_ms, dur, 0, "p99_ms", ["all", "p99_ci95_ms"]],
    ];
    const classes = Object.keys(a.classes || {});
    if (classes.length > 1) {
      for (const c of classes) {
        // A class's name in the page's language ("블로킹 요청의 p50").
        const cn = S["web.class." + c] ? fmt("web.class." + c) : c;
        rows.push(["p50-" + c, null, (x) => (x.classes[c] || {}).p50_ms || 0, dur, 0, c + ".p50_ms", ["classes", c, "p50_ci95_ms"], fmt("web.r.class.p50", cn)]);
        rows.push(["p99-" + c, null, (x) => (x.classes[c] || {}).p99_ms || 0, dur, 0, c + ".p99_ms", ["classes", c, "p99_ci95_ms"], fmt("web.r.class.p99", cn)]);
      }
    }
    rows.push(["queue", "web.r.queue", (x) => x.queue_wait.mean_ms, dur, 0, "", null]);
    const peakKey = S["web.r.peak." + a.scenario.model] ? "web.r.peak." + a.scenario.model : "web.r.peak";
    rows.push(["peak", peakKey, (x) => (x.timeline ? peakBusy(x.timeline) : x.peak_threads), (v) => String(v), 0, "", null]);
    rows.push(["inflight", "web.r.inflight", (x) => x.in_flight_mean, num, 0, "", null]);
    const table = el("table", { id: "result-table", class: "cards" });
    const thead = el("tr");
    for (const c of cols) thead.append(el("th", { scope: "col", text: c }));
    table.append(el("thead", {}, thead));
    const tb = el("tbody");
    const withCI = (x, path, v, text) => {
      const c = path ? ci(x, path, v) : "";
      if (!c) return text;
      const s = el("span", {}, text, " ", el("span", { class: "ci", text: c }));
      return s;
    };
    // Beside a published figure, the model and the real run are shown at
    // its precision: whole milliseconds under 10 s ("1,227 ms").
    const exactDur = (v) => (v < 10000 ? exactMS(Math.round(v)) : dur(v));
    for (const [id, key, get, show0, gv, refKey, ciPath, label] of rows) {
      const show = hasRef && ref[refKey] != null && show0 === dur ? exactDur : show0;
      const tr = el("tr");
      tr.append(el("th", { scope: "row", text: label || fmt(key) }));
      let c = 1;
      if (hasGuess) {
        const td = cell(`r-${id}-you`, "", cols[c++], gv || null);
        if (gv > 0) {
          td.append(show(gv));
          td.append(el("span", { class: "off", text: offBy(gv, get(a)) }));
        }
        tr.append(td);
      }
      tr.append(cell(`r-${id}-model`, withCI(a, ciPath, get(a), show(get(a))), cols[c++], get(a)));
      if (r) {
        // A server's queue and busy threads are not seen from outside:
        // over HTTP those cells stay empty.
        const unseen = NOT_OVER_HTTP.has(id) && r.via === "http";
        const m = get(r.model), v = get(r);
        tr.append(cell(`r-${id}-real`, unseen ? "" : show(v), cols[c++], unseen ? null : v));
        tr.append(cell(`r-${id}-ratio`, unseen ? "" : ratio(v, m), cols[c++], null));
        if (h) {
          const hv = get(h), hidden = NOT_OVER_HTTP.has(id);
          tr.append(cell(`r-${id}-http`, hidden ? "" : show(hv), cols[c++], hidden ? null : hv), cell("", hidden ? "" : ratio(hv, m), cols[c++], null));
        }
      }
      if (j) {
        const jv = get(j);
        tr.append(cell(`r-${id}-jvm`, show(jv), cols[c++], jv), cell(`r-${id}-jvm-ratio`, ratio(jv, get(j.model)), cols[c++], null));
      }
      if (hasRef) {
        const rv = ref[refKey];
        tr.append(cell(`r-${id}-ref`, rv == null ? "" : (refKey === "throughput_rps" ? rps(rv) : exactMS(rv)), cols[c++], rv));
      }
      tb.append(tr);
    }
    if (r && r.os_threads_peak) {
      const tr = el("tr", {}, el("th", { scope: "row", text: fmt("web.r.os.threads") }));
      let c = 1;
      if (hasGuess) tr.append(cell("", "", cols[c++]));
      tr.append(cell("", "", cols[c++]), cell("r-os-real", String(r.os_threads_peak), cols[c++]), cell("", "", cols[c++]));
      if (h) tr.append(cell("", h.os_threads_peak ? String(h.os_threads_peak) : "", cols[c++]), cell("", "", cols[c++]));
      if (j) tr.append(cell("", "", cols[c++]), cell("", "", cols[c++]));
      if (hasRef) tr.append(cell("", "", cols[c++]));
      tb.append(tr);
    }
    table.append(tb);
    box.append(el("div", { class: "table-wrap" }, table));
    // The lines under the table write a batch time as its row does (whole
    // ms beside a published figure), so one run never reads 601 ms and
    // 600.6 ms at once.
    const bt = hasRef && ref.makespan_ms != null ? exactDur : dur;
    if (hasGuess) {
      let text = fmt("web.col.you") + " " + bt(guess) + " · " + fmt("web.col.model") + " " + bt(a.makespan_ms) + " (" + offBy(guess, a.makespan_ms) + ")";
      if (r) text += " · " + fmt("web.col.real") + " " + bt(r.makespan_ms) + " (" + offBy(guess, r.makespan_ms) + ")";
      if (j) text += " · " + fmt("web.col.jvm") + " " + bt(j.makespan_ms) + " (" + offBy(guess, j.makespan_ms) + ")";
      box.append(el("p", { class: "verdict", id: "predict-verdict", text }));
    } else if (state.guess) {
      box.append(el("p", { class: "note", id: "predict-verdict", text: fmt("web.predict.other", dur(state.guess.batch_ms)) }));
    } else {
      box.append(el("p", { class: "note", id: "predict-verdict", text: fmt("web.predict.none") }));
    }
    if (r) {
      box.append(el("p", { class: "verdict", id: "real-verdict", text: fmt(r.via === "http" ? "web.real.measured.http" : "web.real.measured", bt(r.makespan_ms), ((r.ratio || {}).makespan_ms || 0).toFixed(2)) }));
      if (served) box.append(el("p", { class: "note", id: "real-server", text: fmt("web.real.server", served.version || served.engine, served.jdk || "") }));
    }
    if (j) renderJVM(box, j, bt);
    if (hasRef) box.append(el("p", { class: "note", id: "ref-note", text: fmt("web.real.published", refEntry.source || "") }));
    if (a.limit) {
      box.append(el("div", { class: "limit", id: "limit" }, el("strong", { text: fmt("web.limit.title") }), el("br"), a.limit.text));
    }
  }

  // renderJVM tells the run on this machine's JDK under the table: its
  // figure against the model, the JDK it ran on, its cold first pass
  // apart (not in the figures), and the JVM's own notes.
  function renderJVM(box, j, bt) {
    const f = j.jvm || {};
    box.append(el("p", { class: "verdict", id: "jvm-verdict", text: fmt("web.jvm.measured", (bt || dur)(j.makespan_ms), ((j.ratio || {}).makespan_ms || 0).toFixed(2)) }));
    const flags = (f.flags || []).join(" ") || fmt("web.jvm.flags.none");
    box.append(el("p", { class: "note", id: "jvm-facts", text: fmt("web.jvm.facts", ((f.vendor || "") + " " + (f.java_version || "")).trim(), f.available_processors || 0, (f.gc || []).join(", "), flags) }));
    if (f.cold) box.append(el("p", { class: "note", id: "jvm-cold", text: fmt("web.jvm.cold", dur(f.cold.makespan_ms), dur(f.cold.p50_ms), dur(f.cold.p99_ms)) }));
    const notes = j.jvm_notes || [];
    if (notes.length) {
      const ul = el("ul", { class: "jvm-notes" });
      for (const n of notes) ul.append(el("li", { text: n }));
      box.append(el("details", { id: "jvm-notes" }, el("summary", { text: fmt("web.jvm.notes") }), ul));
    }
  }

  // engineChoice offers, for a run over HTTP, the servers that serve the
  // form's model: the Go target always, Tomcat for pool and virtual,
  // Netty for loop and offload (launch.Engine.Models on the server).
  const ENGINE_MODELS = { tomcat: ["pool", "virtual"], netty: ["loop", "offload"] };
  function engineChoice() {
    const via = $("#f-via").value, m = formState().v.model || "pool", sel = $("#f-engine");
    $("#engine-field").hidden = !(via === "http" || via === "both");
    for (const o of sel.options) o.disabled = o.value !== "go" && !ENGINE_MODELS[o.value].includes(m);
    if (sel.selectedOptions[0] && sel.selectedOptions[0].disabled) sel.value = "go";
  }

  // ---- The pinning lesson -----------------------------------------------

  // The pinning lesson runs one fixed scenario on this machine's JDK
  // twice: the virtual-thread preset's blocking waits inside synchronized,
  // then inside a native frame. Its answer belongs to those two requests,
  // not to the form, and is shown on the virtual-thread preset only.
  const PIN_BODY = { preset: "lab-virtual", wait: "200ms", blocking: true };
  const PIN_KINDS = ["synchronized", "native"];
  async function onPin() {
    if (document.body.dataset.busy === "true") return;
    stop();
    busy(true);
    const st = $("#pin-status");
    st.classList.remove("bad");
    const out = {};
    try {
      // The model of the scenario tells how long each run should take.
      const m = await postJSON(`/api/sim?lang=${lang}`, PIN_BODY);
      const expect = dur(2 * m.makespan_ms);
      for (const k of PIN_KINDS) {
        st.textContent = fmt("web.pin.status." + k);
        const line = watchLine(expect);
        try {
          out[k] = await postJSON(`/api/run?lang=${lang}&via=jvm&pin=${k}&ticket=${line.ticket}`, PIN_BODY);
        } finally {
          line.stop();
        }
      }
      state.pin = out;
      st.textContent = "";
    } catch (p) {
      st.textContent = (p && p.message) || String(p);
      st.classList.add("bad");
    } finally {
      busy(false);
      setStatus("");
      renderPin();
      settled();
    }
  }
  // pinLesson picks the sentence the two verdicts support: JEP 491 (only
  // the native frame pins), both pin (JDK 21-23), or what was seen.
  function pinLesson(p) {
    const s = p.synchronized.jvm || {}, n = p.native.jvm || {};
    const ver = s.java_version || "";
    if (s.pin_verdict === "not_pinned_jep491" && n.pin_verdict === "pinned") return fmt("web.pin.lesson.jep491", ver, n.pinned_events || 0);
    if (s.pin_verdict === "pinned" && n.pin_verdict === "pinned") return fmt("web.pin.lesson.both", ver, s.pinned_events || 0, n.pinned_events || 0);
    return fmt("web.pin.lesson.other", ver);
  }
  function renderPin() {
    const sec = $("#pin");
    // On the virtual-thread preset, once its answer is shown: the two
    // runs' figures would otherwise tell it before a guess.
    sec.hidden = !(state.entry && state.entry.name === "lab-virtual" && state.revealed);
    const box = $("#pin-out");
    box.textContent = "";
    const p = state.pin;
    if (!p) return;
    const cols = [fmt("web.pin.col.where"), fmt("web.r.makespan"), fmt("web.pin.col.events"), fmt("web.pin.col.verdict")];
    const table = el("table", { id: "pin-table", class: "cards" });
    const hr = el("tr");
    for (const c of cols) hr.append(el("th", { scope: "col", text: c }));
    table.append(el("thead", {}, hr));
    const tb = el("tbody");
    for (const k of PIN_KINDS) {
      const a = p[k], f = a.jvm || {};
      const n = f.pinned_events == null ? null : f.pinned_events;
      tb.append(el("tr", { "data-pin": k }, el("th", { scope: "row", text: fmt("web.pin.where." + k) }),
        cell(`pin-${k}-makespan`, exactMS(Math.round(a.makespan_ms * 10) / 10), cols[1], a.makespan_ms),
        cell(`pin-${k}-events`, n == null ? "" : fmt("web.pin.events", n), cols[2], n),
        cell(`pin-${k}-verdict`, f.pin_verdict ? fmt("web.pin.verdict." + f.pin_verdict) : "", cols[3], null)));
    }
    table.append(tb);
    box.append(el("div", { class: "table-wrap" }, table));
    box.append(el("p", { class: "verdict", id: "pin-lesson", text: pinLesson(p) }));
  }

  // The JDK 21 rows, always on the page: the published measurement beside
  // the model at the same settings, exact to the millisecond.
  function renderRef() {
    const t = $("#ref-table");
    if (!t) return;
    t.textContent = "";
    const cols = [fmt("web.ref.preset"), fmt("web.col.published"), fmt("web.ref.model"), fmt("web.ref.ratio")];
    const hr = el("tr");
    for (const c of cols) hr.append(el("th", { scope: "col", text: c }));
    t.append(el("thead", {}, hr));
    const tb = el("tbody");
    let src = "";
    for (const p of presets) {
      if (!p.ref_model || p.reference.makespan_ms == null) continue;
      src = p.source;
      const pub = p.reference.makespan_ms, m = p.ref_model.makespan_ms;
      // The model's figure is this preset's answer: hidden until guessed.
      const shown = seen.has(p.name);
      tb.append(el("tr", { "data-name": p.name }, el("th", { scope: "row", text: p.label }),
        cell(`ref-${p.name}-pub`, exactMS(pub), cols[1], pub),
        cell(`ref-${p.name}-model`, shown ? exactMS(m) : fmt("web.ref.hidden"), cols[2], shown ? m : null),
        cell(`ref-${p.name}-ratio`, shown ? ratio(pub, m) : "", cols[3])));
    }
    t.append(tb);
    $("#ref-source").textContent = src ? fmt("web.ref.source", src) : "";
  }

  // The five lab presets side by side: the model at 0.2 s waits against
  // the JDK 21 measurement. The published figures show at once; a
  // preset's model figure is its answer, shown once it is guessed (or
  // skipped) in the lab, or when the learner asks for all five and the
  // button says that skips their guesses.
  let fiveRows = null;
  async function five() {
    const box = $("#five-bars");
    box.textContent = "";
    box.setAttribute("aria-label", fmt("web.five.bars"));
    $("#five").hidden = false;
    const lab = presets.filter((p) => p.group === "lab");
    try {
      const answers = await Promise.all(lab.map((p) => postJSON(`/api/sim?lang=${lang}`, { preset: p.name, wait: "200ms" })));
      fiveRows = lab.map((p, i) => ({ p, m: answers[i].makespan_ms, pub: (p.reference || {}).makespan_ms }));
      renderFive();
    } catch (p) {
      box.append(el("p", { class: "bad", text: p.message || String(p) }));
    } finally {
      settled();
    }
  }
  function renderFive() {
    if (!fiveRows || $("#five").hidden) return;
    const box = $("#five-bars");
    box.textContent = "";
    const maxMs = Math.max(...fiveRows.map((r) => Math.max(seen.has(r.p.name) ? r.m : 0, r.pub || 0)), 1e-6);
    for (const r of fiveRows) {
      const g = el("div", { class: "group", "data-name": r.p.name }, el("div", { class: "glabel", text: r.p.label }));
      if (seen.has(r.p.name)) g.append(barRow(fmt("web.ref.model"), r.m, maxMs, "sim", exactMS(r.m)));
      else g.append(el("div", { class: "row hidden-answer" }, el("span", { class: "blabel", text: fmt("web.ref.model") }), el("span", { class: "note", text: fmt("web.ref.hidden") })));
      if (r.pub != null) g.append(barRow(fmt("web.col.published"), r.pub, maxMs, "real", exactMS(r.pub)));
      box.append(g);
    }
    $("#btn-five-all").hidden = fiveRows.every((r) => seen.has(r.p.name));
  }
  // The learner's explicit skip of the five guesses at once.
  function fiveAll() {
    for (const p of presets) if (p.group === "lab") seen.add(p.name);
    saveSeen();
    renderRef();
    renderFive();
    settled();
  }
  function barRow(label, v, maxV, kind, text) {
    const w = Math.max(1, (v / maxV) * 100);
    return el("div", { class: "row" }, el("span", { class: "blabel", text: label }),
      el("div", { class: "track" }, el("div", { class: "bar " + kind, style: `width: ${w}%` })),
      el("span", { class: "bval", text }));
  }

  // ---- Timeline ---------------------------------------------------------

  const KINDS = ["cpu", "hold", "lock", "ready"];
  const NOT_OVER_HTTP = new Set(["queue", "peak"]);
  function current() {
    if (!state.revealed || !state.sim) return null;
    if (state.view === "real" && state.real && state.real.key === state.sim.key) return state.real.a;
    return state.sim.a;
  }
  const realShown = () => state.view === "real" && state.real && state.sim && state.real.key === state.sim.key;

  function renderTimelineHead() {
    const src = $("#tl-source"), tog = $("#tl-toggle");
    const hasReal = !!(state.revealed && state.real && state.sim && state.real.key === state.sim.key);
    src.textContent = state.revealed && state.sim ? fmt(realShown() ? "web.tl.source.real" : "web.tl.source.model") : "";
    tog.hidden = !hasReal;
    tog.textContent = fmt(state.view === "real" ? "web.tl.show.model" : "web.tl.show.real");
  }

  function legend() {
    const ul = $("#tl-legend");
    ul.textContent = "";
    for (const k of [...KINDS, "queue", "parked", "idle"]) {
      ul.append(el("li", {}, el("i", { class: "k-" + k }), fmt("web.tl.kind." + k)));
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
  // done counts finished actions (answers, refusals, preset choices), on
  // <body data-done>, so a test can wait for the page to settle.
  let done = 0;
  const settled = () => { document.body.dataset.done = String(++done); };

  // drawTimeline draws answer a's timeline into wrap (end: the time axis'
  // end, to share one between two timelines; id: the svg's id) and
  // returns its geometry.
  function drawTimeline(wrap, a, o) {
    wrap.textContent = "";
    const tl = a.timeline;
    if (!tl) { wrap.append(el("p", { class: "note", text: fmt("web.tl.omitted", caps.timeline_max_requests, caps.timeline_max_lanes) })); return null; }
    const W = Math.max(280, wrap.clientWidth || 800);
    const nLanes = tl.lanes.length;
    const left = W < 560 ? 64 : 92, right = 10, waitH = 44;
    // Up to 16 lanes get 24 px each; more share about 400 px.
    const laneH = nLanes <= 16 ? 24 : Math.max(4, Math.floor(400 / nLanes) - 1), gap = nLanes <= 16 ? 4 : 1;
    const labelEvery = Math.ceil(13 / (laneH + gap));
    const end = o.end || Math.max(a.makespan_ms, ...tl.records.map((r) => r.end_ms), 1e-6);
    const plotW = W - left - right;
    const x = (ms) => left + (ms / end) * plotW;
    const nl = tl.lanes.length;
    const waitY = 8 + nl * (laneH + gap) + 18;
    const axisY = waitY + waitH + 8;
    const H = axisY + 24;
    const svg = sv("svg", { id: o.id, class: "tl", width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": o.label });
    const counters = {};
    let lastLabel = -99;
    tl.lanes.forEach((kind, i) => {
      counters[kind] = (counters[kind] || 0) + 1;
      const y = 8 + i * (laneH + gap);
      const g = sv("g", { class: "lane", "data-lane": i });
      g.append(sv("rect", { class: "lane-bg", x: left, y, width: plotW, height: laneH }));
      if ((i % labelEvery === 0 || counters[kind] === 1) && y - lastLabel >= 13) {
        lastLabel = y;
        const label = sv("text", { x: 4, y: y + Math.min(laneH, 14) / 2 + 4 });
        label.textContent = fmt("web.tl.lane." + kind, counters[kind]);
        g.append(label);
      }
      svg.append(g);
    });
    const bars = sv("g", { class: "bars" });
    const titled = tl.spans.length <= 500;
    // Each request is its own bar. Bars thinner than 2 px that touch and
    // do the same thing are drawn as one, which names its first and last.
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
      spans.sort((p, q) => p.start_ms - q.start_ms);
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
    const wg = sv("g", { class: "waiting" });
    wg.append(sv("rect", { class: "lane-bg", x: left, y: waitY, width: plotW, height: waitH }));
    svg.append(wl);
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
    for (const c of [...wg.querySelectorAll("text.count")]) wg.append(c);
    svg.append(wg);
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
    const cur = sv("line", { class: "cursor", x1: left, x2: left, y1: 2, y2: axisY });
    svg.append(cur);
    wrap.append(svg);
    return { x, end, left, plotW, steps, svg, cur };
  }

  function countsAt(g, t) {
    let q = 0, p = 0;
    for (const s of g.steps) { if (s.t <= t) { q = s.q; p = s.p; } else break; }
    return fmt("web.tl.counts", q, p);
  }
  function moveCursor(g, t) {
    g.cur.setAttribute("x1", g.x(t));
    g.cur.setAttribute("x2", g.x(t));
  }

  function renderTimeline() {
    const a = current(), wrap = $("#tl-wrap");
    $("#hover").textContent = "";
    geo = null;
    if (!a) {
      wrap.textContent = "";
      wrap.append(el("p", { class: "note", text: fmt(state.revealed ? "web.tl.empty" : "web.result.hidden") }));
      $("#counts").textContent = "";
      return;
    }
    geo = drawTimeline(wrap, a, { id: "tl", label: fmt("web.tl.title") + ": " + fmt(realShown() ? "web.tl.source.real" : "web.tl.source.model") });
    if (!geo) return;
    geo.cur.id = "tl-cursor";
    geo.svg.querySelector("g.waiting").id = "waiting-row";
    const svg = geo.svg, end = geo.end, left = geo.left, plotW = geo.plotW;
    let hot = null;
    svg.addEventListener("mousemove", (e) => {
      const r = e.target.closest && e.target.closest("rect.bar");
      if (!r || r === hot) return;
      hot = r;
      for (const h of svg.querySelectorAll(".hot")) h.classList.remove("hot");
      for (const h of svg.querySelectorAll(`rect.bar[data-req="${r.dataset.req}"]`)) h.classList.add("hot");
      $("#hover").textContent = hoverText(r, end);
    });
    dragger(svg, () => ({ left, plotW, end }), (t) => setCursor(t));
    setCursor(Math.min(state.cursor, end));
  }

  function dragger(svg, g, to) {
    const drag = (e) => {
      const box = svg.getBoundingClientRect(), o = g();
      const t = ((e.clientX - box.left - o.left) / o.plotW) * o.end;
      to(Math.min(o.end, Math.max(0, t)));
    };
    svg.addEventListener("pointerdown", (e) => {
      svg.setPointerCapture(e.pointerId);
      drag(e);
      const move = (ev) => drag(ev);
      const up = () => { svg.removeEventListener("pointermove", move); svg.removeEventListener("pointerup", up); };
      svg.addEventListener("pointermove", move);
      svg.addEventListener("pointerup", up);
    });
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
    // Lines that tell the whole run (the fan-out lab's first, the
    // closing summary) carry no number: the moments count 1, 2, 3.
    let n = 0;
    a.narration.forEach((l, i) => {
      const li = el("li", { "data-start": l.start_ms, "data-end": l.end_ms, id: "narr-" + i, text: l.text });
      if (l.summary) li.classList.add("summary");
      else li.value = ++n;
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
    moveCursor(geo, t);
    $("#counts").textContent = countsAt(geo, t);
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

  // player plays a cursor from where it is to the end in 6 s.
  function player(btn, getEnd, getAt, set) {
    let raf = 0, on = false;
    const halt = () => { on = false; cancelAnimationFrame(raf); btn.textContent = fmt("web.btn.play"); };
    const go = () => {
      const end = getEnd();
      if (!end) return;
      if (on) { halt(); return; }
      on = true;
      btn.textContent = fmt("web.btn.pause");
      const from = getAt() >= end ? 0 : getAt();
      const t0 = performance.now(), span = 6000;
      const tick = (now) => {
        if (!on) return;
        const t = from + ((now - t0) / span) * end;
        set(Math.min(t, end));
        if (t >= end) { halt(); return; }
        raf = requestAnimationFrame(tick);
      };
      raf = requestAnimationFrame(tick);
    };
    return { go, halt };
  }
  let mainPlayer = null;
  function stop() { if (mainPlayer) mainPlayer.halt(); }

  // ---- Two models in lockstep -------------------------------------------

  const ls = { a: null, b: null, ga: null, gb: null, end: 0, t: 0 };
  function lsOptions() {
    for (const id of ["#ls-a-pick", "#ls-b-pick"]) {
      const s = $(id);
      s.textContent = "";
      s.append(el("option", { value: "", text: fmt("web.ls.form") }));
      for (const p of presets) s.append(el("option", { value: p.name, text: p.label, title: p.label }));
    }
    lsLabels();
    const [a, b] = LAB === "fanout" ? ["fanout-seq", "fanout"] : ["lab-pool", "lab-loop"];
    $("#ls-a-pick").value = a;
    $("#ls-b-pick").value = b;
  }
  // Lockstep asks its own question when an answer it would show is not
  // seen yet: which of the two finishes first. The answers show after that
  // guess, or when the learner chooses to skip it (an option that says so).
  const sideKnown = (id) => {
    const v = $(id).value;
    if (v) return seen.has(v);
    return !!(state.revealed && state.sim && state.sim.key === currentKey());
  };
  async function lockstep() {
    const pick = (id) => {
      const v = $(id).value;
      if (v) return { preset: v };
      return body();
    };
    const ba = pick("#ls-a-pick"), bb = pick("#ls-b-pick");
    const guess = $("#ls-guess").value;
    for (const e of document.querySelectorAll("#lockstep .field .err")) e.remove();
    $("#ls-guess").removeAttribute("aria-invalid");
    $("#ls-verdict").textContent = "";
    try {
      if (!ba || !bb) { refuseForm(); return; }
      if (!guess && !(sideKnown("#ls-a-pick") && sideKnown("#ls-b-pick"))) {
        markField("ls-guess", fmt("web.ls.guess.first"));
        $("#ls-out").hidden = true;
        $("#ls-guess").focus();
        return;
      }
      const [a, b] = await Promise.all([ba, bb].map((x) => postJSON(`/api/sim?lang=${lang}&timeline=1`, x)));
      ls.a = a; ls.b = b;
      $("#ls-out").hidden = false;
      $("#ls-verdict").textContent = lsVerdict(guess, a.makespan_ms, b.makespan_ms);
      // Both answers are on screen now: the presets among them are seen.
      for (const id of ["#ls-a-pick", "#ls-b-pick"]) if ($(id).value) seen.add($(id).value);
      saveSeen();
      renderRef();
      renderFive();
      renderLockstep();
    } catch (p) {
      setStatus(p.message || String(p), true);
    } finally {
      settled();
    }
  }
  // lsVerdict scores "which finishes first" against the two batch times
  // (within 5% of each other is "about the same").
  function lsVerdict(guess, a, b) {
    if (!guess) return "";
    if (guess === "skip") return fmt("web.ls.skipped");
    const same = Math.abs(a - b) <= 0.05 * Math.max(a, b);
    const truth = same ? "same" : a < b ? "a" : "b";
    const said = fmt("web.ls.truth." + truth, dur(Math.min(a, b)), dur(Math.max(a, b)));
    return fmt(guess === truth ? "web.ls.right" : "web.ls.wrong", said);
  }
  // lsLabels fits the two pickers to a phone: a select cannot wrap, so
  // below 600 px an option reads its label's head ("The worst
  // combination"), whole where two presets share a head.
  function lsLabels() {
    const narrow = window.matchMedia("(max-width: 600px)").matches;
    const head = (p) => p.label.split(" — ")[0];
    for (const id of ["#ls-a-pick", "#ls-b-pick"]) {
      for (const o of $(id).options) {
        const p = presets.find((q) => q.name === o.value);
        if (!p) continue;
        const shared = presets.filter((q) => head(q) === head(p)).length > 1;
        o.text = narrow && !shared ? head(p) : p.label;
      }
    }
  }
  const lsName = (id, a) => ($(id).value ? (presets.find((p) => p.name === $(id).value) || {}).label : fmt("web.ls.form")) || a.scenario.name;
  function renderLockstep() {
    if (!ls.a) return;
    const end = Math.max(ls.a.makespan_ms, ls.b.makespan_ms, 1e-6);
    ls.end = end;
    const name = lsName;
    $("#ls-a-sum").textContent = fmt("web.ls.side", name("#ls-a-pick", ls.a), dur(ls.a.makespan_ms), ls.a.limit ? ls.a.limit.text : "");
    $("#ls-b-sum").textContent = fmt("web.ls.side", name("#ls-b-pick", ls.b), dur(ls.b.makespan_ms), ls.b.limit ? ls.b.limit.text : "");
    ls.ga = drawTimeline($("#ls-a"), ls.a, { id: "ls-a-svg", end, label: fmt("web.ls.a") });
    ls.gb = drawTimeline($("#ls-b"), ls.b, { id: "ls-b-svg", end, label: fmt("web.ls.b") });
    for (const g of [ls.ga, ls.gb]) if (g) dragger(g.svg, () => ({ left: g.left, plotW: g.plotW, end }), lsCursor);
    lsCursor(Math.min(ls.t, end));
  }
  // One cursor for both: the same instant on the same axis.
  function lsCursor(t) {
    ls.t = t;
    const s = $("#ls-cursor");
    s.value = String(Math.round((t / ls.end) * Number(s.max)));
    s.setAttribute("aria-valuetext", durIn(t, ls.end));
    $("#ls-at").textContent = fmt("web.tl.at", durIn(t, ls.end));
    if (ls.ga) { moveCursor(ls.ga, t); $("#ls-a-counts").textContent = countsAt(ls.ga, t); }
    if (ls.gb) { moveCursor(ls.gb, t); $("#ls-b-counts").textContent = countsAt(ls.gb, t); }
  }

  // ---- Size it ------------------------------------------------------------

  async function sizeIt() {
    const out = $("#size-out"), st = $("#size-status");
    out.textContent = "";
    st.classList.remove("bad");
    const slo = $("#size-slo");
    slo.removeAttribute("aria-invalid");
    const b = body();
    if (!b) { refuseForm(); settled(); return; }
    // The curve holds these settings' batch time: the guess's answer.
    if (!state.revealed) { st.textContent = fmt("web.size.guess"); st.classList.add("bad"); settled(); return; }
    st.textContent = fmt("web.status.size");
    try {
      const a = await postJSON(`/api/plan?lang=${lang}`, Object.assign({ slo: slo.value }, b));
      st.textContent = "";
      renderSize(out, a);
      out.dataset.answer = String(a.answer);
    } catch (p) {
      st.textContent = p.message || String(p);
      st.classList.add("bad");
      if (p.field === "slo") slo.setAttribute("aria-invalid", "true");
    } finally {
      settled();
    }
  }

  // renderSize shows plan's answer as the page's own elements: the answer
  // in a sentence, the curve as bars and a table (cards on a phone), each
  // value in the page's units; plan's report and picture, written for a
  // terminal, stay behind a disclosure.
  function renderSize(out, a) {
    const slo = (a.slos || [])[0] || { metric: "batch", text: "" };
    const show = (v) => (slo.metric === "rps" ? fmt("web.unit.rps", num(v)) : dur(v));
    const size = (n) => (S["web.size.n." + a.knob] ? fmt("web.size.n." + a.knob, n) : String(n));
    const curve = (a.curve || []).slice().sort((p, q) => p.size - q.size);
    const at = (n) => curve.find((p) => p.size === n);
    const sloText = (a.slos || []).map((x) => x.text).join(", ");
    const valuesAt = (p) => (p ? p.values.map(show).join(", ") : "");
    if (a.answer > 0) {
      out.append(el("p", { class: "verdict", id: "size-answer", text: fmt("web.size.answer", size(a.answer), sloText, valuesAt(at(a.answer))) }));
      const below = at(a.answer - 1);
      if (below) out.append(el("p", { class: "note", id: "size-below", text: fmt("web.size.below", size(a.answer - 1), valuesAt(below)) }));
    } else {
      out.append(el("p", { class: "verdict", id: "size-answer", text: fmt("web.size.none", a.min, a.max, sloText) }));
    }
    const maxV = Math.max(1e-9, ...curve.map((p) => p.values[0] || 0));
    const bars = el("div", { class: "bars", id: "size-bars", role: "img", "aria-label": fmt("web.size.bars", slo.text || slo.metric) });
    for (const p of curve) bars.append(barRow(size(p.size), p.values[0] || 0, maxV, p.met ? "sim" : "over", show(p.values[0] || 0)));
    out.append(bars);
    const cols = [fmt("web.size.col.size"), sloText, fmt("web.size.col.met")];
    const table = el("table", { id: "size-table", class: "cards" });
    const hr = el("tr");
    for (const c of cols) hr.append(el("th", { scope: "col", text: c }));
    table.append(el("thead", {}, hr));
    const tb = el("tbody");
    for (const p of curve) {
      tb.append(el("tr", { "data-size": p.size, class: p.met ? "met" : "missed" }, el("th", { scope: "row", text: size(p.size) }),
        cell("", valuesAt(p), cols[1]), cell("", fmt(p.met ? "web.size.met" : "web.size.missed"), cols[2])));
    }
    table.append(tb);
    out.append(el("div", { class: "table-wrap" }, table));
    const more = el("details", { id: "size-more" }, el("summary", { text: fmt("web.size.report") }));
    const doc = new DOMParser().parseFromString(a.svg || "", "image/svg+xml");
    const svg = doc.documentElement;
    if (svg && svg.nodeName === "svg") {
      svg.setAttribute("id", "size-svg");
      svg.removeAttribute("height");
      svg.setAttribute("width", "100%");
      more.append(el("div", { class: "size-svg" }, document.importNode(svg, true)));
    }
    more.append(el("pre", { id: "size-text" }, el("code", { text: a.text })));
    out.append(more);
  }

  // ---- Runs and comparison ---------------------------------------------

  const STORE = "waitlab.runs";
  function loadRuns() {
    let runs = [];
    try { runs = JSON.parse(localStorage.getItem(STORE)) || []; } catch (e) { return []; }
    // Runs kept by an older page name their preset "preset".
    for (const r of runs) if (!r.entry) r.entry = r.preset || "lab-pool";
    return runs;
  }
  function saveRuns(runs) {
    try { localStorage.setItem(STORE, JSON.stringify(runs.slice(-50))); } catch (e) { /* private mode: keep in memory only */ }
  }
  // record keeps a run the learner asked for (Simulate, Run for real), with
  // its settings in full so a comparison can say what differs.
  // The settings are those the action started with (st), never the form's
  // at the time the answer comes back.
  function record(kind, a, b, st) {
    const runs = loadRuns();
    const n = runs.length ? runs[runs.length - 1].n + 1 : 1;
    const g = st.guess;
    const o = Object.assign({}, b);
    delete o.preset;
    runs.push({
      n, kind: kind === "real" && a.via === "http" ? "http" : kind, at: Date.now(), entry: b.preset,
      overrides: o, vals: st.vals,
      makespan_ms: a.makespan_ms, throughput_rps: a.throughput_rps, p50_ms: a.all.p50_ms, p99_ms: a.all.p99_ms,
      peak_threads: a.timeline ? peakBusy(a.timeline) : a.peak_threads, predicted_ms: g,
    });
    saveRuns(runs);
    renderRuns();
  }
  // A setting and its value, as a run's label says it ("threads=6",
  // "스레드 6개"), in the page's language.
  const kv1 = (k, v) => (S["web.kv." + k] ? fmt("web.kv." + k, String(v)) : `${fmt("web.k." + k)}=${v}`);
  const kv = (o) => Object.entries(o || {}).map(([k, v]) => kv1(k, v)).join(", ");
  // labelOf names an entry in the page's language (a run is kept by its
  // entry's name, so a run recorded in English reads Korean on the Korean
  // page).
  const labelOf = (name) => (presets.find((p) => p.name === name) || {}).label || name;
  function runLabel(r) {
    const o = kv(r.overrides);
    return `#${r.n} ${labelOf(r.entry)}${o ? " (" + o + ")" : ""} · ${dur(r.makespan_ms)}`;
  }
  // A run's link reopens it with its answer shown: it was already seen.
  function runURL(r) {
    const q = new URLSearchParams({ lang });
    q.set("preset", r.entry);
    for (const [k, v] of Object.entries(r.overrides || {})) q.set(k, String(v));
    q.set("reveal", "1");
    return (r.entry || "").startsWith("fanout") ? "/fanout?" + q.toString() : "/?" + q.toString();
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
  // diffLabels names each run by what differs among the runs compared:
  // the preset, a setting, or whether it was simulated or run for real.
  function diffLabels(runs) {
    const all = runs.map((r) => Object.assign({ preset: labelOf(r.entry) }, r.vals || r.overrides || {}));
    const keys = new Set();
    for (const v of all) for (const k of Object.keys(v)) keys.add(k);
    const differ = [...keys].filter((k) => new Set(all.map((v) => String(v[k]))).size > 1);
    const kinds = new Set(runs.map((r) => r.kind)).size > 1;
    return runs.map((r, i) => {
      const parts = differ.map((k) => (k === "preset" ? all[i].preset : kv1(k, all[i][k])));
      if (kinds || !parts.length) parts.push(fmt("web.runs.kind." + r.kind));
      return `#${r.n} ${parts.join(", ")}`;
    });
  }
  function compare() {
    const picked = [...document.querySelectorAll("#run-list input:checked")].map((c) => Number(c.dataset.n));
    const runs = loadRuns().filter((r) => picked.includes(r.n));
    const box = $("#compare");
    box.textContent = "";
    if (runs.length < 2) { $("#cmp-status").textContent = fmt("web.runs.need2"); return; }
    $("#cmp-status").textContent = "";
    const labels = diffLabels(runs);
    box.append(el("h3", { text: fmt("web.cmp.title") }));
    const table = el("table", { id: "compare-table", class: "cards" });
    const head = el("tr", {}, el("th", { scope: "col", text: fmt("web.cmp.run") }));
    for (const l of labels) head.append(el("th", { scope: "col", text: l }));
    table.append(el("thead", {}, head));
    const tb = el("tbody");
    const rows = [
      ["web.r.makespan", (r) => dur(r.makespan_ms)],
      ["web.r.throughput", (r) => fmt("web.unit.rps", num(r.throughput_rps))],
      ["web.r.p50", (r) => dur(r.p50_ms)],
      ["web.r.p99", (r) => dur(r.p99_ms)],
      ["web.r.peak", (r) => String(r.peak_threads)],
      ["web.col.you", (r) => (r.predicted_ms ? dur(r.predicted_ms) : "")],
    ];
    const guessed = runs.some((r) => r.predicted_ms > 0);
    for (const [key, get] of rows) {
      if (key === "web.col.you" && !guessed) continue;
      const tr = el("tr", {}, el("th", { scope: "row", text: fmt(key) }));
      runs.forEach((r, i) => tr.append(cell("", get(r), labels[i])));
      tb.append(tr);
    }
    table.append(tb);
    box.append(el("div", { class: "table-wrap" }, table));
    const maxMs = Math.max(...runs.map((r) => r.makespan_ms));
    const bars = el("div", { class: "bars", role: "img", "aria-label": fmt("web.cmp.bars") });
    runs.forEach((r, i) => bars.append(barRow(labels[i], r.makespan_ms, maxMs, r.kind, dur(r.makespan_ms))));
    box.append(bars);
  }

  // ---- Code -------------------------------------------------------------

  let codeTab = "go";
  function renderCode() {
    const C = window.WAITLAB_CODE, v = formState().v, m = v.model || "pool";
    // The code follows the settings: the pool's size is the threads field,
    // the loops and the offload pool likewise.
    const k = {
      threads: v.threads || state.baseVals.threads, offload: v.offload_pool || 4, calls: Math.max(1, v.calls || 1),
      fanout: v.fanout || "sequential", fanoutPool: v.fanout_pool || 0,
    };
    $("#code-note").textContent = fmt(codeTab === "fanout" ? "web.code.note.fanout" : "web.code.note." + m);
    let text;
    // The code's comments in the page's language.
    const c = (name, ...args) => fmt("web.cc." + name, ...args);
    if (codeTab === "go") text = (C.go[m] || C.go.pool)(k, c);
    else if (codeTab === "mvc") text = C.mvc(k, c);
    else if (codeTab === "vt") text = C.vt(k, c);
    else if (codeTab === "fanout") text = C.fanout[k.fanout](k, c);
    else {
      const blocks = v.blocking || Number(v.block_fraction) > 0;
      text = (m === "offload" ? C.webflux.offload : (blocks && m === "loop" ? C.webflux.blocking : C.webflux.loop))(k, c);
    }
    $("#code-text").textContent = text;
    for (const b of document.querySelectorAll("[role=tab]")) {
      const on = b.dataset.lang === codeTab;
      b.setAttribute("aria-selected", String(on));
      b.tabIndex = on ? 0 : -1;
    }
  }
  function defaultTab(m) {
    if (LAB === "fanout") return "fanout";
    return { pool: "mvc", loop: "webflux", offload: "webflux", virtual: "vt" }[m] || "go";
  }

  // ---- Links and language -----------------------------------------------

  // stateURL is the page's state as a link in language l: the preset,
  // the settings that differ from it, the guess made for them, and
  // whether their answer is shown (only when the result on screen is
  // theirs: an unsimulated edit is not revealed by a link).
  function stateURL(l) {
    const q = new URLSearchParams();
    q.set("lang", l);
    if (state.entry) q.set("preset", state.entry.name);
    const f = formState();
    for (const [k, v] of Object.entries(overridesOf(f.v))) q.set(k, String(v));
    const key = currentKey();
    if (state.guess && state.guess.key === key) {
      q.set("guess", String(state.guess.batch_ms / 1000));
      if (state.guess.p50_ms > 0) q.set("guess_p50", String(state.guess.p50_ms / 1000));
    } else if (state.revealed && state.sim && state.sim.key === key) q.set("reveal", "1");
    return (LAB === "fanout" ? "/fanout?" : "/?") + q.toString();
  }
  // updateLinks keeps the language switch and the address bar on the
  // page's state, so a reload or a switch keeps the settings and the guess.
  function updateLinks() {
    $("#lang-switch").href = stateURL(fmt("web.lang.other.code"));
    try { history.replaceState(null, "", stateURL(lang)); } catch (e) { /* file: or sandboxed: the link still carries it */ }
  }

  function renderAll() {
    if (state.revealed && state.entry && !seen.has(state.entry.name)) { seen.add(state.entry.name); saveSeen(); renderRef(); renderFive(); }
    renderBase();
    renderQuestion();
    renderResult();
    renderTimelineHead();
    renderTimeline();
    renderNarration();
    setCursor(Math.min(state.cursor, geo ? geo.end : 0));
    renderCode();
    renderPin();
    engineChoice();
  }

  // The question says what is true now: asked (the answer hidden), its
  // answer below, or settings changed since.
  function renderQuestion() {
    const shown = state.revealed && state.sim && state.sim.key === currentKey();
    $("#question").textContent = fmt(!state.revealed ? "web.predict.question" : shown ? "web.predict.question.shown" : "web.predict.question.edit");
  }

  function presetButton(p) {
    const b = el("button", { type: "button", class: "preset", "data-name": p.name, "aria-pressed": "false", title: p.setup || "" },
      el("span", { class: "label", text: p.label }), el("span", { class: "name", text: p.name }));
    b.addEventListener("click", () => pickPreset(p));
    return b;
  }
  // A new preset is a new question: its answer hidden, the old guess gone.
  function pickPreset(p) {
    stop();
    clearErrors();
    chooseEntry(p);
    state.sim = null;
    state.real = null;
    state.jvm = null;
    state.guess = null;
    state.revealed = false;
    state.view = "model";
    state.cursor = 0;
    $("#predict-batch").value = "";
    $("#predict-p50").value = "";
    codeTab = defaultTab(p.scenario.model);
    renderAll();
    updateLinks();
    settled();
  }

  async function init() {
    const st = await getJSON(`/api/strings?lang=${lang}`);
    S = st.strings;
    caps = st.caps;
    applyStrings();
    $("#version").textContent = fmt("web.version", st.version);
    legend();
    presets = await getJSON(`/api/presets?lang=${lang}`);
    for (const g of document.querySelectorAll("[data-for]")) g.hidden = g.dataset.for !== LAB;
    for (const p of presets) $("#presets-" + p.group).append(presetButton(p));
    if (LAB === "fanout") {
      // The fan-out lab's knobs up front: the calls and how they are made.
      for (const k of ["calls", "fanout", "fanout_pool"]) $("#fields-main").append(input(k).closest(".field"));
      presets = presets.filter((p) => p.group === "fanout").concat(presets.filter((p) => p.group !== "fanout"));
    }
    renderRef();
    lsOptions();
    // A link may carry a scenario: ?preset=NAME&threads=8...
    const q = new URLSearchParams(location.search);
    const first = LAB === "fanout" ? "fanout-seq" : "lab-pool";
    const entry = presets.find((p) => p.name === q.get("preset")) || presets.find((p) => p.name === first);
    const vals = valuesOf(entry.scenario);
    for (const k of FIELDS) {
      if (!q.has(k)) continue;
      vals[k] = BOOL.has(k) ? q.get(k) === "true" : q.get(k);
    }
    chooseEntry(entry, vals);
    codeTab = defaultTab(vals.model);
    // A guess carried by the link (the language switch, a reload) is
    // scored again; "reveal=1" shows the answer (a run's own link).
    const gq = q.get("guess");
    let reveal = q.get("reveal") === "1";
    if (gq) {
      $("#predict-batch").value = gq;
      $("#predict-p50").value = q.get("guess_p50") || "";
      const g = secondsOf(gq), g50 = q.get("guess_p50") ? secondsOf(q.get("guess_p50")) : 0;
      if (g > 0 && currentKey()) { state.guess = { key: currentKey(), batch_ms: g, p50_ms: g50 > 0 ? g50 : 0 }; reveal = true; }
    }
    mainPlayer = player($("#btn-play"), () => (geo ? geo.end : 0), () => state.cursor, setCursor);
    const lsPlayer = player($("#ls-play"), () => ls.end, () => ls.t, lsCursor);
    $("#form").addEventListener("submit", (e) => { e.preventDefault(); onSimulate(); });
    $("#form").addEventListener("input", (e) => {
      if (e.target.id === "f-model") blockingNote();
      renderStale();
      updateLinks();
      renderCode();
    });
    // The code follows the model: the tab of the model chosen comes up.
    $("#form").addEventListener("change", (e) => { if (e.target.id === "f-via" || e.target.id === "f-model") engineChoice(); });
    $("#form").addEventListener("change", (e) => { if (e.target.id === "f-model") { blockingNote(); codeTab = defaultTab(e.target.value); renderStale(); updateLinks(); renderCode(); } });
    $("#btn-guess").addEventListener("click", onGuess);
    // Enter in a guess box checks the guess (not the form's Simulate).
    for (const id of ["#predict-batch", "#predict-p50"]) {
      $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); onGuess(); } });
    }
    $("#btn-reveal").addEventListener("click", onReveal);
    $("#btn-real").addEventListener("click", onReal);
    $("#btn-jvm").addEventListener("click", onJVM);
    $("#btn-pin").addEventListener("click", onPin);
    $("#btn-real02").addEventListener("click", () => {
      input("wait").value = "200ms";
      renderStale();
      updateLinks();
      onReal();
    });
    $("#btn-reset").addEventListener("click", onReset);
    $("#btn-play").addEventListener("click", () => mainPlayer.go());
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
    $("#btn-ls").addEventListener("click", lockstep);
    // A guess belongs to the two it was made for.
    for (const id of ["#ls-a-pick", "#ls-b-pick"]) $(id).addEventListener("change", () => { $("#ls-guess").value = ""; });
    $("#ls-play").addEventListener("click", () => lsPlayer.go());
    $("#ls-cursor").addEventListener("input", (e) => { lsPlayer.halt(); if (ls.end) lsCursor((Number(e.target.value) / Number(e.target.max)) * ls.end); });
    $("#btn-size").addEventListener("click", sizeIt);
    if ($("#btn-five")) $("#btn-five").addEventListener("click", five);
    if ($("#btn-five-all")) $("#btn-five-all").addEventListener("click", fiveAll);
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
      resizeT = setTimeout(() => { renderTimeline(); setCursor(state.cursor); renderLockstep(); lsLabels(); }, 100);
    });
    renderRuns();
    updateLinks();
    // A plain visit, or a link with settings only, starts with the
    // question; a link that says so shows the answer.
    if (reveal) state.revealed = true;
    renderAll();
    if (reveal) await onReveal();
    document.body.dataset.ready = "true";
  }

  init().catch((e) => setStatus((e && e.message) || String(e), true));
})();

// Codex 2bis calculator forms: runs the Python calculator modules in MicroPython WebAssembly and copies their
// answer into the page. No rule lives here, and no text: the form's values go to page_glue.run() as strings, the
// result comes back as JSON with the texts already localized, and the form itself carries, in its data-failed
// attribute, what to say if the runtime cannot start (codex/render/templates/calculator_form.html).
// Loaded on every page (a few KB); a page without a form loads nothing more. A page with forms loads the runtime,
// the modules its forms name (data-modules: assets/calculators/python/NAME.DIGEST.mpy, bytecode compiled by the
// build) and their data (data-data: assets/calculators/data/ID.DIGEST.json), once the page has loaded or when a form
// nears the view (see setUpPage), or at once for the form or tracker a link names (see setUpNamedOnceParsed);
// codex/publish/calculators.py writes these files. Each address carries its content's digest, and a file whose
// content has another is refused (see checked): a page runs only the engine and data it was built with.
// This one file has two roles. In the page it binds the forms; served, MicroPython runs in a Web Worker started
// from this same file (the "engine" part below), so that the runtime's start and each answer never hold up the
// page's thread. Opened from a folder (file://), where the browser refuses module scripts, workers and fetch(), the
// offline build (codex/offline.py) loads this file as a classic script, the engine runs in the page and everything
// comes from one classic script instead (see offlineSources).
// This script and codex-trackers.js are published at addresses that carry their content's digest too
// (codex-calculators.DIGEST.js, codex/publish/page_scripts.py): the page names this one's, this one starts its worker
// from its own address (SCRIPT_URL) and names the trackers' below, so that a page never runs another publication's.
const IN_WORKER = typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope;
const SCRIPT_URL = IN_WORKER
  ? self.location.href
  : document.querySelector('script[src*="javascripts/codex-calculators"]')?.src || document.baseURI;
const BASE = new URL("../calculators/", new URL(".", SCRIPT_URL));
const RUNTIME = new URL("micropython-1.27.0/micropython.js", BASE);
const WASM = new URL("micropython-1.27.0/micropython.wasm", BASE);
// A module or a data file as the page names it, its address: NAME.DIGEST (the first 16 hex digits of the SHA-256 of
// its content; a name holds no dot).
const moduleUrl = (address) => new URL(`python/${address}.mpy`, BASE).href;
const dataUrl = (address) => new URL(`data/${address}.json`, BASE).href;
const nameOf = (address) => address.split(".")[0];
// The trackers' script, beside this one: the build writes its address here (codex-trackers.DIGEST.js), before it
// takes this script's digest.
const TRACKERS_SCRIPT = "codex-trackers.js";
const ADDRESS = /^[A-Za-z0-9_-]+\.([0-9a-f]{16})$/;

// The file's bytes, if their digest is the one its address names; else an error, which the form or the tracker
// reports with its `failed` message: a copy of another publication (kept by a cache under that address, or left by a
// server) is never run. Where the browser has no digest to offer (an insecure address, which has no service worker
// either), the address alone keeps the versions apart.
async function checked(address, bytes) {
  const expected = ADDRESS.exec(address)?.[1];
  if (!expected) throw new Error(`${address}: not the address of a published file (NAME.DIGEST)`);
  if (!globalThis.crypto?.subtle) return bytes;
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const digest = Array.from(hash.slice(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
  if (digest !== expected) throw new Error(`${address}: its content is another version's (${digest})`);
  return bytes;
}

// Give the browser a turn (input, paint) between two pieces of work on the page's thread; scheduler.yield()
// resumes ahead of other queued work where the browser has it. A worker has no page to keep responsive.
const yieldToMain = () =>
  IN_WORKER
    ? Promise.resolve()
    : globalThis.scheduler?.yield
      ? globalThis.scheduler.yield()
      : new Promise((resolve) => setTimeout(resolve, 0));

// ---- The engine: the runtime, the modules and the data, wherever MicroPython runs (a worker, or the page) ----

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

// Where the files come from, served: { loadMicroPython, wasm (its URL), module(address) -> bytes, data(address) ->
// text }, each file checked against its address's digest.
// The wasm downloads while the runtime's script does (the runtime would ask for it only once its script has run),
// and is handed over as a Blob URL.
const servedSources = {
  runtime: async () => {
    const wasm = fetchOk(WASM.href)
      .then((response) => response.arrayBuffer())
      .then((bytes) => URL.createObjectURL(new Blob([bytes], { type: "application/wasm" })));
    const { loadMicroPython } = await import(RUNTIME.href);
    return { loadMicroPython, wasm: await wasm };
  },
  module: async (address) =>
    checked(address, new Uint8Array(await (await fetchOk(moduleUrl(address))).arrayBuffer())),
  data: async (address) => {
    const bytes = new Uint8Array(await (await fetchOk(dataUrl(address))).arrayBuffer());
    return new TextDecoder().decode(await checked(address, bytes));
  },
};

// The same from a folder: assets/calculators/offline-bundle.js (a classic script, which file:// allows) sets
// window.CODEX_CALCULATOR_BUNDLE; the runtime module and the wasm are handed over as Blob URLs.
let bundlePromise = null;
function offlineBundle() {
  bundlePromise ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("offline-bundle.js", BASE).href;
    script.onload = () => resolve(window.CODEX_CALCULATOR_BUNDLE);
    script.onerror = () => reject(new Error(`${script.src} did not load`));
    document.head.append(script);
  });
  return bundlePromise;
}
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const offlineSources = {
  runtime: async () => {
    const bundle = await offlineBundle();
    const runtime = URL.createObjectURL(new Blob([bundle.runtime], { type: "text/javascript" }));
    const wasm = URL.createObjectURL(new Blob([fromBase64(bundle.wasm)], { type: "application/wasm" }));
    return { loadMicroPython: (await import(runtime)).loadMicroPython, wasm };
  },
  // the bundle holds the folder's files by their addresses (codex/publish/offline_folder.py)
  module: async (address) => checked(address, fromBase64(bundled((await offlineBundle()).modules, address))),
  data: async (address) => {
    const text = bundled((await offlineBundle()).data, address);
    await checked(address, new TextEncoder().encode(text));
    return text;
  },
};
function bundled(files, address) {
  if (!Object.hasOwn(files, address)) throw new Error(`${address}: not in ${new URL("offline-bundle.js", BASE).href}`);
  return files[address];
}

const sources = location.protocol === "file:" ? offlineSources : servedSources;
let runtimePromise = null;
const downloads = new Map(); // "module:ADDRESS" or "data:ADDRESS" -> the promise of its bytes or text, fetched once
const imported = new Map(); // module address -> the promise of its import
const merged = new Map(); // data address -> the promise of its data merged into TABLES

function download(kind, key) {
  const id = `${kind}:${key}`;
  if (!downloads.has(id)) {
    const promise = sources[kind](key);
    promise.catch(() => {}); // a failure is reported where the file is awaited
    downloads.set(id, promise);
  }
  return downloads.get(id);
}

function startRuntime() {
  runtimePromise ??= (async () => {
    const { loadMicroPython, wasm } = await sources.runtime();
    const mp = await loadMicroPython({ url: wasm, heapsize: 16 * 1024 * 1024, stdout: () => {}, stderr: () => {} });
    // The modules form the Python package `calculators` (calculators/ in the repository), under /calc.
    mp.FS.mkdir("/calc");
    mp.FS.mkdir("/calc/calculators");
    mp.runPython("import sys, json\nsys.path.append('/calc')\nTABLES = {}");
    return mp;
  })();
  return runtimePromise;
}

// A form's modules, by their addresses in the order it names them (dependencies first), each imported once, one per
// task, under its module's name. All downloads start at once; each import waits for the runtime and for the modules
// before it, whether they could be imported or not: a module shared by every form (page_glue) must not fail with
// another form's module (a module that needs the failed one fails at its own import).
function importModules(mp, addresses) {
  let previous = Promise.resolve();
  for (const address of addresses) {
    if (!imported.has(address)) {
      const bytes = download("module", address);
      const after = previous;
      const name = nameOf(address);
      imported.set(address, (async () => {
        const code = await bytes;
        await after.catch(() => {});
        await yieldToMain();
        mp.FS.writeFile(`/calc/calculators/${name}.mpy`, code);
        if (name !== "__init__") mp.runPython(`from calculators import ${name}`);
      })());
    }
    previous = imported.get(address);
  }
  return Promise.all(addresses.map((address) => imported.get(address)));
}

// A calculator's or tracker's data (its tables, texts and constants, and the shared texts), by its address, merged
// into TABLES once.
function mergeData(mp, address) {
  if (!merged.has(address)) {
    const text = download("data", address);
    merged.set(address, (async () => {
      mp.FS.writeFile("/data.json", await text);
      mp.runPython("with open('/data.json') as _f:\n    TABLES.update(json.loads(_f.read()))");
    })());
  }
  return merged.get(address);
}

// What the page asks of the engine: the same calls whether it runs in a worker or in the page.
const engineCalls = {
  // Start the downloads of these calculators' files, and nothing else (no work for the runtime yet); `id` is the
  // address of a calculator's or a tracker's data, `modules` those of its modules.
  warm({ calculators }) {
    for (const { id, modules } of calculators) {
      for (const name of modules) download("module", name);
      download("data", id);
    }
    // The runtime's script and its wasm, into the HTTP cache, unless the runtime has already started (their folder
    // is named after the runtime's release: micropython-1.27.0/).
    if (!runtimePromise) for (const url of [RUNTIME, WASM]) fetch(url).then((r) => r.arrayBuffer()).catch(() => {});
  },
  async start() {
    await startRuntime();
  },
  // One calculator's modules imported and its data merged (its downloads start before waiting on the runtime): both
  // by their addresses, as the page names them (data-modules, data-data).
  async load({ id, modules }) {
    for (const name of modules) download("module", name);
    download("data", id);
    const mp = await startRuntime();
    await Promise.all([importModules(mp, modules), mergeData(mp, id)]);
  },
  // page_glue.run() on one job, once its calculator is loaded; its JSON result.
  async answer(job) {
    await engineCalls.load({ id: job.data, modules: job.modules });
    const mp = await startRuntime();
    mp.FS.writeFile("/job.json", JSON.stringify(job));
    mp.runPython([
      "with open('/job.json') as _f:",
      "    _job = json.loads(_f.read())",
      "_result = page_glue.run(_job['calculator'], _job['form'], TABLES, _job['lang'], _job['rolls'])",
      "with open('/result.json', 'w') as _f:",
      "    _f.write(json.dumps(_result))",
    ].join("\n"));
    return JSON.parse(mp.FS.readFile("/result.json", { encoding: "utf8" }));
  },
  // page_glue.track() on one tracker job (its state, the reader's action), once its tracker is loaded.
  async track(job) {
    await engineCalls.load({ id: job.data, modules: job.modules });
    const mp = await startRuntime();
    mp.FS.writeFile("/job.json", JSON.stringify(job));
    mp.runPython([
      "with open('/job.json') as _f:",
      "    _job = json.loads(_f.read())",
      "_result = page_glue.track(_job['tracker'], _job['state'], _job['action'], TABLES, _job['lang'], _job['rolls'])",
      "with open('/result.json', 'w') as _f:",
      "    _f.write(json.dumps(_result))",
    ].join("\n"));
    return JSON.parse(mp.FS.readFile("/result.json", { encoding: "utf8" }));
  },
};

// In the worker: each message {call, name, value} is answered {call, value} or {call, error}. A worker the page's
// head started for a link to a form or a tracker (partials/codex-early-runtime.html) finds what that one loads in its
// own address's fragment ({id, modules}), and starts the runtime and those files at once.
if (IN_WORKER) {
  self.onmessage = async ({ data: { call, name, value } }) => {
    try {
      self.postMessage({ call, value: await engineCalls[name](value) });
    } catch (err) {
      self.postMessage({ call, error: String(err && err.stack ? err.stack : err) });
    }
  };
  const named = self.location.hash.slice(1);
  // a failure is reported where the page awaits these files (its first answer loads them again)
  if (named) Promise.resolve().then(() => engineCalls.load(JSON.parse(decodeURIComponent(named)))).catch(() => {});
}

// ---- The page: the engine in a worker (served) or in the page (from a folder) ----

// The worker the page's head started for a reader who followed a link to a form (partials/codex-early-runtime.html),
// its runtime already starting; else a new one.
function workerEngine() {
  const early = globalThis.CODEX_EARLY_WORKER;
  delete globalThis.CODEX_EARLY_WORKER;
  const worker = early?.script === SCRIPT_URL ? early.worker : new Worker(SCRIPT_URL, { type: "module" });
  const pending = new Map();
  let next = 0;
  const fail = (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.onmessage = ({ data: { call, value, error } }) => {
    const waiting = pending.get(call);
    pending.delete(call);
    if (error === undefined) waiting?.resolve(value);
    else waiting?.reject(new Error(error));
  };
  worker.onerror = (event) => fail(new Error(event.message || "calculator worker failed"));
  const engine = {};
  for (const name of Object.keys(engineCalls)) {
    engine[name] = (value) =>
      new Promise((resolve, reject) => {
        const call = next++;
        pending.set(call, { resolve, reject });
        worker.postMessage({ call, name, value });
      });
  }
  return engine;
}

let engineInUse = null;
const engine = () =>
  (engineInUse ??=
    sources === servedSources && typeof Worker !== "undefined" ? workerEngine() : engineCalls);

function formValues(form) {
  const values = {};
  for (const element of form.elements) {
    if (!element.name) continue;
    if (element.type === "checkbox") values[element.name] = element.checked ? "on" : "";
    else values[element.name] = element.value;
  }
  return values;
}

function d10Rolls(count) {
  const rolls = [];
  const buffer = new Uint32Array(count);
  crypto.getRandomValues(buffer);
  for (const value of buffer) rolls.push((value % 10) + 1);
  return rolls;
}

const formModules = (form) => (form.dataset.modules || "").split(" ").filter(Boolean);

// What the engine needs to answer for a form: its calculator, its data's and modules' addresses, its values as
// strings, the page's language and d10 rolls for "roll for me".
function job(form) {
  return {
    calculator: form.dataset.calculator,
    data: form.dataset.data,
    modules: formModules(form),
    form: formValues(form),
    lang: form.dataset.lang,
    rolls: d10Rolls(64),
  };
}

function element(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderTable(table) {
  const wrapper = element("div");
  wrapper.className = "codex-table";
  // a focusable, named scroll box, as the build's tables (codex/render/tables.py SCROLL_REGION)
  wrapper.tabIndex = 0;
  wrapper.setAttribute("role", "region");
  wrapper.setAttribute("aria-label", table.caption);
  const node = element("table");
  node.append(element("caption", table.caption));
  const headRow = element("tr");
  for (const column of table.columns) {
    const th = element("th", column);
    th.scope = "col";
    headRow.append(th);
  }
  node.append(element("thead"));
  node.tHead.append(headRow);
  const body = element("tbody");
  for (const row of table.rows) {
    const tr = element("tr");
    for (const cell of row) tr.append(element("td", cell));
    body.append(tr);
  }
  node.append(body);
  wrapper.append(node);
  return wrapper;
}

function show(form, result) {
  const out = (name) => form.querySelector(`[data-output="${name}"]`);
  const error = out("error");
  for (const node of form.querySelectorAll("dd[data-output]")) {
    node.dataset.value = "";
    node.textContent = "";
  }
  out("working").replaceChildren();
  out("table").replaceChildren();
  out("notes").replaceChildren();
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  if (!result.ok) {
    error.textContent = result.error;
    const bad = result.field && form.elements[result.field];
    if (bad && bad.setAttribute) bad.setAttribute("aria-invalid", "true");
    return;
  }
  error.textContent = "";
  for (const [name, value] of Object.entries(result.outputs)) {
    const node = out(name);
    if (!node) continue;
    node.dataset.value = String(value.value);
    node.textContent = value.text;
  }
  for (const line of result.working) out("working").append(element("li", line));
  if (result.table) out("table").append(renderTable(result.table));
  for (const note of result.notes || []) out("notes").append(element("li", note));
}

const calculatorOf = (form) => ({ id: form.dataset.data, modules: formModules(form) });

let runtimeStarted = null;
function startOnce() {
  runtimeStarted ??= engine()
    .start()
    .then(() => performance.mark("codex-calculator-runtime")); // read by tests
  return runtimeStarted;
}

async function setUp(form) {
  if (form.dataset.bound) return;
  form.dataset.bound = "true";
  const status = form.querySelector('[data-output="status"]');
  const failed = form.dataset.failed || "";
  startOnce().catch(() => {});
  // Each change asks for an answer; only the latest one asked is shown. While one is on its way the form is
  // aria-busy (its results are being replaced), which the tests also wait for. The first answer also loads the
  // calculator (one message to the worker); a failure to load is said in the form's status.
  let asked = 0;
  const update = async () => {
    const mine = ++asked;
    form.setAttribute("aria-busy", "true");
    let result;
    let failure = null;
    try {
      result = await engine().answer(job(form));
    } catch (err) {
      console.error(err);
      failure = err;
      result = { ok: false, error: failed, field: "" };
    }
    if (mine !== asked) return failure;
    show(form, result);
    form.removeAttribute("aria-busy");
    return failure;
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => { event.preventDefault(); update(); });
  if (await update()) {
    status.textContent = failed;
    return;
  }
  status.textContent = "";
  status.hidden = true;
  form.dataset.ready = "true";
  performance.mark(`codex-calculator-ready:${form.dataset.calculator}`); // read by tests/bench_calculators.py
}

// The service worker keeps the calculator files once a page has used them (codex-service-worker.js): on a first
// visit they were fetched before the worker controlled the page, so the page names them.
function keepForOffline(forms) {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const urls = [RUNTIME.href, WASM.href];
  for (const form of forms) urls.push(...formModules(form).map(moduleUrl), dataUrl(form.dataset.data));
  navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ cache: urls }));
}

// Once the page has loaded, its calculator files download, in the worker (no work for the page's thread): the
// reader who scrolls to a form then waits only for the runtime to start. Served only (from a folder, one bundle
// holds them all, and the engine is in the page).
function warmUp(forms) {
  if (sources !== servedSources) return;
  engine().warm({ calculators: forms.map(calculatorOf) }).catch(() => {});
}

// A form set up, its files then named to the service worker.
const setUpNear = (form) => setUp(form).then(() => keepForOffline([form]));

// A form is set up when it comes near the view (within one screen of it; a tap or a key that reaches a form brings
// it into view): the runtime starts with the first, and each form loads its own modules and data. A reader who reads
// the rule first never waits for it, the page shows its text without competing with it, and a long page of forms
// (the GM tools) runs only those the reader comes to.
function setUpPage() {
  const forms = [...document.querySelectorAll("form[data-calculator]")];
  if (!forms.length) return;
  engine(); // served, the worker starts now, idle until asked: its own start is not added to the first answer's wait
  const named = namedByAddress(forms);
  // the reader followed a link to it: at once, not when the layout says it is near (unless already, as it was parsed)
  if (named && !named.dataset.bound) setUpNear(named);
  if (document.readyState === "complete") warmUp(forms);
  else addEventListener("load", () => warmUp(forms), { once: true });
  if (!("IntersectionObserver" in window)) return forms.filter((form) => form !== named).forEach(setUpNear);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        setUpNear(entry.target);
      }
    },
    { rootMargin: "100% 0px" },
  );
  for (const form of forms) if (form !== named) observer.observe(form);
}

// The form or tracker the address names: by its own id, or by the heading of the section that holds it (the last
// heading with an id before it), as codex/render/form_links.py lists them for the page's head.
function namedByAddress(elements) {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return null;
  let heading = "";
  const marks = document.querySelectorAll(
    "h1[id], h2[id], h3[id], h4[id], h5[id], h6[id], [data-calculator], [data-tracker]",
  );
  for (const mark of marks) {
    if (/^H[1-6]$/.test(mark.tagName)) heading = mark.id;
    else if (elements.includes(mark) && (mark.id === id || heading === id)) return mark;
  }
  return null;
}

// A page with a combat tracker ([data-tracker], codex/render/templates/tracker.html) loads the trackers' own script,
// codex-trackers.js (a classic script, which a folder allows too), and hands it the engine: the same runtime and
// worker as the forms, page_glue.track() instead of run(). The trackers' state and drawing are that script's.
// `parsed`: the trackers to bind at once (the named one, before the rest of the page is parsed; by default, every
// tracker of the parsed page); codex-trackers.js binds the others once the page is parsed. Done once per page.
function setUpTrackers(parsed = [...document.querySelectorAll("[data-tracker]")]) {
  if (!parsed.length || globalThis.CODEX_TRACKER_ENGINE) return;
  globalThis.CODEX_TRACKER_ENGINE = {
    parsed,
    track: (job) => engine().track(job),
    rolls: d10Rolls,
    ready: () => startOnce(),
    // the tracker's data-modules and data-data: its files' addresses, as a form's
    keepForOffline: (modules, data) => {
      if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
      const urls = [RUNTIME.href, WASM.href, ...modules.map(moduleUrl), dataUrl(data)];
      navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ cache: urls }));
    },
  };
  if (sources === servedSources) {
    const warm = () =>
      engine().warm({ calculators: parsed.map((t) => ({ id: t.dataset.data, modules: formModules(t) })) });
    if (document.readyState === "complete" || namedByAddress(parsed)) warm(); // named: its files now
    else addEventListener("load", warm, { once: true });
  }
  const script = document.createElement("script");
  script.src = new URL(TRACKERS_SCRIPT, new URL(".", SCRIPT_URL)).href;
  document.head.append(script);
}

// Whether the parser has gone past the element's end tag: a node follows it, or follows one of its ancestors.
function parsedPast(element) {
  for (let node = element; node; node = node.parentNode) if (node.nextSibling) return true;
  return false;
}

// The page's head asked for this script early, for a reader who followed a link to a form or a tracker
// (partials/codex-early-runtime.html): it runs while the page is still being parsed, and sets that form or tracker up
// as soon as the parser has gone past it, rather than after the theme's script and the rest of the page. The others
// are set up as before, once the page is parsed.
function setUpNamedOnceParsed() {
  const setUpIfParsed = () => {
    const named = namedByAddress([...document.querySelectorAll("form[data-calculator], [data-tracker]")]);
    if (!named || !parsedPast(named)) return false;
    if (named.matches("[data-tracker]")) setUpTrackers([named]);
    else setUpNear(named);
    return true;
  };
  if (setUpIfParsed()) return;
  const parser = new MutationObserver(() => setUpIfParsed() && parser.disconnect());
  parser.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => parser.disconnect(), { once: true });
}

if (!IN_WORKER) {
  const start = () => {
    setUpPage();
    setUpTrackers();
  };
  if (document.readyState === "loading") {
    if (globalThis.CODEX_EARLY_WORKER) setUpNamedOnceParsed();
    document.addEventListener("DOMContentLoaded", start, { once: true });
  } else start();
}

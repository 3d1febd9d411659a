// Codex 2bis calculator forms: runs the Python calculator modules in MicroPython WebAssembly and copies their
// answer into the page. No rule lives here, and no text: the form's values go to page_glue.run() as strings, the
// result comes back as JSON with the texts already localized, and the form itself carries, in its data-failed
// attribute, what to say if the runtime cannot start (codex/render/templates/calculator_form.html).
// Loaded on every page (a few KB); a page without a form loads nothing more. A page with forms loads the runtime,
// the modules its forms name (data-modules: assets/calculators/python/NAME.mpy, bytecode compiled by the build) and
// their data (assets/calculators/data/ID.json), once the page has loaded or when a form nears the view (see
// setUpPage); codex/publish/calculators.py writes these files.
// Opened from a folder (file://), where the browser refuses module scripts and fetch(), the offline build
// (codex/offline.py) loads this file as a classic script and everything comes from one classic script instead
// (see offlineSources).
const SCRIPT = document.querySelector('script[src*="javascripts/codex-calculators"]');
const HERE = new URL(".", SCRIPT ? SCRIPT.src : document.baseURI);
const BASE = new URL("../calculators/", HERE);
const RUNTIME = new URL("micropython-1.27.0/micropython.js", BASE);
const WASM = new URL("micropython-1.27.0/micropython.wasm", BASE);
const moduleUrl = (name) => new URL(`python/${name}.mpy`, BASE).href;
const dataUrl = (id) => new URL(`data/${id}.json`, BASE).href;

// Give the browser a turn (input, paint) between two pieces of work; scheduler.yield() resumes ahead of other
// queued work where the browser has it.
const yieldToMain = () =>
  globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response;
}

// Where the files come from, served: { loadMicroPython, wasm (its URL), module(name) -> bytes, data(id) -> text }.
const servedSources = {
  runtime: async () => ({ loadMicroPython: (await import(RUNTIME.href)).loadMicroPython, wasm: WASM.href }),
  module: async (name) => new Uint8Array(await (await fetchOk(moduleUrl(name))).arrayBuffer()),
  data: async (id) => (await fetchOk(dataUrl(id))).text(),
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
  module: async (name) => fromBase64((await offlineBundle()).modules[name]),
  data: async (id) => (await offlineBundle()).data[id],
};

const sources = location.protocol === "file:" ? offlineSources : servedSources;
let runtimePromise = null;
const downloads = new Map(); // "module:NAME" or "data:ID" -> the promise of its bytes or text, each fetched once
const imported = new Map(); // module name -> the promise of its import
const merged = new Map(); // calculator id -> the promise of its data merged into TABLES

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
    performance.mark("codex-calculator-runtime"); // read by tests/bench_calculators.py
    return mp;
  })();
  return runtimePromise;
}

// A form's modules, in the order it names them (dependencies first), each imported once per page, one per task.
// All downloads start at once; each import waits for the runtime and for the modules before it.
function importModules(mp, names) {
  let previous = Promise.resolve();
  for (const name of names) {
    if (!imported.has(name)) {
      const bytes = download("module", name);
      const after = previous;
      imported.set(name, (async () => {
        const code = await bytes;
        await after;
        await yieldToMain();
        mp.FS.writeFile(`/calc/calculators/${name}.mpy`, code);
        if (name !== "__init__") mp.runPython(`from calculators import ${name}`);
      })());
    }
    previous = imported.get(name);
  }
  return Promise.all(names.map((name) => imported.get(name)));
}

// A calculator's data (its tables, texts and constants, and the shared texts), merged into TABLES once.
function mergeData(mp, id) {
  if (!merged.has(id)) {
    const text = download("data", id);
    merged.set(id, (async () => {
      mp.FS.writeFile("/data.json", await text);
      mp.runPython("with open('/data.json') as _f:\n    TABLES.update(json.loads(_f.read()))");
    })());
  }
  return merged.get(id);
}

const formModules = (form) => (form.dataset.modules || "").split(" ").filter(Boolean);

async function prepare(form) {
  const modules = formModules(form);
  // Start every download before waiting on the runtime.
  for (const name of modules) download("module", name);
  download("data", form.dataset.calculator);
  const mp = await startRuntime();
  await Promise.all([importModules(mp, modules), mergeData(mp, form.dataset.calculator)]);
  return mp;
}

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

function answer(mp, form) {
  const job = {
    calculator: form.dataset.calculator,
    form: formValues(form),
    lang: form.dataset.lang,
    rolls: d10Rolls(64),
  };
  mp.FS.writeFile("/job.json", JSON.stringify(job));
  mp.runPython([
    "with open('/job.json') as _f:",
    "    _job = json.loads(_f.read())",
    "_result = page_glue.run(_job['calculator'], _job['form'], TABLES, _job['lang'], _job['rolls'])",
    "with open('/result.json', 'w') as _f:",
    "    _f.write(json.dumps(_result))",
  ].join("\n"));
  return JSON.parse(mp.FS.readFile("/result.json", { encoding: "utf8" }));
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

async function setUp(form) {
  if (form.dataset.bound) return;
  form.dataset.bound = "true";
  const status = form.querySelector('[data-output="status"]');
  const failed = form.dataset.failed || "";
  let mp;
  try {
    mp = await prepare(form);
  } catch (err) {
    status.textContent = failed;
    console.error(err);
    return;
  }
  const update = () => {
    try {
      show(form, answer(mp, form));
    } catch (err) {
      console.error(err);
      show(form, { ok: false, error: failed, field: "" });
    }
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => { event.preventDefault(); update(); });
  status.textContent = "";
  status.hidden = true;
  await yieldToMain();  // each form's first answer in its own task
  update();
  form.dataset.ready = "true";
  performance.mark(`codex-calculator-ready:${form.dataset.calculator}`); // read by tests/bench_calculators.py
}

// The service worker keeps the calculator files once a page has used them (codex-service-worker.js): on a first
// visit they were fetched before the worker controlled the page, so the page names them.
function keepForOffline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const urls = [RUNTIME.href, WASM.href];
  for (const key of downloads.keys()) {
    const [kind, name] = key.split(":");
    urls.push(kind === "module" ? moduleUrl(name) : dataUrl(name));
  }
  navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ cache: urls }));
}

function setUpAll() {
  const forms = [...document.querySelectorAll("form[data-calculator]")];
  if (forms.length) Promise.all(forms.map(setUp)).then(keepForOffline);
}

// Once the page has loaded, its calculator files download (no work for the page's thread): the reader who scrolls
// to a form then waits only for the runtime to start. Served only (from a folder, one bundle holds them all).
function warmUp() {
  if (sources !== servedSources) return;
  for (const form of document.querySelectorAll("form[data-calculator]")) {
    for (const name of formModules(form)) download("module", name);
    download("data", form.dataset.calculator);
  }
  if (!started) for (const url of [RUNTIME, WASM]) fetch(url).then((r) => r.arrayBuffer()).catch(() => {}); // into the HTTP cache
}

// A form is set up when it comes near the view (within one screen of it; a tap or a key that reaches a form brings
// it into view): the runtime starts with the first, and each form loads its own modules and data. A reader who reads
// the rule first never waits for it, the page shows its text without competing with it, and a long page of forms
// (the GM tools) runs only those the reader comes to.
let started = false;

function setUpNear(form) {
  started = true;
  setUp(form).then(keepForOffline);
}

function setUpPage() {
  const forms = document.querySelectorAll("form[data-calculator]");
  if (!forms.length) return;
  if (document.readyState === "complete") warmUp();
  else addEventListener("load", warmUp, { once: true });
  if (!("IntersectionObserver" in window)) return setUpAll();
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
  for (const form of forms) observer.observe(form);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpPage, { once: true });
else setUpPage();

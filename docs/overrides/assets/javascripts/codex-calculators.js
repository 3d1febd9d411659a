// Codex 2bis calculator forms: runs the Python calculator modules in MicroPython WebAssembly and copies their
// answer into the page. No rule lives here, and no text: the form's values go to page_glue.run() as strings, the
// result comes back as JSON with the texts already localized, and the form itself carries, in its data-failed
// attribute, what to say if the runtime cannot start (codex/render/templates/calculator_form.html). Loaded on every page (a few KB); the runtime (≈220 KB gzip) is
// fetched only when the page holds a calculator form. Opened from a folder (file://), where the browser refuses module
// scripts and fetch(), the offline build (codex/offline.py) loads this file as a classic script and the
// runtime, modules and data come from one classic script instead (see offlineSources).
const SCRIPT = document.querySelector('script[src*="javascripts/codex-calculators"]');
const HERE = new URL(".", SCRIPT ? SCRIPT.src : document.baseURI);
const BASE = new URL("../calculators/", HERE);
const RUNTIME = new URL("micropython-1.27.0/micropython.js", BASE);
const WASM = new URL("micropython-1.27.0/micropython.wasm", BASE);

let runtimePromise = null;

// Give the browser a turn (input, paint) between two pieces of work.
const yieldToMain = () => new Promise((resolve) => setTimeout(resolve, 0));

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

// The runtime's pieces from the server: { loadMicroPython, wasm (its URL), modules ([name, source] pairs), tables }.
async function servedSources() {
  const [{ loadMicroPython }, names, tables] = await Promise.all([
    import(RUNTIME.href),
    fetchText(new URL("python/modules.json", BASE)).then(JSON.parse),
    fetchText(new URL("tables.json", BASE)),
  ]);
  const modules = await Promise.all(names.map(async (name) => [name, await fetchText(new URL("python/" + name, BASE))]));
  return { loadMicroPython, wasm: WASM.href, modules, tables };
}

// The same pieces from a folder: assets/calculators/offline-bundle.js (a classic script, which file:// allows) sets
// window.CODEX_CALCULATOR_BUNDLE; the runtime module and the wasm are handed over as Blob URLs.
async function offlineSources() {
  await new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL("offline-bundle.js", BASE).href;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${script.src} did not load`));
    document.head.append(script);
  });
  const bundle = window.CODEX_CALCULATOR_BUNDLE;
  const runtime = URL.createObjectURL(new Blob([bundle.runtime], { type: "text/javascript" }));
  const wasmBytes = Uint8Array.from(atob(bundle.wasm), (c) => c.charCodeAt(0));
  const wasm = URL.createObjectURL(new Blob([wasmBytes], { type: "application/wasm" }));
  const { loadMicroPython } = await import(runtime);
  return { loadMicroPython, wasm, modules: Object.entries(bundle.modules), tables: bundle.tables };
}

function loadRuntime() {
  if (runtimePromise) return runtimePromise;
  runtimePromise = (async () => {
    const { loadMicroPython, wasm, modules, tables } = await (location.protocol === "file:" ? offlineSources() : servedSources());
    const mp = await loadMicroPython({ url: wasm, heapsize: 16 * 1024 * 1024, stdout: () => {}, stderr: () => {} });
    // The modules form the Python package `calculators` (calculators/ in the repository), under /calc.
    mp.FS.mkdir("/calc");
    mp.FS.mkdir("/calc/calculators");
    for (const [name, source] of modules) mp.FS.writeFile("/calc/calculators/" + name, source);
    mp.FS.writeFile("/tables.json", tables);
    mp.runPython("import sys, json\nsys.path.append('/calc')");
    // One module per task, so that compiling them never blocks the page for long (calc_common first, page_glue last).
    const names = modules.map(([name]) => name.replace(/\.py$/, "")).filter((name) => name !== "page_glue" && name !== "__init__");
    names.sort((a, b) => (a === "calc_common" ? -1 : b === "calc_common" ? 1 : a.localeCompare(b)));
    for (const name of [...names, "page_glue"]) {
      await yieldToMain();
      mp.runPython(`from calculators import ${name}`);
    }
    await yieldToMain();
    mp.runPython("with open('/tables.json') as _f:\n    TABLES = json.loads(_f.read())");
    return mp;
  })();
  return runtimePromise;
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
    mp = await loadRuntime();
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
}

function setUpAll() {
  for (const form of document.querySelectorAll("form[data-calculator]")) setUp(form);
}

// Material's instant navigation replaces the page without reloading scripts: follow its document$ when present.
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(setUpAll);
else setUpAll();

// Runs calls to the calculator modules under the vendored MicroPython WebAssembly runtime, in Node.
// Usage: node tests/run_micropython.mjs < job.json > results.json
// job = {"bytecode": {"jump.mpy": "<base64 of the .mpy>", ...}, "shared": {"data": <any JSON>, ...},
//        "calls": [{"module": "jump", "function": "calculate", "args": [...], "kwargs": {...}}, ...]}
// An argument {"$shared": "data"} stands for shared["data"], decoded once for all the calls (as the browser decodes
// tables.json once), so a large argument is not sent again with every call.
// Prints one JSON document on the last line of stdout: a list, one entry per call, either
// {"ok": true, "value": <the JSON-encoded return value, as a string>} or {"ok": false, "error": "<traceback>"}.
// Python's own print() output goes to stderr, so it never mixes with the results.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const runtime = process.env.MICROPYTHON_MJS
  || path.join(here, '..', 'docs', 'vendor', 'micropython-1.27.0', 'micropython.mjs');
const { loadMicroPython } = await import(pathToFileURL(runtime).href);

const job = JSON.parse(readFileSync(0, 'utf8'));
const mp = await loadMicroPython({
  heapsize: job.heapsize || 16 * 1024 * 1024,
  stdout: (line) => process.stderr.write(line + '\n'),
  stderr: (line) => process.stderr.write(line + '\n'),
});
mp.FS.mkdir('/calc');
mp.FS.mkdir('/calc/calculators');
for (const [name, base64] of Object.entries(job.bytecode || {})) {
  mp.FS.writeFile('/calc/calculators/' + name, Buffer.from(base64, 'base64'));
}
mp.FS.writeFile('/shared.json', JSON.stringify(job.shared || {}));
mp.runPython(
  "import sys, json\n" +
  "if '/calc' not in sys.path:\n" +
  "    sys.path.append('/calc')\n" +
  "with open('/shared.json') as _f:\n" +
  "    _SHARED = json.loads(_f.read())\n" +
  "def _arg(value):\n" +
  "    if isinstance(value, dict) and len(value) == 1 and '$shared' in value:\n" +
  "        return _SHARED[value['$shared']]\n" +
  "    return value\n"
);

const results = [];
for (const call of job.calls || []) {
  mp.FS.writeFile('/call.json', JSON.stringify(call));
  try {
    mp.runPython(
      "with open('/call.json') as _f:\n" +
      "    _call = json.loads(_f.read())\n" +
      "_mod = __import__('calculators.' + _call['module'], None, None, ['calculate'])\n" +
      "_fn = getattr(_mod, _call['function'])\n" +
      "_args = [_arg(a) for a in _call.get('args', [])]\n" +
      "_kwargs = {}\n" +
      "for _k in _call.get('kwargs', {}):\n" +
      "    _kwargs[_k] = _arg(_call['kwargs'][_k])\n" +
      "_value = _fn(*_args, **_kwargs)\n" +
      "with open('/result.json', 'w') as _f:\n" +
      "    _f.write(json.dumps(_value))\n"
    );
    results.push({ ok: true, value: mp.FS.readFile('/result.json', { encoding: 'utf8' }) });
  } catch (err) {
    results.push({ ok: false, error: String(err && err.message ? err.message : err) });
  }
}
process.stdout.write(JSON.stringify(results) + '\n');

"""Copy into the built site what the calculator forms and the combat trackers load, and say what each page must load.

assets/calculators/ holds the MicroPython runtime (pinned, with its licence), every module of the calculators package
as bytecode (python/<module>.mpy, codex/publish/bytecode.py) and, for each calculator, exactly the data its
declaration names (data/<id>.json: its rule tables, its own data file and the shared texts), and for each tracker
the same (data/<id>-tracker.json, codex/trackers.py). A page loads only the runtime, the modules its forms and
trackers name (data-modules) and their data; a page without either loads none of them.
One source for each: calculators/ and data/. codex-calculators.js follows the same names."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from codex.calculators import CALC_DIR, calculator_data, declarations, module_files
from codex.data.loading import Dataset
from codex.publish.bytecode import compile_module
from codex.trackers import data_id, tracker_data, trackers

RUNTIME_VERSION = "1.27.0"
RUNTIME_FOLDER = f"micropython-{RUNTIME_VERSION}"  # under the project's vendor folder, and so in the site
# Served as .js: a module script must come with a JavaScript MIME type, which not every server gives .mjs.
RUNTIME_FILES = {"micropython.mjs": "micropython.js", "micropython.wasm": "micropython.wasm", "LICENSE": "LICENSE"}
ASSETS = "assets/calculators"  # relative to a language's root


def module_path(name: str) -> str:
    return f"{ASSETS}/python/{name}.mpy"


def data_path(calculator_id: str) -> str:
    return f"{ASSETS}/data/{calculator_id}.json"


def data_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def publish_calculators(site_dir: Path, dataset: Dataset, vendor_dir: Path) -> Path:
    """Write assets/calculators/ into site_dir; returns that folder."""
    target = Path(site_dir) / ASSETS
    runtime = target / RUNTIME_FOLDER
    runtime.mkdir(parents=True, exist_ok=True)
    for source, name in RUNTIME_FILES.items():
        shutil.copyfile(Path(vendor_dir) / RUNTIME_FOLDER / source, runtime / name)
    (target / "python").mkdir(exist_ok=True)
    for path in module_files():
        (Path(site_dir) / module_path(path.stem)).write_bytes(compile_module(path, f"{CALC_DIR.name}/{path.name}"))
    (target / "data").mkdir(exist_ok=True)
    for calculator_id in declarations():
        (Path(site_dir) / data_path(calculator_id)).write_text(
            data_json(calculator_data(dataset, [calculator_id])), encoding="utf-8"
        )
    for tracker_id in trackers():  # a tracker's data, under its data file's id (a calculator may share its id)
        (Path(site_dir) / data_path(data_id(tracker_id))).write_text(
            data_json(tracker_data(dataset, tracker_id)), encoding="utf-8"
        )
    return target

"""Copy into the built site what the calculator forms load: the MicroPython runtime (pinned, with its licence), the
calculator modules, and as JSON (tables.json) exactly the data their declarations name: rule tables, their own data
files and the shared texts. One source for each: calculators/ and data/."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from codex.calculators import calculator_data, module_files
from codex.data.loading import Dataset

RUNTIME_VERSION = "1.27.0"
RUNTIME_FOLDER = f"micropython-{RUNTIME_VERSION}"  # under the project's vendor folder, and so in the site
# Served as .js: a module script must come with a JavaScript MIME type, which not every server gives .mjs.
RUNTIME_FILES = {"micropython.mjs": "micropython.js", "micropython.wasm": "micropython.wasm", "LICENSE": "LICENSE"}


def publish_calculators(site_dir: Path, dataset: Dataset, vendor_dir: Path) -> Path:
    """Write assets/calculators/ into site_dir; returns that folder."""
    target = Path(site_dir) / "assets" / "calculators"
    runtime = target / RUNTIME_FOLDER
    runtime.mkdir(parents=True, exist_ok=True)
    for source, name in RUNTIME_FILES.items():
        shutil.copyfile(Path(vendor_dir) / RUNTIME_FOLDER / source, runtime / name)
    python = target / "python"
    python.mkdir(exist_ok=True)
    names = []
    for path in module_files():
        shutil.copyfile(path, python / path.name)
        names.append(path.name)
    (python / "modules.json").write_text(json.dumps(names), encoding="utf-8")
    (target / "tables.json").write_text(
        json.dumps(calculator_data(dataset), ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
    )
    return target

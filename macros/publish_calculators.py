"""Copy into the built site what the calculator forms load: the MicroPython runtime (pinned, with its licence), the
calculator modules and the rule tables they read, as JSON. One source for each: macros/calculators and data/."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from .calculator_modules import calculator_tables, module_files
from .data_loader import Dataset

RUNTIME_VERSION = "1.27.0"
RUNTIME_DIR = Path(__file__).resolve().parent.parent / "docs" / "vendor" / f"micropython-{RUNTIME_VERSION}"
# Served as .js: a module script must come with a JavaScript MIME type, which not every server gives .mjs.
RUNTIME_FILES = {"micropython.mjs": "micropython.js", "micropython.wasm": "micropython.wasm", "LICENSE": "LICENSE"}


def publish_calculators(site_dir: Path, dataset: Dataset) -> Path:
    """Write assets/calculators/ into site_dir; returns that folder."""
    target = Path(site_dir) / "assets" / "calculators"
    runtime = target / f"micropython-{RUNTIME_VERSION}"
    runtime.mkdir(parents=True, exist_ok=True)
    for source, name in RUNTIME_FILES.items():
        shutil.copyfile(RUNTIME_DIR / source, runtime / name)
    python = target / "python"
    python.mkdir(exist_ok=True)
    names = []
    for path in module_files():
        shutil.copyfile(path, python / path.name)
        names.append(path.name)
    (python / "modules.json").write_text(json.dumps(names), encoding="utf-8")
    (target / "tables.json").write_text(json.dumps(calculator_tables(dataset), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return target

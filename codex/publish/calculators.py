"""Copy into the built site what the calculator forms and the combat trackers load, and say what each page must load.

assets/calculators/ holds the MicroPython runtime (pinned, with its licence, in a folder named after its release),
every module of the calculators package as bytecode (python/<module>.<digest>.mpy, codex/browser_files/bytecode.py) and,
for each calculator, exactly the data its declaration names (data/<id>.<digest>.json: its rule tables, its own data
file and the shared texts), and for each tracker the same (data/<id>-tracker.<digest>.json, codex/components/trackers.py). A page
loads only the runtime, the modules its forms and trackers name (data-modules) and their data (data-data); a page
without either loads none of them. One source for each: calculators/ and data/.

One version for a page and its engine (issue 35): each module's and data file's address carries the digest of its
content (`address`: '<name>.<digest>', the first 16 hex digits of its SHA-256), and the page names its files by those
addresses (codex/browser_files/addresses.py: `module_address`, `data_address`, written into data-modules and
data-data when the page is rendered, from the same bytecode and the same JSON this module publishes). A new publication's files are new addresses: no browser or
service worker cache can hand a page the previous publication's Python or data under the address it asks for, and the
old addresses are gone from the site. codex-calculators.js splits an address back into the module's name and its
digest, and refuses a file whose content does not have that digest (a stale copy served under it).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from codex.browser_files.addresses import ASSETS, address, data_json, data_path, module_bytecode, module_path
from codex.components.calculators import calculator_data, declarations
from codex.components.package import module_files
from codex.components.trackers import data_id, tracker_data, trackers
from codex.data.loading import Dataset

RUNTIME_VERSION = "1.27.0"
RUNTIME_FOLDER = f"micropython-{RUNTIME_VERSION}"  # under the project's vendor folder, and so in the site
# Served as .js: a module script must come with a JavaScript MIME type, which not every server gives .mjs.
RUNTIME_FILES = {"micropython.mjs": "micropython.js", "micropython.wasm": "micropython.wasm", "LICENSE": "LICENSE"}


def emptied(folder: Path) -> Path:
    """The folder, made or emptied of the files an earlier build under `mkdocs serve` wrote (other addresses)."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in folder.iterdir():
        if path.is_file():
            path.unlink()
    return folder


def publish_calculators(site_dir: Path, dataset: Dataset, vendor_dir: Path) -> Path:
    """Write assets/calculators/ into site_dir; returns that folder."""
    target = Path(site_dir) / ASSETS
    runtime = target / RUNTIME_FOLDER
    runtime.mkdir(parents=True, exist_ok=True)
    for source, name in RUNTIME_FILES.items():
        shutil.copyfile(Path(vendor_dir) / RUNTIME_FOLDER / source, runtime / name)
    emptied(target / "python")
    for path in module_files():
        code = module_bytecode(path.stem)
        (Path(site_dir) / module_path(address(path.stem, code))).write_bytes(code)
    emptied(target / "data")
    published = {calculator_id: calculator_data(dataset, [calculator_id]) for calculator_id in declarations()}
    # a tracker's data, under its data file's id (a calculator may share its id)
    published |= {data_id(tracker_id): tracker_data(dataset, tracker_id) for tracker_id in trackers()}
    for data_file_id, data in published.items():
        text = data_json(data)
        (Path(site_dir) / data_path(address(data_file_id, text.encode("utf-8")))).write_text(text, encoding="utf-8")
    return target

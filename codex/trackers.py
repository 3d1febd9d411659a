"""The bridge from the engine to the combat trackers in `calculators/`: the trackers are the modules named
`tracker_<id with _>.py` that hold a TRACKER declaration, found by scanning the package (no list of them is kept),
and the data each one reads.

A declaration (plain data, so MicroPython keeps it too; schema data/schemas/tracker-declaration.schema.json) gives
the tracker's id, its page, the data files it reads, its forms and buttons, and plays of it that the tests replay.
From it follow the tracker's controls on its page (codex/render/trackers.py), its entry on the GM tools and home
pages, the data the browser receives (data/<id>-tracker.<digest>.json, codex/publish/calculators.py) and its
cross-runtime tests. Its texts are data/calculators/<id>-tracker.yaml; those both trackers share,
data/calculators/tracker-common.yaml.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import ModuleType

from calculators.calc_common import COMMON_DATA
from calculators.tracker_common import TRACKER_COMMON
from codex.calculators import calculator_documents, declared_in_package, load_order, module_name, schema_problems
from codex.data.loading import Dataset

MODULE_PREFIX = "tracker_"
DECLARATION_SCHEMA = Path(__file__).resolve().parent.parent / "data" / "schemas" / "tracker-declaration.schema.json"


class TrackerError(ValueError):
    """A tracker's declaration, or the data it names, does not fit; the message says which tracker and what."""


def tracker_module_name(tracker_id: str) -> str:
    """calculators/<this>.py declares the tracker (page_glue finds it the same way)."""
    return module_name(tracker_id, MODULE_PREFIX)


def data_id(tracker_id: str) -> str:
    """The id of the tracker's own data file (its texts): data/calculators/<id>-tracker.yaml."""
    return f"{tracker_id}-tracker"


def declaration_problems(declared: object) -> list[str]:
    """What in a TRACKER breaks data/schemas/tracker-declaration.schema.json, in words."""
    return schema_problems(DECLARATION_SCHEMA, declared)


@cache
def declared_trackers() -> dict[str, ModuleType]:
    """Tracker id -> module, for every tracker_*.py module of the package that holds a TRACKER (sorted by id)."""
    words = ("the tracker", "a tracker's module")
    return declared_in_package("TRACKER", DECLARATION_SCHEMA, TrackerError, words, MODULE_PREFIX)


def trackers() -> dict[str, dict]:
    """Tracker id -> its TRACKER declaration."""
    return {tracker_id: module.TRACKER for tracker_id, module in declared_trackers().items()}


def tracker(tracker_id: str) -> dict:
    known = trackers()
    if tracker_id not in known:
        raise TrackerError(f"unknown tracker '{tracker_id}' (declared: {', '.join(known) or 'none'})")
    return known[tracker_id]


def tracker_modules(tracker_id: str) -> tuple[str, ...]:
    """The modules the browser loads to run this tracker, in import order."""
    return load_order(tracker_module_name(tracker(tracker_id)["id"]))


def tracker_data(dataset: Dataset, tracker_id: str) -> dict[str, dict]:
    """Exactly what the tracker reads, by id: the data files its declaration names, its own texts, the texts both
    trackers share and those of every calculator. The browser receives it as data/<id>-tracker.<digest>.json."""
    check_trackers(dataset)
    every = {document.content["id"]: document.content for document in dataset.documents}
    ids = [*tracker(tracker_id)["reads"], data_id(tracker_id), TRACKER_COMMON, COMMON_DATA]
    return dict(sorted((item, every[item]) for item in ids))


def check_trackers(dataset: Dataset) -> None:
    """Raise TrackerError naming every declaration whose data does not fit: a data file it reads or its own texts
    missing, a form, button, input or choice value without its text, a picks function the module lacks."""
    every = {document.content["id"] for document in dataset.documents}
    documents = calculator_documents(dataset)
    problems = []
    shared = documents.get(TRACKER_COMMON)
    if shared is None:
        problems.append(f"data/calculators has no file with id '{TRACKER_COMMON}' (the texts both trackers share)")
    for tracker_id, module in declared_trackers().items():
        declared = module.TRACKER
        where = f"calculators/{tracker_module_name(tracker_id)}.py"
        own = documents.get(data_id(tracker_id))
        if own is None:
            problems.append(f"{where}: no data/calculators file with id '{data_id(tracker_id)}' (its texts)")
            continue
        if "tools" not in own:
            problems.append(f"data/calculators/{data_id(tracker_id)}.yaml: no 'tools' section (its GM tools entry)")
        for item in declared["reads"]:
            if item not in every:
                problems.append(f"{where}: reads '{item}', which no data file has as id")

        read = [documents.get(item) for item in declared["reads"]]

        def has(section: str, key: str, texts: dict = own, read: list = read) -> bool:
            """As the tracker finds a text (tracker_common.TrackerContext): its file, the shared one, the rule's."""
            return any(key in (document or {}).get(section, {}) for document in (texts, shared, *read))

        for form in declared["forms"]:
            if not has("texts", f"legend_{form['name']}"):
                problems.append(f"{where}: form '{form['name']}' has no text 'legend_{form['name']}'")
            for action in form["actions"]:
                if not has("texts", "action_" + action.replace("-", "_")):
                    problems.append(f"{where}: button '{action}' has no text 'action_{action.replace('-', '_')}'")
            for spec in form["inputs"]:
                if not has("labels", spec["name"]):
                    problems.append(f"{where}: input '{spec['name']}' has no label (labels:)")
                for value in spec.get("values", []):
                    if not has("options", value):
                        problems.append(f"{where}: input '{spec['name']}': value '{value}' has no text (options:)")
                if "picks" in spec and not callable(getattr(module, spec["picks"], None)):
                    problems.append(f"{where}: input '{spec['name']}': no function {spec['picks']}(data, lang)")
        for action in declared["buttons"]:
            if not has("texts", "action_" + action.replace("-", "_")):
                problems.append(f"{where}: button '{action}' has no text 'action_{action.replace('-', '_')}'")
    if problems:
        raise TrackerError("the trackers do not fit their data:\n  " + "\n  ".join(problems))


def tracker_order(dataset: Dataset) -> list[str]:
    """The tracker ids in the order of the GM tools page (each data file's tools.position)."""
    documents = calculator_documents(dataset)
    return sorted(trackers(), key=lambda tracker_id: documents[data_id(tracker_id)]["tools"]["position"])

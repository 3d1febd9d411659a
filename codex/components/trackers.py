"""The combat trackers: the modules `tracker_<id with _>.py` of the rules package that hold a TRACKER (checked
against data/schemas/tracker-declaration.schema.json), and the data each one reads.

A declaration (plain data, so MicroPython keeps it too) gives the tracker's id, its page, the data files it reads,
its forms and buttons. From it follow the tracker's controls on its page (codex/render/trackers.py), its entry on
the GM tools and home pages, the data the browser receives (data/<id>-tracker.<digest>.json,
codex/publish/calculators.py) and its cross-runtime tests. Its texts are data/calculators/<id>-tracker.yaml; those
both trackers share, data/calculators/tracker-common.yaml.
"""

from __future__ import annotations

from types import ModuleType

from calculators.calc_common import COMMON_DATA
from calculators.tracker_common import TRACKER_COMMON
from codex import kinds
from codex.components import registry
from codex.components.calculators import calculator_documents
from codex.components.package import load_order
from codex.data.loading import Dataset


class TrackerError(ValueError):
    """A tracker's declaration, or the data it names, does not fit; the message says which tracker and what."""


TRACKER = registry.Kind("TRACKER", "tracker_", kinds.TRACKER_DECLARATION, TrackerError, "tracker")


def data_id(tracker_id: str) -> str:
    """The id of the tracker's own data file (its texts): data/calculators/<id>-tracker.yaml."""
    return f"{tracker_id}-tracker"


def declared_trackers() -> dict[str, ModuleType]:
    """Tracker id -> module, for every tracker_*.py module of the package that holds a TRACKER (sorted by id)."""
    return registry.declared_modules(TRACKER)


def trackers() -> dict[str, dict]:
    """Tracker id -> its TRACKER declaration."""
    return registry.declarations(TRACKER)


def tracker(tracker_id: str) -> dict:
    return registry.declaration(TRACKER, tracker_id)


def tracker_modules(tracker_id: str) -> tuple[str, ...]:
    """The modules the browser loads to run this tracker, in import order."""
    return load_order(registry.module_name(TRACKER, tracker(tracker_id)["id"]))


def tracker_data(dataset: Dataset, tracker_id: str) -> dict[str, dict]:
    """Exactly what the tracker reads, by id: the data files its declaration names, its own texts, the texts both
    trackers share and those of every calculator. The browser receives it as data/<id>-tracker.<digest>.json."""
    with dataset.reads.paused():  # a check reads every declaration's data; the answer reads only what it names
        check_trackers(dataset)
    ids = [*tracker(tracker_id)["reads"], data_id(tracker_id), TRACKER_COMMON, COMMON_DATA]
    found = {item: dataset.document(item) for item in ids}
    return dict(sorted((item, document.content) for item, document in found.items() if document is not None))


def check_trackers(dataset: Dataset) -> None:
    """Raise TrackerError naming every declaration that breaks its schema or whose data does not fit: a data file it
    reads or its own texts missing, a form, button, input or choice value without its text, a picks function the
    module lacks."""
    problems = registry.declaration_problems(dataset, TRACKER)
    if problems:
        raise TrackerError("the trackers' declarations break their schema:\n  " + "\n  ".join(problems))
    every = {document.content["id"] for document in dataset.documents}
    documents = calculator_documents(dataset)
    shared = documents.get(TRACKER_COMMON)
    if shared is None:
        problems.append(f"data/calculators has no file with id '{TRACKER_COMMON}' (the texts both trackers share)")
    for tracker_id, module in declared_trackers().items():
        problems += text_problems(tracker_id, module, documents, every)
    if problems:
        raise TrackerError("the trackers do not fit their data:\n  " + "\n  ".join(problems))


def text_problems(tracker_id: str, module: ModuleType, documents: dict[str, dict], every: set[str]) -> list[str]:
    """What one tracker's declaration names that its data lacks: its texts' file, a file it reads, the text of a
    form, button, input or choice value (looked up as the tracker does), a picks function."""
    declared = module.TRACKER
    where = f"calculators/{registry.module_name(TRACKER, tracker_id)}.py"
    own = documents.get(data_id(tracker_id))
    if own is None:
        return [f"{where}: no data/calculators file with id '{data_id(tracker_id)}' (its texts)"]
    problems = []
    if "tools" not in own:
        problems.append(f"data/calculators/{data_id(tracker_id)}.yaml: no 'tools' section (its GM tools entry)")
    for item in declared["reads"]:
        if item not in every:
            problems.append(f"{where}: reads '{item}', which no data file has as id")
    searched = [own, documents.get(TRACKER_COMMON), *[documents.get(item) for item in declared["reads"]]]

    def has(section: str, key: str) -> bool:
        """As the tracker finds a text (tracker_common.TrackerContext): its file, the shared one, the rule's."""
        return any(key in (document or {}).get(section, {}) for document in searched)

    buttons = list(declared["buttons"])
    for form in declared["forms"]:
        buttons += form["actions"]
        if not has("texts", f"legend_{form['name']}"):
            problems.append(f"{where}: form '{form['name']}' has no text 'legend_{form['name']}'")
        for spec in form["inputs"]:
            if not has("labels", spec["name"]):
                problems.append(f"{where}: input '{spec['name']}' has no label (labels:)")
            for value in spec.get("values", []):
                if not has("options", value):
                    problems.append(f"{where}: input '{spec['name']}': value '{value}' has no text (options:)")
            if "picks" in spec and not callable(getattr(module, spec["picks"], None)):
                problems.append(f"{where}: input '{spec['name']}': no function {spec['picks']}(data, lang)")
    for action in buttons:
        if not has("texts", "action_" + action.replace("-", "_")):
            problems.append(f"{where}: button '{action}' has no text 'action_{action.replace('-', '_')}'")
    return problems


def tracker_order(dataset: Dataset) -> list[str]:
    """The tracker ids in the order of the GM tools page (each data file's tools.position)."""
    documents = calculator_documents(dataset)
    return sorted(trackers(), key=lambda tracker_id: documents[data_id(tracker_id)]["tools"]["position"])

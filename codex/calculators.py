"""The bridge from the engine to the rules code in `calculators/`: the calculators are the modules that hold a
DECLARATION, found by scanning the package (there is no list of them anywhere), and the data they read.

A declaration (plain data, so MicroPython keeps it too) gives the calculator's id, the rule it applies, the rule
tables it reads, its inputs and outputs and whether it has a reference table; its texts and constants are in
data/calculators/<id>.yaml. `check_declarations` says, before anything is rendered, what does not fit.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from types import ModuleType

from jsonschema import Draft202012Validator

import calculators
from calculators.calc_common import COMMON_DATA
from codex.data.loading import Dataset

CALC_DIR = Path(calculators.__file__).resolve().parent
CALCULATOR_SCHEMA = "calculator.schema.json"
DECLARATION_SCHEMA = Path(__file__).resolve().parent.parent / "data" / "schemas" / "calculator-declaration.schema.json"


class CalculatorError(ValueError):
    """A declaration, or the data it names, does not fit; the message says which calculator and what."""


def calculator_module(name: str) -> ModuleType:
    """A module of the `calculators` package, imported as the browser imports it (`calculators.<name>`)."""
    return importlib.import_module(f"calculators.{name}")


def module_name(declared_id: str, prefix: str = "") -> str:
    """calculators/<this>.py declares the calculator (or, after the prefix `tracker_`, the tracker): the id with '_'
    for '-' (page_glue finds it the same way)."""
    return prefix + declared_id.replace("-", "_")


def declared_in_package(
    attribute: str, schema: Path, error: type[ValueError], words: tuple[str, str], prefix: str = ""
) -> dict[str, ModuleType]:
    """Id -> module, for every module of the package whose name starts with `prefix` and that holds `attribute` (a
    calculator's DECLARATION, a tracker's TRACKER), sorted by id: the one scan of the package for declarations.
    Raises `error` when a declaration breaks its JSON Schema (a file of data/schemas), or when its module is not
    named after its id (`module_name`, the name the page imports it by); `words` name, in that message, what the
    module declares and whose module is named after the id."""
    found = {}
    for info in pkgutil.iter_modules([str(CALC_DIR)]):
        if not info.name.startswith(prefix):
            continue
        module = calculator_module(info.name)
        declared = getattr(module, attribute, None)
        if declared is None:
            continue
        problems = schema_problems(schema, declared)
        if problems:
            raise error(f"calculators/{info.name}.py: {attribute} " + "; ".join(problems))
        expected = module_name(declared["id"], prefix)
        if expected != info.name:
            raise error(
                f"calculators/{info.name}.py declares {words[0]} '{declared['id']}': {words[1]} is named after its id "
                f"({expected}.py), which is how the page finds it"
            )
        found[declared["id"]] = module
    return dict(sorted(found.items()))


def schema_problems(schema: Path, declared: object) -> list[str]:
    """What in a declaration breaks its JSON Schema (a file of data/schemas), in words."""
    errors = Draft202012Validator(json.loads(schema.read_text(encoding="utf-8"))).iter_errors(declared)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errors]


@cache
def declared_modules() -> dict[str, ModuleType]:
    """Calculator id -> module, for every module of the package that holds a DECLARATION (sorted by id)."""
    return declared_in_package(
        "DECLARATION", DECLARATION_SCHEMA, CalculatorError, ("the id", "the module of a calculator")
    )


def declarations() -> dict[str, dict]:
    """Calculator id -> its DECLARATION."""
    return {calculator_id: module.DECLARATION for calculator_id, module in declared_modules().items()}


def declaration(calculator_id: str) -> dict:
    known = declarations()
    if calculator_id not in known:
        raise CalculatorError(f"unknown calculator '{calculator_id}' (declared: {', '.join(known) or 'none'})")
    return known[calculator_id]


def calculator_documents(dataset: Dataset) -> dict[str, dict]:
    """The calculators' data files (data/calculators/*.yaml), by id."""
    return dataset.by_id(CALCULATOR_SCHEMA)


def calculator_data(dataset: Dataset, calculator_ids: Iterable[str] | None = None) -> dict[str, dict]:
    """Exactly what the declarations name, by id: their rule tables, their own data files and the shared texts; of
    the given calculators only, or of all. The browser receives one calculator's as JSON (data/<id>.<digest>.json,
    merged with the others' of the page) and the calculators read nothing else."""
    check_declarations(dataset)
    tables = dataset.by_id("table.schema.json")
    documents = calculator_documents(dataset)
    known = declarations()
    data = {}
    for calculator_id in known if calculator_ids is None else calculator_ids:
        for table_id in declaration(calculator_id)["tables"]:
            data[table_id] = tables[table_id]
        data[calculator_id] = documents[calculator_id]
    data[COMMON_DATA] = documents[COMMON_DATA]
    return dict(sorted(data.items()))


def own_data(calculator_id: str, data: dict[str, dict]) -> dict[str, dict]:
    """One calculator's part of `data` (calculator_data's answer for several): what calculator_data gives for it
    alone: the content of its data/<id>.<digest>.json, the digest its form's data-data names
    (codex/publish/calculators.py)."""
    ids = [*declaration(calculator_id)["tables"], calculator_id, COMMON_DATA]
    return dict(sorted((item, data[item]) for item in ids))


def check_declarations(dataset: Dataset) -> None:
    """Raise CalculatorError naming every declaration whose data does not fit: a table or data file that data/
    lacks, a choice column a table lacks, an input or output without a label."""
    tables = dataset.by_id("table.schema.json")
    documents = calculator_documents(dataset)
    problems = []
    if COMMON_DATA not in documents:
        problems.append(f"data/calculators has no file with id '{COMMON_DATA}' (the texts all calculators share)")
    common = documents.get(COMMON_DATA, {})
    for calculator_id, declared in declarations().items():
        where = f"calculators/{module_name(calculator_id)}.py"
        document = documents.get(calculator_id)
        if document is None:
            problems.append(f"{where}: no data/calculators file with id '{calculator_id}'")
            continue
        for table_id in declared["tables"]:
            if table_id not in tables:
                problems.append(f"{where}: no table '{table_id}' in data/tables")
        for spec in declared["inputs"]:
            table_id = spec.get("table")
            if table_id and table_id in tables:
                columns = {column["id"] for column in tables[table_id]["columns"]} | {"id"}
                for key in [key for key in ("value", "label") if key in spec]:
                    if spec[key] not in columns:
                        problems.append(
                            f"{where}: input '{spec['name']}': table '{table_id}' has no column '{spec[key]}'"
                        )
        for name in [spec["name"] for spec in declared["inputs"]] + declared["outputs"]:
            if name not in document.get("labels", {}) and name not in common.get("labels", {}):
                problems.append(f"{where}: '{name}' has no label in data/calculators/{calculator_id}.yaml (labels:)")
        if "tools" not in document:
            problems.append(
                f"data/calculators/{calculator_id}.yaml: no 'tools' section (its place on the GM tools page)"
            )
    if problems:
        raise CalculatorError("the calculators do not fit their data:\n  " + "\n  ".join(problems))


def tools_order(dataset: Dataset) -> list[str]:
    """The calculator ids in the order of the GM tools page (each data file's tools.position)."""
    documents = calculator_documents(dataset)
    return sorted(declarations(), key=lambda calculator_id: documents[calculator_id]["tools"]["position"])


def constant(dataset: Dataset, calculator_id: str, constant_id: str) -> int | float:
    """A rule constant of a calculator's data file."""
    document = calculator_documents(dataset).get(calculator_id)
    if document is None:
        raise CalculatorError(f"unknown calculator '{calculator_id}' (data/calculators has no such id)")
    for item in document.get("constants", []):
        if item["id"] == constant_id:
            return item["value"]
    known = ", ".join(item["id"] for item in document.get("constants", [])) or "none"
    raise CalculatorError(f"calculator '{calculator_id}' has no constant '{constant_id}' (known: {known})")


def module_files() -> list[Path]:
    """The Python files of the package: every module the browser may load."""
    return sorted(CALC_DIR.glob("*.py"))


def imported_modules(name: str) -> set[str]:
    """The modules of the package that calculators/<name>.py imports (`from calculators.x import ...`,
    `from calculators import x`, `import calculators.x`)."""
    found = package_imports(CALC_DIR.name, (CALC_DIR / f"{name}.py").read_text(encoding="utf-8"))
    return {module for module in found if (CALC_DIR / f"{module}.py").is_file()}


@cache
def package_imports(package: str, source: str) -> frozenset[str]:
    """The names a module's source imports from `package`; kept by source, so that each text is parsed once (the
    pages name their forms' modules again and again) and an edit under `mkdocs serve` is read afresh."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == package:
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package + "."):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith(package + "."))
    return frozenset(found)


def load_order(name: str) -> tuple[str, ...]:
    """The modules the browser loads to run calculators/<name>.py, in import order (what a module imports before
    it): the package, the module and everything they import from the package, then the page glue."""
    ordered: list[str] = []

    def visit(module: str) -> None:
        if module in ordered:
            return
        for imported in sorted(imported_modules(module)):
            visit(imported)
        ordered.append(module)

    visit("__init__")
    visit(name)
    visit("page_glue")
    return tuple(ordered)


def module_dependencies(calculator_id: str) -> tuple[str, ...]:
    """The modules the browser loads to run this calculator (load_order of its module)."""
    return load_order(module_name(declaration(calculator_id)["id"]))

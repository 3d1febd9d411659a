"""The calculators: the modules of the rules package that hold a DECLARATION (checked against
data/schemas/calculator-declaration.schema.json), and the data they read.

A declaration (plain data, so MicroPython keeps it too) gives the calculator's id, the rule it applies, the rule
tables it reads, its inputs and outputs and whether it has a reference table; its texts and constants are in
data/calculators/<id>.yaml. `check_declarations` says, before anything is rendered, what does not fit.
"""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from calculators.calc_common import COMMON_DATA
from codex import kinds
from codex.components import registry
from codex.components.package import load_order
from codex.data.loading import Dataset

CALCULATOR_SCHEMA = kinds.CALCULATOR  # the schema of a calculator's data file


class CalculatorError(ValueError):
    """A declaration, or the data it names, does not fit; the message says which calculator and what."""


CALCULATOR = registry.Kind("DECLARATION", "", kinds.CALCULATOR_DECLARATION, CalculatorError, "calculator")


def declared_modules() -> dict[str, ModuleType]:
    """Calculator id -> module, for every module of the package that holds a DECLARATION (sorted by id)."""
    return registry.declared_modules(CALCULATOR)


def declarations() -> dict[str, dict]:
    """Calculator id -> its DECLARATION."""
    return registry.declarations(CALCULATOR)


def declaration(calculator_id: str) -> dict:
    return registry.declaration(CALCULATOR, calculator_id)


def calculator_documents(dataset: Dataset) -> dict[str, dict]:
    """The calculators' data files (data/calculators/*.yaml), by id."""
    return dataset.by_id(CALCULATOR_SCHEMA)


def calculator_data(dataset: Dataset, calculator_ids: Iterable[str] | None = None) -> dict[str, dict]:
    """Exactly what the declarations name, by id: their rule tables, their own data files and the shared texts; of
    the given calculators only, or of all. The browser receives one calculator's as JSON (data/<id>.<digest>.json,
    merged with the others' of the page) and the calculators read nothing else."""
    with dataset.reads.paused():  # a check reads every declaration's data; the answer reads only what it names
        check_declarations(dataset)
    tables = dataset.by_id(kinds.TABLE)
    documents = calculator_documents(dataset)
    data = {}
    for calculator_id in declarations() if calculator_ids is None else calculator_ids:
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
    """Raise CalculatorError naming every declaration that breaks its schema or whose data does not fit: a table or
    data file that data/ lacks, a choice column a table lacks, an input or output without a label."""
    problems = registry.declaration_problems(dataset, CALCULATOR)
    if problems:
        raise CalculatorError("the calculators' declarations break their schema:\n  " + "\n  ".join(problems))
    tables = dataset.by_id(kinds.TABLE)
    documents = calculator_documents(dataset)
    if COMMON_DATA not in documents:
        problems.append(f"data/calculators has no file with id '{COMMON_DATA}' (the texts all calculators share)")
    common = documents.get(COMMON_DATA, {})
    for calculator_id, declared in declarations().items():
        where = f"calculators/{registry.module_name(CALCULATOR, calculator_id)}.py"
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


def module_dependencies(calculator_id: str) -> tuple[str, ...]:
    """The modules the browser loads to run this calculator (load_order of its module)."""
    return load_order(registry.module_name(CALCULATOR, declaration(calculator_id)["id"]))

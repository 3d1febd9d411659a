"""The bridge from the engine to the rules code in `calculators/`: which modules there are, and the data they read."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import calculators
from codex.data.loading import Dataset

CALC_DIR = Path(calculators.__file__).resolve().parent
CALCULATOR_IDS = ("jump", "breath", "object-damage", "initiative", "initiative-points")
# The rule tables the calculators read; the browser receives exactly these, as JSON.
CALCULATOR_TABLES = (
    "ability-bonus-skills",
    "ability-bonus-adnd",
    "jump-armour-penalty",
    "swimming-breath-bonus",
    "materials",
    "standard-objects",
)


def calculator_module(name: str) -> ModuleType:
    """A module of the `calculators` package, imported as the browser imports it (`calculators.<name>`)."""
    return importlib.import_module(f"calculators.{name}")


def calculator_tables(dataset: Dataset) -> dict[str, dict]:
    tables = dataset.by_id("table.schema.json")
    return {table_id: tables[table_id] for table_id in CALCULATOR_TABLES}


def module_files() -> list[Path]:
    """The Python files the browser loads: the package and every calculator module."""
    return sorted(CALC_DIR.glob("*.py"))

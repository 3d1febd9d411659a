"""Access to the calculator modules (macros/calculators) from build code, and the data they are given."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

from .data_loader import Dataset

CALC_DIR = Path(__file__).resolve().parent / "calculators"
CALCULATOR_IDS = ("jump", "breath", "object-damage", "initiative", "initiative-points")
# The rule tables the calculators read; the browser receives exactly these, as JSON.
CALCULATOR_TABLES = (
    "ability-bonus-skills", "ability-bonus-adnd", "jump-armour-penalty", "swimming-breath-bonus", "materials",
    "standard-objects",
)


def calculator_module(name: str) -> ModuleType:
    """Import a calculator module the way the browser does: its folder on sys.path, plain top-level imports."""
    if str(CALC_DIR) not in sys.path:
        sys.path.insert(0, str(CALC_DIR))
    return importlib.import_module(name)


def calculator_tables(dataset: Dataset) -> dict[str, dict]:
    tables = dataset.by_id("table.schema.json")
    return {table_id: tables[table_id] for table_id in CALCULATOR_TABLES}


def module_files() -> list[Path]:
    """The Python files the browser loads: every calculator module."""
    return sorted(CALC_DIR.glob("*.py"))

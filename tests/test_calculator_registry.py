"""The component registry (codex/components): one scan of the rules package finds both kinds, and an edit of a rules
module is seen by the next build once `forget_components()` has run, as `mkdocs serve` runs it after a change under
calculators/: the declaration and the rule functions the reference table is computed with are the edited ones."""

from __future__ import annotations

import shutil
import sys

import pytest

import calculators
from codex.components.calculators import calculator_data, declarations, declared_modules
from codex.components.package import package_dir
from codex.components.registry import forget_components
from codex.components.trackers import declared_trackers
from codex.render.calculator_reference import render_reference
from tests.project_data import project_dataset

DATA = calculator_data(project_dataset())


@pytest.fixture
def package_copy(tmp_path, monkeypatch):
    """A copy of the rules package that Python imports `calculators.*` from; the session's own modules are put back
    afterwards, so that the other tests keep the module objects they imported."""
    copy = tmp_path / "calculators"
    shutil.copytree(package_dir(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    kept = {name: module for name, module in sys.modules.items() if name.startswith("calculators.")}
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # an edit within the second of the import is read too
    monkeypatch.setattr(calculators, "__path__", [str(copy)])
    forget_components()
    yield copy
    monkeypatch.undo()
    forget_components()
    sys.modules.update(kept)
    for name, module in kept.items():
        setattr(calculators, name.removeprefix("calculators."), module)


def test_both_kinds_are_found_by_one_scan_of_the_package():
    assert {"jump", "breath", "initiative-points"} <= set(declared_modules())
    assert set(declared_trackers()) == {"adnd-round", "initiative-points"}
    assert declared_trackers()["adnd-round"].__name__ == "calculators.tracker_adnd_round"


def test_an_edited_module_is_imported_again_after_forget_components(package_copy):
    assert declared_modules()["breath"].__file__.startswith(str(package_copy))
    before = str(render_reference("breath", DATA, "en"))
    breath = package_copy / "breath.py"
    source = breath.read_text(encoding="utf-8")
    edited = source.replace('"max": 25, "default": 12', '"max": 30, "default": 12').replace(
        "REFERENCE_CONSTITUTIONS = (3, 6,", "REFERENCE_CONSTITUTIONS = (3, 5, 6,"
    )
    assert edited != source
    breath.write_text(edited, encoding="utf-8")
    assert declarations()["breath"]["inputs"][0]["max"] == 25  # kept until the registry forgets
    forget_components()
    assert declarations()["breath"]["inputs"][0]["max"] == 30
    after = str(render_reference("breath", DATA, "en"))
    assert after != before and ">5</th>" in after and ">5</th>" not in before

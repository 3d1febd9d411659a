"""The engine's layers (pyproject.toml, [tool.importlinter]): each package imports only from the layers below it, the
rules code imports nothing of the engine, and only codex.adapter imports MkDocs or its theme. import-linter checks
the contracts on the project, and fails on a copy of the engine where a lower layer imports a higher one."""

from __future__ import annotations

import shutil
import tomllib

from codex.check import check_layers, lint_imports
from tests.conftest import ROOT

CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
CONTRACTS = {contract["id"]: contract for contract in CONFIG["contracts"]}


def test_the_engine_keeps_its_layers():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in result.stdout


def test_every_package_of_the_engine_has_a_layer_and_only_the_adapter_may_import_mkdocs():
    children = {
        f"codex.{path.stem if path.suffix == '.py' else path.name}"
        for path in (ROOT / "codex").iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").is_file()
    }
    layered = {name.strip() for layer in CONTRACTS["layers"]["layers"] for name in layer.replace(":", "|").split("|")}
    assert children - layered == set(), "add each package or top module of codex to a layer in pyproject.toml"
    outside_adapter = set(CONTRACTS["mkdocs-adapter"]["source_modules"])
    assert outside_adapter == children - {"codex.adapter"}


def test_a_lower_layer_importing_a_higher_one_breaks_the_contract(tmp_path):
    for folder in ("codex", "calculators"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    dates = tmp_path / "codex" / "i18n" / "dates.py"
    dates.write_text(dates.read_text(encoding="utf-8") + "\nfrom codex.render import tables  # noqa\n", "utf-8")
    assert lint_imports(tmp_path).returncode == 1
    line = len(dates.read_text(encoding="utf-8").splitlines())
    assert check_layers(tmp_path).problems == [
        f"codex/i18n/dates.py:{line}: codex.i18n.dates imports codex.render.tables (codex.i18n is not allowed to "
        "import codex.render). Fix: move what it needs to a lower layer, or pass it in as an argument (pyproject.toml "
        "lists the layers)"
    ]

"""The rules package `calculators/` as the engine and the browser see it: its module files, a module imported by the
name the browser imports it by, what each module imports from the package, and so the modules the browser loads to
run one (`load_order`). The package's folder is the one Python imports it from (its `__path__`), never a path built
from the repository."""

from __future__ import annotations

import ast
import importlib
from functools import cache
from pathlib import Path
from types import ModuleType

import calculators

PACKAGE = calculators.__name__


def package_dir() -> Path:
    """The folder the rules package is imported from."""
    return Path(next(iter(calculators.__path__))).resolve()


def rules_module(name: str) -> ModuleType:
    """A module of the package, imported as the browser imports it (`calculators.<name>`)."""
    return importlib.import_module(f"{PACKAGE}.{name}")


def module_files() -> list[Path]:
    """The Python files of the package: every module the browser may load."""
    return sorted(package_dir().glob("*.py"))


def imported_modules(name: str) -> set[str]:
    """The modules of the package that calculators/<name>.py imports (`from calculators.x import ...`,
    `from calculators import x`, `import calculators.x`)."""
    folder = package_dir()
    found = package_imports(PACKAGE, (folder / f"{name}.py").read_text(encoding="utf-8"))
    return {module for module in found if (folder / f"{module}.py").is_file()}


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

"""MkDocs behind one adapter (issue 37): outside codex/adapter/, no module of the engine imports MkDocs or its theme,
so that another site generator (ProperDocs today, Zensical once it has modules) replaces the adapter alone."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

GENERATORS = ("mkdocs", "material")  # MkDocs and its theme, mkdocs-material
ADAPTER = ROOT / "codex" / "adapter"


def imported(module: Path) -> set[str]:
    """The top-level package of every module `module` imports (relative imports excepted)."""
    names = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_adapter_imports_mkdocs_or_its_theme() -> None:
    engine = [p for p in sorted((ROOT / "codex").rglob("*.py")) if not p.is_relative_to(ADAPTER)]
    offending = {
        p.relative_to(ROOT).as_posix(): sorted(imported(p) & set(GENERATORS))
        for p in engine
        if imported(p) & set(GENERATORS)
    }
    assert not offending, (
        f"engine modules importing MkDocs or its theme (move that part to codex/adapter/): {offending}"
    )

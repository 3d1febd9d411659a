"""The changes of each commit kept from one build to the next: a commit never changes, so its changes are computed
once per version of the engine that computes them (the sources of codex/changes and codex/i18n are part of the key).

A JSON file per commit (codex/kept_files.py: a per-user folder of the system's temporary folder; a cache that cannot
be read or written is no cache: the changes are then computed again).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict
from functools import cache
from pathlib import Path

import codex.changes
import codex.i18n
from codex.changes.model import Change
from codex.kept_files import KeptFiles

KEPT = KeptFiles("changes", ".json")


@cache
def engine_version() -> str:
    """A digest of the code that turns two commits into changes, and of the UI texts it words some of them with (a
    macro call as what it shows)."""
    digest = hashlib.sha256()
    ui_texts = Path(codex.__file__).resolve().parents[1] / "data" / "ui.yaml"
    digest.update(ui_texts.read_bytes() if ui_texts.is_file() else b"")
    for package in (codex.changes, codex.i18n):
        for source in sorted(Path(package.__file__).parent.glob("*.py")):
            digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def cached_changes(base: str | None, head: str, compute: Callable[[], list[Change]]) -> list[Change]:
    """The changes from `base` to `head`, from the cache or from `compute` (then kept)."""
    key = hashlib.sha256(f"{engine_version()} {base} {head}".encode()).hexdigest()
    try:
        return [from_json(item) for item in json.loads(KEPT.read(key) or b"")]
    except (ValueError, TypeError, KeyError):
        pass
    changes = compute()
    KEPT.write(key, json.dumps([asdict(c) for c in changes], ensure_ascii=False).encode())
    return changes


def from_json(item: dict) -> Change:
    return Change(**{**item, "lines": tuple(item.get("lines", ()))})

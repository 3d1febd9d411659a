"""Build small throw-away data folders to check how the loader reports each kind of mistake."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GOOD_TABLE = """\
# yaml-language-server: $schema=../schemas/table.schema.json
id: materials
title: {fr: Matériaux, en: Materials}
source: {seed: 000_dd346e63a171f715.txt, section: Dommages aux objets et matériaux, quote: Dommages aux objets et matériaux}
columns:
  - {id: name, label: {fr: Matériau, en: Material}, type: text}
  - {id: hardness, label: {fr: Dureté, en: Hardness}, type: number}
rows:
  - {id: paper, name: {fr: Papier, en: Paper}, hardness: 0}
  - {id: stone, name: {fr: Pierre, en: Stone}, hardness: 8}
"""


def data_dir_with(tmp_path: Path, files: dict[str, str]) -> Path:
    """A data/ folder holding the real schemas and the given files (path under data/ -> text)."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "schemas", data / "schemas")
    for name, text in files.items():
        path = data / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return data

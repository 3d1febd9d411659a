"""The pages of a built site, per language, as URL paths (for tests that visit every page)."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = {"fr": "mkdocs.yml", "en": "mkdocs.en.yml"}
PREFIX = {"fr": "/", "en": "/en/"}


def nav_files(lang: str) -> list[str]:
    """The Markdown files of a language's nav, in order."""

    def walk(entries) -> list[str]:
        found = []
        for entry in entries:
            if isinstance(entry, str):
                found.append(entry)
            elif isinstance(entry, dict):
                for value in entry.values():
                    found += walk(value) if isinstance(value, list) else [value]
        return found

    config = yaml.load((ROOT / CONFIGS[lang]).read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    return walk(config["nav"])


def page_path(page: str) -> str:
    """'index.md' -> '', 'fumbles.md' -> 'fumbles/', 'd20/index.md' -> 'd20/'."""
    stem = page[:-3]
    if stem == "index":
        return ""
    return (stem[: -len("/index")] if stem.endswith("/index") else stem) + "/"


def site_pages(lang: str) -> list[str]:
    """URL paths of every page in a language's nav, e.g. '/en/fumbles/'."""
    return [PREFIX[lang] + page_path(p) for p in nav_files(lang)]

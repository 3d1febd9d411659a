"""MkDocs hook of the French configuration: after the French site is built, build the English one into <site>/en.

One `mkdocs build` (strict or not) or `mkdocs serve` thus produces both languages, each with its own search index,
sitemap and 404 page. The English configuration (mkdocs.en.yml) inherits the French one and sets `hooks: []`.
"""
from __future__ import annotations

from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

ENGLISH_CONFIG = "mkdocs.en.yml"


def on_post_build(config: MkDocsConfig) -> None:
    english_config = Path(config.config_file_path).parent / ENGLISH_CONFIG
    site_url = (config.site_url or "").rstrip("/")
    english = load_config(
        config_file=str(english_config),
        site_dir=str(Path(config.site_dir) / "en"),
        site_url=f"{site_url}/en/" if site_url else None,
        strict=config.strict,
    )
    build(english, dirty=False)

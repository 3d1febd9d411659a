"""MkDocs hook of both language configurations: the site offline.

- Served build (`mkdocs build`, the default): each language gets its web app manifest and icons, linked from every
  page with the service worker's address (config.extra.codex_app, read by partials/codex-app.html); the site root
  gets sw.js once every language is built (macros/offline_app.py).
- Folder build (`python -m macros.build_offline`, which sets CODEX_OFFLINE_BUILD=1): links end in .html and the
  search and calculators work from file:// (macros/offline_folder.py); no manifest nor service worker, which a folder
  cannot use.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority

PROJECT = Path(__file__).resolve().parent.parent
if str(PROJECT) not in sys.path:  # MkDocs loads a hook by its path: make the `macros` package importable
    sys.path.insert(0, str(PROJECT))

from macros.offline_app import app_links, write_manifest, write_service_worker  # noqa: E402
from macros.offline_folder import configure_for_folder, finish_folder  # noqa: E402

OFFLINE_BUILD_VARIABLE = "CODEX_OFFLINE_BUILD"


def folder_build() -> bool:
    return os.environ.get(OFFLINE_BUILD_VARIABLE) == "1"


def language_depth(config: MkDocsConfig) -> int:
    """How many folders below the site root this language lives, from extra.alternate ('/' -> 0, '/en/' -> 1)."""
    for alternate in config.extra.get("alternate") or []:
        if alternate.get("lang") == config.theme["language"]:
            return len([part for part in alternate["link"].split("/") if part])
    return 0


def site_languages(config: MkDocsConfig) -> list[str]:
    return [alternate["lang"] for alternate in config.extra.get("alternate") or []] or [config.theme["language"]]


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    if folder_build():
        configure_for_folder(config)
        config.extra["codex_app"] = None
    else:
        config.extra["codex_app"] = app_links(language_depth(config))
    return config


@event_priority(-100)  # after the search index, the calculator files and (French) the English build are written
def on_post_build(config: MkDocsConfig) -> None:
    site_dir = Path(config.site_dir)
    if folder_build():
        finish_folder(site_dir)
        return
    write_manifest(site_dir, config.theme["language"], config.site_name, config.site_description or config.site_name)
    if language_depth(config) == 0:
        write_service_worker(site_dir, site_languages(config))

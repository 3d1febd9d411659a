"""The served site as an installable web app that works offline after one visit.

Each language gets a web app manifest (manifest.webmanifest beside its home page), its icons and its own service
worker, sw.js beside its home page, whose scope is that language's folder: a reader's browser keeps the language
it reads, not every language (for /en/ pages, the browser picks the English worker, whose scope is the closer one).
The worker's script is docs/overrides/assets/javascripts/codex-service-worker.js, preceded here by the build's
version, the list of files to cache on install (the language's pages, search index and theme) and the list of the
calculator runtime, modules and data (assets/calculators/), which the worker keeps when a page first uses them, and
only those (a page of an earlier publication names other addresses). The modules' and data's addresses carry their
content's digest (codex/publish/calculators.py), as do the calculators' and trackers' page scripts, which it precaches
(codex-calculators.DIGEST.js, codex-trackers.DIGEST.js: codex/publish/page_scripts.py): the worker serves them from
its cache first, and keeps a copy only if its content has that digest. sw.js itself keeps its plain address: the
browser registers a worker by its script's address and checks that script for a new version past its HTTP cache. The
version is a hash of all those files, so any change to the published language changes its sw.js, the browser installs
the new worker, and the new worker fills a fresh cache and drops the old one (and with it the previous publication's
modules, data and scripts).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from codex.publish.icons import ICON_SIZES, icon_png
from codex.publish.preview import PREVIEWS_FOLDER

WORKER_SOURCE = "assets/javascripts/codex-service-worker.js"  # in the theme's custom_dir, copied into every language
SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICON_DIR = "assets/images"
THEME_COLOUR = "#5d4037"
BACKGROUND_COLOUR = "#f5ebdc"

# Files a reader never needs offline: source maps, sitemaps and robots.txt, archives and PDFs (large, made for
# printing), the worker's own source copied with the theme, and the search engine's word splitters and stemmers for
# languages the site is not written in (kept: see needed_lunr()).
SKIPPED_SUFFIXES = (".map", ".gz", ".zip", ".pdf")
SKIPPED_NAMES = {"sitemap.xml", "robots.txt", SERVICE_WORKER, WORKER_SOURCE.rsplit("/", 1)[-1]}
LUNR_DIR = "assets/javascripts/lunr/"
CACHED_ON_USE = ("assets/calculators/",)  # large, and needed only on calculator pages: cached when first used


def icon_name(size: int) -> str:
    return f"{ICON_DIR}/codex-icon-{size}.png"


def app_links() -> dict[str, str]:
    """What the page template links to, relative to the language's base URL."""
    return {
        "manifest": MANIFEST,
        "service_worker": SERVICE_WORKER,
        "apple_touch_icon": icon_name(180),
        "theme_colour": THEME_COLOUR,
    }


def write_manifest(language_dir: Path, lang: str, name: str, description: str) -> Path:
    """Write this language's manifest and icons into its built folder; returns the manifest's path."""
    for size in ICON_SIZES:
        path = language_dir / icon_name(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(icon_png(size))
    manifest: dict[str, Any] = {
        "name": name,
        "short_name": name,
        "description": description,
        "lang": lang,
        "dir": "ltr",
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": icon_name(192), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": icon_name(512), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": icon_name(512), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    path = language_dir / MANIFEST
    path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


def needed_lunr(relative: str, langs: list[str]) -> bool:
    """Keep the search engine's shared support files and the stemmers of the site's languages."""
    name = relative.rsplit("/", 1)[-1]
    keep = {"lunr.stemmer.support.min.js", "lunr.multi.min.js"} | {f"lunr.{lang}.min.js" for lang in langs}
    return name in keep


def precache_paths(language_dir: Path, langs: list[str], other_folders: list[str]) -> list[str]:
    """Every file a reader of this language may open offline, relative to the language's root, sorted; pages as
    their directory URL ('chapter/' for chapter/index.html), which is the address the browser asks for. Files of the
    other languages' folders inside this one (`other_folders`: 'en' under the root) and those cached on first use
    are left out."""
    paths = []
    skipped_folders = tuple(folder.strip("/") + "/" for folder in other_folders) + CACHED_ON_USE
    for path in sorted(language_dir.rglob("*")):
        if not path.is_file():
            continue
        relative = path.relative_to(language_dir).as_posix()
        if relative.endswith(SKIPPED_SUFFIXES) or path.name in SKIPPED_NAMES or relative.startswith(skipped_folders):
            continue
        if "/" + LUNR_DIR in "/" + relative and not needed_lunr(relative, langs):
            continue
        if path.name == "index.html":
            relative = relative[: -len("index.html")] or "./"
        paths.append(relative)
    return paths


def site_version(site_dir: Path, paths: list[str]) -> str:
    """A short hash of the cached files' names and contents: it changes whenever the published site does."""
    digest = hashlib.sha256()
    for relative in paths:
        file = site_dir / (relative + "index.html" if relative.endswith("/") else relative)
        digest.update(relative.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(language_dir: Path, langs: list[str], other_folders: list[str]) -> Path:
    """Write sw.js at this language's root; returns its path. `langs`: the site's languages (search stemmers kept);
    `other_folders`: the other languages' folders inside this one, which its worker leaves to theirs."""
    paths = precache_paths(language_dir, langs, other_folders)
    # the previews' folder, where pull requests are published beside the site (codex/publish/preview.py)
    left_to_network = [PREVIEWS_FOLDER]
    # the files cached on use count in the version too: a new runtime or module drops the cached old one
    on_use = sorted(
        p.relative_to(language_dir).as_posix()
        for f in CACHED_ON_USE
        for p in (language_dir / f).rglob("*")
        if p.is_file()
    )
    version = site_version(language_dir, paths + on_use)
    header = (
        "// Generated by codex/publish/web_app.py from codex-service-worker.js: the build's version and the files to cache.\n"
        f"const VERSION = {json.dumps(version)};\n"
        f"const PRECACHE = {json.dumps(paths, ensure_ascii=False)};\n"
        f"const ON_USE = {json.dumps(on_use, ensure_ascii=False)};\n"
        f"const LEFT_TO_NETWORK = {json.dumps(left_to_network)};\n"
    )
    path = language_dir / SERVICE_WORKER
    path.write_text(header + (language_dir / WORKER_SOURCE).read_text(encoding="utf-8"), encoding="utf-8")
    return path

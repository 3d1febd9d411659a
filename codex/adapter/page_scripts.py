"""The calculators' and trackers' page scripts published at their digest's address among MkDocs' files, and named so
by the configuration (codex/publish/page_scripts.py computes them). Called from on_files, before any page names
them."""

from __future__ import annotations

import dataclasses

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from codex.publish.page_scripts import (
    CALCULATORS,
    TRACKERS,
    PageScripts,
    plain,
    publish_page_scripts,
    script_as_published,
)


def version_page_scripts(files: Files, config: MkDocsConfig, folder: bool = False) -> PageScripts:
    """Replace the theme's two page scripts in `files` by their digested copies (and, for the folder build, add the
    classic one); name them in config.extra_javascript and config.extra.codex_scripts (for the templates)."""
    trackers_file = files.get_file_from_path(plain(TRACKERS))
    calculators_file = files.get_file_from_path(plain(CALCULATORS))
    if trackers_file is None or calculators_file is None:
        raise ValueError(f"the theme has no {plain(CALCULATORS)} or {plain(TRACKERS)}")
    scripts, published = publish_page_scripts(calculators_file.content_string, trackers_file.content_bytes, folder)
    files.remove(trackers_file)
    files.remove(calculators_file)
    for path, content in published.items():
        files.append(File.generated(config, path, content=content))
    named = []
    for script in config.extra_javascript:
        path = script_as_published(str(script), scripts)
        if isinstance(script, str):
            script = path
        elif path != str(script):
            script.path = path
        named.append(script)
    config.extra_javascript = named
    config.extra["codex_scripts"] = dataclasses.asdict(scripts)
    return scripts

"""The book's languages (codex/book/source.py, `Language`), read from the project's MkDocs configurations: mkdocs.yml
and the configurations its codex plugin builds."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import load_config

from codex.adapter.configuration import languages_of
from codex.book.source import Language
from codex.site_languages import ROOT_CONFIG


def language_configs(project: Path) -> dict[str, Language]:
    """Each language of the site, by its code."""
    root = load_config(config_file=str(project / ROOT_CONFIG))
    configs = [root] + [
        load_config(config_file=str(project / other)) for other in root.plugins["codex"].config["other_languages"]
    ]
    names = {a.get("lang"): a.get("name", "") for a in root.extra.get("alternate") or []}
    folders = languages_of(root)
    languages = {}
    for config in configs:
        code = config.theme["language"]
        languages[code] = Language(
            code=code,
            name=names.get(code, code),
            folder=folders.folder(code),
            config_file=config.config_file_path,
            rulebook_page=config.plugins["codex"].config["rulebook"]["page"],
            nav=config.nav,
            site_name=config.site_name,
            site_description=config.site_description or "",
        )
    return languages

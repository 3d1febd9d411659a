"""The site's languages and their folders, as the language switcher lists them (a configuration's
`extra.alternate`): '' for the root language, 'en' for a language at /en/. Plain data for the engine: the adapter
reads them from MkDocs' configuration (codex/adapter/configuration.py); a command outside a build, and the tests,
from mkdocs.yml (`project_languages`), the one place the list is written."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT_CONFIG = "mkdocs.yml"  # the root language's configuration, which lists every language


class ConfigLoader(yaml.SafeLoader):
    """Reads a MkDocs configuration's YAML, its tags (!ENV, !relative...) as plain values."""


ConfigLoader.add_multi_constructor("!", lambda loader, suffix, node: None)
ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


@dataclass(frozen=True)
class SiteLanguages:
    """Each language of the site in the switcher's order with its folder, and the language being built."""

    folders: dict[str, str]  # 'fr' -> '', 'en' -> 'en'
    current: str

    @classmethod
    def from_alternate(cls, alternate: list[dict] | None, current: str) -> SiteLanguages:
        """From `extra.alternate` (each entry's `lang` and `link`) and the language being built."""
        folders = {entry["lang"]: "/".join(p for p in entry["link"].split("/") if p) for entry in alternate or []}
        return cls(folders or {current: ""}, current)

    @property
    def codes(self) -> list[str]:
        return list(self.folders)

    def folder(self, lang: str) -> str:
        """'' for the root language (or one the switcher does not list), 'en' for a language at /en/."""
        return self.folders.get(lang, "")

    @property
    def depth(self) -> int:
        """How many folders below the site's root the language being built lives ('' -> 0, 'en' -> 1)."""
        folder = self.folder(self.current)
        return len(folder.split("/")) if folder else 0


def project_site_languages(project: Path) -> SiteLanguages:
    """The site's languages and their folders, from the project's root configuration (its switcher's list; its own
    language alone when it lists none), the root language as the current one."""
    config = yaml.load((project / ROOT_CONFIG).read_text(encoding="utf-8"), Loader=ConfigLoader) or {}
    extra, theme = config.get("extra") or {}, config.get("theme") or {}
    return SiteLanguages.from_alternate(extra.get("alternate"), theme.get("language", ""))


def project_languages(project: Path) -> tuple[str, ...]:
    """The site's languages, from the project's root configuration (`project_site_languages`)."""
    return tuple(project_site_languages(project).codes)

"""The site's languages and their folders, read from a configuration's `extra.alternate` (the language switcher's
list): '' for the root language, 'en' for a language at /en/. Below the plugin, the other languages' builds and the
book, which all need it."""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig


def language_folder(config: MkDocsConfig, lang: str) -> str:
    """'' for the root language, 'en' for a language at /en/, from extra.alternate."""
    for alternate in config.extra.get("alternate") or []:
        if alternate.get("lang") == lang:
            return "/".join(part for part in alternate["link"].split("/") if part)
    return ""


def language_depth(config: MkDocsConfig) -> int:
    """How many folders below the site root this language lives, from extra.alternate ('/' -> 0, '/en/' -> 1)."""
    folder = language_folder(config, config.theme["language"])
    return len(folder.split("/")) if folder else 0


def site_languages(config: MkDocsConfig) -> list[str]:
    """The site's languages in the switcher's order (this configuration's alone when it lists none)."""
    return [alternate["lang"] for alternate in config.extra.get("alternate") or []] or [config.theme["language"]]


def language_folders(config: MkDocsConfig) -> dict[str, str]:
    """Each language of the site -> its folder ('' for the root language)."""
    return {lang: language_folder(config, lang) for lang in site_languages(config)}

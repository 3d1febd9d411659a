"""The Codex MkDocs plugin: the one place that owns the build events, in this order.

For each language's configuration (mkdocs.yml for French; mkdocs.en.yml, which inherits it, for English):

1. ``on_config``: load and validate ``data/`` (a data error stops the build with file:line), register the page
   macros with mkdocs-macros (which renders them), and set up either the served site (web app links) or the offline
   folder (``.html`` links, classic scripts). The plugin is listed before ``macros``, so the macros exist when
   mkdocs-macros configures itself.
   Under ``mkdocs serve``, ``on_serve`` watches data, both languages' pages, the engine and the rules code.
2. ``on_page_markdown`` (priority -50, after mkdocs-macros has rendered the page): append the glossary's tooltip
   definitions in the page's language.
3. ``on_post_page`` / ``on_post_template``: drop the one invalid attribute the theme writes.
4. ``on_post_build`` (after the search plugin has written the index, as the plugin is listed after ``search``):
   fold the search index, publish the calculators and the downloads, assemble the rulebook; then build the other
   languages' configurations into ``<site_dir>/<lang>/``; last, write the web app manifest and, in the root language,
   the service worker over every language (or finish the offline folder).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.commands.build import build
from mkdocs.config import config_options as c
from mkdocs.config import load_config
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority

import calculators
import codex
from codex.data.errors import DataErrors
from codex.data.loading import Dataset, load_dataset
from codex.macros import make_page_macros
from codex.publish.calculators import publish_calculators
from codex.publish.downloads import publish_downloads
from codex.publish.offline_folder import configure_for_folder, finish_folder
from codex.publish.rulebook import assemble_rulebook
from codex.publish.search_folding import fold_search_index
from codex.publish.theme_fixes import drop_empty_tabindex
from codex.publish.web_app import app_links, write_manifest, write_service_worker
from codex.render.edit_links import repository_edit_base
from codex.render.tooltips import append_tooltips, tooltip_definitions


class CodexConfig(Config):
    """Options of the `codex` plugin (paths are relative to the configuration file's folder)."""

    data_dir = c.Type(str, default="data")
    vendor_dir = c.Type(str, default="docs/vendor")
    # Configurations of the other languages, built into <site_dir>/<their folder> after this one (French only).
    other_languages = c.ListOfItems(c.Type(str), default=[])
    # The folder build (python -m codex.offline): links end in .html and everything works from file://.
    offline_folder = c.Type(bool, default=False)


class CodexPlugin(BasePlugin[CodexConfig]):
    """Data, page macros, tooltips and the published extras of one language; see the module's docstring."""

    def __init__(self) -> None:
        self.dataset: Dataset | None = None
        self.tooltips: dict[str, str] = {}

    # -- paths

    def project_path(self, config: MkDocsConfig, relative: str) -> Path:
        return Path(config.config_file_path).resolve().parent / relative

    # -- 1. configuration

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        try:
            self.dataset = load_dataset(self.project_path(config, self.config.data_dir))
        except DataErrors as err:
            raise PluginError(f"invalid data, the build stops:\n{err}") from None
        lang = config.theme["language"]
        glossary = self.dataset.by_id("glossary.schema.json").get("glossary")
        self.tooltips = tooltip_definitions(glossary, lang) if glossary else {}
        macros_plugin = config.plugins.get("macros")
        if macros_plugin is None:
            raise PluginError("the codex plugin needs the macros plugin (mkdocs-macros), listed after it")
        edit_base = repository_edit_base(config)
        macros_plugin.register_macros(make_page_macros(self.dataset, lang, Path(config.docs_dir), edit_base))
        if self.config.offline_folder:
            configure_for_folder(config)
            config.extra["codex_app"] = None
        else:
            config.extra["codex_app"] = app_links(language_depth(config))
        return config

    # -- 2. pages

    @event_priority(-50)  # after mkdocs-macros (priority 0) has rendered the page's macros
    def on_page_markdown(self, markdown: str, **kwargs: Any) -> str:
        return append_tooltips(markdown, self.tooltips)

    # -- 3. HTML

    def on_post_page(self, output: str, **kwargs: Any) -> str:
        return drop_empty_tabindex(output)

    def on_post_template(self, output_content: str, **kwargs: Any) -> str:
        return drop_empty_tabindex(output_content)

    # -- `mkdocs serve`: rebuild on a change of data, of any page or override, of the engine or the rules code

    def on_serve(self, server: LiveReloadServer, config: MkDocsConfig, **kwargs: Any) -> LiveReloadServer:
        watched = [self.config.data_dir, "docs", *self.config.other_languages]
        for path in [self.project_path(config, p) for p in watched] + [package_dir(codex), package_dir(calculators)]:
            if path.exists():
                server.watch(str(path))
        return server

    # -- 4. after the build

    def on_post_build(self, config: MkDocsConfig) -> None:
        assert self.dataset is not None
        site_dir = Path(config.site_dir)
        lang = config.theme["language"]
        vendor_dir = self.project_path(config, self.config.vendor_dir)
        fold_search_index(site_dir)
        publish_calculators(site_dir, self.dataset, vendor_dir)
        publish_downloads(site_dir, self.dataset, lang)
        assemble_rulebook(site_dir, config.nav, lang)
        for other in self.config.other_languages:
            build_other_language(config, self.project_path(config, other))
        if self.config.offline_folder:
            finish_folder(site_dir, vendor_dir)
            return
        write_manifest(site_dir, lang, config.site_name, config.site_description or config.site_name)
        if language_depth(config) == 0:
            write_service_worker(site_dir, site_languages(config))


def package_dir(package: Any) -> Path:
    return Path(package.__file__).resolve().parent


def language_depth(config: MkDocsConfig) -> int:
    """How many folders below the site root this language lives, from extra.alternate ('/' -> 0, '/en/' -> 1)."""
    folder = language_folder(config, config.theme["language"])
    return len(folder.split("/")) if folder else 0


def language_folder(config: MkDocsConfig, lang: str) -> str:
    """'' for the root language, 'en' for a language at /en/, from extra.alternate."""
    for alternate in config.extra.get("alternate") or []:
        if alternate.get("lang") == lang:
            return "/".join(part for part in alternate["link"].split("/") if part)
    return ""


def site_languages(config: MkDocsConfig) -> list[str]:
    return [alternate["lang"] for alternate in config.extra.get("alternate") or []] or [config.theme["language"]]


def build_other_language(config: MkDocsConfig, config_file: Path) -> None:
    """Build another language's configuration into its folder of this site (strictness and site_url follow)."""
    other = load_config(config_file=str(config_file), strict=config.strict)
    folder = language_folder(other, other.theme["language"])
    site_url = (config.site_url or "").rstrip("/")
    other.site_dir = str(Path(config.site_dir) / folder)
    other.site_url = f"{site_url}/{folder}/" if site_url else None
    build(other, dirty=False)

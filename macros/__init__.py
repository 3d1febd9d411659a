"""mkdocs-macros entry point: registers the page macros for the language being built."""
from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

from .data_errors import DataErrors
from .data_loader import load_dataset
from .edit_links import repository_edit_base
from .page_macros import make_page_macros
from .publish_calculators import publish_calculators
from .assemble_rulebook import assemble_rulebook
from .publish_downloads import publish_downloads
from .glossary_tooltips import append_tooltips, tooltip_definitions
from .search_index_folding import fold_search_index

TOOLTIPS: dict[tuple[str, str], dict[str, str]] = {}  # (project, language) -> glossary tooltips, built once per build


def load_data(project_dir: str):
    try:
        return load_dataset(Path(project_dir) / "data")
    except DataErrors as err:
        raise PluginError(f"invalid data, the build stops:\n{err}") from None


def define_env(env) -> None:
    dataset = load_data(env.project_dir)
    TOOLTIPS.pop((env.project_dir, env.conf["theme"]["language"]), None)  # reloaded per build (mkdocs serve)
    edit_base = repository_edit_base(env.conf)
    for name, function in make_page_macros(dataset, env.conf["theme"]["language"], Path(env.conf["docs_dir"]), edit_base).items():
        env.macro(function, name)


def on_post_page_macros(env) -> None:
    """After the macros: append the glossary's tooltips (abbreviation definitions) in the page's language."""
    lang = env.conf["theme"]["language"]
    key = (env.project_dir, lang)
    if key not in TOOLTIPS:
        glossary = load_data(env.project_dir).by_id("glossary.schema.json").get("glossary")
        TOOLTIPS[key] = tooltip_definitions(glossary, lang) if glossary else {}
    env.markdown = append_tooltips(env.markdown, TOOLTIPS[key])


def on_post_build(env) -> None:
    dataset = load_data(env.project_dir)
    fold_search_index(Path(env.conf["site_dir"]))
    publish_calculators(Path(env.conf["site_dir"]), dataset)
    publish_downloads(Path(env.conf["site_dir"]), dataset, env.conf["theme"]["language"])
    assemble_rulebook(Path(env.conf["site_dir"]), env.conf["nav"], env.conf["theme"]["language"])

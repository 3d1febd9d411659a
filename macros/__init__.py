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

# (project, language) -> (dataset, glossary tooltips): loaded once per build in define_env, used by the later events.
BUILDS: dict[tuple[str, str], tuple] = {}


def load_data(project_dir: str):
    try:
        return load_dataset(Path(project_dir) / "data")
    except DataErrors as err:
        raise PluginError(f"invalid data, the build stops:\n{err}") from None


def build_key(env) -> tuple[str, str]:
    return (env.project_dir, env.conf["theme"]["language"])


def define_env(env) -> None:
    dataset = load_data(env.project_dir)
    lang = env.conf["theme"]["language"]
    glossary = dataset.by_id("glossary.schema.json").get("glossary")
    BUILDS[build_key(env)] = (dataset, tooltip_definitions(glossary, lang) if glossary else {})
    edit_base = repository_edit_base(env.conf)
    for name, function in make_page_macros(dataset, lang, Path(env.conf["docs_dir"]), edit_base).items():
        env.macro(function, name)


def on_post_page_macros(env) -> None:
    """After the macros: append the glossary's tooltips (abbreviation definitions) in the page's language."""
    env.markdown = append_tooltips(env.markdown, BUILDS[build_key(env)][1])


def on_post_build(env) -> None:
    dataset = BUILDS[build_key(env)][0]
    fold_search_index(Path(env.conf["site_dir"]))
    publish_calculators(Path(env.conf["site_dir"]), dataset)
    publish_downloads(Path(env.conf["site_dir"]), dataset, env.conf["theme"]["language"])
    assemble_rulebook(Path(env.conf["site_dir"]), env.conf["nav"], env.conf["theme"]["language"])

"""mkdocs-macros entry point: registers the page macros for the language being built."""
from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

from .data_errors import DataErrors
from .data_loader import load_dataset
from .page_macros import make_page_macros
from .publish_calculators import publish_calculators


def load_data(project_dir: str):
    try:
        return load_dataset(Path(project_dir) / "data")
    except DataErrors as err:
        raise PluginError(f"invalid data, the build stops:\n{err}") from None


def define_env(env) -> None:
    dataset = load_data(env.project_dir)
    for name, function in make_page_macros(dataset, env.conf["theme"]["language"], Path(env.conf["docs_dir"])).items():
        env.macro(function, name)


def on_post_build(env) -> None:
    publish_calculators(Path(env.conf["site_dir"]), load_data(env.project_dir))

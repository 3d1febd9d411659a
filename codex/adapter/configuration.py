"""What the engine reads from a language's MkDocs configuration, as plain values, and what the folder build changes
in it."""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig

from codex.publish.offline_folder import CALCULATOR_SCRIPT, CLASSIC_CALCULATOR_SCRIPT, WORKER_SHIM_TARGET
from codex.site_languages import SiteLanguages


def languages_of(config: MkDocsConfig) -> SiteLanguages:
    """The site's languages (extra.alternate, the switcher's list) and the one this configuration builds."""
    return SiteLanguages.from_alternate(config.extra.get("alternate"), config.theme["language"])


def configure_for_folder(config: MkDocsConfig) -> None:
    """The folder build's configuration (codex/publish/offline_folder.py): links to .html files, the worker shim
    loaded first, the calculators' script as a classic script. Called from on_config."""
    config.use_directory_urls = False
    polyfills = config.extra.get("polyfills") or []
    config.extra["polyfills"] = [*polyfills, WORKER_SHIM_TARGET]
    scripts = []
    for script in config.extra_javascript:
        if str(script) == CALCULATOR_SCRIPT:
            script = CLASSIC_CALCULATOR_SCRIPT  # a plain path: a classic script
        scripts.append(script)
    config.extra_javascript = scripts

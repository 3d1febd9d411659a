"""The site's languages as plain data (codex/site_languages.py): read once from mkdocs.yml's language switcher, the
same as MkDocs reads from each language's configuration."""

from __future__ import annotations

from mkdocs.config import load_config

from codex.adapter.configuration import languages_of
from codex.site_languages import SiteLanguages, project_languages
from tests.conftest import ROOT
from tests.site_pages import CONFIGS

SWITCHER = [{"lang": "fr", "link": "/", "name": "Français"}, {"lang": "en", "link": "/en/", "name": "English"}]


def test_each_language_has_its_folder_and_depth() -> None:
    french, english = SiteLanguages.from_alternate(SWITCHER, "fr"), SiteLanguages.from_alternate(SWITCHER, "en")
    assert french.codes == ["fr", "en"] and french.folders == {"fr": "", "en": "en"}
    assert (french.depth, english.depth) == (0, 1)
    assert SiteLanguages.from_alternate(None, "fr").codes == ["fr"]  # no switcher: the language built alone


def test_mkdocs_yml_lists_the_languages_each_configuration_builds() -> None:
    configs = [load_config(config_file=str(ROOT / name)) for name in CONFIGS.values()]
    assert project_languages(ROOT) == tuple(config.theme["language"] for config in configs)
    assert all(languages_of(config).codes == list(project_languages(ROOT)) for config in configs)

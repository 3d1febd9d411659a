"""The repository's address comes from the environment (CODEX_REPO_URL, read once in mkdocs.yml). With it, every
page has an "edit this page" link to its own source file (docs/fr/... or docs/en/...) and every table rendered from
data an "edit this table" link to its YAML file, both in that repository; without it, the site links to no repository
at all (never to a made-up address)."""

from __future__ import annotations

import pytest
import yaml
from bs4 import BeautifulSoup
from mkdocs.config import load_config
from mkdocs.utils.yaml import get_yaml_loader

from codex.render.edit_links import forget_unset_repository, repository_edit_base
from tests.audit_pages import all_pages
from tests.built_html import parsed
from tests.conftest import EXAMPLE_REPO_URL, LANGS, ROOT, built_path, lang_root

EDIT_PREFIX = EXAMPLE_REPO_URL + "/edit/"


def page_soup(site, lang: str, page: str) -> BeautifulSoup:
    return parsed(lang_root(site, lang) / built_path(page))


def repository_path(edit_url: str) -> str:
    """'https://github.com/example/codex2bis/edit/main/docs/fr/x.md' -> 'docs/fr/x.md'."""
    assert edit_url.startswith(EDIT_PREFIX), edit_url
    return edit_url[len(EDIT_PREFIX) :].split("/", 1)[1]


def test_the_repository_address_is_read_once_from_the_environment(monkeypatch):
    english = yaml.load((ROOT / "mkdocs.en.yml").read_text(encoding="utf-8"), Loader=get_yaml_loader())
    assert "repo_url" not in english and "repo_name" not in english
    monkeypatch.setenv("CODEX_REPO_URL", EXAMPLE_REPO_URL)
    assert load_config(config_file=str(ROOT / "mkdocs.en.yml")).repo_url == EXAMPLE_REPO_URL
    monkeypatch.delenv("CODEX_REPO_URL")
    assert load_config(config_file=str(ROOT / "mkdocs.yml")).repo_url is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", all_pages())
def test_every_page_links_to_its_source_and_its_tables_to_their_data(addressed_site, lang, page):
    soup = page_soup(addressed_site, lang, page)
    edit = soup.select_one('a.md-content__button[rel="edit"]')
    assert edit, f"{lang}/{page}: no edit link"
    assert repository_path(edit["href"]) == f"docs/{lang}/{page}"
    assert soup.select_one("a.md-source")["href"] == EXAMPLE_REPO_URL
    for table in soup.select(".codex-table[data-table]"):
        link = table.select_one(".codex-edit a")
        assert link, f"{lang}/{page}: table {table['data-table']} has no edit link"
        path = repository_path(link["href"])
        assert path.startswith("data/") and (ROOT / path).is_file(), path


@pytest.mark.parametrize("lang", LANGS)
def test_without_a_repository_address_no_page_links_to_a_repository(built_site, lang):
    pages = [lang_root(built_site, lang) / built_path(page) for page in all_pages()]
    for path in [*pages, lang_root(built_site, lang) / "404.html"]:
        soup = parsed(path)
        assert not soup.select('a[rel="edit"], .codex-edit, .md-source'), path
        assert "github.com" not in str(soup), path


@pytest.mark.parametrize("lang", LANGS)
def test_the_404_page_has_no_edit_link(addressed_site, lang):
    soup = parsed(lang_root(addressed_site, lang) / "404.html")
    assert soup.select_one("a.md-source")  # the repository link of the header: the page has the address
    assert not soup.select('a[rel="edit"], .codex-edit')


def test_data_edit_base_drops_the_docs_folder():
    conf = {
        "repo_url": "https://example.org/o/r/",
        "edit_uri": "edit/dev/docs/en/",
        "config_file_path": str(ROOT / "mkdocs.en.yml"),
        "docs_dir": str(ROOT / "docs" / "en"),
    }
    assert repository_edit_base(conf) == "https://example.org/o/r/edit/dev/"
    assert repository_edit_base({**conf, "repo_url": ""}) == ""


@pytest.mark.parametrize("repo_url", [None, ""])
def test_an_unset_or_empty_repository_address_leaves_no_edit_address(repo_url):
    conf = {"repo_url": repo_url, "repo_name": "", "edit_uri": "edit/main/docs/fr/"}
    forget_unset_repository(conf)
    assert conf == {"repo_url": None, "repo_name": None, "edit_uri": None}
    kept = {"repo_url": EXAMPLE_REPO_URL, "repo_name": "GitHub", "edit_uri": "edit/main/docs/fr/"}
    forget_unset_repository(kept)
    assert kept["edit_uri"] == "edit/main/docs/fr/" and kept["repo_url"] == EXAMPLE_REPO_URL

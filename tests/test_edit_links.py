"""Every page has an "edit this page" link to its own source file (docs/fr/... or docs/en/...), and every table
rendered from data an "edit this table" link to its YAML file, both under the one repo_url of mkdocs.yml."""

from __future__ import annotations

import pytest
import yaml
from bs4 import BeautifulSoup
from mkdocs.utils.yaml import get_yaml_loader

from codex.render.edit_links import repository_edit_base
from tests.audit_pages import all_pages
from tests.conftest import LANGS, ROOT, built_path, lang_root


def repo_url() -> str:
    first_lines = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return next(line.split(":", 1)[1].strip() for line in first_lines.splitlines() if line.startswith("repo_url:"))


def repository_path(edit_url: str) -> str:
    """'https://github.com/o/r/edit/main/docs/fr/x.md' -> 'docs/fr/x.md'."""
    prefix = repo_url().rstrip("/") + "/edit/"
    assert edit_url.startswith(prefix), edit_url
    return edit_url[len(prefix) :].split("/", 1)[1]


def test_the_repository_address_is_set_once():
    english = yaml.load((ROOT / "mkdocs.en.yml").read_text(encoding="utf-8"), Loader=get_yaml_loader())
    assert "repo_url" not in english and repo_url().startswith("https://")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", all_pages())
def test_every_page_links_to_its_source_and_its_tables_to_their_data(built_site, lang, page):
    soup = BeautifulSoup((lang_root(built_site, lang) / built_path(page)).read_text(encoding="utf-8"), "html.parser")
    edit = soup.select_one('a.md-content__button[rel="edit"]')
    assert edit, f"{lang}/{page}: no edit link"
    assert repository_path(edit["href"]) == f"docs/{lang}/{page}"
    for table in soup.select(".codex-table[data-table]"):
        link = table.select_one(".codex-edit a")
        assert link, f"{lang}/{page}: table {table['data-table']} has no edit link"
        path = repository_path(link["href"])
        assert path.startswith("data/") and (ROOT / path).is_file(), path


def test_data_edit_base_drops_the_docs_folder():
    conf = {
        "repo_url": "https://example.org/o/r/",
        "edit_uri": "edit/dev/docs/en/",
        "config_file_path": str(ROOT / "mkdocs.en.yml"),
        "docs_dir": str(ROOT / "docs" / "en"),
    }
    assert repository_edit_base(conf) == "https://example.org/o/r/edit/dev/"
    assert repository_edit_base({**conf, "repo_url": ""}) == ""

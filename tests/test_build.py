"""The real MkDocs build: both languages from one command, strict, with the same pages and anchors in each."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.conftest import LANGS, ROOT, built_path, lang_root, run_mkdocs_build

PAGES = sorted(p.relative_to(ROOT / "docs" / "fr").as_posix() for p in (ROOT / "docs" / "fr").rglob("*.md"))


def html_of(site: Path, lang: str, page: str) -> Path:
    return lang_root(site, lang) / built_path(page)


def content_ids(path: Path) -> set[str]:
    """Anchors a reader can link to inside the page's article."""
    article = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser").select_one("article")
    return {tag["id"] for tag in article.find_all(id=True)}


def copy_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        shutil.copy(ROOT / name, project / name) if project.exists() else (
            project.mkdir(),
            shutil.copy(ROOT / name, project / name),
        )
    for folder in ("docs", "data"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return project


def test_same_pages_in_both_languages():
    english = sorted(p.relative_to(ROOT / "docs" / "en").as_posix() for p in (ROOT / "docs" / "en").rglob("*.md"))
    assert PAGES == english


@pytest.mark.parametrize("page", PAGES)
def test_page_is_built_in_both_languages_with_the_same_anchors(built_site, page):
    french, english = html_of(built_site, "fr", page), html_of(built_site, "en", page)
    assert french.exists() and english.exists()
    assert content_ids(french) == content_ids(english)


@pytest.mark.parametrize("lang, title", [("fr", "Page introuvable"), ("en", "Page not found")])
def test_each_language_has_its_own_404_page(built_site, lang, title):
    assert f"<h1>{title}</h1>" in (lang_root(built_site, lang) / "404.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_own_search_index(built_site, lang):
    index = json.loads((lang_root(built_site, lang) / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == [lang]
    texts = " ".join(doc["text"] for doc in index["docs"])
    # a term only a table holds is searchable: the materials and standard objects
    assert "Adamantine" in texts or "Adamantium" in texts
    assert ("Porte en fer" in texts) if lang == "fr" else ("Iron door" in texts)
    # no page of the other language leaks in
    assert not any(doc["location"].startswith("en/") for doc in index["docs"])


def test_no_page_asks_for_anything_outside_the_site(built_site):
    for html in built_site.rglob("*.html"):
        soup = BeautifulSoup(html.read_text(encoding="utf-8"), "html.parser")
        for tag, attr in (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src")):
            for element in soup.find_all(tag):
                url = element.get(attr) or ""
                if tag == "link" and element.get("rel") and {"alternate", "canonical"} & set(element["rel"]):
                    continue
                assert not re.match(r"^(https?:)?//", url), f"{html}: {tag} loads {url}"


def test_broken_yaml_stops_the_build_naming_file_and_line(tmp_path):
    project = copy_project(tmp_path)
    table = project / "data" / "tables" / "ability-bonus-skills.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace("bonus: -5}", "bonus: -5"), encoding="utf-8")
    result = run_mkdocs_build(project, tmp_path / "site")
    assert result.returncode != 0
    assert re.search(r"data/tables/ability-bonus-skills\.yaml:\d+: field '\(YAML syntax\)'", result.stderr), (
        result.stderr[-2000:]
    )


def test_wrong_value_stops_the_build_naming_file_line_and_field(tmp_path):
    project = copy_project(tmp_path)
    table = project / "data" / "tables" / "ability-bonus-skills.yaml"
    text = table.read_text(encoding="utf-8")
    line = next(i for i, written in enumerate(text.splitlines(), 1) if "id: score-15," in written)
    table.write_text(text.replace("min_score: 15, bonus: 2}", "min_score: 15, bonus: [2]}"), encoding="utf-8")
    result = run_mkdocs_build(project, tmp_path / "site")
    assert result.returncode != 0
    assert f"data/tables/ability-bonus-skills.yaml:{line}: field 'rows[" in result.stderr
    assert ".bonus'" in result.stderr


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_table_in_a_page_stops_the_build_naming_the_page(tmp_path, lang):
    project = copy_project(tmp_path)
    page = project / "docs" / lang / "fumbles.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n{{ table('no-such-table') }}\n", encoding="utf-8")
    result = run_mkdocs_build(project, tmp_path / "site")
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert "fumbles.md" in output and "unknown table id 'no-such-table'" in output


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", PAGES)
def test_no_anchor_is_used_twice_on_a_page(built_site, lang, page):
    soup = BeautifulSoup(html_of(built_site, lang, page).read_text(encoding="utf-8"), "html.parser")
    ids = [tag["id"] for tag in soup.find_all(id=True)]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})

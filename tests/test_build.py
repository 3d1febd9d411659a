"""The real MkDocs build: both languages from one command, strict, with the same pages in each; a mistake in a
broken copy of the project stops it with a message that names the mistake. (The same anchors and structure on each
page in both languages: tests/test_translation_structure.py; duplicate ids: the Nu validator, test_html_validity.)"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.built_html import parsed
from tests.conftest import LANGS, ROOT, lang_root, run_mkdocs_build

pytestmark = pytest.mark.site  # builds the site, or broken copies of the project

PAGES = sorted(p.relative_to(ROOT / "docs" / "fr").as_posix() for p in (ROOT / "docs" / "fr").rglob("*.md"))


def copy_project(tmp_path: Path) -> Path:
    """A copy of the project's content (configurations, pages, data) to break; the engine is the installed one."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        shutil.copy(ROOT / name, project / name)
    for folder in ("docs", "data"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return project


def test_same_pages_in_both_languages():
    english = sorted(p.relative_to(ROOT / "docs" / "en").as_posix() for p in (ROOT / "docs" / "en").rglob("*.md"))
    assert PAGES == english


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
        soup = parsed(html)
        for tag, attr in (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src")):
            for element in soup.find_all(tag):
                url = element.get(attr) or ""
                if tag == "link" and element.get("rel") and {"alternate", "canonical"} & set(element["rel"]):
                    continue
                assert not re.match(r"^(https?:)?//", url), f"{html}: {tag} loads {url}"


def test_data_mistakes_stop_the_build_naming_file_line_and_field(tmp_path):
    """One broken copy holding two independent mistakes in two files, a YAML syntax error and a value of the wrong
    type: the build stops and names each (the loader reads every file before it stops)."""
    project = copy_project(tmp_path)
    syntax = project / "data" / "tables" / "ability-bonus-skills.yaml"
    syntax.write_text(syntax.read_text(encoding="utf-8").replace("bonus: -5}", "bonus: -5"), encoding="utf-8")
    wrong = project / "data" / "tables" / "materials.yaml"
    lines = wrong.read_text(encoding="utf-8").splitlines(keepends=True)
    line = next(number for number, text in enumerate(lines, 1) if "id: paper," in text)
    lines[line - 1] = lines[line - 1].replace("hardness: 0,", "hardness: [0],")
    wrong.write_text("".join(lines), encoding="utf-8")
    result = run_mkdocs_build(project, tmp_path / "site")
    assert result.returncode != 0
    assert re.search(r"data/tables/ability-bonus-skills\.yaml:\d+: field '\(YAML syntax\)'", result.stderr), (
        result.stderr[-2000:]
    )
    assert f"data/tables/materials.yaml:{line}: field 'rows[0].hardness'" in result.stderr, result.stderr[-2000:]


@pytest.mark.parametrize("lang, config_file", [("fr", "mkdocs.yml"), ("en", "mkdocs.en.yml")])
def test_unknown_table_in_a_page_stops_the_build_naming_the_page(tmp_path, lang, config_file):
    """Each language's configuration stops on it. English pages are built by mkdocs.en.yml, which the plugin runs
    after the whole French build: it is run alone here, so the broken copy does not first build every French page."""
    project = copy_project(tmp_path)
    page = project / "docs" / lang / "fumbles.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n{{ table('no-such-table') }}\n", encoding="utf-8")
    result = run_mkdocs_build(project, tmp_path / "site", config_file)
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert "fumbles.md" in output and "unknown table id 'no-such-table'" in output

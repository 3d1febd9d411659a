"""The history of the rules on the site and in pull requests (issue 13): every commit's rule changes, newest first,
on the Changes page of each language, under each rule page and table ("last changed"), on the home page, and as
Markdown from `python -m codex.changes BASE [HEAD]`; without git history the build says so."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from codex.changes import cache as changes_cache
from codex.changes.__main__ import main as changes_main
from codex.changes.history import rules_history
from codex.changes.model import Change
from codex.i18n.ui import UIText
from codex.render.rules_changes import last_changed, page_changes, render_changes_page, render_page_history
from tests.conftest import LANGS, ROOT, lang_root, run_mkdocs_build
from tests.git_repo import GitRepo
from tests.project_data import project_dataset

MATERIALS = "data/tables/materials.yaml"
STONE_ROW = "{id: stone, name: {fr: Pierre, en: Stone}, ac: 4, hardness: 8, hp_thin: 10, hp_normal: 20, hp_thick: 90}"
THICK_STONE = {"fr": "Matériaux standard › Pierre › HP Thick (épais)", "en": "Standard materials › Stone › HP thick"}
UI = UIText.from_dataset(project_dataset())


def change_thick_stone(repo: GitRepo) -> str:
    repo.replace(MATERIALS, STONE_ROW, STONE_ROW.replace("hp_thick: 90", "hp_thick: 80"))
    return repo.commit("Thick stone: 80 hit points")


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo.of_project(tmp_path / "project")


def link(page: str, anchor: str) -> str:
    return f"../{page.removesuffix('.md')}/#{anchor}"


def test_the_history_lists_each_commit_s_changes_newest_first(repo):
    commit = change_thick_stone(repo)
    history = rules_history(repo.root)
    assert [c.subject for c in history] == ["Thick stone: 80 hit points", "The project's rules"]
    newest = history[0]
    assert (newest.commit, newest.date) == (commit, "2024-03-02")
    assert [(c.kind, c.where, c.old, c.new) for c in newest.changes] == [
        ("cell", THICK_STONE, {"fr": "90", "en": "90"}, {"fr": "80", "en": "80"})
    ]


def test_a_commit_that_changes_no_rule_is_not_listed(repo):
    repo.write("README.md", "not a rule\n")
    repo.commit("A readme")
    assert [c.subject for c in rules_history(repo.root)] == ["The project's rules"]


def test_without_the_whole_history_there_is_no_history(repo, tmp_path):
    change_thick_stone(repo)
    assert rules_history(tmp_path / "no-repository") is None
    shallow = tmp_path / "shallow"
    repo.git("clone", "--quiet", "--depth=1", f"file://{repo.root}", str(shallow))
    assert rules_history(shallow) is None  # its oldest commit would show the whole rules as new


def test_a_commit_s_changes_are_computed_once(repo, monkeypatch):
    change_thick_stone(repo)
    first = rules_history(repo.root)

    def fail(*args):
        raise AssertionError("computed again")

    monkeypatch.setattr("codex.changes.history.rules_changes", fail)
    assert rules_history(repo.root) == first


def test_the_command_prints_the_changes_in_both_languages(repo, capsys):
    change_thick_stone(repo)
    assert changes_main(["HEAD~1", "HEAD", "--repo", str(repo.root)]) == 0
    out = capsys.readouterr().out
    assert "## Modifications des règles (HEAD~1 → HEAD)" in out and "## Rule changes (HEAD~1 → HEAD)" in out
    assert f"- **{THICK_STONE['fr']}**\u00a0: 90 → 80" in out
    assert f"- **{THICK_STONE['en']}**: 90 → 80" in out
    assert out.index("### Règles AD&D 2bis") < out.index(THICK_STONE["fr"])


def test_the_command_says_an_unknown_commit_in_one_line(repo, capsys):
    assert changes_main(["no-such-commit", "--repo", str(repo.root)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("codex.changes: ") and "no-such-commit" in err and "\n" not in err


@pytest.mark.parametrize("lang", LANGS)
def test_the_changes_page_links_each_change_and_filters_by_document(repo, lang):
    change_thick_stone(repo)
    html = str(render_changes_page(rules_history(repo.root), lang, UI, link))
    soup = BeautifulSoup(html, "html.parser")
    commits = soup.select(".codex-change-commit")
    assert commits[0]["id"] == "commit-" + rules_history(repo.root)[0].short
    item = commits[0].select_one("li[data-document='000']")
    assert item.strong.a["href"] == "../object-damage/#table-materials"
    assert item.get_text().endswith("90 → 80") and item.get_text().startswith(THICK_STONE[lang])
    choices = [i["value"] for i in soup.select(".codex-changes-filter input")]
    assert choices == ["*", "000", "002", "003", ""]


def test_the_changes_page_says_when_there_is_no_history():
    for lang in LANGS:
        html = str(render_changes_page(None, lang, UI, link))
        assert UI.text("changes_unavailable", lang) in BeautifulSoup(html, "html.parser").get_text()


def test_a_page_shows_its_own_history_and_a_table_its_last_change(repo):
    change_thick_stone(repo)
    history = rules_history(repo.root)
    html = str(render_page_history(page_changes(history, "object-damage.md"), "en", UI, link))
    soup = BeautifulSoup(html, "html.parser")
    assert soup.details["id"] == "page-history"
    assert soup.summary.get_text() == UI.text("page_last_changed", "en", date="2024-03-02")
    assert last_changed(page_changes(history, "object-damage.md"), "table-materials") == "2024-03-02"
    assert last_changed(page_changes(history, "fumbles.md"), "table-fumbles") == "2024-03-01"
    assert last_changed(page_changes(history, "fumbles.md"), "table-materials") == ""
    assert str(render_page_history([], "en", UI, link)) == ""


def test_a_change_survives_the_cache_as_it_was():
    change = Change("cell", "000", "p.md", "a", {"fr": "x", "en": "x"}, None, {"fr": "1", "en": "1"}, ({"fr": "− a"},))
    assert changes_cache.from_json(__import__("dataclasses").asdict(change)) == change


@pytest.mark.site
def test_a_clone_that_changes_a_cell_shows_it_on_the_changes_page_and_the_rule_page(tmp_path, capsys):
    """The issue's "Done when": a commit changes the thick stone hit points; the built Changes page of each language
    shows the old and new values under that commit, the object-damage page says when it last changed, and the
    command prints the same change."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        shutil.copy(ROOT / name, project / name)
    repo = GitRepo.of_project(project)  # data and pages, committed
    for folder in ("docs/overrides", "docs/vendor"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("__pycache__"))
    repo.commit("The site's theme")
    commit = change_thick_stone(repo)
    result = run_mkdocs_build(project, tmp_path / "site")
    assert result.returncode == 0, result.stderr[-3000:]
    for lang in LANGS:
        root = lang_root(tmp_path / "site", lang)
        changes = BeautifulSoup((root / "changes" / "index.html").read_text(encoding="utf-8"), "html.parser")
        section = changes.find(id=f"commit-{commit[:7]}")
        assert section is not None and "Thick stone: 80 hit points" in section.get_text()
        assert f"{THICK_STONE[lang]}" in section.get_text() and "90 → 80" in section.get_text()
        page = BeautifulSoup((root / "object-damage" / "index.html").read_text(encoding="utf-8"), "html.parser")
        assert UI.text("page_last_changed", lang, date="2024-03-03") in page.find(id="page-history").summary.get_text()
        table_line = page.find(attrs={"data-table": "materials"}).find_next("p", class_="codex-last-changed")
        assert table_line.get_text() == UI.text("table_last_changed", lang, date="2024-03-03")
    assert changes_main(["HEAD~1", "HEAD", "--repo", str(project)]) == 0
    assert "90 → 80" in capsys.readouterr().out


@pytest.mark.site
def test_a_copy_without_history_builds_and_says_so(tmp_path):
    from tests.test_build import copy_project

    project = copy_project(tmp_path)
    result = run_mkdocs_build(project, tmp_path / "site")
    assert result.returncode == 0, result.stderr[-3000:]
    for lang in LANGS:
        html = (lang_root(tmp_path / "site", lang) / "changes" / "index.html").read_text(encoding="utf-8")
        assert UI.text("changes_unavailable", lang) in BeautifulSoup(html, "html.parser").get_text()


@pytest.mark.parametrize("lang", LANGS)
def test_the_filter_shows_only_one_document_s_changes(page, site_url, lang):
    """In the browser: choosing a document hides the other documents' changes and the commits left without any;
    "every document" shows them all again."""
    page.goto(site_url + ("/" if lang == "fr" else "/en/") + "changes/")
    total = page.locator(".codex-change-commit > ul > li").count()
    page.locator(".codex-changes-filter input[value='002']").check()
    shown = page.locator(".codex-change-commit > ul > li:visible")
    assert 0 < shown.count() < total
    assert set(shown.evaluate_all("items => items.map(i => i.dataset.document)")) == {"002"}
    hidden_commits = page.locator(".codex-change-commit[hidden]")
    assert all("002" not in (c.get_attribute("data-documents") or "").split() for c in hidden_commits.all())
    page.locator(".codex-changes-filter input[value='*']").check()
    assert page.locator(".codex-change-commit > ul > li:visible").count() == total


def test_the_command_reads_a_moving_name_afresh(repo, capsys):
    """A name such as HEAD~1 or main moves: the cache knows commits by their ids, so the second answer is the new one."""
    change_thick_stone(repo)
    changes_main(["HEAD~1", "--repo", str(repo.root)])
    assert "90 → 80" in capsys.readouterr().out
    repo.replace(
        MATERIALS, STONE_ROW.replace("hp_thick: 90", "hp_thick: 80"), STONE_ROW.replace("hp_thick: 90", "hp_thick: 70")
    )
    repo.commit("Thick stone: 70 hit points")
    changes_main(["HEAD~1", "--repo", str(repo.root)])
    out = capsys.readouterr().out
    assert "80 → 70" in out and "90 → 80" not in out


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_a_table_s_last_change_links_to_its_page_s_history(built_site, lang):
    """Every "Table last changed" line of a built page links to that page's history, which the page shows (CI once
    saw the rulebook link a table to a history its page lacked; the rulebook now leaves both out)."""
    root = lang_root(built_site, lang)
    lines = 0
    for path in sorted(root.rglob("index.html")):
        if lang == "fr" and path.is_relative_to(root / "en"):
            continue
        page = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        for link in page.select(".codex-last-changed a"):
            lines += 1
            assert link["href"] == "#page-history" and page.find(id="page-history"), path.relative_to(root)
    assert lines > 10
    rulebook = BeautifulSoup((root / "rulebook" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert rulebook.select(".codex-last-changed, .codex-page-history") == []

"""The history of the rules on the site and in pull requests (issue 13): every commit's rule changes, newest first,
on the Changes page of each language, under each rule page and table ("last changed"), on the home page, and as
Markdown from `python -m codex.changes BASE [HEAD]`; without git history the build says so."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import feedparser
import pytest
from bs4 import BeautifulSoup

from codex.changes import cache as changes_cache
from codex.changes.__main__ import main as changes_main
from codex.changes.history import CommitChanges, rules_history
from codex.changes.model import Change
from codex.i18n.dates import long_date
from codex.i18n.ui import UIText
from codex.render.rules_changes import (
    NO_HISTORY,
    HistoryView,
    commit_weight,
    last_changed,
    page_changes,
    part_page,
    render_changes_page,
    render_latest_changes,
    render_page_history,
    split_history,
)
from tests.conftest import LANGS, ROOT, copy_project, lang_root, run_mkdocs_build
from tests.git_repo import MATERIALS, SITE_PAGES, STONE_ROW, THICK_STONE, GitRepo, change_thick_stone
from tests.project_data import project_dataset

UI = UIText.from_dataset(project_dataset())
BREAK_DC = {
    "fr": (
        "Break DC = check de force nécessaire pour briser l’objet.",
        "Break DC = check de Force qu’il faut réussir pour briser l’objet.",
    ),
    "en": (
        "Break DC = the DC of the Strength check needed to break the object.",
        "Break DC = the Strength check a character must pass to break the object.",
    ),
}


def reword_break_dc(repo: GitRepo) -> str:
    """A sentence of the object-damage page's first section (which holds an author_text() call, the page a table),
    reworded in both languages."""
    for lang, (old, new) in BREAK_DC.items():
        words = [sentence.replace("Break DC", "**Break DC**") for sentence in (old, new)]
        repo.replace(f"docs/{lang}/object-damage.md", *words)
    return repo.commit("Break DC reworded")


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


def view_of(history, site_pages=SITE_PAGES) -> HistoryView:
    return HistoryView(history, link, lambda: [], frozenset(site_pages))


@pytest.mark.parametrize("lang", LANGS)
def test_the_changes_page_links_each_change_and_filters_by_document(repo, lang):
    change_thick_stone(repo)
    html = str(render_changes_page(view_of(rules_history(repo.root)), lang, UI))
    soup = BeautifulSoup(html, "html.parser")
    commits = soup.select(".codex-change-commit")
    assert commits[0]["id"] == "commit-" + rules_history(repo.root)[0].short
    item = commits[0].select_one("li[data-document='000']")
    assert item.strong.a["href"] == "../object-damage/#table-materials"
    assert item.get_text().endswith("90 → 80") and item.get_text().startswith(THICK_STONE[lang])
    choices = [i["value"] for i in soup.select(".codex-changes-filter input")]
    assert choices == ["*", "000", "002", "003", "site"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_change_says_the_rule_first_and_the_commit_s_message_after_it_small(repo, lang):
    change_thick_stone(repo)
    html = str(render_changes_page(view_of(rules_history(repo.root)), lang, UI))
    day = BeautifulSoup(html, "html.parser").select_one(".codex-change-day")
    assert day.h2.get_text() == long_date("2024-03-02", lang) and day.h2.time["datetime"] == "2024-03-02"
    commit = day.select_one(".codex-change-commit")
    assert [child.name for child in commit.find_all(recursive=False)] == ["ul", "p"]
    message = commit.p
    assert "codex-change-message" in message["class"] and message.span.get_text() == "Thick stone: 80 hit points"


@pytest.mark.parametrize("lang", LANGS)
def test_a_reworded_sentence_shows_as_the_reader_reads_it(repo, lang):
    """A sentence of a section that holds macros, reworded: the Changes page shows it before and after as rendered
    (no Markdown, no macro call)."""
    reword_break_dc(repo)
    html = str(render_changes_page(view_of(rules_history(repo.root)), lang, UI))
    item = BeautifulSoup(html, "html.parser").select_one(".codex-change-commit > ul > li")
    assert [li.get_text() for li in item.select(".codex-change-lines li")] == [
        f"− {BREAK_DC[lang][0]}",
        f"+ {BREAK_DC[lang][1]}",
    ]
    assert "{{" not in item.get_text() and "**" not in item.get_text()


def test_the_site_s_own_pages_make_no_rule_change_unless_asked_for(repo):
    for lang in LANGS:
        repo.write(f"docs/{lang}/tools.md", repo.read(f"docs/{lang}/tools.md") + "\nGM.\n")
    repo.commit("A word on the tools page")
    history = rules_history(repo.root)
    soup = BeautifulSoup(str(render_changes_page(view_of(history), "en", UI)), "html.parser")
    tools = soup.find(id=f"commit-{history[0].short}")
    assert tools.has_attr("hidden") and tools.find_parent(class_="codex-change-day").has_attr("hidden")
    assert {li["data-document"] for li in tools.select(":scope > ul > li")} == {"site"}
    assert all(li.has_attr("hidden") for li in tools.select(":scope > ul > li"))
    home = BeautifulSoup(str(render_latest_changes(view_of(history), "en", UI)), "html.parser")
    assert history[0].short not in home.get_text() and history[1].short in home.get_text()


def test_the_history_is_cut_into_pages_from_its_oldest_commit():
    """Pages of about the budget, never inside a commit, the newest page first; a new commit changes only the
    newest page, so the older pages keep their addresses."""
    change = Change("cell", "000", "p.md", "a" * 100, {"fr": "x" * 100, "en": "x" * 100}, None, {"fr": "1", "en": "1"})
    commits = [CommitChanges(f"{i:040}", "2026-01-01", str(i), (change,) * (1 + i % 3)) for i in range(30)][::-1]
    weight = commit_weight(commits[0])
    parts = split_history(commits, budget=5 * weight)
    assert [c for part in parts for c in part] == commits
    assert all(sum(commit_weight(c) for c in part) <= 5 * weight for part in parts)
    older = split_history(commits[1:], budget=5 * weight)
    assert parts[1:] == older[1:] or parts[2:] == older[1:]
    assert [part_page(i, len(parts)) for i in range(len(parts))][:3] == [
        "changes.md",
        f"changes/{len(parts) - 1}.md",
        f"changes/{len(parts) - 2}.md",
    ]


def test_the_changes_page_says_when_there_is_no_history():
    for lang in LANGS:
        html = str(render_changes_page(NO_HISTORY, lang, UI))
        assert UI.text("changes_unavailable", lang) in BeautifulSoup(html, "html.parser").get_text()


def test_a_page_shows_its_own_history_and_a_table_its_last_change(repo):
    change_thick_stone(repo)
    history = rules_history(repo.root)
    html = str(render_page_history(page_changes(history, "object-damage.md"), "en", UI, link))
    soup = BeautifulSoup(html, "html.parser")
    assert soup.details["id"] == "page-history"
    assert soup.summary.get_text() == UI.text("page_last_changed", "en", date="2 March 2024")
    assert last_changed(page_changes(history, "object-damage.md"), "table-materials") == "2024-03-02"
    assert last_changed(page_changes(history, "fumbles.md"), "table-fumbles") == "2024-03-01"
    assert last_changed(page_changes(history, "fumbles.md"), "table-materials") == ""
    assert str(render_page_history([], "en", UI, link)) == ""


def test_a_change_survives_the_cache_as_it_was():
    change = Change("cell", "000", "p.md", "a", {"fr": "x", "en": "x"}, None, {"fr": "1", "en": "1"}, ({"fr": "− a"},))
    assert changes_cache.from_json(__import__("dataclasses").asdict(change)) == change


@pytest.mark.site
def test_a_clone_that_changes_a_cell_shows_it_on_the_changes_page_and_the_rule_page(tmp_path, capsys):
    """Issues 13 and 26's "Done when": one commit changes the thick stone hit points, another rewords a sentence of a
    section that holds a macro; the built Changes page and feed of each language show the cell's old and new values
    and the sentence before and after as the reader reads it, the object-damage page says when it last changed, no
    page's text shows a macro call, and the command prints the same change."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("mkdocs.yml", "mkdocs.en.yml"):
        shutil.copy(ROOT / name, project / name)
    repo = GitRepo.of_project(project)  # data and pages, committed
    for folder in ("docs/overrides", "docs/vendor"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("__pycache__"))
    repo.commit("The site's theme")
    commit = change_thick_stone(repo)
    reworded = reword_break_dc(repo)
    result = run_mkdocs_build(project, tmp_path / "site")
    assert result.returncode == 0, result.stderr[-3000:]
    for lang in LANGS:
        root = lang_root(tmp_path / "site", lang)
        changes = BeautifulSoup((root / "changes" / "index.html").read_text(encoding="utf-8"), "html.parser")
        section = changes.find(id=f"commit-{commit[:7]}")
        assert section is not None and "Thick stone: 80 hit points" in section.get_text()
        assert f"{THICK_STONE[lang]}" in section.get_text() and "90 → 80" in section.get_text()
        lines = [li.get_text() for li in changes.find(id=f"commit-{reworded[:7]}").select(".codex-change-lines li")]
        assert lines == [f"− {BREAK_DC[lang][0]}", f"+ {BREAK_DC[lang][1]}"]
        feed = feedparser.parse((root / "changes" / "feed.xml").read_bytes())
        assert not feed.bozo and feed.version == "atom10"
        summaries = " ".join(entry.summary for entry in feed.entries)
        assert "90 → 80" in summaries and BREAK_DC[lang][0] in summaries and BREAK_DC[lang][1] in summaries
        for path in root.rglob("*.html"):
            if lang == "en" or not path.is_relative_to(root / "en"):
                text = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser").get_text()
                assert "{{" not in text, path.relative_to(root)
        page = BeautifulSoup((root / "object-damage" / "index.html").read_text(encoding="utf-8"), "html.parser")
        assert (
            UI.text("page_last_changed", lang, date=long_date("2024-03-04", lang))
            in page.find(id="page-history").summary.get_text()
        )
        table_line = page.find(attrs={"data-table": "materials"}).find_next("p", class_="codex-last-changed")
        assert table_line.get_text() == UI.text("table_last_changed", lang, date=long_date("2024-03-03", lang))
    assert changes_main(["HEAD~2", "HEAD", "--repo", str(project)]) == 0
    out = capsys.readouterr().out
    assert "90 → 80" in out and BREAK_DC["en"][1] in out


@pytest.mark.site
def test_a_copy_without_history_builds_and_says_so(tmp_path):
    project = copy_project(tmp_path)
    result = run_mkdocs_build(project, tmp_path / "site")
    assert result.returncode == 0, result.stderr[-3000:]
    for lang in LANGS:
        html = (lang_root(tmp_path / "site", lang) / "changes" / "index.html").read_text(encoding="utf-8")
        assert UI.text("changes_unavailable", lang) in BeautifulSoup(html, "html.parser").get_text()


@pytest.mark.parametrize("lang", LANGS)
def test_the_filter_shows_only_one_document_s_changes(page, site_url, lang):
    """In the browser, by keyboard: choosing a document hides the other documents' changes and the commits and days
    left without any; the site's general pages show only when chosen; "every document" shows every rule change
    again. On the first page of the history whose rule changes come from two documents at least, one of which some
    commit there leaves out."""
    changes = site_url + ("/" if lang == "fr" else "/en/") + "changes/"
    page.goto(changes)
    older = page.locator(".codex-changes-pages a").evaluate_all("links => links.map(a => a.href)")
    items = page.locator(".codex-change-commit > ul > li")
    commits = page.locator(".codex-change-commit")
    for address in [changes, *older]:  # the first page with a document that some commit leaves out
        page.goto(address)
        documents = set(items.evaluate_all("items => items.map(i => i.dataset.document)")) - {"site"}
        per_commit = [set((c or "").split()) for c in commits.evaluate_all("cs => cs.map(c => c.dataset.documents)")]
        partial = sorted(d for d in documents if any(d not in found for found in per_commit))
        if len(documents) > 1 and partial:
            break
    chosen = partial[0]
    total = page.locator(".codex-change-commit > ul > li:not([data-document='site'])").count()
    shown = page.locator(".codex-change-commit > ul > li:visible")
    assert shown.count() == total
    page.locator(f".codex-changes-filter input[value='{chosen}']").check()
    assert 0 < shown.count() < total
    assert set(shown.evaluate_all("items => items.map(i => i.dataset.document)")) == {chosen}
    hidden_commits = page.locator(".codex-change-commit[hidden]").all()
    assert hidden_commits and all(
        chosen not in (c.get_attribute("data-documents") or "").split() for c in hidden_commits
    )
    page.keyboard.press("ArrowRight")  # the focused radio group: the arrow keys choose the next choice
    following = page.locator(".codex-changes-filter input:checked").get_attribute("value")
    assert following != chosen
    assert set(shown.evaluate_all("items => items.map(i => i.dataset.document)")) <= {following}
    page.locator(".codex-changes-filter input[value='site']").check()
    assert set(shown.evaluate_all("items => items.map(i => i.dataset.document)")) <= {"site"}
    page.locator(".codex-changes-filter input[value='*']").check()
    assert shown.count() == total


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


def test_a_page_changed_many_times_shows_its_newest_changes_and_counts_the_rest():
    change = Change(
        "cell", "000", "object-damage.md", "table-materials", {"fr": "x", "en": "x"}, None, {"fr": "1", "en": "1"}
    )
    commits = [CommitChanges(f"{i:040}", f"2026-01-{i + 1:02}", str(i), (change,)) for i in range(12)][::-1]
    own = page_changes(commits, "object-damage.md")
    soup = BeautifulSoup(str(render_page_history(own, "en", UI, link)), "html.parser")
    assert len(soup.select(".codex-change-message")) == 10
    assert UI.text("page_history_older", "en", count=2) in soup.get_text()
    assert last_changed(own, "table-materials") == "2026-01-12"


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_no_page_shows_a_macro_call(built_site, lang):
    """Issue 26: a macro's source never reaches a reader, on the pages of the history or anywhere else (written as
    such or as character references)."""
    root = lang_root(built_site, lang)
    shown = re.compile(r"\{\{|&#123;&#123;|&#x7b;&#x7b;", re.IGNORECASE)
    pages = [p for p in sorted(root.rglob("*.html")) if lang == "en" or not p.is_relative_to(root / "en")]
    assert len(pages) > 30
    assert [p.relative_to(root) for p in pages if shown.search(p.read_text(encoding="utf-8"))] == []

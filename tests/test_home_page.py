"""The home page: the three rule documents with their status, the open-question count from data, and the latest
rule changes from the git history (or a plain note when the build has no history)."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex.adapter.plugin import codex_options
from codex.changes.history import CommitChanges, rules_history
from codex.changes.model import Change
from codex.i18n.ui import UIText
from codex.render.rules_changes import NO_HISTORY, HistoryView, render_latest_changes
from tests.built_html import article
from tests.conftest import ROOT, lang_root
from tests.project_data import project_dataset

QUESTIONS = project_dataset().by_id("open-question.schema.json")
UI = UIText.from_dataset(project_dataset())


def home(site: Path, lang: str):
    return article(lang_root(site, lang) / "index.html")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_home_page_links_the_three_documents_the_glossary_and_the_tools(built_site, lang):
    hrefs = {a["href"] for a in home(built_site, lang).find_all("a", href=True)}
    for target in ("overview/", "d20/", "initiative-points/", "glossary/", "tools/", "open-questions/"):
        assert target in hrefs, target


@pytest.mark.parametrize("lang, word", [("fr", "compte"), ("en", "has")])
def test_the_home_page_counts_the_open_questions_from_data(built_site, lang, word):
    text = home(built_site, lang).find(id="open-questions").find_next("p").get_text(" ", strip=True)
    assert f"{word} {len(QUESTIONS)} " in " ".join(text.split())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_home_page_lists_the_latest_rule_changes(built_site, lang):
    """The home page's latest changes come from the rules' history (codex/changes/history.py): its last commits that
    changed a rule (not only the site's general pages), each message after its changes."""
    history = rules_history(ROOT)
    if history is None:
        pytest.skip("this checkout has no git history")
    site_pages = set(codex_options(ROOT / "mkdocs.yml").rulebook.skip)
    rule_commits = [c for c in history if any(change.page not in site_pages for change in c.changes)]
    shown = home(built_site, lang).select(".codex-latest-changes .codex-change-message code")
    assert [code.get_text() for code in shown] == [c.short for c in rule_commits[:3]]


def test_the_latest_changes_degrade_to_a_note_without_git_history():
    for lang in ("fr", "en"):
        note = render_latest_changes(NO_HISTORY, lang, UI)
        assert "<li>" not in note and UI.text("changes_unavailable", lang) in note


def test_commit_subjects_are_escaped_and_marked_english():
    change = Change("cell", "000", "p.md", "a", {"fr": "x", "en": "x"}, None, {"fr": "1", "en": "1"})
    commit = CommitChanges("abc1234" * 6, "2026-01-01", "Fix <b> & tables", (change,))
    html = render_latest_changes(HistoryView([commit], lambda page, anchor: None, lambda: []), "fr", UI)
    assert "&lt;b&gt; &amp; tables" in html and 'lang="en"' in html

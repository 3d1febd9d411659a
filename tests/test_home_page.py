"""The home page: the three rule documents with their status, the open-question count from data, and the recent
changes from the git history (or a plain note when the build has no history)."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex.i18n.ui import UIText
from codex.render.recent_changes import recent_commits, render_recent_changes
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
def test_the_home_page_lists_recent_commits(built_site, lang):
    items = home(built_site, lang).select("ul.codex-recent-changes li")
    expected = recent_commits(ROOT)
    if expected is None:
        pytest.skip("this checkout has no git history")
    assert [li.find("code").get_text() for li in items] == [c["hash"] for c in expected]


def test_recent_changes_degrade_to_a_note_without_git_history(tmp_path):
    assert recent_commits(tmp_path) is None
    for lang in ("fr", "en"):
        note = render_recent_changes(None, lang, UI)
        assert "<li>" not in note and "git" in note


def test_commit_subjects_are_escaped_and_marked_english():
    html = render_recent_changes([{"hash": "abc1234", "date": "2026-01-01", "subject": "Fix <b> & tables"}], "fr", UI)
    assert "&lt;b&gt; &amp; tables" in html and 'lang="en"' in html

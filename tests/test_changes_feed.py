"""Each language's Atom feed of the rule changes (issue 26, codex/publish/changes_feed.py), read as a feed reader reads
it (feedparser): valid Atom 1.0, an entry per rule change with its id, title, date and a link to the rule, the same
words as the Changes page; every page announces it."""

from __future__ import annotations

import feedparser
import pytest
from bs4 import BeautifulSoup

from codex.changes.history import rules_history
from codex.i18n.ui import UIText
from codex.publish.changes_feed import FEED_PATH, write_changes_feed
from codex.render.rules_changes import HistoryView
from tests.conftest import LANGS, lang_root
from tests.git_repo import SITE_PAGES, THICK_STONE, GitRepo, change_thick_stone
from tests.project_data import project_dataset

UI = UIText.from_dataset(project_dataset())


def feed_link(page: str, anchor: str) -> str:
    return f"https://example.org/{page.removesuffix('.md')}/#{anchor}"


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    repo = GitRepo.of_project(tmp_path_factory.mktemp("feed") / "project")
    change_thick_stone(repo)
    for lang in LANGS:
        repo.write(f"docs/{lang}/tools.md", repo.read(f"docs/{lang}/tools.md") + "\nGM.\n")
    repo.commit("A word on the tools page")
    return rules_history(repo.root)


@pytest.mark.parametrize("lang", LANGS)
def test_the_feed_is_atom_with_an_entry_per_rule_change(history, tmp_path, lang):
    view = HistoryView(history, feed_link, lambda: [], SITE_PAGES)
    write_changes_feed(tmp_path, view, lang, UI, "https://example.org/")
    feed = feedparser.parse((tmp_path / FEED_PATH).read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10" and feed.feed.title == UI.text("changes_feed_title", lang)
    assert feed.feed.id.startswith("urn:uuid:") and feed.feed.updated_parsed is not None
    for entry in feed.entries:
        assert entry.id.startswith("urn:uuid:") and entry.title and entry.updated_parsed and entry.link
    newest = feed.entries[0]
    assert newest.title == UI.text("change_cell", lang, where=THICK_STONE[lang], old="90", new="80")
    assert newest.link == "https://example.org/object-damage/#table-materials"
    assert "Thick stone: 80 hit points" in newest.summary and "<strong>" in newest.summary
    assert len({e.id for e in feed.entries}) == len(feed.entries)
    assert not any("tools" in e.link for e in feed.entries)  # the site's own pages make no rule change


def test_the_feed_s_ids_do_not_change_from_one_build_to_the_next(history, tmp_path):
    view = HistoryView(history, feed_link, lambda: [], SITE_PAGES)
    for folder in ("a", "b"):
        write_changes_feed(tmp_path / folder, view, "en", UI, "https://example.org/")
    assert (tmp_path / "a" / FEED_PATH).read_bytes() == (tmp_path / "b" / FEED_PATH).read_bytes()


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_every_page_announces_its_language_s_feed(built_site, lang):
    root = lang_root(built_site, lang)
    feed = feedparser.parse((root / FEED_PATH).read_bytes())
    assert not feed.bozo and feed.entries
    pages = [p for p in sorted(root.rglob("index.html")) if lang == "en" or not p.is_relative_to(root / "en")]
    for path in pages:
        page = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        link = page.head.find("link", type="application/atom+xml")
        assert link is not None and "alternate" in link["rel"], path.relative_to(root)
        assert (path.parent / link["href"]).resolve() == (root / FEED_PATH).resolve(), path.relative_to(root)

"""Each language's Atom feed (RFC 4287) of the rule changes, `changes/feed.xml`, for a feed reader: the newest rule
changes, one entry each, linked to the rule where it shows, from the same history and the same words as the Changes
page (codex/render/rules_changes.py), so that the two never disagree. Every page announces it in its head
(docs/overrides/main.html); the Changes page links to it.

Dates are the commits' own, so the same history gives the same feed; ids are stable names of (language, commit,
change), written as `urn:uuid:` (RFC 4122 name-based), as Atom asks of an id that must never change.
"""

from __future__ import annotations

import itertools
import uuid
from pathlib import Path

import lxml.html
from markupsafe import Markup

from codex.i18n.ui import UIText
from codex.render.rules_changes import FEED_FILE, HistoryView, commit_view, rule_commits
from codex.render.templates import render

FEED_PATH = FEED_FILE
ENTRIES = 50  # the newest rule changes a feed holds


def stable_id(*names: str) -> str:
    return f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, 'codex-2bis:' + ':'.join(names))}"


def plain_text(html: Markup) -> str:
    """A change's line as text (a feed entry's title), its French no-break spaces kept."""
    return lxml.html.fragment_fromstring(str(html), create_parent="div").text_content() if str(html) else ""


def feed_entries(view: HistoryView, lang: str, ui: UIText) -> list[dict]:
    """The newest rule changes, newest first, each with what its entry says."""
    entries = []
    for commit, rules in rule_commits(view):
        seen = commit_view(commit, rules, lang, ui, view.link, view.site_pages)
        for index, change in enumerate(seen["changes"]):
            entries.append(
                {
                    "id": stable_id(lang, commit.commit, str(index)),
                    "title": plain_text(Markup(change["before"]) + change["place"] + Markup(change["after"])),
                    "updated": commit.time or f"{commit.date}T00:00:00Z",
                    "href": change["href"],
                    "change": change,
                    "commit": seen,
                }
            )
    return list(itertools.islice(entries, ENTRIES))


def write_changes_feed(site_dir: Path, view: HistoryView, lang: str, ui: UIText, site_url: str | None) -> None:
    """Write `changes/feed.xml` of one language (`view.link` gives the links as the feed must: absolute with the
    site's address, else relative to the feed). Without history, no feed."""
    if view.commits is None:
        return
    entries = feed_entries(view, lang, ui)
    feed = render(
        "changes_feed.xml",
        ui=ui,
        lang=lang,
        id=stable_id(lang, "changes"),
        entries=entries,
        updated=entries[0]["updated"] if entries else "1970-01-01T00:00:00Z",
        self_href=f"{site_url}{FEED_PATH}" if site_url else "feed.xml",
        page_href=f"{site_url}changes/" if site_url else "./",
    )
    path = Path(site_dir) / FEED_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(str(feed), encoding="utf-8")

"""The history of the rules on the site (codex/changes/history.py gives it): the Changes page (every commit, newest
first, each change linked to where it shows, filterable by source document), the home page's latest changes, each
rule page's own history, and a table's "last changed" date.

Each change is the engine's one line (codex/changes/describe.py), split around the place it names so that the place
can be a link; the line's Markdown (escaped values, bold) is rendered inline. Commit messages are free text, written
inert (codex/render/templates.py). `link(page, anchor)` gives the URL of a place seen from the page being built, or
None when the place is no longer in the site.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import markdown
from markupsafe import Markup

from codex.changes.describe import describe, describe_lines
from codex.changes.history import CommitChanges
from codex.changes.model import Change
from codex.i18n.localize import text
from codex.i18n.ui import UIText
from codex.render.templates import render

Link = Callable[[str, str], str | None]
PageHistory = list[tuple[CommitChanges, list[Change]]]  # the commits that changed a page, each with its own changes


@dataclass(frozen=True)
class HistoryView:
    """The history as the page being built sees it: the commits (None without history), the link from that page to
    a place of the site, and that page's own history as its foot shows it (`page_changes`; [] on a page that shows
    none). A table's "last changed" line reads the same list as the page's foot, so it never links to a history the
    page does not show."""

    commits: list[CommitChanges] | None
    link: Link
    own: Callable[[], PageHistory]


NO_HISTORY = HistoryView(None, lambda page, anchor: None, lambda: [])
PLACE = "\x00"  # stands for the place in a described line, to split the line around it
LIST_MARKER = re.compile(r"^([0-9]*)([-+*.)])(?=\s)")  # what would open a Markdown list at a line's start
LINES_SHOWN = 12  # sentences listed under a reworded section, at most


@functools.lru_cache(maxsize=8192)
def inline_html(body: str) -> str:
    """A stripped line of the engine's Markdown as HTML. One converter, reset for each line, and each line converted
    once per process: the same lines recur on the Changes page, the home page and every rule page's history, and a
    new converter per line was a fifth of a build's time."""
    converter = INLINE_CONVERTER.reset()
    html = converter.convert(LIST_MARKER.sub(r"\1\\\2", body))  # "+ added sentence" is a line, not a list
    return html.removeprefix("<p>").removesuffix("</p>")


INLINE_CONVERTER = markdown.Markdown()


def inline(markdown_text: str) -> Markup:
    """One line of the engine's Markdown (escaped text and bold) as HTML, its outer spaces kept."""
    body = markdown_text.strip()
    if not body:
        return Markup(markdown_text)
    html = inline_html(body)
    lead = markdown_text[: len(markdown_text) - len(markdown_text.lstrip())]
    trail = markdown_text[len(markdown_text.rstrip()) :]
    return Markup.escape(lead) + Markup(html) + Markup.escape(trail)


def change_view(change: Change, lang: str, ui: UIText, link: Link) -> dict:
    """What the templates show of a change: the words before and after its place, the place and its link, the
    sentences removed and added, and its document (for the filter)."""
    marked = describe(dataclasses.replace(change, where={lang: PLACE for lang in change.where}), lang, ui)
    before, _, after = marked.partition(f"**{PLACE}**")
    return {
        "document": change.document,
        "before": inline(before),
        "place": change.where[lang],
        "href": link(change.page, change.anchor) if change.page and not change.kind.endswith("-removed") else None,
        "after": inline(after),
        "lines": [inline(line) for line in describe_lines(change, lang, LINES_SHOWN)],
    }


def commit_view(commit: CommitChanges, changes: Iterable[Change], lang: str, ui: UIText, link: Link) -> dict:
    views = [change_view(change, lang, ui, link) for change in changes]
    return {
        "short": commit.short,
        "date": commit.date,
        "subject": commit.subject,
        "documents": " ".join(sorted({v["document"] for v in views})),
        "changes": views,
    }


def document_choices(ui: UIText, lang: str) -> list[dict]:
    """The filter's choices: every source document (by its short name), then the site's own pages."""
    choices = [{"id": item["id"], "name": text(item["short_name"], lang)} for item in ui.documents.by_id.values()]
    return [*choices, {"id": "", "name": ui.text("changes_site", lang)}]


def render_changes_page(history: list[CommitChanges] | None, lang: str, ui: UIText, link: Link) -> Markup:
    """The Changes page: a filter by document, then each commit (date, id, message) with its changes."""
    commits = [commit_view(c, c.changes, lang, ui, link) for c in history or []]
    return render(
        "rules_changes.html",
        ui=ui,
        lang=lang,
        available=history is not None,
        commits=commits,
        documents=document_choices(ui, lang),
    )


def render_latest_changes(
    history: list[CommitChanges] | None, lang: str, ui: UIText, link: Link, commits: int = 5, per_commit: int = 3
) -> Markup:
    """The home page's latest changes: the last commits, a few changes each, and the way to the Changes page."""
    shown = [
        {**commit_view(c, c.changes[:per_commit], lang, ui, link), "more": len(c.changes) - per_commit}
        for c in (history or [])[:commits]
    ]
    return render(
        "latest_changes.html",
        ui=ui,
        lang=lang,
        available=history is not None,
        commits=shown,
        changes_href=link("changes.md", ""),
    )


def page_changes(history: list[CommitChanges] | None, page: str) -> PageHistory:
    """The commits that changed a page's rules (its sections, and what it shows from the data), newest first."""
    found = []
    for commit in history or []:
        changes = [c for c in commit.changes if c.page == page]
        if changes:
            found.append((commit, changes))
    return found


def render_page_history(changes: PageHistory, lang: str, ui: UIText, link: Link) -> Markup:
    """A rule page's own history (`page_changes`), folded under "last changed on DATE"; nothing when the page never
    changed."""
    if not changes:
        return Markup("")
    commits = [commit_view(commit, own, lang, ui, link) for commit, own in changes]
    return render("page_history.html", ui=ui, lang=lang, commits=commits, changes_href=link("changes.md", ""))


def last_changed(changes: PageHistory, anchor: str) -> str:
    """The date of the last change of one thing of a page's history (a table: 'table-<id>'), '' if none is known."""
    for commit, own in changes:
        if any(c.anchor == anchor for c in own):
            return commit.date
    return ""

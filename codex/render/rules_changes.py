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
import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import markdown
from markupsafe import Markup

from codex.changes.describe import describe, describe_lines
from codex.changes.history import CommitChanges
from codex.changes.model import Change
from codex.i18n.dates import long_date
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
    page does not show. `site_pages` are the pages that hold no rule (home, tools, data…): their changes are not rule
    changes, and show only when the reader asks for them."""

    commits: list[CommitChanges] | None
    link: Link
    own: Callable[[], PageHistory]
    site_pages: frozenset[str] = frozenset()
    address: Callable[[str], str] = str  # a file of the site (its path in the built site) from the page being built

    @functools.cached_property
    def parts(self) -> list[list[CommitChanges]]:
        """The history cut into the Changes page and its older pages (`split_history`), newest first."""
        return split_history(self.commits or [])


NO_HISTORY = HistoryView(None, lambda page, anchor: None, lambda: [])
SITE = "site"  # the filter's value for the changes of the site's own pages
FEED_FILE = "changes/feed.xml"  # each language's feed of the rule changes, in its built site
PART_BUDGET = 95_000  # bytes of changes on a page of the history: with the theme's 30 KB, a page stays under 130 KB
CHANGE_MARKUP = 170  # bytes of a change's list item, link and lines around its words
COMMIT_MARKUP = 320  # bytes of a commit's section and message around its subject
PLACE = "\x00"  # stands for the place in a described line, to split the line around it
LIST_MARKER = re.compile(r"^([0-9]*)([-+*.)])(?=\s)")  # what would open a Markdown list at a line's start
PAGE_HISTORY = 10  # the newest commits a rule page's own history shows
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


def change_view(change: Change, lang: str, ui: UIText, link: Link, site_pages: frozenset[str] = frozenset()) -> dict:
    """What the templates show of a change: the words before and after its place, the place and its link, the
    sentences removed and added, and its document (for the filter; SITE for a page that holds no rule)."""
    href = link(change.page, change.anchor) if change.page and not change.kind.endswith("-removed") else None
    return {**change_words(change, lang, ui, site_pages), "href": href}


# A change's words by the change (its identity: the history is read once a build), language, UI texts and site pages:
# the same change shows on the Changes page, on its page's own history, in the feed and on the home page.
_words: dict[tuple[int, str, int, frozenset[str]], tuple[Change, UIText, dict]] = {}


def change_words(change: Change, lang: str, ui: UIText, site_pages: frozenset[str]) -> dict:
    """The words of `change_view`, which do not depend on the page that shows them."""
    key = (id(change), lang, id(ui), site_pages)
    kept = _words.get(key)
    if kept is not None and kept[0] is change and kept[1] is ui:
        return kept[2]
    if len(_words) > 50_000:  # many builds under `mkdocs serve`: start afresh
        _words.clear()
    marked = describe(dataclasses.replace(change, where={lang: PLACE for lang in change.where}), lang, ui)
    before, _, after = marked.partition(f"**{PLACE}**")
    words = {
        "document": change_document(change, site_pages, ui),
        "before": inline(before),
        "place": change.where[lang],
        "after": inline(after),
        "lines": [inline(line) for line in describe_lines(change, lang, LINES_SHOWN)],
    }
    _words[key] = (change, ui, words)
    return words


def commit_view(
    commit: CommitChanges,
    changes: Iterable[Change],
    lang: str,
    ui: UIText,
    link: Link,
    site_pages: frozenset[str] = frozenset(),
) -> dict:
    views = [change_view(change, lang, ui, link, site_pages) for change in changes]
    return {
        "short": commit.short,
        "date": commit.date,
        "subject": commit.subject,
        "documents": " ".join(sorted({v["document"] for v in views})),
        "changes": views,
        "site_only": all(v["document"] == SITE for v in views),
    }


def commit_weight(commit: CommitChanges) -> int:
    """About how many bytes a commit takes on a page of the history, the same in every language (both languages'
    builds cut the history the same way, so each page has its twin): its words, and the markup of each change and
    of the commit (its section, its message), measured on this history's pages."""
    total = CHANGE_MARKUP * len(commit.changes) + COMMIT_MARKUP + len(commit.subject)
    for change in commit.changes:
        texts = [*change.where.values(), *(str(v) for v in (change.old, change.new) if v)]
        texts += [t for line in change.lines for t in line.values()]
        total += sum(len(t.encode()) for t in texts) // max(1, len(change.where))
    return total


def split_history(history: list[CommitChanges], budget: int = PART_BUDGET) -> list[list[CommitChanges]]:
    """The history (newest first) cut into pages of about `budget` characters each, never inside a commit, newest
    page first. The cut is made from the oldest commit on, so an older page keeps its commits when new ones come:
    only the newest page, the Changes page itself, grows until it is full."""
    parts: list[list[CommitChanges]] = [[]]
    weight = 0
    for commit in reversed(history):
        heavy = commit_weight(commit)
        if parts[-1] and weight + heavy > budget:
            parts.append([])
            weight = 0
        parts[-1].insert(0, commit)
        weight += heavy
    return list(reversed(parts)) if history else []


def part_page(index: int, count: int) -> str:
    """The page (path under docs/<lang>/) of the history's part `index` (0 the newest) of `count`: the Changes page,
    then changes/1.md for the oldest part, changes/2.md…, numbered from the oldest so that their addresses last."""
    return "changes.md" if index == 0 else f"changes/{count - index}.md"


def dates(commits: list[CommitChanges], lang: str, ui: UIText, key: str = "changes_dates") -> str:
    """The days a part of the history spans, as the reader writes them: "1 to 2 December 2026", or its one day."""
    first, last = (long_date(commits[i].date, lang) for i in (-1, 0))
    return ui.text(key, lang, first=first, last=last) if first != last else ui.text(f"{key}_day", lang, date=first)


def part_markdown(index: int, parts: list[list[CommitChanges]], lang: str, ui: UIText) -> str:
    """The source of an older page of the history (the plugin adds it to the site): its title, its dates, and the
    macro that shows its part; searched below the rule pages, as the Changes page is."""
    title = dates(parts[index], lang, ui, "changes_part_title")
    return f"---\nsearch:\n  boost: 0.1\n---\n\n# {title} {{#changes}}\n\n{{{{ rules_changes({index}) }}}}\n"


def document_choices(ui: UIText, lang: str) -> list[dict]:
    """The filter's choices: every source document (by its short name), then the site's own pages."""
    choices = [{"id": item["id"], "name": text(item["short_name"], lang)} for item in ui.documents.by_id.values()]
    return [*choices, {"id": SITE, "name": ui.text("changes_site", lang)}]


def change_document(change: Change, site_pages: frozenset[str], ui: UIText) -> str:
    """The filter's value for a change: SITE for a page that holds no rule, else its source document (the one whose
    folder holds its page when the change does not name one)."""
    if change.page in site_pages:
        return SITE
    if change.document:
        return change.document
    folder = change.page.split("/")[0] if "/" in change.page else ""
    return next((d for d, item in ui.documents.by_id.items() if item.get("folder", "") == folder), "")


def render_changes_page(view: HistoryView, lang: str, ui: UIText, part: int = 0) -> Markup:
    """A page of the history (`part` 0: the Changes page): a filter by document, then its commits by day, newest
    first, each with its changes and then its message; the other pages of the history, with their dates."""
    parts = view.parts
    shown = parts[part] if part < len(parts) else []
    days: list[dict] = []
    for commit in shown:
        seen = commit_view(commit, commit.changes, lang, ui, view.link, view.site_pages)
        if not days or days[-1]["date"] != commit.date:
            days.append({"date": commit.date, "commits": []})
        days[-1]["commits"].append(seen)
    for day in days:
        day["site_only"] = all(c["site_only"] for c in day["commits"])
    pages = [
        {
            "href": view.link(part_page(index, len(parts)), "") if index != part else None,
            "dates": dates(commits, lang, ui),
        }
        for index, commits in enumerate(parts)
    ]
    return render(
        "rules_changes.html",
        ui=ui,
        lang=lang,
        available=view.commits is not None,
        days=days,
        documents=document_choices(ui, lang),
        pages=pages if len(pages) > 1 else [],
        feed=feed_href(view) if part == 0 else "",
    )


def feed_href(view: HistoryView) -> str:
    """The feed's address from the Changes page (codex/publish/changes_feed.py writes it)."""
    return view.address(FEED_FILE)


def rule_commits(view: HistoryView) -> Iterable[tuple[CommitChanges, list[Change]]]:
    """Each commit with its rule changes (not those of the pages that hold no rule), newest first; the commits that
    changed no rule are left out."""
    for commit in view.commits or []:
        rules = [c for c in commit.changes if c.page not in view.site_pages]
        if rules:
            yield commit, rules


def render_latest_changes(view: HistoryView, lang: str, ui: UIText, commits: int = 5, per_commit: int = 3) -> Markup:
    """The home page's latest rule changes: the last commits that changed a rule, a few changes each, each linked to
    its commit on the page of the history that holds it, and the way to the Changes page."""
    parts = view.parts
    where = {c.commit: part_page(i, len(parts)) for i, part in enumerate(parts) for c in part}
    shown = []
    for commit, rules in itertools.islice(rule_commits(view), commits):
        seen = commit_view(commit, rules[:per_commit], lang, ui, view.link, view.site_pages)
        page = view.link(where.get(commit.commit, "changes.md"), "")
        seen["more"] = len(rules) - per_commit
        seen["href"] = f"{page.rstrip('#')}#commit-{commit.short}" if page else None
        shown.append(seen)
    return render(
        "latest_changes.html",
        ui=ui,
        lang=lang,
        available=view.commits is not None,
        commits=shown,
        changes_href=view.link("changes.md", ""),
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
    """A rule page's own history (`page_changes`), folded under "last changed on DATE": its newest PAGE_HISTORY
    commits (a page changed a thousand times stays light), then how many older ones the pages of the history hold;
    nothing when the page never changed."""
    if not changes:
        return Markup("")
    commits = [commit_view(commit, own, lang, ui, link) for commit, own in changes[:PAGE_HISTORY]]
    return render(
        "page_history.html",
        ui=ui,
        lang=lang,
        commits=commits,
        older=len(changes) - len(commits),
        changes_href=link("changes.md", ""),
    )


def last_changed(changes: PageHistory, anchor: str) -> str:
    """The date of the last change of one thing of a page's history (a table: 'table-<id>'), '' if none is known."""
    for commit, own in changes:
        if any(c.anchor == anchor for c in own):
            return commit.date
    return ""

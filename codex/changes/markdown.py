"""The rule changes between two commits as Markdown, one section per language: what `python -m codex.changes` prints
for a pull request's summary, and what the preview's comment holds (codex/preview.py), each change linked there."""

from __future__ import annotations

from codex.changes.describe import describe, describe_lines
from codex.changes.model import Change
from codex.i18n.localize import text
from codex.i18n.ui import UIText


def page_address(site_url: str, folder: str, change: Change) -> str | None:
    """Where a change shows on the site at `site_url` (its page and anchor) in the language whose pages are in
    `folder` ('' for the root language, 'en'...), or None (no page, or removed). Pages have directory addresses."""
    if not change.page or change.kind.endswith("-removed"):
        return None
    stem = change.page.removesuffix(".md")
    path = "" if stem == "index" else stem.removesuffix("/index") + "/"
    return site_url + (folder + "/" if folder else "") + path + (f"#{change.anchor}" if change.anchor else "")


def changes_markdown(
    changes: list[Change], lang: str, ui: UIText, base: str, head: str, site_url: str = "", folder: str = ""
) -> str:
    """One language's section: a heading, then the changes grouped by document (the site's own pages last); with
    `site_url` (a pull request's preview) and the language's `folder` there, each change links to where it shows."""
    out = [f"## {ui.text('changes_heading', lang, base=base, head=head)}", ""]
    if not changes:
        return "\n".join([*out, ui.text("changes_none_between", lang), ""])
    documents = [*ui.documents.by_id, ""]
    for document in documents:
        mine = [c for c in changes if c.document == document]
        if not mine:
            continue
        name = text(ui.documents.by_id[document]["short_name"], lang) if document else ui.text("changes_site", lang)
        out += [f"### {name}", ""]
        for change in mine:
            address = page_address(site_url, folder, change) if site_url else None
            link = f" ([{ui.text('preview_see', lang)}]({address}))" if address else ""
            out.append(f"- {describe(change, lang, ui)}{link}")
            out += [f"  - {line}" for line in describe_lines(change, lang, 12)]
        out.append("")
    return "\n".join(out)

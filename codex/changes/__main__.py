"""`python -m codex.changes BASE [HEAD]`: the rule changes from BASE to HEAD (default: HEAD) as Markdown, in French
then in English, as reviewers read them in a pull request's summary (.github/workflows/pull-request.yml).

The changes are those of the two commits compared directly (not commit by commit), grouped by source document. It
runs from the repository's root (or pass --repo). An unknown commit or a missing history is said in one line and
exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from codex.changes.describe import current_ui, describe, describe_lines
from codex.changes.history import changes_between
from codex.changes.model import Change
from codex.changes.snapshot import GitError
from codex.i18n.localize import text
from codex.i18n.ui import UIText

LANGS = ("fr", "en")


def changes_markdown(changes: list[Change], lang: str, ui: UIText, base: str, head: str) -> str:
    """One language's section: a heading, then the changes grouped by document (the site's own pages last)."""
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
            out.append(f"- {describe(change, lang, ui)}")
            out += [f"  - {line}" for line in describe_lines(change, lang, 12)]
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex.changes", description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the commit to compare from (e.g. origin/main, HEAD~1)")
    parser.add_argument("head", nargs="?", default="HEAD", help="the commit to compare to (default: HEAD)")
    parser.add_argument("--repo", type=Path, default=Path("."), help="the repository (default: the current folder)")
    args = parser.parse_args(argv)
    try:
        changes = changes_between(args.repo, args.base, args.head)
    except GitError as err:
        print(f"codex.changes: {err}", file=sys.stderr)
        return 2
    ui = current_ui()
    print("\n".join(changes_markdown(changes, lang, ui, args.base, args.head) for lang in LANGS))
    return 0


if __name__ == "__main__":
    sys.exit(main())

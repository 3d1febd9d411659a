"""`python -m codex.changes BASE [HEAD]`: the rule changes from BASE to HEAD (default: HEAD) as Markdown, in French
then in English (the site's languages, as mkdocs.yml lists them), as reviewers read them in a pull request's summary
(.github/workflows/pull-request.yml).

The changes are those of the two commits compared directly (not commit by commit), grouped by source document. It
runs from the repository's root (or pass --repo). An unknown commit or a missing history is said in one line and
exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from codex.changes.describe import current_ui
from codex.changes.history import changes_between
from codex.changes.markdown import changes_markdown
from codex.changes.snapshot import GitError
from codex.site_languages import project_languages


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
    try:
        langs = project_languages(args.repo)
    except OSError as err:
        print(f"codex.changes: cannot read the site's languages in {args.repo}: {err}", file=sys.stderr)
        return 2
    ui = current_ui()
    print("\n".join(changes_markdown(changes, lang, ui, args.base, args.head) for lang in langs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

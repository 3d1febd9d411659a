"""`python -m codex.preview`: what the preview workflow (.github/workflows/preview.yml) says and decides about a pull
request's preview, in Markdown for the pull request's comment or the job's summary.

    python -m codex.preview comment BASE HEAD --published-url URL --number N   # the preview's address, then the rule
                                                                                # changes, each linked in the preview
    python -m codex.preview removed                                             # the comment once the preview is gone
    python -m codex.preview from-fork --number N                                # why a fork gets no preview, and how
                                                                                # a maintainer builds one
    python -m codex.preview needs-downloads BASE HEAD                           # 'true' when the pull request changes
                                                                                # what makes the books or the zip

Each text is in both languages, French first, from data/ui.yaml (`preview_*`); the rule changes are codex.changes'
Markdown (the job summary's), with a link after each change to where it shows in the preview.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from codex.changes.describe import current_ui
from codex.changes.history import changes_between
from codex.changes.markdown import changes_markdown
from codex.changes.snapshot import GitError
from codex.git import git_output
from codex.i18n.ui import UIText
from codex.publish.preview import preview_address
from codex.site_languages import project_site_languages

# What the offline zip and the books are made from beyond the pages: a pull request that changes one of these gets
# them in its preview (codex.deploy --with-downloads); a change of the rules shows in the pages and the rulebook page.
DOWNLOAD_SOURCES = ("codex/book/", "codex/offline.py", "codex/publish/offline_", "codex/publish/rulebook.py")


def comment(changes_text: list[str], ui: UIText, address: str, commit: str, langs: Sequence[str]) -> str:
    """The pull request's comment: the preview's address and commit in each language, then the rule changes."""
    out = []
    for lang in langs:
        out += [
            f"## {ui.text('preview_comment_heading', lang)}",
            "",
            ui.text("preview_comment_address", lang, address=address),
            ui.text("preview_comment_commit", lang, commit=commit),
            "",
        ]
    return "\n".join(out + changes_text)


def in_every_language(ui: UIText, langs: Sequence[str], key: str, **fields: str) -> str:
    return "\n\n".join(ui.text(key, lang, **fields) for lang in langs) + "\n"


def needs_downloads(changed_paths: list[str]) -> bool:
    """Whether these changed files make the books or the offline zip (DOWNLOAD_SOURCES)."""
    return any(path.startswith(DOWNLOAD_SOURCES) for path in changed_paths)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex.preview", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    said = commands.add_parser("comment", help="the preview's address and the rule changes")
    said.add_argument("base")
    said.add_argument("head")
    said.add_argument("--published-url", required=True, help="the published site's address")
    said.add_argument("--number", type=int, required=True, help="the pull request's number")
    commands.add_parser("removed", help="the comment once the preview is removed")
    fork = commands.add_parser("from-fork", help="why a pull request from a fork has no preview")
    fork.add_argument("--number", type=int, required=True)
    downloads = commands.add_parser("needs-downloads", help="'true' if the books or the zip must be made again")
    downloads.add_argument("base")
    downloads.add_argument("head")
    parser.add_argument("--repo", type=Path, default=Path("."), help="the repository (default: the current folder)")
    args = parser.parse_args(argv)
    try:
        languages = project_site_languages(args.repo)  # French first: the root language, then the others
    except OSError as err:
        print(f"codex.preview: cannot read the site's languages in {args.repo}: {err}", file=sys.stderr)
        return 2
    ui = current_ui()
    if args.command == "removed":
        print(in_every_language(ui, languages.codes, "preview_removed"))
    elif args.command == "from-fork":
        command = f"`python -m codex.deploy --preview {args.number} --site-url http://127.0.0.1:8765/codex2bis/`"
        print(in_every_language(ui, languages.codes, "preview_from_fork", command=command))
    elif args.command == "needs-downloads":
        changed = git_output(args.repo, "diff", "--name-only", f"{args.base}...{args.head}")
        if changed is None:
            print(f"codex.preview: cannot compare {args.base} and {args.head}", file=sys.stderr)
            return 2
        print("true" if needs_downloads(changed.splitlines()) else "false")
    else:
        address = preview_address(args.published_url, args.number)
        try:
            changes = changes_between(args.repo, args.base, args.head)
        except GitError as err:
            print(f"codex.preview: {err}", file=sys.stderr)
            return 2
        texts = [
            changes_markdown(changes, lang, ui, args.base, args.head, address, languages.folder(lang))
            for lang in languages.codes
        ]
        commit = git_output(args.repo, "rev-parse", "--short", args.head) or args.head
        print(comment(texts, ui, address, commit.strip(), languages.codes))
    return 0


if __name__ == "__main__":
    sys.exit(main())

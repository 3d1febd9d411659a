"""What changed recently: the last commits of the repository, read with `git log` when the site is built.

Commit subjects are written in English; the French page says so. Where git or the repository's history is not
available (a copy of the files, an archive), the list degrades to a plain note instead of failing the build.
"""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from codex.git import git_output
from codex.i18n.ui import UIText
from codex.render.templates import render

SEPARATOR = "\x1f"


def recent_commits(project_dir: Path, count: int = 8) -> list[dict[str, str]] | None:
    """[{hash, date, subject}] of the last `count` commits, newest first; None when git cannot tell."""
    log = git_output(project_dir, "log", f"-n{count}", f"--format=%h{SEPARATOR}%cs{SEPARATOR}%s")
    if log is None:
        return None
    commits = []
    for line in log.splitlines():
        parts = line.split(SEPARATOR, 2)
        if len(parts) == 3:
            commits.append({"hash": parts[0], "date": parts[1], "subject": parts[2]})
    return commits or None


def render_recent_changes(commits: list[dict[str, str]] | None, lang: str, ui: UIText) -> Markup:
    """An HTML list (date, short hash, English subject), or the note when there is no history."""
    return render("recent_changes.html", ui=ui, lang=lang, commits=commits or [])

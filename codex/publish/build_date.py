"""The build's date comes from the commit being built, not from the clock, so that two builds of one commit give
identical files (the sitemap's dates, the compressed sitemap's header, the offline zip's entries).

MkDocs reads SOURCE_DATE_EPOCH (the reproducible-builds convention) wherever it writes a date; the plugin sets it to
the commit's time when the caller has not set it. Without git history (an archive of the files), the variable stays
unset and MkDocs uses the clock, as it always did.
"""

from __future__ import annotations

import os
from pathlib import Path

from codex.git import git_output

VARIABLE = "SOURCE_DATE_EPOCH"


def commit_epoch(project_dir: Path) -> str | None:
    """The committer date of HEAD as Unix seconds, or None when git or the history is not there."""
    stamp = (git_output(project_dir, "log", "-1", "--format=%ct") or "").strip()
    return stamp if stamp.isdigit() else None


def pin_build_date(project_dir: Path) -> str | None:
    """Set SOURCE_DATE_EPOCH from the commit unless it is set already; returns the value in force."""
    if not os.environ.get(VARIABLE):
        stamp = commit_epoch(project_dir)
        if stamp:
            os.environ[VARIABLE] = stamp
    return os.environ.get(VARIABLE)

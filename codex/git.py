"""Read the project's git history (the recent changes, the build's date): one helper, and None wherever git or the
history is not there (an archive of the files), so that callers degrade instead of failing."""

from __future__ import annotations

import subprocess
from pathlib import Path


def git_output(project_dir: Path, *args: str) -> str | None:
    """What `git -C project_dir ARGS` prints, or None when git is missing, fails or takes too long."""
    try:
        result = subprocess.run(
            ["git", "-C", str(project_dir), *args], capture_output=True, text=True, timeout=20, check=True
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return result.stdout

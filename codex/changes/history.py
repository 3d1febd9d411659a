"""The history of the rules: for each commit that touched the data or the pages, the changes it made
(codex/changes/diff.py), newest first.

Each commit is compared with its first parent (a merge shows what it brought to the branch), the first commit with
nothing. Without the history (not a git repository, git missing, or a shallow clone, whose oldest commit would
show the whole rules as added) `rules_history` gives None and the site says that the history is unavailable; the
deploy workflow fetches the whole history. The snapshots share what does not change between commits
(codex/changes/snapshot.py), so a history of a few hundred commits reads in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codex.changes.cache import cached_changes
from codex.changes.diff import rules_changes
from codex.changes.model import Change
from codex.changes.snapshot import GitError, Snapshot, snapshot_at
from codex.git import git_output

RULES_PATHS = ("data", "docs/fr", "docs/en")  # where the rules live; a commit touching nothing else is not read
SEPARATOR = "\x1f"


@dataclass(frozen=True)
class CommitChanges:
    """One commit of the rules: its id, date (YYYY-MM-DD), message's first line, the changes it made and its time
    (ISO 8601 with its offset; the feed's dates)."""

    commit: str
    date: str
    subject: str
    changes: tuple[Change, ...]
    time: str = ""

    @property
    def short(self) -> str:
        return self.commit[:7]


_read: dict[tuple[str, str], list[CommitChanges] | None] = {}


def rules_history_once(repo: Path) -> list[CommitChanges] | None:
    """rules_history(repo), read once per commit of HEAD in a process (a build reads it for each language; the
    other languages' builds are forked from this one, `mkdocs serve` rebuilds)."""
    head = (git_output(repo, "rev-parse", "HEAD") or "").strip()
    key = (str(repo.resolve()), head)
    if key not in _read:
        _read[key] = rules_history(repo) if head else None
    return _read[key]


def has_history(repo: Path) -> bool:
    """Whether `repo` is a git repository with its whole history."""
    shallow = git_output(repo, "rev-parse", "--is-shallow-repository")
    return shallow is not None and shallow.strip() == "false"


def rules_history(repo: Path, head: str = "HEAD") -> list[CommitChanges] | None:
    """Every commit up to `head` that changed the rules as readers see them, newest first; None without history."""
    if not has_history(repo):
        return None
    log = git_output(
        repo, "log", "--first-parent", f"--format=%H{SEPARATOR}%P{SEPARATOR}%cI{SEPARATOR}%s", head, "--", *RULES_PATHS
    )
    if log is None:
        return None
    history = []
    for line in log.splitlines():
        commit, parents, time, subject = line.split(SEPARATOR, 3)
        try:  # the log gives whole ids: no name to resolve
            changes = changes_of(repo, parents.split()[0] if parents else None, commit)
        except GitError:
            return None
        if changes:
            history.append(CommitChanges(commit, time[:10], subject, tuple(changes), time))
    return history


def changes_between(repo: Path, base: str | None, head: str) -> list[Change]:
    """The changes from `base` (None: from nothing) to `head`, from the cache when it has them. The cache knows
    commits by their id, never by a name such as `main`, which moves."""
    return changes_of(repo, commit_id(repo, base) if base else None, commit_id(repo, head))


def changes_of(repo: Path, base_id: str | None, head_id: str) -> list[Change]:
    """The changes between two commits named by their whole ids, from the cache when it has them."""
    return cached_changes(
        base_id,
        head_id,
        lambda: rules_changes(snapshot_at(repo, base_id) if base_id else Snapshot(), snapshot_at(repo, head_id)),
    )


def commit_id(repo: Path, name: str) -> str:
    """The full id of the commit a name (a branch, HEAD~1, a short id) stands for; GitError if none."""
    found = git_output(repo, "rev-parse", "--verify", "--quiet", f"{name}^{{commit}}")
    if not found or not found.strip():
        raise GitError(f"no commit '{name}' in {repo}")
    return found.strip()

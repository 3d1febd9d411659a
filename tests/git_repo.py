"""A temporary git repository for tests of the history: a copy of the project's rules (data/ without the seeds,
both languages' pages), committed, then changed and committed again by the test. Commits have a fixed author and
dates one day apart, and git reads no user or system configuration, so that every run makes the same history."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from codex.adapter.plugin import codex_options
from tests.conftest import ROOT

RULES_FOLDERS = ("data", "docs/fr", "docs/en")
CONFIGURATION = "mkdocs.yml"  # the site's languages, which the commands read
LEFT_OUT = shutil.ignore_patterns("__pycache__")  # the seeds too: the pages quote them (author_text)
FIRST_DATE = 1709294400  # 2024-03-01 12:00 UTC, the first commit's date; each next commit one day later
DAY = 86400


class GitRepo:
    """A repository at `root`; `write`/`replace` change files, `commit` records them and returns the commit id."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.commits = 0

    @classmethod
    def of_project(cls, root: Path, source: Path = ROOT) -> GitRepo:
        """A repository holding the project's rules and configuration as they are now, in one commit."""
        for folder in RULES_FOLDERS:
            shutil.copytree(source / folder, root / folder, ignore=LEFT_OUT)
        shutil.copy(source / CONFIGURATION, root / CONFIGURATION)
        repo = cls(root)
        repo.git("init", "--quiet", "--initial-branch=main")
        repo.commit("The project's rules")
        return repo

    def env(self) -> dict[str, str]:
        stamp = f"@{FIRST_DATE + DAY * self.commits} +0000"
        return {
            **os.environ,
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Test Author",
            "GIT_AUTHOR_EMAIL": "author@example.org",
            "GIT_COMMITTER_NAME": "Test Author",
            "GIT_COMMITTER_EMAIL": "author@example.org",
            "GIT_AUTHOR_DATE": stamp,
            "GIT_COMMITTER_DATE": stamp,
        }

    def git(self, *args: str) -> str:
        result = subprocess.run(
            ["git", "-C", str(self.root), *args], env=self.env(), capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, f"git {' '.join(args)} failed: {result.stderr}"
        return result.stdout

    def read(self, path: str) -> str:
        return (self.root / path).read_text(encoding="utf-8")

    def write(self, path: str, text: str) -> None:
        (self.root / path).parent.mkdir(parents=True, exist_ok=True)
        (self.root / path).write_text(text, encoding="utf-8")

    def replace(self, path: str, old: str, new: str) -> None:
        """Replace the one occurrence of `old` in the file (a test that no longer finds its text fails here)."""
        text = self.read(path)
        assert text.count(old) == 1, f"{path} holds {text.count(old)} times {old!r}, not once"
        self.write(path, text.replace(old, new))

    def commit(self, message: str) -> str:
        """Record every change of the work tree; the new commit's id."""
        self.git("add", "--all")
        self.git("commit", "--quiet", "--allow-empty", "--no-verify", "-m", message)
        self.commits += 1
        return self.git("rev-parse", "HEAD").strip()


# The rule change the tests of the history make: the thick stone's hit points, 90 → 80, in the materials table; where
# the history says it is, in each language; and the pages of the site that hold no rule (mkdocs.yml's rulebook skips
# them), which the history's views set apart.
MATERIALS = "data/tables/materials.yaml"
STONE_ROW = "{id: stone, name: {fr: Pierre, en: Stone}, ac: 4, hardness: 8, hp_thin: 10, hp_normal: 20, hp_thick: 90}"
THICK_STONE = {
    "fr": "Matériaux standard › Pierre › HP Thick (épais)",
    "en": "Standard materials › Stone › Hit points (thick)",
}
SITE_PAGES = frozenset(codex_options(ROOT / "mkdocs.yml").rulebook.skip)


def change_thick_stone(repo: GitRepo) -> str:
    repo.replace(MATERIALS, STONE_ROW, STONE_ROW.replace("hp_thick: 90", "hp_thick: 80"))
    return repo.commit("Thick stone: 80 hit points")

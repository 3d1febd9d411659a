"""Benchmark (not a test): the history of the rules with 1,000 more commits (issue 26).

    .venv/bin/python tests/bench_changes.py [--commits 1000]

In a temporary clone of the repository (nothing of it is committed here), it times the strict bilingual build with
the history as it is (twice: the second with every commit's changes cached), then makes --commits commits, each one
changing the thick stone's hit points (data/tables/materials.yaml) and rewording a sentence of the object-damage
page in both languages, and times the build again: first with none of the new commits' changes cached (each commit
is compared with its parent once, then cached), then cached, then after one more commit. It prints each time, and
the number and weight of the pages of the history (the Changes page and its older pages) and of the feeds.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MATERIALS = "data/tables/materials.yaml"
STONE = "hp_thick: {value}}}"
PAGES = {"fr": "docs/fr/object-damage.md", "en": "docs/en/object-damage.md"}
SENTENCE = {"fr": "nécessaire pour briser l’objet", "en": "needed to break the object"}


def git(repo: Path, *args: str) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.org")
    env |= {"GIT_COMMITTER_NAME": "Bench", "GIT_COMMITTER_EMAIL": "bench@example.org"}
    return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True).stdout


def build(repo: Path, site: Path) -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    start = time.monotonic()
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)]
    subprocess.run(command, cwd=repo, env=env, check=True, capture_output=True)
    return time.monotonic() - start


def commit_changes(repo: Path, count: int, start: int = 0) -> None:
    """`count` commits, each a new value of the thick stone's hit points and a sentence reworded in both languages."""
    materials = repo / MATERIALS
    for n in range(start, start + count):
        text = materials.read_text(encoding="utf-8")
        old = next(line for line in text.splitlines() if "id: stone," in line)
        materials.write_text(text.replace(old, old.rsplit("hp_thick:", 1)[0] + STONE.format(value=100 + n)))
        for lang, path in PAGES.items():
            page = (repo / path).read_text(encoding="utf-8")
            sentence = next(line for line in page.splitlines() if SENTENCE[lang] in line)
            reworded = sentence.split(SENTENCE[lang])[0] + SENTENCE[lang] + f" ({n})."
            (repo / path).write_text(page.replace(sentence, reworded), encoding="utf-8")
        git(repo, "commit", "--quiet", "--all", "--message", f"Bench change {n}")


def history_pages(site: Path) -> str:
    lines = []
    for lang, root in (("fr", site), ("en", site / "en")):
        pages = [root / "changes" / "index.html", *sorted((root / "changes").glob("*/index.html"))]
        sizes = [p.stat().st_size / 1024 for p in pages]
        feed = (root / "changes" / "feed.xml").stat().st_size / 1024
        lines.append(
            f"  {lang}: {len(pages)} pages, the Changes page {sizes[0]:.0f} KB, the heaviest {max(sizes):.0f} KB, "
            f"all {sum(sizes):.0f} KB; feed {feed:.0f} KB"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commits", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        repo, site = Path(folder) / "repo", Path(folder) / "site"
        git(ROOT, "clone", "--quiet", "--no-hardlinks", str(ROOT), str(repo))
        head = git(repo, "rev-parse", "--short", "HEAD").strip()
        commits = int(git(repo, "rev-list", "--count", "HEAD"))
        print(f"History of {head}: {commits} commits")
        print(f"Build, history as it is: {build(repo, site):.1f} s; again (changes cached): {build(repo, site):.1f} s")
        print(history_pages(site))
        start = time.monotonic()
        commit_changes(repo, args.commits)
        print(f"{args.commits} commits made in {time.monotonic() - start:.0f} s")
        print(f"Build, new commits not cached: {build(repo, site):.1f} s")
        print(f"Build again, every commit cached: {build(repo, site):.1f} s")
        commit_changes(repo, 1, args.commits)
        print(f"Build after one more commit: {build(repo, site):.1f} s")
        print(history_pages(site))


if __name__ == "__main__":
    main()

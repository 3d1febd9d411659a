"""Compare two built sites as a reader sees them: which pages exist, and each page's article text, title and links.

    python tools/compare_sites.py OLD_SITE NEW_SITE

Used to check that a refactoring changes nothing for readers (build the previous commit into OLD_SITE first). Prints
the pages and files only one site has, and the first difference of every page whose reader-visible content differs;
exits 1 if anything differs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bs4 import BeautifulSoup

IGNORED_FILES = ("sw.js",)  # its version hash changes with any byte of the site


def page_view(path: Path) -> dict:
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    article = soup.select_one("article") or soup.body or soup
    return {
        "title": soup.title.get_text() if soup.title else "",
        "text": " ".join(article.get_text(" ").split()),
        "links": [a.get("href") for a in article.find_all("a")],
        "ids": [e.get("id") for e in article.find_all(id=True)],
        "forms": [str(f) for f in article.find_all("form")],
    }


def files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


def search_docs(index: Path) -> list:
    """The entries of a search index, their text with whitespace normalised as on the pages."""
    docs = json.loads(index.read_text(encoding="utf-8"))["docs"]
    return [
        {key: " ".join(value.split()) if isinstance(value, str) else value for key, value in doc.items()}
        for doc in docs
    ]


def main(old: Path, new: Path) -> int:
    differences = 0
    old_files, new_files = files(old), files(new)
    for name in sorted(old_files ^ new_files):
        print(("only in old: " if name in old_files else "only in new: ") + name)
        differences += 1
    for name in sorted(old_files & new_files):
        if name.endswith(IGNORED_FILES):
            continue
        a, b = old / name, new / name
        if name.endswith(".html"):
            va, vb = page_view(a), page_view(b)
            for key in va:
                if va[key] != vb[key]:
                    differences += 1
                    sa, sb = str(va[key]), str(vb[key])
                    at = next((i for i, (x, y) in enumerate(zip(sa, sb)) if x != y), min(len(sa), len(sb)))
                    print(
                        f"{name}: {key} differs at {at}:\n  old: …{sa[max(0, at - 60) : at + 80]}\n  new: …{sb[max(0, at - 60) : at + 80]}"
                    )
                    break
        elif name.endswith("search_index.json"):
            old_docs, new_docs = search_docs(a), search_docs(b)
            if old_docs != new_docs:
                differences += 1
                changed = next(
                    (o, n) for o, n in zip(old_docs + [{}] * len(new_docs), new_docs + [{}] * len(old_docs)) if o != n
                )
                print(
                    f"{name}: search entries differ, first at {changed[0].get('location')!r} / {changed[1].get('location')!r}"
                )
        elif a.read_bytes() != b.read_bytes():
            differences += 1
            print(f"{name}: content differs")
    print(f"{differences} difference(s)")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))

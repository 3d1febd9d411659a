"""python -m codex.sources [--list]: how many paragraphs of each source document the French pages cite with
author_text(), and (--list) the first words of each paragraph nothing cites yet."""

from __future__ import annotations

import sys
from pathlib import Path

from codex.data.loading import load_dataset
from codex.sources.coverage import coverage
from codex.sources.passages import source_texts

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> int:
    dataset = load_dataset(ROOT / "data")
    documents = dataset.by_id("documents.schema.json").get("documents", {}).get("items", [])
    sources = source_texts(dataset.root, documents)
    found = coverage(ROOT / "docs" / "fr", sources)
    for document, source in sources.items():
        print(
            f"{source.file}: {len(found.cited[document])} of {len(source.paragraphs)} paragraphs cited, "
            f"{len(found.uncited[document])} not yet"
        )
        if "--list" in argv:
            for index in found.uncited[document]:
                print(f"  {index + 1}: {source.paragraphs[index][:90]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

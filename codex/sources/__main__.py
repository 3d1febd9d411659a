"""python -m codex.sources [--list]: how many paragraphs of each source document the site cites (the French pages'
author_text() calls and the data's quotations), how many data/left-out.yaml leaves out on purpose, and (--list) the
first words of each paragraph in neither."""

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
    texts = source_texts(dataset.root, documents)
    found = coverage(ROOT / "docs" / "fr", dataset, texts)
    for document, text in texts.items():
        print(
            f"{text.file}: {len(text.paragraphs)} paragraphs, {len(found.cited[document])} cited, "
            f"{len(found.left_out[document] - found.cited[document])} left out on purpose, "
            f"{len(found.uncited[document])} neither"
        )
        if "--list" in argv:
            for index in found.uncited[document]:
                print(f"  {index + 1}: {text.paragraphs[index][:90]}")
    return 1 if any(found.uncited.values()) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

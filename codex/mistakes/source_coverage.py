"""Which paragraphs of the source documents the site cites (issue 25), per document: the passages of the pages'
author_text() calls and of the data's `source: {quote, to}` fields, and those data/left-out.yaml leaves out on
purpose. A paragraph in none of them is a rule, a table, an example or an open point that may not have reached the
site.

    python -m codex.mistakes.source_coverage [--list]

prints how many paragraphs of each document the French pages and the data cite, how many data/left-out.yaml leaves
out on purpose, and (--list) the first words of each paragraph in neither."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from codex import kinds
from codex.data.integrity import sources as data_sources
from codex.data.loading import Dataset, load_dataset
from codex.mistakes.macro_calls import macro_calls
from codex.sources.passages import QuotationError, SourceText, source_texts

LEFT_OUT_SCHEMA = kinds.LEFT_OUT


@dataclass(frozen=True)
class Coverage:
    """Per document id: the indices of its cited paragraphs, of those left out on purpose, and of the rest."""

    cited: dict[str, set[int]]
    left_out: dict[str, set[int]]
    uncited: dict[str, list[int]]


def passage_range(text: SourceText, start: str, end: str = "") -> range:
    """The paragraphs a passage spans; none when a quotation is wrong (the build names it)."""
    try:
        first, last = text.passage(start, end)
    except QuotationError:
        return range(0)
    return range(first, last + 1)


def cited_by_pages(pages: Path, texts: dict[str, SourceText]) -> dict[str, set[int]]:
    """The paragraphs the author_text() calls of the pages under `pages` (a docs/<lang> folder) cite."""
    cited: dict[str, set[int]] = {document: set() for document in texts}
    for page in sorted(pages.rglob("*.md")):
        for call in macro_calls(page.read_text(encoding="utf-8")):
            if call.name != "author_text" or not call.args or call.args[0] not in texts:
                continue
            quotations = [str(a) for a in call.args[1:3] if isinstance(a, str)]
            if quotations:
                cited[str(call.args[0])].update(passage_range(texts[str(call.args[0])], *quotations))
    return cited


def quoted_by_data(dataset: Dataset, texts: dict[str, SourceText], schemas: set[str]) -> dict[str, set[int]]:
    """The paragraphs the `source: {quote, to}` fields of the data files of the given kinds (schema file names)
    name."""
    by_file = {text.file: document for document, text in texts.items()}
    found: dict[str, set[int]] = {document: set() for document in texts}
    for doc in dataset.documents:
        if doc.schema not in schemas:
            continue
        for _path, source in data_sources(doc.content):
            document = by_file.get(source["seed"])
            if document and "quote" in source:
                found[document].update(passage_range(texts[document], source["quote"], source.get("to", "")))
    return found


def coverage(pages: Path, dataset: Dataset, texts: dict[str, SourceText]) -> Coverage:
    """What the pages under `pages` and the data cite, what data/left-out.yaml leaves out, and the rest."""
    kinds = {doc.schema for doc in dataset.documents}
    from_pages = cited_by_pages(pages, texts)
    from_data = quoted_by_data(dataset, texts, kinds - {LEFT_OUT_SCHEMA})
    cited = {document: from_pages[document] | from_data[document] for document in texts}
    left_out = quoted_by_data(dataset, texts, {LEFT_OUT_SCHEMA})
    uncited = {
        document: [i for i in range(len(text.paragraphs)) if i not in cited[document] | left_out[document]]
        for document, text in texts.items()
    }
    return Coverage(cited, left_out, uncited)


ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> int:
    dataset = load_dataset(ROOT / "data")
    documents = dataset.by_id(kinds.DOCUMENTS).get("documents", {}).get("items", [])
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

"""The glossary is the terminology: no page and no data text uses a variant that data/glossary.yaml lists under
`avoid` for its language (whole words, as written), each found with its file, line and the word to write instead.
`python -m codex.check --quick` runs it; tests/test_terminology.py holds it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from codex import kinds
from codex.data.integrity import rel, texts
from codex.data.loading import Dataset, Document
from codex.data.wiki_links import WIKI_LINK
from codex.problem import Problem

LINK_DESTINATION = re.compile(r"\]\([^)\s]*\)")  # '](attacks-and-manoeuvres.md#trip)': a file name, not words


def avoided(dataset: Dataset, lang: str) -> dict[str, str]:
    """Variant to avoid -> the preferred form, for one language."""
    glossary = dataset.by_id(kinds.GLOSSARY).get("glossary", {"items": []})
    return {
        variant: item["term"][lang] for item in glossary["items"] for variant in item.get("avoid", {}).get(lang, [])
    }


def variant_pattern(variants: dict[str, str]) -> re.Pattern:
    words = sorted(variants, key=len, reverse=True)
    return re.compile(r"(?<![\w’'-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w-])")


def words_shown(text: str) -> str:
    """The text as a reader sees its words: each wiki link as the words it shows (its kind and id are not words of
    the page), a Markdown link without its destination."""
    return LINK_DESTINATION.sub("]", WIKI_LINK.sub(lambda m: m["label"] or "", text))


def page_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, text) of a page's lines."""
    return [(n, words_shown(line)) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)]


def language_texts(dataset: Dataset, lang: str) -> Iterator[tuple[Document, tuple, str]]:
    """(document, path, text) of every data text in `lang` (the `fr` or `en` of a {fr, en} pair), but the glossary's
    `avoid` lists."""
    for doc in dataset.documents:
        for path, _, value in texts(doc.content):
            if path and path[-1] == lang and "avoid" not in path:  # a text in that language (not an id or a file)
                yield doc, path, value


def data_texts(dataset: Dataset, lang: str) -> list[tuple[str, int, str]]:
    """(file, line, text) of every data text in `lang`, its words as shown."""
    return [(rel(doc), doc.line(*path) or 0, words_shown(value)) for doc, path, value in language_texts(dataset, lang)]


def terminology_problems(dataset: Dataset, docs: Path, lang: str) -> list[Problem]:
    """Every use of a variant to avoid in the pages of `docs` (docs/<lang>) and the data texts of `lang`."""
    variants = avoided(dataset, lang)
    if not variants:
        return []
    pattern = variant_pattern(variants)
    root = dataset.root.parent
    lines = [
        (page.relative_to(root).as_posix() if page.is_relative_to(root) else str(page), *line)
        for page in sorted(docs.rglob("*.md"))
        for line in page_lines(page)
    ]
    return [
        Problem(
            file,
            number or None,
            lang,
            f"'{match[1]}' is a variant the glossary avoids",
            f"write '{variants[match[1]]}'",
        )
        for file, number, text in lines + data_texts(dataset, lang)
        for match in pattern.finditer(text)
    ]

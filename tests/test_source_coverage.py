"""Every paragraph of the three source documents reaches the site (issue 25): a page's author_text() or a data
entry's `source: {quote, to}` cites it, or data/left-out.yaml leaves it out with its reason. The counts are printed
(`pytest -s`, or `python -m codex.mistakes.source_coverage --list` for the paragraphs themselves)."""

from __future__ import annotations

import re

from codex.mistakes.macro_calls import macro_calls
from codex.mistakes.source_coverage import coverage
from codex.sources.passages import source_texts
from tests.conftest import ROOT
from tests.project_data import project_dataset

DATASET = project_dataset()
TEXTS = source_texts(DATASET.root, DATASET.by_id("documents.schema.json")["documents"]["items"])


def test_every_paragraph_of_the_sources_is_cited_or_left_out_on_purpose():
    found = coverage(ROOT / "docs" / "fr", DATASET, TEXTS)
    missing = []
    for document, text in TEXTS.items():
        left_out = found.left_out[document] - found.cited[document]
        print(
            f"{text.file}: {len(text.paragraphs)} paragraphs, {len(found.cited[document])} cited, "
            f"{len(left_out)} left out on purpose, {len(found.uncited[document])} neither"
        )
        missing += [f"{text.file} paragraph {i + 1}: {text.paragraphs[i][:70]}" for i in found.uncited[document]]
    assert missing == [], "cite these in a page or a data entry, or list them in data/left-out.yaml with a reason"
    assert sum(len(c) for c in found.cited.values()) > 400  # the count is of something


def test_both_languages_show_the_same_author_s_text_in_the_same_places():
    for french in sorted((ROOT / "docs" / "fr").rglob("*.md")):
        english = ROOT / "docs" / "en" / french.relative_to(ROOT / "docs" / "fr")
        assert author_texts(french) == author_texts(english), french.relative_to(ROOT)


def author_texts(page) -> list[tuple[tuple, str]]:
    """Each author_text() call of a page with the anchor of the heading above it."""
    source = page.read_text(encoding="utf-8")
    return [
        (call.args, (HEADING.findall(source[: call.offset]) or [""])[-1])
        for call in macro_calls(source)
        if call.name == "author_text"
    ]


HEADING = re.compile(r"^#+ .*\{#([a-z0-9-]+)\}", re.MULTILINE)

"""The English style sheet's checks (CONTRIBUTING.md, "English style"), on every English page and data text, each
problem with its file and line: units written one way, typographic quotes, and the words data/english-style.yaml
lists. The game's own terms to avoid are the glossary's (codex/mistakes/terminology.py); what the open questions
quote is checked against the built pages (codex/mistakes/quotations.py). `python -m codex.check --quick` runs them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import markdown

from codex.data.integrity import rel
from codex.data.loading import Dataset
from codex.mistakes.problem import Problem
from codex.mistakes.terminology import language_texts, variant_pattern, words_shown

LANG = "en"

# A quotation of the author's words: the prime ′ may stay there, as he wrote it. A quotation left open at the line's
# end runs to it; a closing mark with no opening one closes a quotation begun on an earlier line.
QUOTATION = re.compile(r"“[^”]*(?:”|$)|^[^“”]*”")
NUMBER = r"(?<![\w.,])\d+(?:[.,]\d+)?"
PRIME = re.compile(NUMBER + r"\s?[′’](?![\w′’])")  # 5′, 10’: feet written as the author writes them
FT_IN_PROSE = re.compile(NUMBER + r"[\s-]?ft\b\.?")  # 30 ft, 30-ft. in a sentence
FEET_IN_TABLE = re.compile(NUMBER + r"\s(?:feet|foot)\b")  # 30 feet in a table's cell
TRAILING_ZERO_METRES = re.compile(r"(?<![\w.,])\d+\.\d*0\s?m\b")  # 1.50 m, a French habit

# Markdown's own typographic quotes (Python-Markdown's smarty extension) turn a straight quote into one of these.
CURLED = re.compile(r"&[lr][sd]quo;")
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\[#.*?#\]")
FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Text:
    """One English text as a contributor edits it: a page's line or a data text, and whether it is a table's."""

    file: str
    line: int | None
    words: str  # what the reader reads: wiki links as their words, links without their destination
    in_table: bool


def page_texts(docs: Path, root: Path) -> Iterator[Text]:
    """Every line of prose of the English pages: not code blocks, not the macro calls (whose arguments quote the
    French documents or name ids)."""
    for page in sorted(docs.rglob("*.md")):
        shown = page.relative_to(root).as_posix() if page.is_relative_to(root) else str(page)
        in_code = in_macro = False
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            if FENCE.match(line):
                in_code = not in_code
                continue
            if in_code:
                continue
            if in_macro:  # a macro call over several lines
                in_macro = "}}" not in line
                line = line.partition("}}")[2]
            line = JINJA.sub(" ", line)
            if "{{" in line:
                in_macro, line = True, line.partition("{{")[0]
            yield Text(shown, number, words_shown(line), line.lstrip().startswith("|"))


def data_texts(dataset: Dataset) -> Iterator[Text]:
    """Every English data text; a table's column labels and cells are a table's text, its notes and title prose."""
    for doc, path, value in language_texts(dataset, LANG):
        cell = doc.schema == "table.schema.json" and path[0] in ("rows", "columns")
        yield Text(rel(doc), doc.line(*path), words_shown(value), cell)


def outside_quotations(words: str) -> str:
    """The text with its quotations blanked out (same length, so that positions still hold)."""
    return QUOTATION.sub(lambda m: " " * len(m[0]), words)


def unit_problems(text: Text) -> Iterator[Problem]:
    prose = outside_quotations(text.words)
    for match in PRIME.finditer(prose):
        yield problem(
            text,
            f"'{match[0]}': the prime outside a quotation of the author",
            "write feet in prose ('5 feet', 'a 5-foot square'), ft in a table ('5 ft')",
        )
    for match in (FEET_IN_TABLE if text.in_table else FT_IN_PROSE).finditer(prose):
        fix = "write ft in a table's cell ('30 ft')" if text.in_table else "write feet in prose ('30 feet')"
        yield problem(text, f"'{match[0]}': the unit as the other kind of text writes it", fix)
    for match in TRAILING_ZERO_METRES.finditer(prose):
        yield problem(text, f"'{match[0]}': a trailing zero (a French habit)", "write '1.5 m'")


class StraightQuotes:
    """Python-Markdown's smarty extension, quotes only: the straight quotes it would curl in a text are the ones a
    contributor should have typed curly (the apostrophe ’, “double” and ‘single’ quotes)."""

    def __init__(self) -> None:
        self.markdown = markdown.Markdown(
            extensions=["smarty", "admonition", "attr_list", "tables", "pymdownx.details"],
            extension_configs={
                "smarty": {"smart_dashes": False, "smart_ellipses": False, "smart_angled_quotes": False}
            },
        )

    def found(self, words: str) -> bool:
        if "'" not in words and '"' not in words:
            return False
        self.markdown.reset()
        # Markdown's own syntax at the line's start (a list item, a quote block) is kept; its indentation is not
        # (a continuation line indented by four would read as code).
        return bool(CURLED.search(self.markdown.convert(words.strip())))


def quote_problems(text: Text, quotes: StraightQuotes) -> Iterator[Problem]:
    if quotes.found(text.words):
        yield problem(
            text, "a straight quote or apostrophe", "type the typographic one: ’ (it’s, the character’s), “…”, ‘…’"
        )


@dataclass(frozen=True)
class Avoided:
    write: str
    why: str
    unless_after: frozenset[str]  # the words before it that make it fine, lower-case


def avoided_words(dataset: Dataset) -> dict[str, Avoided]:
    """Word to avoid -> what to write, why, and the words after which it is fine, from data/english-style.yaml."""
    style = dataset.by_id("english-style.schema.json").get("english-style", {"avoid": []})
    return {
        word: Avoided(entry["write"], entry["why"], frozenset(w.lower() for w in entry.get("unless_after", [])))
        for entry in style["avoid"]
        for word in entry["words"]
    }


def word_before(text: str, start: int) -> str:
    words = text[:start].split()
    return words[-1].lower() if words else ""


def problem(text: Text, what: str, fix: str) -> Problem:
    return Problem(text.file, text.line or None, LANG, what, fix)


def english_style_problems(dataset: Dataset, docs: Path) -> list[Problem]:
    """Every departure from the style sheet in the English pages of `docs` (docs/en) and the English data texts."""
    quotes = StraightQuotes()
    avoid = avoided_words(dataset)
    pattern = variant_pattern(avoid) if avoid else None
    found: list[Problem] = []
    for text in [*page_texts(docs, dataset.root.parent), *data_texts(dataset)]:
        found += unit_problems(text)
        found += quote_problems(text, quotes)
        prose = outside_quotations(text.words)
        for match in pattern.finditer(prose) if pattern else ():
            word = avoid[match[1]]
            if word_before(prose, match.start()) not in word.unless_after:
                found.append(problem(text, f"'{match[1]}': {word.why}", f"write {word.write}"))
    return found

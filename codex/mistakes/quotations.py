"""What an English open question quotes, a page says word for word: each “quotation” of three words or more in an
open question's English texts is found in the built English page the question belongs to (or, where it quotes
another rule, in another page of the site), its open questions left out. A quotation that no page says is a
misquote: the question's words or the page's moved apart. Run on the built site by `codex.check --quick`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from lxml import html

from codex import kinds
from codex.data.loading import Dataset
from codex.problem import Problem

LANG = "en"
QUOTED = re.compile(r"“([^“”]*)”")
ELISION = re.compile(r"\[…\]|\[\.\.\.\]|…")
MIN_WORDS = 3
UTF8 = html.HTMLParser(encoding="utf-8")
# Typography that may differ between a quotation and the sentence it quotes: quotes nested inside it (‘…’ in the
# quotation, “…” on the page), apostrophes, spaces, a sentence's first capital, its closing stop.
UNQUOTED = str.maketrans({"“": "", "”": "", "‘": "'", "’": "'", "\u00a0": " ", "\u202f": " "})
QUOTE_MARK = re.compile(r"(?<!\w)'|'(?!\w)")  # a single quote not between two letters: a quotation's, not an apostrophe
# What a built page shows besides its rules: its history, the home page's latest changes, the Changes pages (they hold
# the old and new words of every edited quotation, which would make any quotation "found").
NOT_THE_RULES = '//*[contains(@class, "codex-open-question") or contains(@class, "codex-page-history") or contains(@class, "codex-latest-changes") or contains(@class, "codex-changes")]'


def normal(text: str) -> str:
    return " ".join(QUOTE_MARK.sub("", text.translate(UNQUOTED)).lower().split()).strip(" .,;:!?")


def page_file(site: Path, page: str) -> Path:
    """docs' `d20/actions.md` -> site/en/d20/actions/index.html (`index.md` -> the folder's index.html)."""
    stem = page.removesuffix(".md")
    folder = stem.removesuffix("index").rstrip("/")
    return site / folder / "index.html" if folder or stem == "index" else site / "index.html"


def page_text(path: Path) -> str:
    """A built page's article as one normalised line of words, without its open questions (they hold the
    quotations being checked) and its history (NOT_THE_RULES)."""
    if not path.is_file():
        return ""
    tree = html.fromstring(path.read_bytes(), parser=UTF8)
    articles = tree.xpath("//article") or [tree]
    for part in articles[0].xpath("." + NOT_THE_RULES):
        if part.getparent() is not None:
            part.getparent().remove(part)
    return normal(articles[0].text_content())


def other_pages(site: Path) -> list[Path]:
    """Every built page of the language but the pages of its history (changes/, changes/N/)."""
    return [page for page in sorted(site.rglob("index.html")) if page.relative_to(site).parts[0] != "changes"]


def quotations(text: str) -> Iterator[str]:
    """Each part of each “…” quotation long enough to be a sentence's words, split where the quotation elides."""
    for match in QUOTED.finditer(text):
        for part in ELISION.split(match[1]):
            if len(normal(part).split()) >= MIN_WORDS:
                yield part


def english_texts(question: dict) -> Iterator[tuple[tuple, str]]:
    """(path, text) of a question's English texts: its title, each reading's text, its decision."""
    yield ("title", LANG), question["title"][LANG]
    for i, reading in enumerate(question.get("readings", [])):
        yield ("readings", i, "text", LANG), reading["text"][LANG]
    if question.get("decision"):
        yield ("decision", LANG), question["decision"][LANG]


def misquotations(dataset: Dataset, site: Path) -> list[Problem]:
    """Every quotation of the English open questions that neither their page nor any other English page says."""
    texts: dict[Path, str] = {}

    def text_of(path: Path) -> str:
        if path not in texts:
            texts[path] = page_text(path)
        return texts[path]

    others = other_pages(site)
    found = []
    for doc in dataset.of_kind(kinds.OPEN_QUESTION):
        question = doc.content
        own = page_file(site, question["page"])
        for path, text in english_texts(question):
            for quotation in quotations(text):
                words = normal(quotation)
                if words in text_of(own):
                    continue
                if any(words in text_of(page) for page in others if page != own):
                    continue
                found.append(
                    Problem(
                        doc.path.relative_to(dataset.root.parent).as_posix(),
                        doc.line(*path),
                        LANG,
                        f"“{quotation.strip()}” is not what {question['page']} says",
                        "quote the page word for word (or change the page, if it is the page that moved away from "
                        "the author’s words)",
                    )
                )
    return found

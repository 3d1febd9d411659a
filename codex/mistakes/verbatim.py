"""The author's words as he wrote them (issue 36, item 5), character for character, where the site quotes them.

- The author's-text blocks of the built pages (`author_text()`, a condition's passage; both languages): each
  paragraph is found in its seed whatever its typography (codex/sources/passages.py, `folded`), then compared
  character by character: a space added before a colon, « .; » turned into « . ; », a capital À, an accent or a
  letter corrected is named, with the page's file and the author_text() call's line.
- The French quotations « … » of the open questions (title, readings, decision): found the same way, then compared
  with their seed, the typography of a quotation aside (its spaces and no-break spaces, apostrophes, quotation marks,
  dashes and minus signs, the case of its first letter); an accent, a letter, a ligature or a punctuation mark that
  differs is named. A quotation of three words or more that no seed holds but that is close to the passage its
  reading cites is named too (a word corrected). An addition of ours is marked as ours: [sic], or a gloss in
  brackets outside the quotation marks.

`python -m codex.check --quick` runs both, the first on the built site."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from pathlib import Path

from lxml import html

from codex import kinds
from codex.data.integrity import listed_documents, rel
from codex.data.loading import Dataset
from codex.problem import Problem
from codex.sources.passages import SourceText, folded, source_texts

QUOTED = re.compile(r"«\s*([^«»]*?)\s*»")
ELISION = re.compile(r"\s*(?:\[…\]|\[\.\.\.\]|\(…\)|…)\s*")
MIN_WORDS = 3
CLOSE = 0.8  # a quotation no seed holds, this close to its reading's passage: a word of it was changed
UTF8 = html.HTMLParser(encoding="utf-8")
CALL = re.compile(r"author_text\(\s*['\"](\d{3})['\"]\s*,\s*(['\"])(.*?)\2")
# What may differ between a quotation and the seed: the typography of quoting, not the author's letters.
SPACES = re.compile(r"[\s\u00a0\u202f]+")
SPACE_AROUND_MARK = re.compile(r"\s*([:;!?/\"])\s*")
TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "«": '"', "»": '"', "−": "-", "–": "-", "—": "-"})
OUR_ADDITION = re.compile(r"\s*\[[^\]A-Z]*[a-zà-ÿ][^\]]*\]")  # "[un]", "[sic]": ours, in brackets (his are in capitals)
NEAR, START = 0.9, 16  # a paragraph changed: this like its seed's, its first folded characters the same
FUZZY_WORDS = 5  # a quotation no seed holds is compared with its reading's passage from this many words


def as_typed(text: str) -> str:
    """A quotation as compared with the seed: its spaces, apostrophes, quotation marks, dashes and first capital
    aside."""
    text = SPACE_AROUND_MARK.sub(r"\1", SPACES.sub(" ", text.translate(TYPOGRAPHY)).strip())
    return text[:1].lower() + text[1:]


def folded_positions(paragraph: str) -> tuple[str, list[int]]:
    """The paragraph folded (codex/sources/passages.py) and, for each of its characters, the paragraph's index."""
    positions: list[int] = []
    shown = ""
    for index, char in enumerate(paragraph):
        part = folded(char)
        shown += part
        positions += [index] * len(part)
    return shown, positions


def seed_span(paragraph: str, quotation: str) -> str | None:
    """The stretch of `paragraph`, as written, whose folded form is the quotation's; None when it holds none."""
    wanted = folded(quotation)
    shown, positions = folded_positions(paragraph)
    at = shown.find(wanted) if wanted else -1
    if at < 0:
        return None
    return paragraph[positions[at] : positions[at + len(wanted) - 1] + 1]


def first_difference(ours: str, his: str) -> str:
    """Where two texts part: « …OA. ; » for « …OA.; », with a few characters around (their apostrophes, quotation
    marks and dashes aside, which may differ)."""
    plain = [SPACES.sub(" ", text.translate(TYPOGRAPHY)) for text in (ours, his)]
    plain = [text[:1].lower() + text[1:] for text in plain]
    at = next((i for i, (a, b) in enumerate(zip(*plain, strict=False)) if a != b), min(map(len, plain)))
    start = max(0, at - 12)
    cut = "…" if start else ""
    return f"« {cut}{plain[0][start : at + 8]}… » for « {cut}{plain[1][start : at + 8]}… »"


# -- the author's-text blocks of the built pages


def built_pages(site: Path) -> Iterator[tuple[str, Path]]:
    """(language, page) of every built page but the history's (changes/): site/ is French, site/en/ English."""
    for page in sorted(site.rglob("index.html")):
        parts = page.relative_to(site).parts
        lang = "en" if parts[0] == "en" else "fr"
        inner = parts[1:] if lang == "en" else parts
        if inner and inner[0] in ("changes", "assets", "search"):
            continue
        yield lang, page


def source_page(site: Path, lang: str, page: Path, docs: Path) -> Path:
    """site/en/d20/actions/index.html -> docs/en/d20/actions.md (or d20/actions/index.md)."""
    inner = page.parent.relative_to(site / "en" if lang == "en" else site).as_posix()
    folder = docs / lang
    if inner in ("", "."):
        return folder / "index.md"
    own = folder / f"{inner}.md"
    return own if own.is_file() else folder / inner / "index.md"


def call_line(path: Path, source: SourceText, paragraph: int) -> int | None:
    """The line of the page's author_text() call whose passage starts at or runs over `paragraph` (the first whose
    start is at or before it, nearest)."""
    if not path.is_file():
        return None
    best: tuple[int, int] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        for match in CALL.finditer(line):
            if match[1] != source.document:
                continue
            try:
                start = source.paragraph_of(match[3])
            except ValueError:
                continue
            if start <= paragraph and (best is None or start > best[0]):
                best = (start, number)
    return best[1] if best else None


def nearest(sources: dict[str, SourceText], words: str) -> tuple[SourceText | None, int]:
    """The seed paragraph a changed paragraph shows (the one that starts alike and is most like it), or (None, -1)."""
    wanted = folded(words)
    best: tuple[float, SourceText | None, int] = (NEAR, None, -1)
    for source in sources.values():
        for index, paragraph in enumerate(source.paragraphs):
            text = folded(paragraph)
            if text[:START] == wanted[:START]:
                ratio = difflib.SequenceMatcher(None, wanted, text, autojunk=False).ratio()
                if ratio > best[0]:
                    best = (ratio, source, index)
    return best[1], best[2]


def author_text_problems(site: Path, docs: Path, sources: dict[str, SourceText]) -> list[Problem]:
    """Every paragraph of an author's-text block, in the built pages under `site`, that is not its seed's paragraph
    character for character."""
    by_folded = {
        folded(paragraph): (source, index)
        for source in sources.values()
        for index, paragraph in enumerate(source.paragraphs)
    }
    root = docs.parent
    found = []
    for lang, page in built_pages(site):
        data = page.read_bytes()
        if b"codex-author-text" not in data:
            continue
        tree = html.fromstring(data, parser=UTF8)
        for block in tree.xpath('//details[contains(@class, "codex-author-text")]//div[@lang="fr"]'):
            for shown in block.xpath("./p"):
                words = shown.text_content()
                source, index = by_folded.get(folded(words)) or nearest(sources, words)
                if source is None:
                    what = f"the author's text « {words[:60]}… » is in no source document"
                    fix = "quote the seed's paragraph as it is (data/seeds/)"
                elif words != source.paragraphs[index]:
                    what = f"the author's text differs from {source.file}, paragraph {index + 1}: " + first_difference(
                        words, source.paragraphs[index]
                    )
                    fix = (
                        "show the author's characters as he wrote them: no typography or correction in "
                        "codex/render/author_text.py, the block's words marked data-verbatim"
                    )
                else:
                    continue
                path = source_page(site, lang, page, docs)
                line = call_line(path, source, index) if source else None
                shown_path = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
                found.append(Problem(shown_path, line, lang, what, fix))
    return found


# -- the open questions' French quotations


def french_texts(question: dict) -> Iterator[tuple[tuple, str, list[dict]]]:
    """(path, text, the sources it cites) of a question's French texts: its title, each reading, its decision."""
    own = [question["source"]] if "source" in question else []
    yield ("title", "fr"), question["title"]["fr"], own
    for i, reading in enumerate(question.get("readings", [])):
        cited = [reading["source"]] if "source" in reading else []
        yield ("readings", i, "text", "fr"), reading["text"]["fr"], cited or own
    if question.get("decision"):
        yield ("decision", "fr"), question["decision"]["fr"], own


def quoted_parts(text: str) -> Iterator[str]:
    for match in QUOTED.finditer(text):
        for part in ELISION.split(match[1]):
            if len(part.split()) >= MIN_WORDS:
                yield part


def closest_in(paragraphs: list[str], quotation: str) -> tuple[float, str]:
    """The stretch of the paragraphs most like the quotation, as written (compared folded, by windows as long as
    it)."""
    wanted = folded(quotation)
    best, found = 0.0, ""
    for paragraph in paragraphs:
        text, positions = folded_positions(paragraph)
        step = max(1, len(wanted) // 6)
        for start in range(0, max(1, len(text) - len(wanted) + step), step):
            window = text[start : start + len(wanted)]
            ratio = difflib.SequenceMatcher(None, wanted, window, autojunk=False).ratio()
            if ratio > best and window:
                best = ratio
                found = paragraph[positions[start] : positions[start + len(window) - 1] + 1]
    return best, found


def quotation_problems(dataset: Dataset, sources: dict[str, SourceText] | None = None) -> list[Problem]:
    """Every French quotation of an open question that changes the author's characters (not his typography)."""
    if sources is None:
        sources = source_texts(dataset.root, listed_documents(dataset))
    by_file = {source.file: source for source in sources.values()}
    paragraphs = [paragraph for source in sources.values() for paragraph in source.paragraphs]
    found = []
    for doc in dataset.of_kind(kinds.OPEN_QUESTION):
        for path, text, cited in french_texts(doc.content):
            for part in quoted_parts(text):
                spans = [span for paragraph in paragraphs if (span := seed_span(paragraph, part)) is not None]
                his = OUR_ADDITION.sub("", part)
                if not spans and his != part:  # an addition of ours, marked: the rest is his
                    part = his
                    spans = [span for paragraph in paragraphs if (span := seed_span(paragraph, part)) is not None]
                if spans:
                    if any(as_typed(part) == as_typed(span) for span in spans):
                        continue
                    what = f"« {part} » is not the author's text: " + first_difference(part, spans[0])
                elif len(part.split()) < FUZZY_WORDS:
                    continue  # too short to tell a changed quotation from words of ours in « »
                else:
                    cited_paragraphs = [
                        by_file[s["seed"]].paragraphs[by_file[s["seed"]].paragraph_of(s["quote"])]
                        for s in cited
                        if s.get("seed") in by_file
                    ]
                    ratio, near = closest_in(cited_paragraphs, part)
                    if ratio < CLOSE:
                        continue  # not a quotation of the passage it cites (another document's, a page's)
                    what = f"« {part} » is not the author's text, which reads « {near} »"
                found.append(
                    Problem(
                        rel(doc),
                        doc.line(*path),
                        "fr",
                        what,
                        "quote his characters as he wrote them (spelling, accents, punctuation); mark an addition "
                        "of ours as ours: [sic], or a gloss outside the quotation marks",
                    )
                )
    return found

"""A seed document as paragraphs, and the passages a page or a data file quotes from it.

A quotation is found whatever its typography: apostrophes and quotation marks of any kind, spaces (none, several,
no-break), case, accents, ligatures (œ), dashes, "×" for "x" and "…" for "..." are all folded away before comparing,
so a contributor may copy the seed's words or the site's typeset ones. A passage's first quotation must then occur
once in its document (quote more words otherwise), unless it is a whole paragraph that no other paragraph is (a
heading such as "Combat"); the passage runs from that paragraph to the first one from there on that holds its last
quotation. A paragraph is a non-empty line of the seed file.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FOLDED = str.maketrans(
    {
        "’": "'",
        "‘": "'",
        "`": "'",
        "“": '"',
        "”": '"',
        "«": '"',
        "»": '"',
        "–": "-",
        "—": "-",
        "−": "-",
        "×": "x",
        "œ": "oe",
        "Œ": "oe",
        "æ": "ae",
        "Æ": "ae",
    }
)
SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+")
SHOWN = 120  # characters of the closest passage an error message quotes


def folded(text: str) -> str:
    """The text as quotations are compared: no accent, typography or space, lower case."""
    text = text.translate(FOLDED).replace("…", "...")
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c) and not c.isspace()).lower()


class QuotationError(ValueError):
    """A quotation that is not in its document, or not once; the message says which and the closest passage."""


@dataclass(frozen=True)
class SourceText:
    """One seed document: its id ('000'), its file name and its paragraphs (the non-empty lines, as written)."""

    document: str
    file: str
    paragraphs: tuple[str, ...]

    @classmethod
    def read(cls, document: str, path: Path) -> SourceText:
        lines = path.read_text(encoding="utf-8").splitlines()
        return cls(document, path.name, tuple(line.strip() for line in lines if line.strip()))

    @property
    def _folded(self) -> tuple[str, ...]:
        return _folded_paragraphs(self.paragraphs)

    def paragraph_of(self, quotation: str) -> int:
        """The index of the one paragraph that holds `quotation`; QuotationError when none or several do."""
        wanted = folded(quotation)
        if not wanted:
            raise QuotationError("an empty quotation")
        found = [i for i, text in enumerate(self._folded) for _ in range(text.count(wanted))]
        whole = [i for i in found if self._folded[i] == wanted]  # a heading quoted whole: "Combat", "Parer"
        if len(found) == 1 or len(whole) == 1:
            return whole[0] if whole else found[0]
        if found:
            raise QuotationError(
                f"« {quotation} » occurs {len(found)} times in {self.file} (paragraphs "
                f"{', '.join(str(i + 1) for i in found[:5])}): quote more words, so that it occurs once"
            )
        raise QuotationError(
            f"« {quotation} » is not in {self.file}; the closest passage: « {self.closest(quotation)} »"
        )

    def passage(self, start: str, end: str = "") -> tuple[int, int]:
        """The paragraphs (first, last, indices) from the one quoting `start` to the first one from there on that
        quotes `end` (or `start`'s alone); QuotationError when `start` is missing or not once, or `end` is not in
        the document after it."""
        first = self.paragraph_of(start)
        if not end:
            return first, first
        wanted = folded(end)
        for index in range(first, len(self._folded)):
            if wanted and wanted in self._folded[index]:
                return first, index
        if wanted and any(wanted in text for text in self._folded):
            raise QuotationError(
                f"« {end} » comes before « {start} » in {self.file}: the passage runs from start to end"
            )
        raise QuotationError(f"« {end} » is not in {self.file}; the closest passage: « {self.closest(end)} »")

    def closest(self, quotation: str) -> str:
        """The sentence of the document holding the stretch of words most like `quotation` (for a contributor's
        typo), cut to SHOWN characters: each sentence is compared by windows as long as the quotation."""
        wanted = folded(quotation)
        best, found = 0.0, ""
        for paragraph in self.paragraphs:
            for sentence in SENTENCE_END.split(paragraph):
                text = folded(sentence)
                step = max(1, len(wanted) // 4)
                for start in range(0, max(1, len(text) - len(wanted) + step), step):
                    match = difflib.SequenceMatcher(None, wanted, text[start : start + len(wanted)], autojunk=False)
                    if match.real_quick_ratio() > best and match.quick_ratio() > best and match.ratio() > best:
                        best, found = match.ratio(), sentence
        return found if len(found) <= SHOWN else found[: SHOWN - 1].rstrip() + "…"


@cache
def _folded_paragraphs(paragraphs: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(folded(p) for p in paragraphs)


def source_texts(data_dir: Path, documents: list[dict]) -> dict[str, SourceText]:
    """Document id -> its text, for the documents of data/documents.yaml whose seed file is in data_dir/seeds."""
    texts = {}
    for item in documents:
        path = Path(data_dir) / "seeds" / str(item.get("file", ""))
        if path.is_file():
            texts[str(item["id"])] = SourceText.read(str(item["id"]), path)
    return texts

"""A UI text that names a control names it by the control's own label (issue 36): each quotation of a UI text
(data/ui.yaml, data/calculators/*.yaml; “…” in English, « … » in French) must read as a text of those files does —
a button's, a field's, a heading's label —, or as an open question's or a table's title or column, or as the
author's words; what to type (“write “Name IP””), a command or a question is not a control's name.
"Cancel own action for this one" beside a button labelled "Cancel current action for this one" is named, with its
file and line and the closest label; renaming a button names each text that still says the old label.
`python -m codex.check --quick` runs it with the English style."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator

from codex import kinds
from codex.data.integrity import listed_documents, rel
from codex.data.loading import Dataset, Document
from codex.mistakes.terminology import language_texts
from codex.problem import Problem
from codex.sources.passages import folded, source_texts

UI_SCHEMAS = (kinds.UI, kinds.CALCULATOR)
TITLED = (kinds.OPEN_QUESTION, kinds.TABLE)
QUOTED = {"en": re.compile(r"“([^“”]*)”"), "fr": re.compile(r"«\s*([^«»]*?)\s*»")}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
SPACES = re.compile(r"[\s\u00a0\u202f]+")


def plain(text: str) -> str:
    return SPACES.sub(" ", text).strip()


def is_ui(doc: Document) -> bool:
    return doc.schema in UI_SCHEMAS


LABEL_LIKE = re.compile(r"^[A-ZÀ-Ý][^\d\[\]?{}]*$")  # a control's label: sentence case, no number, no question
MAX_WORDS = 7
TO_TYPE = re.compile(r"(?:write|type|enter|example|écrivez|tapez|saisissez|exemple)\W*$", re.IGNORECASE)
SEPARATORS = " —–-:,·"


def fixed_parts(text: str) -> set[str]:
    """A label and, for one with placeholders, what the control shows of it whatever they hold: “Act now” for
    “Act now — {name}”, “Play segment” for “Play segment {segment}”."""
    shown = plain(text)
    parts = {shown}
    if PLACEHOLDER.search(shown):
        parts |= {plain(part).strip(SEPARATORS) for part in PLACEHOLDER.split(shown)}
    return {part for part in parts if part}


def labels(dataset: Dataset, lang: str) -> set[str]:
    """What a quotation in a UI text may read: every UI text of the language (a label with placeholders, without
    them), each open question's and table's title, each table's column labels."""
    found = {part for doc, _, value in language_texts(dataset, lang) if is_ui(doc) for part in fixed_parts(value)}
    for doc in dataset.documents:
        if doc.schema in TITLED and isinstance(doc.content.get("title"), dict):
            found.add(plain(doc.content["title"][lang]))
        for column in doc.content.get("columns", []) if doc.schema == kinds.TABLE else ():
            if isinstance(column.get("label"), dict):
                found.add(plain(column["label"][lang]))
    return found


def ui_quotations(dataset: Dataset, lang: str) -> Iterator[tuple[Document, tuple, str]]:
    """(document, path, quotation) of each quotation of a UI text that reads as a control's label: not a
    placeholder's (“{field}”), an example of what to type (“Krom 10”), a command or a question."""
    for doc, path, value in language_texts(dataset, lang):
        if not is_ui(doc):
            continue
        for match in QUOTED[lang].finditer(value):
            quoted = plain(match[1])
            if TO_TYPE.search(value[: match.start()]):
                continue  # what to type, not a control
            if LABEL_LIKE.match(quoted) and len(quoted.split()) <= MAX_WORDS:  # not an example typed, a command
                yield doc, path, quoted


def control_label_problems(dataset: Dataset) -> list[Problem]:
    """Each quotation of a UI text that is no label, no title and not the author's words."""
    sources = source_texts(dataset.root, listed_documents(dataset))
    author = [folded(paragraph) for source in sources.values() for paragraph in source.paragraphs]
    found = []
    for lang in ("en", "fr"):
        known = labels(dataset, lang)
        for doc, path, quoted in ui_quotations(dataset, lang):
            if quoted in known or (len(folded(quoted)) >= 4 and any(folded(quoted) in text for text in author)):
                continue
            near = difflib.get_close_matches(quoted, sorted(known), n=1, cutoff=0.6)
            found.append(
                Problem(
                    rel(doc),
                    doc.line(*path),
                    lang,
                    f"“{quoted}” is the label of no control (no UI text, title or passage of the author reads so)",
                    (f"write the control's label as it reads: “{near[0]}”" if near else "write the control's label")
                    + " (or change the control's label, if the text says it better)",
                )
            )
    return found

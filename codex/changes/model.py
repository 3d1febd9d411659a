"""One change of the rules, as a reader would name it: what kind of change, where it shows, and its old and new
values in each language, already formatted as the site shows them."""

from __future__ import annotations

from dataclasses import dataclass

# Every kind of change the engine reports (describe.py has one UI text per kind: 'change_' + kind, '-' as '_').
KINDS = (
    "cell",
    "wording",
    "row-added",
    "row-removed",
    "row-renamed",
    "column-added",
    "column-removed",
    "table-added",
    "table-removed",
    "table-renamed",
    "condition-added",
    "condition-removed",
    "condition-changed",
    "question-opened",
    "question-decided",
    "question-decision-changed",
    "question-reopened",
    "question-changed",
    "question-removed",
    "term-added",
    "term-removed",
    "term-redefined",
    "section-added",
    "section-removed",
    "section-reworded",
)

Texts = dict[str, str]  # language -> text


@dataclass(frozen=True)
class Change:
    """A change of the rules between two snapshots.

    `document` is the source document's id ("" for what belongs to the site rather than to a document); `page` and
    `anchor` say where the change shows (a page path under docs/<lang>/, "" if none); `where` names the place in
    each language ("Table › Row › Column"); `old` and `new` are per-language display texts (None where the kind has
    no such side: a row added has no old value); `lines` are the sentences removed ("− ...") and added ("+ ...") of a
    reworded text, each {lang: line}, '' in a language whose text did not change there."""

    kind: str
    document: str
    page: str
    anchor: str
    where: Texts
    old: Texts | None
    new: Texts | None
    lines: tuple[Texts, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind of change '{self.kind}': one of {', '.join(KINDS)}")

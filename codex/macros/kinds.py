"""The kinds of argument a page macro takes: what each names in the data, how it is looked up, what a wrong one is
told (the closest ids, the fix) and which data documents it reads.

One lookup serves the macro and the pre-check (codex/mistakes/macro_calls.py), so that they cannot disagree: a kind
resolves the value a page typed into what the macro's body receives, or raises UnknownDataId. A kind may depend on an
earlier argument (a row of the table the call names first); it then reads that argument's typed value.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace

from codex.components.trackers import data_id, tracker_data
from codex.macros.known import Known
from codex.sources.passages import QuotationError


class UnknownDataId(KeyError):
    """A page names a table, collection, row, question, calculator... that the data does not hold."""

    def __init__(self, said: str, typed: object = "", known: Collection[str] = (), fix: str = "") -> None:
        super().__init__(said)
        self.said, self.typed, self.known, self.fix = said, str(typed), list(known), fix

    def __str__(self) -> str:
        said = self.said + (f" (known: {', '.join(self.known)})" if self.known else "")
        return f"{said}{'' if said.endswith(('.', '?', '!')) else '.'} Fix: {self.fix}"


class Kind:
    """An argument that names nothing in the data (a number, a flag, an address): taken as typed."""

    names_data = False  # whether a value not written as a literal may read any data document

    @property
    def depends_on(self) -> tuple[str, ...]:
        """The earlier arguments this kind's lookup reads."""
        return ()

    def resolve(self, known: Known, typed: object, earlier: Mapping[str, object]) -> object:
        """What the macro's body receives for the value typed; `earlier` holds the typed values of the arguments
        before this one."""
        return typed

    def reads(self, known: Known, typed: object) -> set[str]:
        """The data documents this argument's value reads."""
        return set()


def own_id(known: Known, typed: str) -> set[str]:
    return {typed}


@dataclass(frozen=True)
class Named(Kind):
    """An id among a kind of data's (a table, an open question, a calculator...). `fix` may say {typed} and {known}
    (the known ids); `reads_of` gives the documents a known id reads (by default the document of that id)."""

    what: str  # "table id", as the message names it
    items: Callable[[Known], Mapping[str, object]]
    fix: str
    reads_of: Callable[[Known, str], set[str]] = own_id
    names_data = True

    def resolve(self, known: Known, typed: object, earlier: Mapping[str, object]) -> object:
        items = self.items(known)
        if isinstance(typed, str) and typed in items:
            return items[typed]
        ids = sorted(items)
        fix = self.fix.format(typed=typed, known=", ".join(ids))
        raise UnknownDataId(f"unknown {self.what} '{typed}'", typed, ids, fix)

    def reads(self, known: Known, typed: object) -> set[str]:
        """A known id's documents; an unknown id is read as its own document's (which a contributor may add)."""
        if not isinstance(typed, str):
            return set()
        return self.reads_of(known, typed) if typed in self.items(known) else {typed}


@dataclass(frozen=True)
class Part(Kind):
    """An id among the parts of what an earlier argument names (a row or column of a table, a constant of a
    calculator). `said` and `fix` may say {owner} (the earlier argument's id), {typed} and {known}."""

    owner: str  # the earlier argument
    parts: Callable[[Known, str], Mapping[str, object]]  # (known, owner's id) -> part id -> part
    said: str
    fix: str

    @property
    def depends_on(self) -> tuple[str, ...]:
        return (self.owner,)

    def resolve(self, known: Known, typed: object, earlier: Mapping[str, object]) -> object:
        owner = str(earlier[self.owner])
        parts = self.parts(known, owner)
        if isinstance(typed, str) and typed in parts:
            return parts[typed]
        words = {"owner": owner, "typed": typed, "known": ", ".join(parts)}
        raise UnknownDataId(self.said.format(**words), typed, list(parts), self.fix.format(**words))


QUOTATION_FIX = "copy the words from the document (data/seeds/), enough of them to occur once"


@dataclass(frozen=True)
class Quotation(Kind):
    """The first words of a passage of the source document an earlier argument names, found once in it."""

    document: str  # the earlier argument naming the document

    @property
    def depends_on(self) -> tuple[str, ...]:
        return (self.document,)

    def resolve(self, known: Known, typed: object, earlier: Mapping[str, object]) -> object:
        try:
            known.sources[str(earlier[self.document])].passage(str(typed))
        except QuotationError as wrong:
            raise UnknownDataId(str(wrong), fix=QUOTATION_FIX) from None
        return typed


@dataclass(frozen=True)
class PassageEnd(Kind):
    """The last words of a passage (after its first words; '' for the first paragraph alone): resolved to the
    passage's paragraphs, (first, last)."""

    document: str
    start: str

    @property
    def depends_on(self) -> tuple[str, ...]:
        return (self.document, self.start)

    def resolve(self, known: Known, typed: object, earlier: Mapping[str, object]) -> object:
        try:
            return known.sources[str(earlier[self.document])].passage(str(earlier[self.start]), str(typed))
        except QuotationError as wrong:
            raise UnknownDataId(str(wrong), fix=QUOTATION_FIX) from None


def data_file(folder: str) -> str:
    """The fix for an id of a file of `folder`."""
    return f"write the id of a file of {folder} (its name without .yaml), or add {folder}{{typed}}.yaml"


def gm_screen_reads(known: Known, screen_id: str) -> set[str]:
    """The screen's document and what its panels show: tables, calculators' references, conditions."""
    parts = [part for panel in known.gm_screens[screen_id]["panels"] for part in panel["parts"]]
    read = {screen_id} | {part.get("table") or part.get("conditions") for part in parts} - {None}
    for part in parts:
        if "reference" in part:
            read |= known.calculator_reads(part["reference"])
    return {str(document) for document in read}


PLAIN = Kind()
TABLE = Named("table id", lambda known: known.tables, data_file("data/tables/"))
ROW = Part(
    "table_id",
    lambda known, table: {row["id"]: row for row in known.tables[table]["rows"]},
    "table '{owner}' has no row '{typed}'",
    "write the id of a row of data/tables/{owner}.yaml",
)
COLUMN = Part(
    "table_id",
    lambda known, table: {column["id"]: column for column in known.tables[table]["columns"]},
    "table '{owner}' has no column '{typed}'",
    "write the id of a column of data/tables/{owner}.yaml (one of {known})",
)
OPEN_QUESTION = Named("open question", lambda known: known.questions, data_file("data/open-questions/"))
CONDITIONS = Named("conditions collection", lambda known: known.conditions, data_file("data/"))
ACTION_KINDS = Named("collection of kinds of action", lambda known: known.action_kinds, data_file("data/"))
GLOSSARY = Named("glossary", lambda known: known.glossaries, data_file("data/"))
GM_SCREEN = Named("GM screen", lambda known: known.gm_screens, data_file("data/"), gm_screen_reads)
CALCULATOR = Named(
    "calculator",
    lambda known: known.calculators,
    "write the id of a calculator: calculators/<id>.py declares it, data/calculators/<id>.yaml holds its texts "
    "(one of {known})",
)
# A calculator run (its reference table, its form) reads what its declaration names (calculator_data).
CALCULATOR_RUN = replace(CALCULATOR, reads_of=Known.calculator_reads)


def followed_questions(known: Known, document_id: str) -> set[str]:
    """The open questions a form's or tracker's data file says it follows (shown after it)."""
    return set(known.calculator_documents.get(document_id, {}).get("open_questions", []))


# A calculator's form reads the open questions it follows too.
CALCULATOR_FORM = replace(
    CALCULATOR_RUN,
    reads_of=lambda known, calculator_id: (
        Known.calculator_reads(known, calculator_id) | followed_questions(known, calculator_id)
    ),
)
CONSTANT = Part(
    "calculator_id",
    lambda known, calculator: {
        item["id"]: item["value"] for item in known.calculator_documents[calculator].get("constants", [])
    },
    "calculator '{owner}' has no constant '{typed}'",
    "write the id of a constant of data/calculators/{owner}.yaml (one of {known})",
)
TRACKER = Named(
    "tracker",
    lambda known: known.trackers,
    "write the id of a tracker: calculators/tracker_<id>.py declares it (one of {known})",
    lambda known, tracker_id: (
        set(tracker_data(known.dataset, tracker_id)) | followed_questions(known, data_id(tracker_id))
    ),
)
SOURCE_DOCUMENT = Named(
    "source document",
    lambda known: known.sources,
    "write the id of a document of data/documents.yaml ({known})",
    lambda known, document: {"documents"},
)
UI_TEXT = Named(
    "UI text",
    lambda known: {key: key for key in known.ui_texts},
    "write a key of data/ui.yaml, or add {typed} there with its texts in every language",
    lambda known, key: {"ui"},
)

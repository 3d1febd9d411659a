"""What the macros' arguments may name, read from the dataset once per build: the tables, collections, open
questions, source documents, calculators, trackers and UI texts, each by id."""

from __future__ import annotations

from functools import cached_property

from codex import kinds
from codex.components.calculators import calculator_data, declarations
from codex.components.trackers import trackers
from codex.data.loading import Dataset
from codex.sources.passages import SourceText, source_texts


def by_id(schema: str) -> cached_property[dict[str, dict]]:
    """A kind of data file's contents by id, read on first use."""
    return cached_property(lambda known: known.dataset.by_id(schema))


class Known:
    """The data a page's macros may name, by kind and id (each kind read on first use)."""

    def __init__(self, dataset: Dataset) -> None:
        self.dataset = dataset

    tables = by_id(kinds.TABLE)
    questions = by_id(kinds.OPEN_QUESTION)
    conditions = by_id(kinds.CONDITIONS)
    action_kinds = by_id(kinds.ACTION_KINDS)
    glossaries = by_id(kinds.GLOSSARY)
    gm_screens = by_id(kinds.GM_SCREEN)
    calculator_documents = by_id(kinds.CALCULATOR)  # the calculators' and trackers' texts and constants

    @cached_property
    def calculators(self) -> dict[str, str]:
        """The declared calculators (calculators/*.py holding a DECLARATION), id -> id."""
        return {calculator_id: calculator_id for calculator_id in declarations()}

    @cached_property
    def trackers(self) -> dict[str, str]:
        """The declared trackers (calculators/tracker_*.py holding a TRACKER), id -> id."""
        return {tracker_id: tracker_id for tracker_id in trackers()}

    @cached_property
    def sources(self) -> dict[str, SourceText]:
        """The source documents of data/documents.yaml with their seed's text, by id."""
        documents = self.dataset.by_id(kinds.DOCUMENTS).get("documents", {}).get("items", [])
        return source_texts(self.dataset.root, documents)

    @cached_property
    def ui_texts(self) -> dict[str, dict]:
        return self.dataset.by_id(kinds.UI).get("ui", {}).get("texts", {})

    @cached_property
    def document_ids(self) -> set[str]:
        """Every data document's id."""
        return {document.content["id"] for document in self.dataset.documents}

    def calculator_reads(self, calculator_id: str) -> set[str]:
        """The data documents a calculator reads (codex.components.calculators.calculator_data)."""
        return set(calculator_data(self.dataset, [calculator_id]))

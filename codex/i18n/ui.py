"""The site's own words in each language, read from the data: the texts of the templates by key (data/ui.yaml) and
the names of the source documents (data/documents.yaml). The render functions receive one `UIText` and ask it;
nothing of the kind is written in the engine's code."""

from __future__ import annotations

from string import Formatter
from typing import Protocol

from codex import kinds

UI_SCHEMA = kinds.UI
DOCUMENTS_SCHEMA = kinds.DOCUMENTS


class DataById(Protocol):
    """What the UI texts need of the loaded data (codex.data's `Dataset`, a layer above): each kind's files by id."""

    def by_id(self, schema: str) -> dict[str, dict]: ...


class MissingText(KeyError):
    """A template asks for a text, a value or a document that the data does not hold."""

    def __str__(self) -> str:
        return self.args[0]


def placeholders(template: str) -> set[str]:
    """The `{name}` fields of a text."""
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


class SourceDocuments:
    """The source documents by id (their number) and by file (in data/seeds): their titles and short names."""

    def __init__(self, documents: list[dict]) -> None:
        self.by_id = {d["id"]: d for d in documents}
        self.by_file = {d["file"]: d for d in documents}

    def _find(self, index: dict[str, dict], key: str, what: str) -> dict:
        if key not in index:
            known = ", ".join(sorted(index)) or "none"
            raise MissingText(f"no source document with {what} '{key}' in data/documents.yaml (known: {known})")
        return index[key]

    def title(self, file: str, lang: str) -> str:
        """The full title of the document stored as `file` (how a `source: {seed: FILE}` names it)."""
        return self._find(self.by_file, file, "file")["title"][lang]

    def short_name(self, document_id: str, lang: str) -> str:
        """The short name of the document numbered `document_id` (how the glossary's `seeds` name it)."""
        return self._find(self.by_id, document_id, "id")["short_name"][lang]


class UIText:
    """The texts of data/ui.yaml by key, and the source documents; `text(key, lang, **values)` fills a text's
    `{name}` fields."""

    def __init__(self, texts: dict[str, dict[str, str]], documents: SourceDocuments) -> None:
        self.texts = texts
        self.documents = documents

    @classmethod
    def from_dataset(cls, dataset: DataById) -> UIText:
        """From the loaded data (already validated and typeset); a data folder without these files gives an empty
        set, and any text asked of it is then a MissingText error."""
        ui = dataset.by_id(UI_SCHEMA).get("ui", {})
        documents = dataset.by_id(DOCUMENTS_SCHEMA).get("documents", {})
        return cls(ui.get("texts", {}), SourceDocuments(documents.get("items", [])))

    def text(self, key: str, lang: str, **values: object) -> str:
        """The text `key` in `lang`, with `values` in its `{name}` fields (exactly the fields it has)."""
        if key not in self.texts:
            raise MissingText(f"no UI text '{key}' in data/ui.yaml (known: {', '.join(sorted(self.texts)) or 'none'})")
        template = self.texts[key][lang]
        wanted = placeholders(template)
        if wanted != set(values):
            raise MissingText(
                f"UI text '{key}' takes the values {sorted(wanted) or 'none'}, not {sorted(values) or 'none'}"
            )
        return template.format(**values) if wanted else template

"""Checks of the data alone that a schema cannot express: unique ids across files and rows, rows that match their
columns, references between data files that resolve, UI texts with the same fields in both languages. The checks
against the pages and the seeds run once the data has loaded (codex/mistakes/data_checks.py); the helpers here
(`rel`, `texts`, `sources`, `listed_documents`) serve both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from codex import kinds
from codex.data.errors import DataError
from codex.i18n.ui import DOCUMENTS_SCHEMA, UI_SCHEMA, placeholders

if TYPE_CHECKING:
    from codex.data.loading import Dataset, Document


def integrity_errors(dataset: Dataset) -> list[DataError]:
    errors: list[DataError] = []
    errors += duplicate_document_ids(dataset)
    for doc in dataset.documents:
        errors += duplicate_item_ids(doc)
        if doc.schema == kinds.TABLE:
            errors += row_cell_errors(doc)
    errors += unresolved_references(dataset)
    errors += glossary_question_errors(dataset)
    errors += document_reference_errors(dataset)
    errors += ui_placeholder_errors(dataset)
    return errors


def rel(doc: Document) -> str:
    parts = doc.path.parts
    return "/".join(parts[parts.index("data") :]) if "data" in parts else doc.path.as_posix()


def duplicate_document_ids(dataset: Dataset) -> list[DataError]:
    seen: dict[str, Document] = {}
    errors = []
    for doc in dataset.documents:
        doc_id = doc.content["id"]
        if doc_id in seen:
            errors.append(
                DataError(
                    rel(doc),
                    doc.line("id"),
                    "id",
                    doc_id,
                    f"an id used by no other data file (already used by {rel(seen[doc_id])})",
                )
            )
        else:
            seen[doc_id] = doc
    return errors


def duplicate_item_ids(doc: Document) -> list[DataError]:
    errors = []
    for key in ("rows", "items"):
        seen: dict[str, int] = {}
        for index, item in enumerate(doc.content.get(key, [])):
            item_id = item.get("id")
            if item_id in seen:
                first = seen[item_id]
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line(key, index, "id"),
                        f"{key}[{index}].id",
                        item_id,
                        f"an id unique in this file (already used by {key}[{first}], line {doc.line(key, first, 'id')})",
                        "give one of the two another id (kebab-case), or merge them",
                    )
                )
            else:
                seen[item_id] = index
    return errors


def row_cell_errors(doc: Document) -> list[DataError]:
    """Every row gives a value (possibly null) for each column and nothing else."""
    columns = [c["id"] for c in doc.content["columns"]]
    numeric = {c["id"] for c in doc.content["columns"] if c.get("type") == "number"}
    texts_in_both = bilingual_columns(doc)
    errors = []
    for index, row in enumerate(doc.content["rows"]):
        for column in columns:
            if column not in row:
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("rows", index),
                        f"rows[{index}].{column}",
                        None,
                        f"a value for column '{column}' (write null for an empty cell)",
                    )
                )
            elif column in numeric and not is_number_or_null(row[column]):
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("rows", index, column),
                        f"rows[{index}].{column}",
                        row[column],
                        f"a number (column '{column}' is of type number), or null for an empty cell",
                    )
                )
        keys = list(row)
        for position, key in enumerate(keys):
            if key != "id" and key not in columns:
                before = row[keys[position - 1]] if position else None
                decimal_comma = str(key).isdigit() and is_number_or_null(before) and before is not None
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("rows", index, key),
                        f"rows[{index}].{key}",
                        row[key],
                        f"one of the columns declared in 'columns': {', '.join(columns)}",
                        f"write a decimal number with a point ({before}.{key}): in a row written on one line, a comma "
                        "separates the fields"
                        if decimal_comma
                        else "",
                    )
                )
        errors += one_language_cells(doc, index, row, texts_in_both)
    return errors


def bilingual_columns(doc: Document) -> set[str]:
    """The text columns written in both languages ({fr, en}) in every row but at most one: there, a row written once
    is a forgotten translation (elsewhere a column may mix words that need none: a unit, a name, a numeral)."""
    rows = doc.content["rows"]
    return {
        c["id"]
        for c in doc.content["columns"]
        if c.get("type") == "text" and len(rows) > 2 and sum(not isinstance(r.get(c["id"]), dict) for r in rows) <= 1
    }


def one_language_cells(doc: Document, index: int, row: dict, bilingual: set[str]) -> list[DataError]:
    """A cell written once (`name: Cristal`) in a column whose every other cell gives both languages: the English
    (or French) reader would see the other language's word."""
    errors = []
    for column in sorted(bilingual):
        value = row.get(column)
        if isinstance(value, str) and any(ch.isalpha() for ch in value):
            errors.append(
                DataError(
                    rel(doc),
                    doc.line("rows", index, column),
                    f"rows[{index}].{column}",
                    value,
                    "a text in both languages, as the other cells of this column",
                    f"write {{fr: {value}, en: <the English text>}}",
                )
            )
    return errors


def is_number_or_null(value: object) -> bool:
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool))


def unresolved_references(dataset: Dataset) -> list[DataError]:
    """`tables:` lists (in open questions) must name existing data ids."""
    known = {d.content["id"] for d in dataset.documents}
    errors = []
    for doc in dataset.documents:
        for index, ref in enumerate(doc.content.get("tables", [])):
            if ref not in known:
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("tables", index),
                        f"tables[{index}]",
                        ref,
                        f"the id of an existing data file (known: {', '.join(sorted(known))})",
                    )
                )
    return errors


def glossary_question_errors(dataset: Dataset) -> list[DataError]:
    """Each glossary entry's `open_question` names an existing question (its page is checked against the pages,
    codex/mistakes/data_checks.py)."""
    questions = {d.content["id"] for d in dataset.of_kind(kinds.OPEN_QUESTION)}
    errors = []
    for doc in dataset.of_kind(kinds.GLOSSARY):
        for index, item in enumerate(doc.content["items"]):
            question = item.get("open_question")
            if question is not None and question not in questions:
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("items", index, "open_question"),
                        f"items[{index}].open_question",
                        question,
                        "the id of a file in data/open-questions/",
                    )
                )
    return errors


def listed_documents(dataset: Dataset) -> list[dict]:
    """The source documents data/documents.yaml lists ([] in a throw-away test data folder)."""
    return [item for doc in dataset.of_kind(DOCUMENTS_SCHEMA) for item in doc.content["items"]]


def document_reference_errors(dataset: Dataset) -> list[DataError]:
    """When the data lists its source documents (data/documents.yaml): every `source: {seed: FILE}` names one of
    their files and every glossary entry's `seeds` one of their ids. (Throw-away test data folders have no list.)"""
    listed = listed_documents(dataset)
    if not listed:
        return []
    files = sorted(d["file"] for d in listed)
    ids = sorted(d["id"] for d in listed)
    file_of = {d["id"]: d["file"] for d in listed}
    errors = []
    for doc in dataset.documents:
        for path, source in sources(doc.content):
            if source["seed"] not in files:
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line(*path, "seed"),
                        ".".join(map(str, [*path, "seed"])),
                        source["seed"],
                        f"the file of a document of data/documents.yaml ({', '.join(files)})",
                    )
                )
    for doc in dataset.of_kind(kinds.GLOSSARY):
        for index, item in enumerate(doc.content["items"]):
            for position, seed in enumerate(item["seeds"]):
                if seed not in ids:
                    errors.append(
                        DataError(
                            rel(doc),
                            doc.line("items", index, "seeds", position),
                            f"items[{index}].seeds[{position}]",
                            seed,
                            f"the id of a document of data/documents.yaml ({', '.join(ids)})",
                        )
                    )
            quoted = {source["seed"] for source in item["sources"]}
            unquoted = [seed for seed in item["seeds"] if seed in ids and file_of[seed] not in quoted]
            if unquoted:
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("items", index, "sources"),
                        f"items[{index}].sources",
                        sorted(quoted),
                        "a passage of each document of `seeds` (" + ", ".join(file_of[s] for s in unquoted) + ")",
                        "add a {seed, section, quote} for it, or drop the document from `seeds`",
                    )
                )
    return errors


def sources(node: object, path: tuple = ()) -> list[tuple[tuple, dict]]:
    """(path, value) of every `source: {seed: ..., section: ...}` field, and of each of a `sources: [...]` list, at
    any depth."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "source" and isinstance(value, dict) and "seed" in value:
                found.append(((*path, key), value))
            elif key == "sources" and isinstance(value, list):
                found += [((*path, key, i), v) for i, v in enumerate(value) if isinstance(v, dict) and "seed" in v]
            else:
                found += sources(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += sources(value, (*path, index))
    return found


def ui_placeholder_errors(dataset: Dataset) -> list[DataError]:
    """Each text of data/ui.yaml has the same `{name}` fields in both languages, well formed."""
    errors = []
    for doc in dataset.of_kind(UI_SCHEMA):
        for key, pair in doc.content["texts"].items():
            try:
                same = placeholders(pair["fr"]) == placeholders(pair["en"])
            except ValueError as err:
                errors.append(
                    DataError(
                        rel(doc), doc.line("texts", key), f"texts.{key}", pair, f"well-formed {{name}} fields ({err})"
                    )
                )
                continue
            if not same:
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("texts", key),
                        f"texts.{key}",
                        pair,
                        "the same {name} fields in fr and en (a value goes in each language's text)",
                    )
                )
    return errors


def texts(node: object, path: tuple = (), lang: str = "fr") -> list[tuple[tuple, str, str]]:
    """(path, language, text) of every string at any depth; the `en` of a {fr, en} pair is English."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            found += texts(value, (*path, key), "en" if key == "en" and set(node) == {"fr", "en"} else lang)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += texts(value, (*path, index), lang)
    elif isinstance(node, str):
        found.append((path, lang, node))
    return found


def field_name(path: tuple) -> str:
    """('rows', 3, 'effect', 'fr') -> 'rows[3].effect.fr'"""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")

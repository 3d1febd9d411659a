"""Checks that a schema cannot express: unique ids across files and rows, rows that match their columns,
references that resolve."""

from __future__ import annotations

from typing import TYPE_CHECKING

from codex.data.errors import DataError
from codex.data.wiki_links import EXAMPLE, UnknownWikiLink, WikiTargets, find_links
from codex.i18n.ui import DOCUMENTS_SCHEMA, UI_SCHEMA, placeholders
from codex.mistakes.active_content import text_is_active
from codex.mistakes.problem import suggestion
from codex.sources.passages import QuotationError, source_texts

if TYPE_CHECKING:
    from codex.data.loading import Dataset, Document


def integrity_errors(dataset: Dataset) -> list[DataError]:
    errors: list[DataError] = []
    errors += duplicate_document_ids(dataset)
    for doc in dataset.documents:
        errors += duplicate_item_ids(doc)
        if doc.schema == "table.schema.json":
            errors += row_cell_errors(doc)
    errors += unresolved_references(dataset)
    errors += glossary_reference_errors(dataset)
    errors += document_reference_errors(dataset)
    errors += quotation_errors(dataset)
    errors += ui_placeholder_errors(dataset)
    errors += wiki_link_errors(dataset)
    errors += active_text_errors(dataset)
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


def glossary_reference_errors(dataset: Dataset) -> list[DataError]:
    """Each glossary entry's `page` exists in both languages (when the docs folders are there, i.e. in the real
    project, not in throw-away test data folders) and its `open_question` names an existing question."""
    docs = dataset.root.parent / "docs"
    questions = {d.content["id"] for d in dataset.of_kind("open-question.schema.json")}
    targets = [WikiTargets(dataset, lang, docs / lang) for lang in ("fr", "en") if (docs / lang).is_dir()]
    errors = []
    for doc in dataset.of_kind("glossary.schema.json"):
        for index, item in enumerate(doc.content["items"]):
            page, _, anchor = item["page"].partition("#")
            missing = [lang for lang in ("fr", "en") if (docs / lang).is_dir() and not (docs / lang / page).is_file()]
            no_anchor = [t.lang for t in targets if anchor and not missing and anchor not in t.anchors(page)]
            if no_anchor:
                known = targets[0].anchors(page)
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("items", index, "page"),
                        f"items[{index}].page",
                        item["page"],
                        f"a section of {page} (its anchors: {', '.join(sorted(known))})",
                        f"write one of its anchors after '#'{suggestion(anchor, known)}",
                    )
                )
            if missing:
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line("items", index, "page"),
                        f"items[{index}].page",
                        item["page"],
                        f"a page that exists under docs/fr and docs/en (missing in docs/{' and docs/'.join(missing)})",
                    )
                )
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
    for doc in dataset.of_kind("glossary.schema.json"):
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


def quotation_errors(dataset: Dataset) -> list[DataError]:
    """Every `source: {quote: ..., to: ...}` names a passage of its seed: its words are there, once (typography
    aside), `to` after `quote`; a mistyped quotation names the closest passage (codex/sources/passages.py)."""
    listed = listed_documents(dataset)
    texts = {text.file: text for text in source_texts(dataset.root, listed).values()}
    errors = []
    for doc in dataset.documents:
        for path, source in sources(doc.content):
            text = texts.get(source["seed"])
            if text is None or "quote" not in source:
                continue
            for field in ("quote", "to") if "to" in source else ("quote",):
                try:
                    text.passage(source["quote"], source["to"]) if field == "to" else text.paragraph_of(source[field])
                except QuotationError as err:
                    errors.append(
                        DataError(
                            rel(doc),
                            doc.line(*path, field),
                            ".".join(map(str, [*path, field])),
                            source[field],
                            f"the seed's own words, once, typography aside: {err}",
                            f"copy the passage's {'first' if field == 'quote' else 'last'} words from data/seeds/",
                        )
                    )
                    break
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


# Texts that never show as a page's text: the calculators' (shown by the calculator in the browser), the UI's and the
# documents' names. A wiki link there would show as typed.
NO_WIKI_LINKS = ("calculator.schema.json", UI_SCHEMA, DOCUMENTS_SCHEMA)


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


def wiki_link_errors(dataset: Dataset) -> list[DataError]:
    """Every wiki link of a data text leads somewhere (codex/data/wiki_links.py): a known kind and id, and, where the
    pages are there, an existing section; and none where it could not show as a link."""
    docs = dataset.root.parent / "docs"
    targets = {
        lang: WikiTargets(dataset, lang, docs / lang if (docs / lang).is_dir() else None) for lang in ("fr", "en")
    }
    errors = []
    for doc in dataset.documents:
        for path, lang, value in texts(doc.content):
            for match in find_links(value):
                if doc.schema in NO_WIKI_LINKS:
                    expected = "plain words: this text is not shown on a page, so it cannot hold a wiki link"
                else:
                    try:
                        targets[lang].check(match["kind"], match["ref"])
                        continue
                    except UnknownWikiLink as err:
                        expected = f"a wiki link to something that exists, as in {EXAMPLE}: {err}"
                errors.append(DataError(rel(doc), doc.line(*path), field_name(path), match[0], expected))
    return errors


def active_text_errors(dataset: Dataset) -> list[DataError]:
    """No data text holds what would read as code in a reader's browser: a javascript: address, an event handler, a
    style (the schemas already refuse any '<tag')."""
    errors = []
    for doc in dataset.documents:
        for path, _, value in texts(doc.content):
            if text_is_active(value):
                errors.append(
                    DataError(
                        rel(doc),
                        doc.line(*path),
                        field_name(path),
                        value,
                        "plain words (no javascript: address, event handler or style)",
                        "write the words only; a link to a rule is a wiki link [[kind:id]], an outside address an "
                        "https:// one",
                    )
                )
    return errors

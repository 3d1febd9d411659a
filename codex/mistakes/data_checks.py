"""The data checked against what lies outside it, once it has loaded (codex/data/loading.py does the files, schemas,
ids, rows and the references between data files): each glossary entry's page and section, the quotations of the
seeds, the wiki links of the data texts (their sections, where the pages are there), and no active content in a data
text. Each problem is a `DataError` (file, line, field, value, expected form, fix), raised with the others as
`DataErrors`, as the loading's own are: the build stops on them before it reads any page (the plugin's `on_config`),
and `codex.check --quick` lists them in its data step.
"""

from __future__ import annotations

from pathlib import Path

from codex import kinds
from codex.data.errors import DataError, DataErrors
from codex.data.integrity import field_name, listed_documents, rel, sources, texts
from codex.data.loading import Dataset, load_dataset
from codex.data.wiki_links import EXAMPLE, UnknownWikiLink, WikiTargets, find_links
from codex.i18n.localize import LANGUAGES
from codex.i18n.ui import DOCUMENTS_SCHEMA, UI_SCHEMA
from codex.mistakes.active_content import text_is_active
from codex.problem import suggestion
from codex.sources.passages import QuotationError, SourceText, source_texts


def data_check_errors(dataset: Dataset, docs_dir: Path | None) -> list[DataError]:
    """Every problem of the loaded data against the pages under `docs_dir` (docs/, a folder per language; None or a
    missing folder: the sections of pages go unchecked, as for a throw-away test data folder) and against the seeds."""
    targets = {
        lang: WikiTargets(dataset, lang, docs_dir / lang if docs_dir and (docs_dir / lang).is_dir() else None)
        for lang in LANGUAGES
    }
    seeds = source_texts(dataset.root, listed_documents(dataset))
    return (
        glossary_page_errors(dataset, targets)
        + quotation_errors(dataset, seeds)
        + wiki_link_errors(dataset, targets)
        + active_text_errors(dataset)
    )


def check_data(dataset: Dataset, docs_dir: Path | None) -> Dataset:
    """The dataset, once `data_check_errors` finds nothing; else DataErrors listing every problem."""
    errors = data_check_errors(dataset, docs_dir)
    if errors:
        raise DataErrors(errors)
    return dataset


# The last dataset check_data_once passed, with the pages it was checked against (their paths and bytes).
_last_checked: tuple[Dataset, tuple] | None = None


def check_data_once(dataset: Dataset, docs_dir: Path) -> Dataset:
    """`check_data`, done again only when the dataset or a page changed: the other languages' builds, forked from
    the root language's, and a `mkdocs serve` rebuild after an edit of the engine do not check the same data twice."""
    global _last_checked
    pages = tuple((path, path.read_bytes()) for path in sorted(Path(docs_dir).rglob("*.md")))
    if _last_checked is None or _last_checked[0] is not dataset or _last_checked[1] != pages:
        check_data(dataset, docs_dir)
        _last_checked = (dataset, pages)
    return dataset


def load_checked(data_dir: Path) -> Dataset:
    """The project's data loaded and checked against the pages beside it (docs/, next to data/) and its seeds."""
    data_dir = Path(data_dir)
    return check_data(load_dataset(data_dir), data_dir.parent / "docs")


def glossary_page_errors(dataset: Dataset, targets: dict[str, WikiTargets]) -> list[DataError]:
    """Each glossary entry's `page` exists in every language whose pages are there, with its `#section`."""
    with_pages = [t for t in targets.values() if t.docs_dir is not None]
    errors = []
    for doc in dataset.of_kind(kinds.GLOSSARY):
        for index, item in enumerate(doc.content["items"]):
            page, _, anchor = item["page"].partition("#")
            missing = [t.lang for t in with_pages if not (t.docs_dir / page).is_file()]
            no_anchor = [t.lang for t in with_pages if anchor and not missing and anchor not in t.anchors(page)]
            expected = []
            if no_anchor:
                known = with_pages[0].anchors(page)
                expected.append(
                    (
                        f"a section of {page} (its anchors: {', '.join(sorted(known))})",
                        f"write one of its anchors after '#'{suggestion(anchor, known)}",
                    )
                )
            if missing:
                where = " and docs/".join(missing)
                expected.append((f"a page that exists under docs/fr and docs/en (missing in docs/{where})", ""))
            line = doc.line("items", index, "page") if expected else None
            errors += [DataError(rel(doc), line, f"items[{index}].page", item["page"], *said) for said in expected]
    return errors


def quotation_errors(dataset: Dataset, seeds: dict[str, SourceText]) -> list[DataError]:
    """Every `source: {quote: ..., to: ...}` names a passage of its seed: its words are there, once (typography
    aside), `to` after `quote`; a mistyped quotation names the closest passage (codex/sources/passages.py)."""
    by_file = {text.file: text for text in seeds.values()}
    errors = []
    for doc in dataset.documents:
        for path, source in sources(doc.content):
            text = by_file.get(source["seed"])
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


# Texts that never show as a page's text: the calculators' (shown by the calculator in the browser), the UI's and the
# documents' names. A wiki link there would show as typed.
NO_WIKI_LINKS = (kinds.CALCULATOR, UI_SCHEMA, DOCUMENTS_SCHEMA)


def wiki_link_errors(dataset: Dataset, targets: dict[str, WikiTargets]) -> list[DataError]:
    """Every wiki link of a data text leads somewhere (codex/data/wiki_links.py): a known kind and id, and, where the
    pages are there, an existing section; and none where it could not show as a link."""
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

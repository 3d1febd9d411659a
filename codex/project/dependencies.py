"""Which pages an edit touches: what each page of a build read, and the decision of what to build again.

Under `mkdocs serve` each language's build records, per page, the project's files it read (its own source, the data
files its macros, links and forms read: codex/data/reads.py) and its interface — what other pages read of it: its
outline (title, headings, anchors), its wiki links (the "linked from" lists) and its macro calls (the home and tools
pages find a form's page by its call) —, and the files read before any page (the UI texts, the glossary's tooltips,
the wiki links' targets: every page reads them). After an edit, `pages_to_build` names the pages to build again; the
others keep the previous build's result. When in doubt it answers "every page" (None): a file added or removed, the
engine, the theme's overrides, a configuration, a schema, a source document, the rules' history, a page whose
interface changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from codex.outline import Outline, outline

WIKI_LINK = re.compile(r"\[\[[^\]\n]*\]\]")
MACRO_CALL = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)

RULES_CODE = "calculators/"  # an edit there changes what the calculators' forms and reference tables show
RULES_CODE_DATA = "calculators/"  # ... on the pages that read a calculator's or tracker's data (in the data folder)
PAGE_SUFFIX = ".md"


@dataclass(frozen=True)
class PageInterface:
    """What other pages read of a page, from its Markdown source."""

    outline: Outline
    links: frozenset[str]
    macro_calls: tuple[str, ...]


def interface(markdown: str) -> PageInterface:
    return PageInterface(outline(markdown), frozenset(WIKI_LINK.findall(markdown)), tuple(MACRO_CALL.findall(markdown)))


@dataclass(frozen=True)
class PageReads:
    """One page of a build: the files it read and its interface."""

    files: frozenset[str]
    interface: PageInterface


@dataclass
class BuildReads:
    """What one language's build read: per page (its path under the language's docs folder), and before any page."""

    docs_folder: str  # the language's pages, relative to the project's root ('docs/en')
    pages: dict[str, PageReads] = field(default_factory=dict)
    before_pages: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Changes:
    """The files (relative to the project's root) that differ from the previous build's."""

    modified: frozenset[str]
    added: frozenset[str]
    removed: frozenset[str]

    def __bool__(self) -> bool:
        return bool(self.modified or self.added or self.removed)


Stamps = dict[str, tuple[int, int]]  # file -> (modification time in ns, size)


def file_stamps(root: Path, watched: tuple[str, ...]) -> Stamps:
    """Each watched file's stamp (the folders and files `watched` names, relative to `root`): a change of content shows
    as a change of time or size."""
    stamps: Stamps = {}
    for name in watched:
        top = root / name
        paths = [top] if top.is_file() else (p for p in top.rglob("*") if p.is_file())
        for path in paths:
            if "__pycache__" in path.parts:
                continue
            stat = path.stat()
            stamps[path.relative_to(root).as_posix()] = (stat.st_mtime_ns, stat.st_size)
    return stamps


def changed_files(before: Stamps, after: Stamps) -> Changes:
    return Changes(
        frozenset(f for f in before.keys() & after.keys() if before[f] != after[f]),
        frozenset(after.keys() - before.keys()),
        frozenset(before.keys() - after.keys()),
    )


def pages_to_build(
    previous: BuildReads,
    changes: Changes,
    read_source: Callable[[str], str],
    data_folder: str = "data",
    rules_users: Mapping[str, frozenset[str]] | None = None,
) -> frozenset[str] | None:
    """The pages of `previous`'s language to build again after `changes` (their paths under its docs folder), or
    None for every page. `read_source(page)` gives a modified page's new Markdown; `data_folder` is the data's;
    `rules_users` names, for a module of the rules code, the data files of the calculators and trackers whose page
    loads it (without it, or for a module it does not name, every page that shows a form or a tracker)."""
    if changes.added or changes.removed:
        return None
    prefix = previous.docs_folder.rstrip("/") + "/"
    touched: set[str] = set()
    for file in changes.modified:
        if file.startswith(prefix) and file.endswith(PAGE_SUFFIX):
            page = file[len(prefix) :]
            known = previous.pages.get(page)
            if known is None or interface(read_source(page)) != known.interface:
                return None
            touched.add(page)
        elif file.startswith("docs/") and file.endswith(PAGE_SUFFIX) and not file.startswith("docs/overrides/"):
            continue  # another language's page
        elif file.startswith(RULES_CODE) and file.endswith(".py"):
            users = (rules_users or {}).get(file)
            touched |= {
                page
                for page, reads in previous.pages.items()
                if (reads.files & users if users is not None else reads_rules_code(reads, data_folder))
            }
        elif (
            file.startswith(data_folder + "/")
            and file.endswith((".yaml", ".yml"))
            and file not in previous.before_pages
        ):
            touched |= {page for page, reads in previous.pages.items() if file in reads.files}
        else:
            return None  # the engine, the theme, a configuration, a schema, a source document, a file read by all
    return frozenset(touched)


def reads_rules_code(reads: PageReads, data_folder: str) -> bool:
    """Whether a page shows a calculator or a tracker: it read one's data file."""
    return any(file.startswith(f"{data_folder}/{RULES_CODE_DATA}") for file in reads.files)

"""`mkdocs serve` builds again only the pages an edit touches (issue 37), each language in its own process.

Each language's build under serve ends by keeping, in a file of the system's temporary folder named after the served
site's folder, what the next build needs: the watched files' stamps, what each page read and its interface
(codex/project/dependencies.py), each page's state after Markdown (its final Markdown, front matter, HTML, table of
contents, title, anchors) and the rules' history it was built from. The next build of that language (MkDocs' own
"dirty" build: the site's folder is not emptied) compares the stamps, re-imports the rules' modules if one changed,
and asks `pages_to_build`: only those pages are read and rendered again; the others get back their kept state, so
that the navigation's titles, the search index, the "linked from" lists and the rulebook are whole. MkDocs writes
again the pages read again, the rulebook, the pages showing a "linked from" list that changed, and every page if a
title changed (`rewrite`); the others keep their file and give the search index their entries. A first build, a
change the map cannot answer for, or a kept file that cannot be read (another version of the engine) builds every
page, as `mkdocs build` does; an edit of the engine starts serve again (`restart`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from codex.components.calculators import declarations, module_dependencies
from codex.components.registry import forget_components
from codex.components.trackers import data_id, tracker_modules, trackers
from codex.data.reads import ReadLog
from codex.project.dependencies import (
    BuildReads,
    Changes,
    PageReads,
    Stamps,
    changed_files,
    file_stamps,
    interface,
    pages_to_build,
)

KEPT_FORMAT = 2  # the kept file's layout: another number is read as no kept file
LinkedFrom = dict[str, list[tuple[str, str]]]  # 'condition:prone' -> (title, address) of each page linking to it
RULES_PACKAGE = "calculators"
ENGINE_PACKAGE = "codex"
DIRTY_WARNING = "A 'dirty' build is being performed"
LINKED_FROM_MARK = 'data-linked-from="'  # a page that shows "linked from" lists (codex/render/wiki_links.py)
LOG = logging.getLogger("mkdocs.plugins.codex.serve")  # shown by mkdocs serve, as MkDocs' own messages


@dataclass
class KeptPage:
    """A page's state once its Markdown is rendered: what a page not built again gets back."""

    markdown: str | None
    meta: dict
    content: str | None
    toc: Any
    title_from_render: str | None
    anchor_ids: set[str] | None
    links: tuple[str, ...]  # the wiki links' keys it holds ('condition:prone'), for the "linked from" lists
    title: str  # as the navigation shows it

    @classmethod
    def of(cls, page: Page, links: tuple[str, ...]) -> KeptPage:
        return cls(
            page.markdown,
            dict(page.meta),
            page.content,
            page.toc,
            page._title_from_render,
            getattr(page, "present_anchor_ids", None),
            links,
            str(page.title),
        )

    def restore(self, page: Page) -> None:
        page.markdown = self.markdown
        page.meta = self.meta
        page.content = self.content
        page.toc = self.toc
        page._title_from_render = self.title_from_render
        page.present_anchor_ids = self.anchor_ids
        page.links_to_anchors = None  # checked when it was built; its targets' anchors have not changed since


@dataclass
class KeptBuild:
    """What one language's build under serve leaves for the next."""

    format: int
    stamps: Stamps
    reads: BuildReads
    pages: dict[str, KeptPage]
    history: tuple[str, ...] | None
    lists: LinkedFrom  # the "linked from" lists the pages showed


@dataclass
class Plan:
    """What this build does: every page (`pages` None) or those named, the others restored from `kept`."""

    pages: frozenset[str] | None = None
    kept: KeptBuild | None = None
    stamps: Stamps = field(default_factory=dict)
    changes: Changes | None = None
    engine_changed: bool = False  # the engine's code: this process runs the old one; serve starts again

    @property
    def incremental(self) -> bool:
        return self.pages is not None and self.kept is not None


class ServeBuilds:
    """One language's side of serve's incremental builds (the plugin holds one and calls it at its events)."""

    def __init__(self) -> None:
        self.plan = Plan()
        self.reads: BuildReads | None = None
        self.kept_pages: dict[str, KeptPage] = {}
        self.restored: set[str] = set()  # the pages of this build given back their kept state
        self.lists: LinkedFrom = {}
        self.page_reads = ReadLog()

    # -- before the build: what to build

    def prepare(self, config: MkDocsConfig, root: Path, data_folder: str, history: tuple[str, ...] | None) -> Plan:
        """Compare the watched files with the last build's and decide what to build (see the module's docstring)."""
        stamps = file_stamps(root, watched_files(root, data_folder))
        kept = read_kept(kept_path(config))
        if kept is None or kept.history != history:
            self.plan = Plan(None, None, stamps)
            return self.plan
        changes = changed_files(kept.stamps, stamps)
        edited = changes.modified | changes.added | changes.removed
        if any(file.startswith(RULES_PACKAGE + "/") for file in edited):
            forget_components()  # the next use imports the rules' modules as they now read
        held = {f"{RULES_PACKAGE}/{name}.py" for name in held_by_engine()}
        if any(file.startswith(ENGINE_PACKAGE + "/") or file in held for file in edited):
            self.plan = Plan(None, None, stamps, changes, engine_changed=True)
            return self.plan
        docs = root / kept.reads.docs_folder

        def read_source(page: str) -> str:
            return (docs / page).read_text(encoding="utf-8")

        users = rules_users(data_folder) if any(f.startswith(RULES_PACKAGE + "/") for f in edited) else None
        pages = pages_to_build(kept.reads, changes, read_source, data_folder, users)
        self.plan = Plan(pages, kept, stamps, changes)
        if self.plan.incremental:
            quiet_dirty_warning()
        read_again = "every page" if pages is None else f"{len(pages)} of {len(kept.reads.pages)} pages"
        edits = ", ".join(sorted(edited)[:3]) + (", ..." if len(edited) > 3 else "")
        LOG.info(f"{config.theme['language']}: {read_again} read again after an edit of {edits or 'nothing'}")
        return self.plan

    # -- during the build

    def files(self, files: Files) -> None:
        """Let MkDocs' dirty build read again only the planned pages (every other file as MkDocs decides)."""
        plan = self.plan
        if not plan.incremental:
            return
        assert plan.pages is not None and plan.kept is not None
        for file in files.documentation_pages():
            build_again = file.src_uri in plan.pages or file.src_uri not in plan.kept.pages
            file.is_modified = (lambda again: lambda: again)(build_again)  # type: ignore[method-assign]

    def restore(self, files: Files) -> list[File]:
        """Give the pages not read again their kept state; every page is written again (`rewrite`). The restored
        pages' files, in the site's order."""
        plan = self.plan
        restored = []
        if plan.incremental:
            assert plan.pages is not None and plan.kept is not None
            for file in files.documentation_pages():
                kept = plan.kept.pages.get(file.src_uri)
                if file.page is not None and kept is not None and file.src_uri not in plan.pages:
                    kept.restore(file.page)
                    self.kept_pages[file.src_uri] = kept
                    restored.append(file)
        self.restored = {file.src_uri for file in restored}
        return restored

    def rewrite(self, files: Files, lists: LinkedFrom, always: set[str], index_page: Callable[[Page], None]) -> None:
        """Which pages MkDocs writes again, once every page is read or restored: those read again, those `always`
        names (the rulebook, assembled from the written pages), the pages showing "linked from" lists if one changed,
        and every page if a title changed (each page's navigation shows them all). A page not written again keeps
        its file, and gives the search index its entries in its turn (`index_page`: the search plugin's own event),
        as writing it would have."""
        self.lists = lists
        plan = self.plan
        if not plan.incremental:
            for file in files.documentation_pages():
                file.is_modified = lambda: True  # type: ignore[method-assign]
            return
        assert plan.kept is not None
        kept = plan.kept.pages
        titles_changed = any(
            file.src_uri in kept and str(file.page.title) != kept[file.src_uri].title
            for file in files.documentation_pages()
            if file.page is not None and file.src_uri not in self.restored
        )
        lists_changed = lists != plan.kept.lists
        for file in files.documentation_pages():
            page = file.page
            write = (
                titles_changed
                or file.src_uri not in self.restored
                or file.src_uri in always
                or (lists_changed and page is not None and LINKED_FROM_MARK in (page.content or ""))
            )
            file.is_modified = (lambda: True) if write else skipping(page, index_page)  # type: ignore[method-assign]

    def page_read(self, page: Page, files: frozenset[str], links: tuple[str, ...], source: str) -> None:
        """A page read and rendered by this build: what it read, its interface, its state."""
        self.kept_pages[page.file.src_uri] = KeptPage.of(page, links)
        if self.reads is not None:
            self.reads.pages[page.file.src_uri] = PageReads(files, interface(source))

    def restored_links(self, src_uri: str) -> tuple[str, ...]:
        kept = self.kept_pages.get(src_uri)
        return kept.links if kept is not None else ()

    # -- after the build

    def keep(self, config: MkDocsConfig, history: tuple[str, ...] | None) -> None:
        """Write what the next build under serve needs."""
        if self.reads is None:
            return
        if self.plan.incremental:
            assert self.plan.kept is not None
            for page, reads in self.plan.kept.reads.pages.items():
                self.reads.pages.setdefault(page, reads)
        kept = KeptBuild(KEPT_FORMAT, self.plan.stamps, self.reads, self.kept_pages, history, self.lists)
        path = kept_path(config)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_bytes(pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))
        temporary.replace(path)
        self.kept_pages = {}
        self.restored = set()


def skipping(page: Page | None, index_page: Callable[[Page], None]) -> Callable[[], bool]:
    """MkDocs' question "was this page's file modified?" for a page not written again: no, and meanwhile its
    entries go to the search index, where writing it would have put them (MkDocs asks in the site's order)."""

    def is_modified() -> bool:
        if page is not None:
            index_page(page)
        return False

    return is_modified


def watched_files(root: Path, data_folder: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys([data_folder, "docs", RULES_PACKAGE, "codex", *(p.name for p in root.glob("*.yml"))]))


def kept_path(config: MkDocsConfig) -> Path:
    """The kept file of this language's served site (its folder is a fresh temporary one for each `mkdocs serve`)."""
    key = hashlib.sha256(str(Path(config.site_dir).resolve()).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / "codex-serve" / f"{key}.pickle"


def read_kept(path: Path) -> KeptBuild | None:
    try:
        kept = pickle.loads(path.read_bytes())
    except Exception:  # no kept file, or one from another version of the engine: build every page
        return None
    return kept if isinstance(kept, KeptBuild) and kept.format == KEPT_FORMAT else None


class QuietDirtyWarning(logging.Filter):
    """MkDocs warns of a dirty build's inaccurate navigation; ours restores it (see the module's docstring)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(DIRTY_WARNING)


def quiet_dirty_warning() -> None:
    logger = logging.getLogger("mkdocs.commands.build")
    if not any(isinstance(f, QuietDirtyWarning) for f in logger.filters):
        logger.addFilter(QuietDirtyWarning())


def use_dirty_rebuilds(plan: Callable[[MkDocsConfig], Plan]) -> None:
    """Serve's rebuilds are MkDocs' dirty builds (the site's folder kept) when `plan(config)` says the kept build can
    answer for the pages not built again; after an edit of the engine, serve starts again (`restart`). MkDocs' serve
    command calls its module's `build` for each rebuild; this wraps it (tests/test_serve.py fails if MkDocs stops
    doing so)."""
    from mkdocs.commands import serve

    if getattr(serve.build, "codex_incremental", False):
        return
    build = serve.build

    def rebuild(config: MkDocsConfig, *, serve_url: str | None = None, dirty: bool = False) -> None:
        planned = plan(config)
        if planned.engine_changed:
            restart(config)
        build(config, serve_url=serve_url, dirty=dirty or planned.incremental)

    rebuild.codex_incremental = True  # type: ignore[attr-defined]
    serve.build = rebuild


def rules_users(data_folder: str) -> dict[str, frozenset[str]] | None:
    """Each module of the rules code -> the data files of the calculators and trackers whose page loads it (the pages
    that read one of those show what the module computes). None when the rules code cannot be read now (an edit
    under way): the build says what is wrong, and every page with a form is read again."""
    users: dict[str, set[str]] = {}
    try:
        loaded = [(c, module_dependencies(c)) for c in declarations()]
        loaded += [(data_id(t), tracker_modules(t)) for t in trackers()]
    except Exception:
        return None
    for data, modules in loaded:
        for module in modules:
            users.setdefault(f"{RULES_PACKAGE}/{module}.py", set()).add(f"{data_folder}/calculators/{data}.yaml")
    return {module: frozenset(files) for module, files in users.items()}


def held_by_engine() -> set[str]:
    """The rules' modules whose functions or classes the engine holds by name (`from calculators.calc_common import
    Context`): the engine itself must be imported anew after an edit of one of them."""
    held = set()
    for name, module in list(sys.modules.items()):
        if name.startswith(ENGINE_PACKAGE + ".") and module is not None:
            for value in list(vars(module).values()):
                owner = getattr(value, "__module__", None)
                if isinstance(owner, str) and owner.startswith(RULES_PACKAGE + "."):
                    held.add(owner.split(".")[1])
    return held


def restart(config: MkDocsConfig) -> None:
    """Start `mkdocs serve` again, in this process, as it was started: the engine's modules are imported anew (the
    plugin and the functions it holds cannot be swapped in a running build). The open tabs reload once the new
    server answers (MkDocs' reload script asks again every 3 s while the server is away)."""
    logging.getLogger("mkdocs").info("The engine changed: serve starts again")
    shutil.rmtree(config.site_dir, ignore_errors=True)  # the served folder, which a new one replaces
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])


def history_key(history: list | None) -> tuple[str, ...] | None:
    """The rules' history a build showed, by its commits: another one (a commit, a checkout) builds every page."""
    return None if history is None else tuple(change.commit for change in history)

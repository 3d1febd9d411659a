"""MkDocs' own warnings about links and the navigation, said again the way the contributor needs them: the page's
file in the repository (`docs/en/object-damage.md`, not `object-damage.md`, which both languages have), the line of
the link, the language, and the fix (with the anchors the target page has, when an anchor is wrong).

A logging filter on MkDocs' handlers rewrites each such record once (so the build's output, its strict count and
`python -m codex.check` all read the same line); the other records pass unchanged.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from codex.problem import Problem, line_of, suggestion

MISSING_PAGE = re.compile(
    r"^Doc file '(?P<page>[^']+)' contains a link '(?P<link>[^']+)', but the target(?: '[^']+')? is not found among "
    r"documentation files\.(?: Did you mean '(?P<suggested>[^']+)'\?)?$"
)
MISSING_ANCHOR = re.compile(
    r"^Doc file '(?P<page>[^']+)' contains a link '(?P<link>[^']+)', but (?:the doc '(?P<target>[^']+)' does not "
    r"contain an anchor '#(?P<anchor>[^']+)'|there is no such anchor on this page)\."
)
NAV_MISSING = re.compile(
    r"^A reference to '(?P<path>[^']+)' is included in the 'nav' configuration, which is not found"
)
NOT_IN_NAV = re.compile(r'^The following pages exist in the docs directory, but are not included in the "nav"')


@dataclass
class BuildContext:
    """What the messages need: the pages' folder (as the repository names it), the language, the configuration file
    and the anchors of a page (path under the folder -> its anchors)."""

    docs: Path
    docs_folder: str
    lang: str
    config_file: str
    anchors: Callable[[str], set[str]]


def link_line(context: BuildContext, page: str, link: str) -> int | None:
    source = context.docs / page
    if not source.is_file():
        return None
    text = source.read_text(encoding="utf-8")
    return line_of(text, f"]({link}") or line_of(text, link)


def rewritten(message: str, context: BuildContext) -> Problem | list[Problem] | None:
    """The problem a MkDocs warning reports, or None for a warning this module does not know."""
    folder, lang = context.docs_folder, context.lang
    if match := MISSING_PAGE.match(message):
        page, link = match["page"], match["link"]
        hint = f" (did you mean '{match['suggested']}'?)" if match["suggested"] else ""
        return Problem(
            f"{folder}/{page}",
            link_line(context, page, link),
            lang,
            f"the link '{link}' leads to no page{hint}",
            f"link to a page of {folder}/ by its file name, relative to this page (e.g. conditions.md#prone)",
        )
    if match := MISSING_ANCHOR.match(message):
        page, link = match["page"], match["link"]
        target = match["target"] or page
        anchor = match["anchor"] or link.partition("#")[2]
        known = context.anchors(target)
        return Problem(
            f"{folder}/{page}",
            link_line(context, page, link),
            lang,
            f"the link '{link}' leads to no section: {target} has no anchor '#{anchor}'{suggestion(anchor, known)}",
            f"use an anchor of {folder}/{target} (the {{#...}} of its headings)",
        )
    if match := NAV_MISSING.match(message):
        path = match["path"]
        config = Path(context.config_file)
        line = line_of(config.read_text(encoding="utf-8"), path) if config.is_file() else None
        return Problem(
            config.name,
            line,
            lang,
            f"the nav names {path}, which {folder}/ does not hold",
            f"create {folder}/{path} (and its twin in the other language) or correct the nav entry",
        )
    if NOT_IN_NAV.match(message):
        pages = re.findall(r"^\s*- (\S+)$", message, re.MULTILINE)
        return [
            Problem(
                f"{folder}/{page}",
                None,
                lang,
                "the page is in no navigation",
                f"add it to the nav of mkdocs.yml and mkdocs.en.yml at the same place ({Path(context.config_file).name})",
            )
            for page in pages
        ]
    return None


class RewriteWarnings(logging.Filter):
    """Rewrites MkDocs' link and navigation warnings as problems with file, line and fix (see the module)."""

    def __init__(self, context: BuildContext) -> None:
        super().__init__("codex-warnings")
        self.context = context

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING or getattr(record, "codex_rewritten", False):
            return True
        problem = rewritten(record.getMessage(), self.context)
        if problem is not None:
            problems = problem if isinstance(problem, list) else [problem]
            record.msg, record.args = "\n".join(str(p) for p in problems), ()
            record.codex_rewritten = True
        return True


def install(context: BuildContext) -> RewriteWarnings:
    """Put the filter on every handler of MkDocs' logger (the console's and the strict count's), in place of another
    build's (a language's build forked from another, or the previous build under `mkdocs serve`). Under ProperDocs
    (tools/properdocs_build.sh) the handlers are on its own logger, `properdocs`, which `mkdocs` propagates to."""
    warnings = RewriteWarnings(context)
    for handler in logging.getLogger("mkdocs").handlers + logging.getLogger("properdocs").handlers:
        for old in [f for f in handler.filters if isinstance(f, RewriteWarnings)]:  # another language's, forked
            handler.removeFilter(old)
        handler.addFilter(warnings)
    return warnings

"""The calculators' and trackers' page scripts at addresses that carry their content's digest (issue 35).

codex-calculators.js (the page's script, and the worker's) and codex-trackers.js (which it loads on a tracker's page,
and which draws the answer) are published as assets/javascripts/codex-calculators.DIGEST.js and
codex-trackers.DIGEST.js (the first 16 hex digits of the SHA-256 of the published bytes, as the modules and the data:
codex/publish/calculators.py), never under their plain names. Every page names them by those addresses: the theme's
script element (config.extra_javascript), the head's early start (partials/codex-early-runtime.html, from
config.extra.codex_scripts), and the calculators' script names the trackers' (its TRACKERS_SCRIPT, written here
before its digest is taken) and starts its worker from its own address. So a page, its scripts, its modules and its
data are one version: a browser that keeps a script for a while (GitHub Pages lets it keep one 10 minutes) cannot run
yesterday's codex-trackers.js against today's Python, a new publication's scripts are new addresses, and the old ones
are gone from the site.

A digest in the file's name rather than a `?v=DIGEST` query: a static server (GitHub Pages) ignores a query, so an
open page of the previous publication asking for `codex-trackers.js?v=OLD` would get today's file; the service worker
answers from its cache with ignoreSearch (any version would do); and a folder (file://) drops the query. A name is
the file itself, on a server, in the worker's cache (its precache lists it) and in the offline folder and zip.

The folder build (codex/publish/offline_folder.py) also gets the calculators' script as a classic script, wrapped in
a function, under its own digested name (codex-calculators.classic.DIGEST.js).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from codex.browser_files.addresses import DIGEST_LENGTH, address

SCRIPTS = "assets/javascripts"
CALCULATORS = "codex-calculators"
TRACKERS = "codex-trackers"
CLASSIC = f"{CALCULATORS}.classic"  # the folder build's
# The line of codex-calculators.js that names the trackers' script, written with its address by the build.
TRACKERS_LINE = f'const TRACKERS_SCRIPT = "{TRACKERS}.js";'
# A configuration's script element for one of them, plain or already digested (the folder build's classic one).
NAMED = re.compile(rf"{SCRIPTS}/({CALCULATORS}(?:\.classic)?)(?:\.[0-9a-f]{{{DIGEST_LENGTH}}})?\.js")


@dataclass(frozen=True)
class PageScripts:
    """The published scripts' paths, relative to a language's root (config.extra.codex_scripts)."""

    calculators: str
    trackers: str
    classic: str = ""  # the folder build only


def plain(name: str) -> str:
    return f"{SCRIPTS}/{name}.js"


def digested(name: str, content: bytes) -> str:
    """'assets/javascripts/<name>.<digest>.js'."""
    return f"{SCRIPTS}/{address(name, content)}.js"


def with_trackers_script(source: str, trackers: str) -> str:
    """codex-calculators.js naming the trackers' script by its address (a path beside it)."""
    if source.count(TRACKERS_LINE) != 1:
        raise ValueError(f"{plain(CALCULATORS)} must hold the line {TRACKERS_LINE!r} once")
    name = trackers.rsplit("/", 1)[-1]
    return source.replace(TRACKERS_LINE, f'const TRACKERS_SCRIPT = "{name}";')


def classic_script(source: str) -> str:
    """The calculators' script as a classic script, its names kept private in a function (the folder build)."""
    return f"(() => {{\n{source}\n}})();\n"


def publish_page_scripts(
    calculators_source: str, trackers_content: bytes, folder: bool = False
) -> tuple[PageScripts, dict[str, bytes]]:
    """The scripts' digested paths, and what to publish at each: the trackers' script as it is, the calculators'
    naming the trackers' (and, for the folder build, its classic copy). The adapter puts them among the site's files
    in place of the plain ones (codex/adapter/page_scripts.py)."""
    trackers = digested(TRACKERS, trackers_content)
    source = with_trackers_script(calculators_source, trackers).encode("utf-8")
    calculators = digested(CALCULATORS, source)
    published = {trackers: trackers_content, calculators: source}
    classic = ""
    if folder:
        classic_content = classic_script(source.decode("utf-8")).encode("utf-8")
        classic = digested(CLASSIC, classic_content)
        published[classic] = classic_content
    return PageScripts(calculators, trackers, classic), published


def script_as_published(path: str, scripts: PageScripts) -> str:
    """A configuration's script path as the site publishes it: the calculators' script (plain, classic or already
    digested) at its digested path; any other script unchanged."""
    named = NAMED.fullmatch(path)
    renamed = {CALCULATORS: scripts.calculators, CLASSIC: scripts.classic}
    return (renamed.get(named.group(1)) or path) if named else path

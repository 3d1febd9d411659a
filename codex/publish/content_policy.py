"""A content security policy on every page (issue 17): GitHub Pages sets no header, so each page carries it in a
`<meta http-equiv="Content-Security-Policy">` placed before any script. It allows the site's own files only: its
scripts (and the inline ones the theme and our templates write, by the hash of their text, computed on the built
page), the calculators' WebAssembly (`'wasm-unsafe-eval'`, handed over as Blob URLs) and worker, the images the
theme's stylesheet inlines (`data:`); no inline event handler, no other origin, no plugin, no form sent anywhere, no
other base address. A script a contribution would slip into a built page does not run.

Styles: the theme sets some inline styles as it lays the page out, so style-src allows them ('unsafe-inline');
contributions cannot write any (codex/mistakes/active_content.py refuses `<style>` and `style=`).

Two builds allow inline scripts instead of listing their hashes, and keep every other source as above. The folder
build (file://, codex/offline.py): the theme's search there runs through the vendored iframe-worker shim, which writes
an inline script naming the folder's place on the reader's disk, a text no build can hash. The site under `mkdocs
serve`: MkDocs adds its live-reload script to each page as it serves it, a text that changes with every build and
request, so a hashed policy would refuse it and the contributor's open tab would never reload. Neither is the
published site, and contributions still cannot write a script (the build refuses it).
"""

from __future__ import annotations

import base64
import hashlib
import re

import lxml.html

from codex.render.templates import render

HEAD = re.compile(r"<head\b[^>]*>(?:\s*<meta\s+charset=[^>]*>)?", re.IGNORECASE)
SOURCES: dict[str, tuple[str, ...]] = {
    "default-src": ("'self'",),
    "script-src": ("'self'", "'wasm-unsafe-eval'", "blob:"),
    "style-src": ("'self'", "'unsafe-inline'"),
    "img-src": ("'self'", "data:"),
    "font-src": ("'self'",),
    "connect-src": ("'self'", "blob:"),
    "worker-src": ("'self'", "blob:"),
    "manifest-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'self'",),
    "form-action": ("'none'",),
}


RUNNING_TYPES = ("text/javascript", "module", "application/javascript")  # not a data block (application/json...)


def inline_scripts(html: str) -> list[str]:
    """The text of every inline script of a page that runs (not a `src` one, not a data block). Read with lxml
    (libxml2's HTML parser, in C): Python's own parser cost about 0.2 s of each language's build."""
    scripts = []
    for script in lxml.html.document_fromstring(html).iter("script"):
        kind = (script.get("type") or "text/javascript").lower()
        if script.get("src") is None and kind in RUNNING_TYPES:
            scripts.append(script.text or "")
    return scripts


def script_hashes(html: str) -> list[str]:
    digests = (base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() for text in inline_scripts(html))
    return sorted({f"'sha256-{digest}'" for digest in digests})


def policy(html: str, any_inline: bool = False) -> str:
    """The policy of one built page: the sources above, and the hashes of the page's inline scripts (with
    `any_inline`, for the folder build and `mkdocs serve`, 'unsafe-inline' instead: see above)."""
    inline = ("'unsafe-inline'",) if any_inline else tuple(script_hashes(html))
    sources = {**SOURCES, "script-src": (*SOURCES["script-src"], *inline)}
    return "; ".join(f"{directive} {' '.join(values)}" for directive, values in sources.items())


def with_content_policy(html: str, any_inline: bool = False) -> str:
    """The page with its policy first in its head (after the charset); a document without a head is left as it is."""
    head = HEAD.search(html)
    if head is None or 'http-equiv="Content-Security-Policy"' in html:
        return html
    meta = str(
        render("content_policy.html", policy=policy(html, any_inline))
    )  # str: Markup + str would escape the page
    return html[: head.end()] + "\n" + meta + html[head.end() :]

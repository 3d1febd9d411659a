"""A site URL relative to another, as a page links to a page: the engine's own, so that it needs no site generator's
helper (tests/test_relative_url.py checks it gives MkDocs' answer)."""

from __future__ import annotations

import posixpath


def url_parts(url: str) -> list[str]:
    """A URL's path as its folders and file, normalized ('..' goes up, never above the root)."""
    path = posixpath.normpath("/" + url)[1:]
    return path.split("/") if path else []


def relative_url(url: str, other: str) -> str:
    """`url` (a path from the site's root) relative to the page at `other`; `other`'s last part is its file when it
    has a dot ('fumbles.html'), else a folder ('fumbles/'). A URL that ends in '/' keeps its '/'."""
    folder, _, last = other.rpartition("/")
    if "." in last:
        other = folder
    from_parts, to_parts = url_parts(other), url_parts(url)
    common = 0
    for mine, theirs in zip(from_parts, to_parts):
        if mine != theirs:
            break
        common += 1
    relative = "/".join([".."] * (len(from_parts) - common) + to_parts[common:]) or "."
    return relative + "/" if url.endswith("/") else relative

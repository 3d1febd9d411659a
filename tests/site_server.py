"""Serve a built site on a loopback port, for tests, screenshots and benchmarks: plainly at the server's root
(`serve`), or as GitHub Pages serves a project site (`serve_like_pages`).

Either may serve each language's search index without its documents (`search=False`): at every page load the
theme's search worker builds the whole index (about 1.5 s of a core in Chromium here), work that only the tests of
search need; the index's configuration is kept, so the worker still starts and loads its language's scripts."""

from __future__ import annotations

import contextlib
import functools
import http.server
import io
import json
import socket
import threading
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path

# What GitHub Pages answers for the types a built site holds (the browser refuses a module script or a wasm runtime
# served under another type).
PAGES_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".xml": "application/xml",
    ".txt": "text/plain",
}


SEARCH_INDEX = "search/search_index.json"


@functools.lru_cache(maxsize=16)
def without_documents(path: Path, modified: int) -> bytes:
    """The search index at `path` (as last `modified`, in ns) with its configuration and no document: read once, for
    every page that asks for it (4 ms of a core each time otherwise: the whole index is parsed)."""
    return json.dumps({"config": json.loads(path.read_bytes())["config"], "docs": []}).encode()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, search: bool = True, **kwargs) -> None:
        self.search = search  # serve the search indexes whole (else without their documents: the module's docstring)
        super().__init__(*args, **kwargs)

    def log_message(self, *args) -> None:  # keep the output readable
        pass

    def send_head(self):
        if self.search or not self.path.split("?", 1)[0].endswith(SEARCH_INDEX):
            return super().send_head()
        path = Path(self.translate_path(self.path))
        if not path.is_file():
            return super().send_head()
        body = without_documents(path, path.stat().st_mtime_ns)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        """A browser that closes a connection early (a page closed mid-load) is not an error here."""


class PagesHandler(QuietHandler):
    """The site's folder under `prefix` ('/codex2bis/'): a folder without its slash is redirected to it; a missing
    address anywhere under the prefix gets the site's ROOT 404.html with status 404; outside the prefix, a bare 404
    (so a root-absolute link that forgets the prefix fails)."""

    extensions_map = {**QuietHandler.extensions_map, **PAGES_TYPES}

    def __init__(self, *args, prefix: str, **kwargs) -> None:
        self.prefix = prefix
        super().__init__(*args, **kwargs)

    def under_prefix(self) -> bool:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        return path.startswith(self.prefix) or path == self.prefix.rstrip("/")

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_head(self):
        if not self.under_prefix():
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        if self.path.split("?", 1)[0] == self.prefix.rstrip("/"):  # '/codex2bis' -> '/codex2bis/'
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        return super().send_head()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        not_found_page = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not self.under_prefix() or not not_found_page.is_file():
            super().send_error(code, message, explain)
            return
        body = not_found_page.read_bytes()
        self.send_response(HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@contextlib.contextmanager
def serve(directory: Path | str, search: bool = True) -> Iterator[str]:
    """Yield the base URL (no trailing slash) of an HTTP server over `directory` (its search indexes without their
    documents unless `search`)."""
    with serving(functools.partial(QuietHandler, directory=str(directory), search=search)) as url:
        yield url


@contextlib.contextmanager
def serving(handler) -> Iterator[str]:
    """Yield the base URL (no trailing slash) of a loopback HTTP server answering with `handler`, in a thread."""
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def free_port() -> int:
    """A loopback port free now: pick it first, build the site for its address, then serve on it."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def serve_like_pages(directory: Path | str, prefix: str = "/codex2bis/", search: bool = True) -> Iterator[str]:
    """Yield the address of `directory` served as GitHub Pages serves a project site, under `prefix`
    ('http://127.0.0.1:PORT/codex2bis/', with its trailing slash; its search indexes without their documents unless
    `search`); see PagesHandler."""
    handler = functools.partial(PagesHandler, directory=str(directory), prefix=prefix, search=search)
    with serving(handler) as url:
        yield url + prefix

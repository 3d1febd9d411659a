"""What the adapter takes from the theme's private code (mkdocs-material), checked against the installed version, so
that an update that changes it fails here, naming the version, rather than leaving search silently slower or its
query hook a no-op. No build.

- codex/adapter/search_sections.py replaces the search plugin's `SearchIndex.add_entry_from_context` and reproduces
  its `Parser` (tests/test_search_sections.py compares both readers on many pages);
- codex/adapter/search_queries.js listens to the search worker's messages: a setup (type 0) whose `data.config.lang`
  lists the index's languages, a query (type 2) whose `data` is the query's text, read by the worker's own "message"
  listener after the hook's; it asks lunr (`self.lunr`, `lunr.<lang>`) for each language's `stopWordFilter`."""

from __future__ import annotations

import inspect
import json
import re
from importlib.metadata import version
from pathlib import Path

import material
import pytest
from material.plugins.search import plugin as search

from codex.adapter.search_queries import HOOK
from tests.conftest import LANGS

THEME = f"mkdocs-material {version('mkdocs-material')}"
ASSETS = Path(material.__file__).parent / "templates" / "assets" / "javascripts"
WORKER_SOURCE = "integrations/search/worker/main/index.ts"  # the worker's message handler, in its source map


def said(fact: str) -> str:
    return f"{THEME} no longer has {fact}: codex/adapter relies on it (see tests/test_theme_contract.py)"


def worker() -> tuple[str, str]:
    """The theme's search worker: its minified code and its message handler's TypeScript (from the source map)."""
    [code] = (ASSETS / "workers").glob("search.*.min.js")
    source_map = json.loads(code.with_name(code.name + ".map").read_text(encoding="utf-8"))
    sources = dict(zip(source_map["sources"], source_map.get("sourcesContent") or [], strict=False))
    handler = next((text for name, text in sources.items() if name.endswith(WORKER_SOURCE)), "")
    return code.read_text(encoding="utf-8"), handler


@pytest.mark.parametrize(
    ("name", "members"),
    [
        ("Parser", ("keep", "skip", "data", "handle_starttag", "handle_endtag", "handle_data")),
        ("SearchIndex", ("add_entry_from_context", "create_entry_for_section")),
        ("Section", ("is_excluded",)),
        ("Element", ()),
        ("void", ()),
    ],
)
def test_the_search_plugin_has_what_search_sections_replaces(name: str, members: tuple[str, ...]) -> None:
    assert hasattr(search, name), said(f"material.plugins.search.plugin.{name}")
    made = getattr(search, name)() if name == "Parser" else getattr(search, name)
    for member in members:
        assert hasattr(made, member), said(f"{name}.{member}")


def test_the_search_index_reads_pages_as_search_sections_does() -> None:
    """LxmlSearchIndex.add_entry_from_context is the theme's with its parser swapped: the theme's still feeds each
    page's content to its Parser and adds each section not excluded."""
    source = inspect.getsource(search.SearchIndex.add_entry_from_context)
    for fact in ("Parser()", "parser.feed(page.content)", "is_excluded()", "create_entry_for_section("):
        assert fact in source, said(f"SearchIndex.add_entry_from_context doing {fact}")


def test_the_search_worker_speaks_the_protocol_the_query_hook_wraps() -> None:
    code, handler = worker()
    assert handler, said(f"its worker's {WORKER_SOURCE} in the worker's source map")
    for fact in (
        'addEventListener("message"',
        "case SearchMessageType.SETUP",
        "message.data.config",
        "case SearchMessageType.QUERY",
        "const query = message.data",
    ):
        assert fact in handler, said(f"{fact!r} in the search worker")
    # The message types' numbers as the hook tests them (the enum is compiled into the minified worker).
    assert re.search(r"case 0:return yield \w+\(\w+\.data\.config\)", code), said("a setup message of type 0")
    assert re.search(r"case 2:let (\w+)=\w+\.data;", code), said("a query message of type 2")
    assert re.search(r"\bself\.lunr=", code), said("lunr on self in the worker")
    hook = HOOK.read_text(encoding="utf-8")
    assert "message.type === 0" in hook and "message.type === 2" in hook  # the numbers checked above


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_lunr_has_the_stop_words_the_hook_asks_for(lang: str) -> None:
    """The hook asks `lunr.<lang>.stopWordFilter` (English: `lunr.stopWordFilter`, in the worker itself)."""
    code, _ = worker()
    assert "stopWordFilter=" in code, said("lunr.stopWordFilter in the search worker")
    language = (ASSETS / "lunr" / "min" / f"lunr.{lang}.min.js").read_text(encoding="utf-8")
    assert re.search(rf"\.{lang}\.stopWordFilter\s*=", language), said(f"lunr.{lang}.stopWordFilter")

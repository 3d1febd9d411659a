"""The theme's search worker, told to search a query's stop words as whole words.

Material's worker searches every word of a query as a prefix ("de" as "de*"), and the index keeps stop words
(mkdocs.yml: `pipeline: []`), so a short word of a title the reader types — « suivi de combat », "step 1: the
attack roll" — matched every word it begins (« décalage », « dextérité », "theory") and buried the page named by the
title. `search_queries.js`, prepended to the theme's worker in each language's site, rewrites a query's stop words
(lunr's own lists for the index's languages) to whole-word terms before the worker reads it; the theme's query
syntax does this for a term ending in a boost (`de^1`). The worker's file keeps its name, so the theme, the service
worker's list and the offline folder's worker shim find it as before.

No option of the theme does this. Its search `pipeline` can keep lunr's `stopWordFilter` (the theme's default), but
that filter drops stop words from the index and leaves the query's alone: lunr runs no pipeline on a term that ends
in a wildcard, which the theme adds to every word. The theme's own worker, with either pipeline, ranks other pages
above both trackers for « suivi de combat » (tests/test_search_relevance.py::
test_the_themes_own_worker_buries_a_title_under_its_stop_words); measured so, 27 French and 7 English headings miss
their page with the pipeline empty, 29 and 7 with `stopWordFilter` (test_every_title_and_heading_brings_its_page_…).
"""

from __future__ import annotations

from pathlib import Path

HOOK = Path(__file__).with_name("search_queries.js")
WORKERS = "assets/javascripts/workers"


def hook_search_worker(site_dir: Path) -> list[Path]:
    """Prepend the query hook to each of the theme's search workers under `site_dir` (once); the files changed."""
    hook = HOOK.read_text(encoding="utf-8")
    changed = []
    for worker in sorted((Path(site_dir) / WORKERS).glob("search.*.js")):
        code = worker.read_text(encoding="utf-8")
        if not code.startswith(hook):
            worker.write_text(hook + code, encoding="utf-8")
            changed.append(worker)
    return changed

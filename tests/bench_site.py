"""Site budgets, measured (a benchmark script, not a test: timings vary from machine to machine).

    .venv/bin/python tests/bench_site.py [--runs 3] [--langs fr,en] [--skip-lighthouse] [--skip-growth]

Prints:
1. the full build time of the site (both languages, `mkdocs build`), median of --runs builds, and the same with 10x
   synthetic content (every page and every data table copied nine times under new names);
2. bytes transferred for a first and a repeat visit of each page kind (served gzipped with `Cache-Control:
   max-age=600`, as GitHub Pages serves it), measured in headless Chromium through the DevTools protocol;
3. Lighthouse 12.8.2 (npm, pinned; installed by this script with `npm install --no-save --prefix` into a cache folder
   under the system's temporary folder) on its default mobile settings: performance, accessibility, best practices
   and SEO per page kind, the median of --runs runs. Needs Node 20 and /usr/bin/chromium (CHROME_PATH).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.audit_pages import PAGE_KINDS, url_path, wait_for_calculators  # noqa: E402
from tests.chromium import CHROMIUM, launch  # noqa: E402

LIGHTHOUSE = "lighthouse@12.8.2"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".py", ".wasm", ".csv")


# --- 1. build time -------------------------------------------------------------------------------------------------


def build_seconds(project: Path, strict: bool = True, bytecode: bool = True) -> float:
    """One strict build of both languages, in seconds. With `bytecode`, the engine's modules are compiled first, as
    Python does on a build's first run (unless PYTHONDONTWRITEBYTECODE is set, as on some machines: their every
    build compiles the engine again, which `bytecode=False` measures, its bytecode folders set aside meanwhile)."""
    with tempfile.TemporaryDirectory() as site, engine_bytecode(project, bytecode):
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **({} if bytecode else {"PYTHONDONTWRITEBYTECODE": "1"}))
        command = [sys.executable, "-m", "mkdocs", "build", "--site-dir", site] + (["--strict"] if strict else [])
        start = time.perf_counter()
        result = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        if result.returncode:
            raise SystemExit(f"build failed in {project}:\n{result.stderr[-3000:]}")
        return elapsed


@contextlib.contextmanager
def engine_bytecode(project: Path, present: bool) -> Iterator[None]:
    """The engine's compiled modules (codex/, calculators/) present, or set aside for the time of the block."""
    if present:
        subprocess.run([sys.executable, "-m", "compileall", "-q", "codex", "calculators"], cwd=project, check=True)
        yield
        return
    folders = [f for package in ("codex", "calculators") for f in (project / package).glob("**/__pycache__")]
    aside = [(f, f.with_name("__pycache__.bench")) for f in folders]
    for folder, away in aside:
        folder.rename(away)
    try:
        yield
    finally:
        for folder, away in aside:
            shutil.rmtree(folder, ignore_errors=True)
            away.rename(folder)


def synthetic_project(factor: int, into: Path) -> tuple[int, int]:
    """A copy of the project with every page (both languages) and every data table `factor` times."""
    shutil.copytree(
        ROOT,
        into,
        ignore=shutil.ignore_patterns(
            ".git", "site", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis"
        ),
    )
    config = into / "mkdocs.yml"  # the copies are outside the nav: strict mode would stop on that warning
    config.write_text(
        config.read_text(encoding="utf-8").replace("\nstrict: true\n", "\nstrict: false\n"), encoding="utf-8"
    )
    pages = tables = 0
    for lang in ("fr", "en"):
        docs = into / "docs" / lang
        for page in sorted(docs.rglob("*.md")):
            if "rulebook()" in page.read_text(encoding="utf-8"):
                continue  # one rulebook page only: the codex plugin stops on another page that calls rulebook()
            for copy in range(1, factor):
                target = page.with_name(f"{page.stem}-copy{copy}.md")
                target.write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
                pages += 1
    for table in sorted((into / "data" / "tables").glob("*.yaml")):
        text = table.read_text(encoding="utf-8")
        for copy in range(1, factor):
            table.with_name(f"{table.stem}-copy{copy}.yaml").write_text(
                text.replace(f"\nid: {table.stem}\n", f"\nid: {table.stem}-copy{copy}\n", 1), encoding="utf-8"
            )
            tables += 1
    return pages, tables


def load_average() -> str:
    return ", ".join(f"{v:.1f}" for v in os.getloadavg())


def measure_builds(runs: int, growth: bool) -> None:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout
    load = load_average()
    times = [build_seconds(ROOT) for _ in range(runs)]
    print(
        f"build, both languages, --strict: median {statistics.median(times):.2f} s over {runs} runs "
        f"({', '.join(f'{t:.2f}' for t in times)}); commit {commit.strip()}, load average before {load}, "
        f"after {load_average()}"
    )
    cold = [build_seconds(ROOT, bytecode=False) for _ in range(runs)]
    print(
        f"the same, the engine's bytecode compiled at every build (PYTHONDONTWRITEBYTECODE): median "
        f"{statistics.median(cold):.2f} s ({', '.join(f'{t:.2f}' for t in cold)})"
    )
    if not growth:
        return
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        pages, tables = synthetic_project(10, project)
        big = [build_seconds(project, strict=False) for _ in range(max(1, runs - 1))]
        print(
            f"build with 10x content (+{pages} pages, +{tables} data tables), non-strict: median "
            f"{statistics.median(big):.1f} s ({statistics.median(big) / statistics.median(times):.1f}x)"
        )


# --- a server like GitHub Pages: gzip and a short cache lifetime ------------------------------------------------


class PagesLikeHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
    }

    def log_message(self, *args) -> None:
        pass

    def send_head(self):  # gzip compressible files when asked, like GitHub Pages
        path = Path(self.translate_path(self.path))
        if path.is_dir() and not self.path.split("?")[0].endswith("/"):
            return super().send_head()  # the redirect to the address with a slash
        if path.is_dir():
            path = path / "index.html"
        if path.is_file() and path.suffix in COMPRESSIBLE and "gzip" in self.headers.get("Accept-Encoding", ""):
            if self.headers.get("If-Modified-Since") == self.date_time_string(int(path.stat().st_mtime)):
                self.send_response(304)
                self.end_headers()
                return None
            body = gzip.compress(path.read_bytes(), 6)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
            self.send_header("Cache-Control", "max-age=600")
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def end_headers(self) -> None:
        if not any(h.startswith(b"Cache-Control") for h in getattr(self, "_headers_buffer", [])):
            self.send_header("Cache-Control", "max-age=600")
        super().end_headers()


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        pass


@contextlib.contextmanager
def serve_like_pages(directory: Path) -> Iterator[str]:
    server = QuietServer(("127.0.0.1", 0), functools.partial(PagesLikeHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def built_site() -> Path:
    site = Path(tempfile.mkdtemp(prefix="codex-bench-site-"))
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    return site


# --- 2. bytes per page kind -----------------------------------------------------------------------------------------


class Transfers:
    """What a browser context took from the network: (url, bytes) per request, the encoded body and the headers, as
    transferred, for the pages and their workers alike (a page's DevTools session does not see the requests of the
    calculator worker), in `rows`; the service worker's own downloads (its precache) apart, in `precache`. A request
    answered by the browser's cache or by the service worker counts for nothing."""

    def __init__(self, context) -> None:
        self.rows: list[tuple[str, int]] = []
        self.precache: list[tuple[str, int]] = []
        context.on("requestfinished", self._finished)

    def _finished(self, request) -> None:
        response = request.response()
        if response is None or response.from_service_worker:
            return
        sizes = request.sizes()
        total = sizes["responseBodySize"] + sizes["responseHeadersSize"]  # a cached answer: 0 (Playwright: -headers)
        if total > 0:
            (self.precache if request.service_worker else self.rows).append((request.url, total))

    def clear(self) -> None:
        self.rows.clear()
        self.precache.clear()


def visit_bytes(base: str, langs: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    print(
        "\nbytes transferred (gzip, headers included), first visit / repeat visit in the same browser; the service"
        " worker's precache of the language (downloaded in the background after a first visit) apart:"
    )
    print(
        "| page kind | lang | first visit | requests | service worker precache | repeat visit | requests |"
        "\n|---|---|---|---|---|---|---|"
    )
    with sync_playwright() as p:
        browser = launch(p)
        for kind, page_path in PAGE_KINDS.items():
            for lang in langs:
                context = browser.new_context(viewport={"width": 390, "height": 844})
                transfers = Transfers(context)
                page = context.new_page()
                rows = []
                for _visit in range(2):
                    transfers.clear()
                    page.goto(base + url_path(page_path, lang), wait_until="load")
                    page.wait_for_load_state("networkidle")
                    if page.locator("form[data-calculator]").count():
                        wait_for_calculators(page)  # every form, as a reader who goes through them all
                        page.wait_for_load_state("networkidle")
                    rows.append((sum(size for _, size in transfers.rows), len(transfers.rows)))
                    if not _visit:  # the worker is active once its precache is complete (if the page has one)
                        page.evaluate(
                            "navigator.serviceWorker.getRegistration()"
                            ".then((found) => found && navigator.serviceWorker.ready.then(() => true))"
                        )
                        precache = sum(size for _, size in transfers.precache)
                context.close()
                (first, n1), (repeat, n2) = rows
                print(
                    f"| {kind} | {lang} | {first / 1024:.1f} KB | {n1} | {precache / 1024:.1f} KB "
                    f"| {repeat / 1024:.1f} KB | {n2} |"
                )
        browser.close()


# --- 3. Lighthouse -------------------------------------------------------------------------------------------------


def lighthouse_cli() -> Path:
    prefix = Path(tempfile.gettempdir()) / ("codex2bis-" + LIGHTHOUSE.replace("@", "-"))
    cli = prefix / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        subprocess.run(
            ["npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(prefix), LIGHTHOUSE],
            check=True,
            capture_output=True,
        )
    return cli


def lighthouse_scores(cli: Path, url: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        env = dict(os.environ, CHROME_PATH=CHROMIUM)
        subprocess.run(
            [
                "node",
                str(cli),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={report}",
                f"--only-categories={','.join(CATEGORIES)}",
                "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run",
            ],
            env=env,
            check=True,
            capture_output=True,
            timeout=300,
        )
        data = json.loads(report.read_text(encoding="utf-8"))
    scores = {c: round(data["categories"][c]["score"] * 100) for c in CATEGORIES}
    failing = [
        a
        for a in data["audits"].values()
        if a.get("score") is not None
        and a["score"] < 0.9
        and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings")
    ]
    scores["_failing"] = sorted(a["id"] for a in failing)
    return scores


def measure_lighthouse(base: str, langs: list[str], runs: int) -> None:
    cli = lighthouse_cli()
    print(f"\nLighthouse {LIGHTHOUSE.split('@')[1]}, mobile (default), median of {runs} runs:")
    print(
        "| page kind | lang | performance | accessibility | best practices | SEO | audits under 0.9 (any run) |\n|---|---|---|---|---|---|---|"
    )
    for kind, page_path in PAGE_KINDS.items():
        for lang in langs:
            results = [lighthouse_scores(cli, base + url_path(page_path, lang)) for _ in range(runs)]
            medians = [statistics.median(r[c] for r in results) for c in CATEGORIES]
            failing = sorted({a for r in results for a in r["_failing"]})
            print(
                f"| {kind} | {lang} | " + " | ".join(f"{m:g}" for m in medians) + f" | {', '.join(failing) or '—'} |",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--langs", default="fr,en")
    parser.add_argument("--skip-growth", action="store_true")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--skip-bytes", action="store_true")
    parser.add_argument("--skip-lighthouse", action="store_true")
    args = parser.parse_args()
    langs = args.langs.split(",")
    if not args.skip_build:
        measure_builds(args.runs, not args.skip_growth)
    site = built_site()
    try:
        with serve_like_pages(site) as base:
            if not args.skip_bytes:
                visit_bytes(base, langs)
            if not args.skip_lighthouse:
                measure_lighthouse(base, langs, args.runs)
    finally:
        shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()

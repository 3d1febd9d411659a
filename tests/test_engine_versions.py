"""A page and its engine are one version (issue 35, defect 3): every module (bytecode) and data file a calculator form
or a combat tracker names is addressed by its content's digest (`NAME.DIGEST.mpy`, `NAME.DIGEST.json`:
codex/publish/calculators.py), the service worker keeps them by those addresses, and a page served a stale copy of
its engine under such an address (a cache, a server left with the previous publication's file) refuses to run it
and says so with its `failed` message, instead of running the previous publication's Python against today's page."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from codex.browser_files.addresses import ASSETS, DIGEST_LENGTH, address, content_digest, data_address, module_address
from codex.components.calculators import module_dependencies
from codex.components.trackers import data_id, tracker_modules
from tests.built_html import parsed
from tests.conftest import LANGS, lang_root
from tests.site_server import QuietHandler, serving

ADDRESS = re.compile(rf"^(?P<name>[A-Za-z0-9_-]+)\.(?P<digest>[0-9a-f]{{{DIGEST_LENGTH}}})$")
FOLDERS = {"module": ("python", ".mpy"), "data": ("data", ".json")}


def named_file(root: Path, kind: str, named: str) -> Path:
    """The file an address of a page points to, in its language's assets."""
    folder, suffix = FOLDERS[kind]
    return root / ASSETS / folder / f"{named}{suffix}"


def pages_of(site: Path, lang: str) -> list[Path]:
    root = lang_root(site, lang)
    return [p for p in root.rglob("*.html") if lang == "en" or not p.is_relative_to(site / "en")]


def addresses_named(site: Path, lang: str) -> dict[str, set[tuple[str, str]]]:
    """Page (relative) -> the (kind, address) pairs its forms and trackers name."""
    named: dict[str, set[tuple[str, str]]] = {}
    root = lang_root(site, lang)
    for path in pages_of(site, lang):
        if "data-modules" not in path.read_text(encoding="utf-8"):
            continue
        soup = parsed(path)
        found = set()
        for element in soup.select("form[data-calculator], [data-tracker]"):
            found |= {("module", item) for item in element["data-modules"].split()}
            found.add(("data", element.get("data-data", "")))
        named[path.relative_to(root).as_posix()] = found
    return named


# -- the addresses ---------------------------------------------------------------------------------------------------


def test_an_address_is_its_name_and_its_contents_digest():
    assert address("jump", b"bytecode") == "jump." + hashlib.sha256(b"bytecode").hexdigest()[:DIGEST_LENGTH]
    assert content_digest(b"a") != content_digest(b"b")
    assert ADDRESS.match(module_address("page_glue"))["name"] == "page_glue"
    assert data_address("jump", {"a": 1}) != data_address("jump", {"a": 2})


@pytest.mark.parametrize("lang", LANGS)
def test_every_module_and_data_file_a_page_names_is_addressed_by_its_digest(built_site, lang):
    """Each form's and tracker's data-modules and data-data name files that exist, each address ending in the digest
    of the very file it points to, in the order the form loads its modules; and every published module and data file
    is named by its digest (no file of another version, no unversioned address)."""
    root = lang_root(built_site, lang)
    named = addresses_named(built_site, lang)
    assert len(named) >= 7, named.keys()  # the rule pages with a form, the GM tools, the trackers' pages
    for page, pairs in named.items():
        for kind, item in pairs:
            match = ADDRESS.match(item)
            assert match, f"{page}: {kind} address {item!r} carries no digest"
            file = named_file(root, kind, item)
            assert file.is_file(), f"{page}: {item} points to no file"
            assert content_digest(file.read_bytes()) == match["digest"], f"{page}: {item} is not its file's digest"
    for path in pages_of(built_site, lang):
        if "data-modules" not in path.read_text(encoding="utf-8"):
            continue
        soup = parsed(path)
        for form in soup.select("form[data-calculator]"):
            modules = [ADDRESS.match(item)["name"] for item in form["data-modules"].split()]
            assert modules == list(module_dependencies(form["data-calculator"]))
            assert ADDRESS.match(form["data-data"])["name"] == form["data-calculator"]
        for tracker in soup.select("[data-tracker]"):
            modules = [ADDRESS.match(item)["name"] for item in tracker["data-modules"].split()]
            assert modules == list(tracker_modules(tracker["data-tracker"]))
            assert ADDRESS.match(tracker["data-data"])["name"] == data_id(tracker["data-tracker"])
    for kind, (folder, suffix) in FOLDERS.items():
        for file in (root / ASSETS / folder).iterdir():
            match = ADDRESS.match(file.name.removesuffix(suffix))
            assert match and content_digest(file.read_bytes()) == match["digest"], f"{kind} {file.name}"


def worker_list(language_dir: Path, name: str) -> list[str]:
    text = (language_dir / "sw.js").read_text(encoding="utf-8")
    found = re.search(rf"^const {name} = (.*);$", text, re.M)
    assert found, f"sw.js has no {name}"
    return json.loads(found.group(1))


@pytest.mark.parametrize("lang", LANGS)
def test_the_service_worker_keeps_the_calculator_files_by_their_addresses(built_site, lang):
    """The worker knows its publication's calculator files by their addresses (ON_USE): exactly the files published,
    every address a page of its language names among them; none is precached."""
    root = lang_root(built_site, lang)
    on_use = worker_list(root, "ON_USE")
    published = sorted(p.relative_to(root).as_posix() for p in (root / ASSETS).rglob("*") if p.is_file())
    assert on_use == published
    for page, pairs in addresses_named(built_site, lang).items():
        for kind, item in pairs:
            assert named_file(root, kind, item).relative_to(root).as_posix() in on_use, (page, item)
    assert not [path for path in worker_list(root, "PRECACHE") if path.startswith(ASSETS)]
    source = (root / "sw.js").read_text(encoding="utf-8")
    assert "[0-9a-f]{16}" in source and DIGEST_LENGTH == 16  # the worker reads the same digests


# -- a stale copy under a page's address -----------------------------------------------------------------------------


class StaleHandler(QuietHandler):
    """The site, but the files whose path matches `stale` answered with `body`: the previous publication's copy."""

    def __init__(self, *args, stale: re.Pattern[str], body: bytes, **kwargs) -> None:
        self.stale, self.body = stale, body
        super().__init__(*args, **kwargs)

    def send_head(self):
        if not self.stale.search(self.path.split("?", 1)[0]):
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        return io.BytesIO(self.body)


@contextlib.contextmanager
def serve_stale(directory: Path, stale: str, body: bytes) -> Iterator[str]:
    handler = functools.partial(StaleHandler, directory=str(directory), stale=re.compile(stale), body=body)
    with serving(handler) as url:
        yield url


def stale_glue() -> bytes:
    """page_glue's bytecode as another publication's: a module that runs, but is not the one the page was built with."""
    from codex.browser_files.bytecode import compile_module

    return compile_module(_older_glue(), "calculators/page_glue.py")


@functools.cache
def _older_glue() -> Path:
    from codex.components.package import package_dir

    folder = Path(tempfile.mkdtemp(prefix="codex-stale-"))
    source = (package_dir() / "page_glue.py").read_text(encoding="utf-8")
    (folder / "page_glue.py").write_text(source + "\nPUBLISHED_BEFORE = True\n", encoding="utf-8")
    return folder / "page_glue.py"


# Whether a form or a tracker has settled: 'ready' (it runs), 'failed' (its status says its failed message) or null.
SETTLED = """(selector) => {
    const node = document.querySelector(selector);
    const status = node?.querySelector('[data-output="status"]');
    if (node?.dataset.ready === 'true') return 'ready';
    return status && status.textContent !== '' && status.textContent === node.dataset.failed ? 'failed' : null;
}"""


def settled(page, selector: str) -> str:
    return page.wait_for_function(SETTLED, arg=selector, timeout=30000).json_value()


@pytest.mark.parametrize("lang", LANGS)
def test_a_form_refuses_a_stale_copy_of_its_engine(browser, built_site, lang):
    """The GM tools' jump form, its page_glue served as another publication's bytecode under the address the page
    names: the form says it failed and answers nothing (the old page ran it)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    stale = r"/assets/calculators/python/page_glue(\.[0-9a-f]+)?\.mpy$"
    try:
        with serve_stale(built_site, stale, stale_glue()) as url:
            page.goto(url + ("/" if lang == "fr" else "/en/") + "tools/#jump")
            form = 'form[data-calculator="jump"]'
            page.locator(form).scroll_into_view_if_needed()
            assert settled(page, form) == "failed", "the form ran another publication's page_glue"
            answers = page.eval_on_selector_all(f"{form} dd[data-output]", "(nodes) => nodes.map((n) => n.textContent)")
            assert answers and not any(answers)
    finally:
        context.close()


def test_a_tracker_refuses_a_stale_copy_of_its_data(browser, built_site):
    """The round tracker, its data served as another publication's under the address the page names: the tracker says
    it failed and does not start (the old page ran with it)."""
    root = lang_root(built_site, "en")
    [current] = (root / ASSETS / "data").glob("adnd-round-tracker*.json")
    older = json.loads(current.read_text(encoding="utf-8"))
    older["published-before"] = {"id": "published-before"}
    body = json.dumps(older, ensure_ascii=False).encode("utf-8")
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        with serve_stale(built_site, r"/assets/calculators/data/adnd-round-tracker(\.[0-9a-f]+)?\.json$", body) as url:
            page.goto(url + "/en/round-tracker/")
            tracker = '[data-tracker="adnd-round"]'
            assert settled(page, tracker) == "failed", "the tracker ran with another publication's data"
    finally:
        context.close()


CACHED_URLS = """async () => {
    const urls = [];
    for (const key of await caches.keys()) urls.push(...(await (await caches.open(key)).keys()).map((r) => r.url));
    return urls;
}"""


def test_the_service_worker_keeps_each_file_by_its_address_and_never_a_stale_copy(browser, built_site):
    """A reader opens the GM tools twice (the second time under the service worker), the jump module served as another
    publication's: the worker's cache holds the forms' modules and data under the addresses the page names, and not
    the stale copy, which the jump form refuses while the other forms run."""
    root = lang_root(built_site, "en")
    on_use = {f"/en/{path}" for path in worker_list(root, "ON_USE")}
    context = browser.new_context()
    page = context.new_page()
    try:
        with serve_stale(built_site, r"/assets/calculators/python/jump(\.[0-9a-f]+)?\.mpy$", stale_glue()) as url:
            page.goto(url + "/en/tools/")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.reload()  # now under the worker
            assert page.evaluate("!!navigator.serviceWorker.controller")
            outcomes = {}
            for form in page.locator("form[data-calculator]").all():
                form.scroll_into_view_if_needed()
                selector = f'form[data-calculator="{form.get_attribute("data-calculator")}"]'
                outcomes[form.get_attribute("data-calculator")] = settled(page, selector)
            assert outcomes.pop("jump") == "failed" and set(outcomes.values()) == {"ready"}
            named = {
                f"/en/{ASSETS}/{FOLDERS[kind][0]}/{item}{FOLDERS[kind][1]}"
                for pairs in [addresses_named(built_site, "en")["tools/index.html"]]
                for kind, item in pairs
            }
            jump = {path for path in named if "/python/jump." in path}
            wanted = named - jump
            for _ in range(60):
                cached = {u.removeprefix(url) for u in page.evaluate(CACHED_URLS) if f"/{ASSETS}/" in u}
                if wanted <= cached:
                    break
                page.wait_for_timeout(500)
            assert wanted - cached == set()
            assert cached <= on_use  # by the addresses of this publication only
            assert not cached & jump  # the stale copy is not kept
            # the page's scripts too, by the digested addresses it names (precached)
            script = page.evaluate("document.querySelector('script[src*=codex-calculators]').src")
            assert SCRIPT_ADDRESS.match(script.rsplit("/", 1)[-1]) and script in page.evaluate(CACHED_URLS)
    finally:
        context.close()


# -- the page scripts ------------------------------------------------------------------------------------------------

SCRIPTS = "assets/javascripts"
# The calculators' and trackers' page scripts (and the folder build's classic copy) as a page names them.
PAGE_SCRIPT = re.compile(r"codex-(?:calculators|trackers)(?:\.classic)?(?:\.[0-9a-f]+)?\.js")
SCRIPT_ADDRESS = re.compile(
    rf"^(?P<name>codex-(?:calculators|trackers)(?:\.classic)?)\.(?P<digest>[0-9a-f]{{{DIGEST_LENGTH}}})\.js$"
)
QUOTED = re.compile(r"[\"'`]([^\"'`]*)[\"'`]")


def script_addresses(path: Path) -> set[str]:
    """The addresses of the calculators' and trackers' scripts a built page names, resolved against the page: its
    script elements, its preloads and the quoted addresses of its inline scripts (the head's early start)."""
    soup = parsed(path)
    named = [tag.get("src") or tag.get("href") or "" for tag in soup.select("script[src], link[href]")]
    for script in soup.select("script:not([src])"):
        named += QUOTED.findall(script.get_text())
    found = set()
    for item in named:
        if PAGE_SCRIPT.search(item):
            found.add((path.parent / item).resolve().as_posix() if "/" in item else item)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_names_its_scripts_by_their_digest(built_site, lang):
    """Every page names the calculators' script (and a page linked to a form or a tracker, the trackers' script too,
    in its head) at an address that carries the digest of the very file published there, as its modules and data;
    the calculators' script names the trackers' by its digest too, and the service worker precaches them by those
    addresses. No copy under a plain address is left to run: a page of one publication never runs another's."""
    root = lang_root(built_site, lang)
    folder = root / SCRIPTS
    by_page = {path: script_addresses(path) for path in pages_of(built_site, lang) if path.name != "404.html"}
    named = set().union(*by_page.values())
    assert {Path(item).name.split(".")[0] for item in named} == {"codex-calculators", "codex-trackers"}
    for page, addresses in by_page.items():
        assert any("codex-calculators" in item for item in addresses), f"{page}: no calculators' script"
        for item in addresses:
            target = Path(item) if "/" in item else folder / item  # a bare name: beside the calculators' script
            match = SCRIPT_ADDRESS.match(target.name)
            assert match, f"{page.relative_to(root)}: {target.name} carries no digest"
            assert target.is_file() and target.parent == folder, f"{page.relative_to(root)}: {item} is no file"
            assert content_digest(target.read_bytes()) == match["digest"], f"{target.name} is not its file's digest"
    [calculators] = folder.glob("codex-calculators.*.js")
    trackers = {m for m in PAGE_SCRIPT.findall(calculators.read_text(encoding="utf-8")) if SCRIPT_ADDRESS.match(m)}
    assert trackers == {p.name for p in folder.glob("codex-trackers.*.js")}, "the calculators' script's trackers'"
    assert not [
        p.name for p in folder.glob("codex-*.js") if PAGE_SCRIPT.fullmatch(p.name) and not SCRIPT_ADDRESS.match(p.name)
    ]
    precache = worker_list(root, "PRECACHE")
    assert {f"{SCRIPTS}/{Path(item).name}" for item in named} <= set(precache)


LOADED_SCRIPTS = """() => performance.getEntriesByType('resource').map((entry) => entry.name)
    .filter((name) => /codex-(calculators|trackers)/.test(name))"""


@pytest.mark.parametrize(
    "link", ["/en/round-tracker/", "/en/round-tracker/#round-tracker", "/movement/#jump-calculator"]
)
def test_a_page_runs_the_scripts_and_the_worker_of_its_own_version(browser, built_site, site_url, link):
    """A tracker's page, opened plainly or by a link to the tracker (the head starts the worker and asks for the
    scripts), and a form's: every calculators' or trackers' script the page and its worker load, and the worker's own
    address, is the digested address of a file of this publication: the page, its scripts, its modules and its data
    are one version."""
    published = {p.name for lang in LANGS for p in (lang_root(built_site, lang) / SCRIPTS).glob("codex-*.js")}
    context = browser.new_context(service_workers="block")
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    try:
        page.goto(site_url + link)
        ready = (
            "[data-tracker][data-ready=true]" if "tracker" in link else "form[data-calculator=jump][data-ready=true]"
        )
        page.locator(ready).wait_for(timeout=30000)
        loaded = [url for url in requested + page.evaluate(LOADED_SCRIPTS) if PAGE_SCRIPT.search(url)]
        workers = [w.url.split("#")[0] for w in page.workers if "codex-calculators" in w.url]
        assert workers and loaded
        for url in loaded + workers:
            name = re.split(r"[?#]", url)[0].rsplit("/", 1)[-1]
            assert SCRIPT_ADDRESS.match(name) and name in published, f"{link}: {url} is not a digested address"
        script = page.evaluate("document.querySelector('script[src*=codex-calculators]').src")
        assert set(workers) == {script}  # the worker runs the page's own version of the engine
        if "tracker" in link:
            assert any("/codex-trackers." in url for url in loaded)
    finally:
        context.close()

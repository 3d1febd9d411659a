"""Each calculator form in a real Chromium, in both languages, answers exactly what the Python functions answer,
bad input included, with the runtime served by the site itself."""

from __future__ import annotations

import hashlib

import pytest

from calculators import page_glue
from codex.components.calculators import declarations, declared_modules
from codex.publish.calculators import RUNTIME_FOLDER
from codex.render.calculator_reference import cell_text
from codex.render.calculator_tools import calculator_page
from tests.audit_pages import wait_for_calculators
from tests.calculator_vectors import choice_values, default_form
from tests.conftest import LANGS, ROOT, lang_root
from tests.form_pages import TABLES, fill, form_values, shown

RUNTIME_DIR = ROOT / "docs" / "vendor" / RUNTIME_FOLDER

GLUE = page_glue
PREFIX = {"fr": "/", "en": "/en/"}
CALCULATOR_IDS = list(declarations())


def cases(calculator_id: str) -> list[dict]:
    """What the browser test types into a form, from its declaration: for each input in turn, a valid value other
    than the default and a bad one (an integer's maximum and one above it, another choice, the checkbox turned,
    a text input's examples and a word)."""
    base = default_form(calculator_id, "en")
    found: list[dict] = []
    for spec in declarations()[calculator_id]["inputs"]:
        name = spec["name"]
        if spec["kind"] == "integer":
            found += [{name: str(spec["max"])}, {name: str(spec["max"] + 1)}, {name: "abc"}]
        elif spec["kind"] == "checkbox":
            found.append({name: not spec["default"]})
        elif spec["kind"] == "checkboxes":  # each row's box, named by the row id: tick them one after the other
            found += [{row_id: True} for row_id in [row["id"] for row in TABLES[spec["table"]]["rows"]]]
        elif spec["kind"] == "choice":
            others = [v for v in choice_values(calculator_id, spec, "en") if v != base[name]]
            found.append({name: others[len(others) // 2]})
        else:
            found += [{name: example} for example in spec.get("examples", [])[:3]] + [{name: "abc"}]
    return found


@pytest.fixture(scope="module")
def tools_pages(browser, site_url):
    pages = {}
    for lang in LANGS:
        page = browser.new_page()
        page.goto(site_url + PREFIX[lang] + "tools/")
        wait_for_calculators(page)
        pages[lang] = page
    yield pages
    for page in pages.values():
        page.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("calculator", CALCULATOR_IDS)
def test_form_agrees_with_the_python_functions(tools_pages, lang, calculator):
    page = tools_pages[lang]
    form = page.locator(f'form[data-calculator="{calculator}"]')  # each form is played once, in its default state
    for case in cases(calculator):
        fill(form, case)
        values = form_values(form)
        expected = GLUE.run(calculator, values, TABLES, lang, [])
        got = shown(form)
        for bad in ("NaN", "undefined", "Infinity", "Traceback", "None"):
            assert bad not in got["text"], (case, got["text"])
        if expected["ok"]:
            assert got["error"] == ""
            assert got["outputs"] == {n: [str(v["value"]), v["text"]] for n, v in expected["outputs"].items()}
            assert got["working"] == expected["working"]
            assert got["table"] == (expected["table"]["rows"] if expected["table"] else [])
            assert got["notes"] == expected["notes"]
        else:
            assert got["error"] == expected["error"] and got["error"]
            assert all(value == "" for value, _ in got["outputs"].values()), got["outputs"]
        assert set(got["outputs"]) == set(declarations()[calculator]["outputs"])


def test_bad_input_message_is_in_the_page_language(tools_pages):
    messages = {}
    for lang in LANGS:
        form = tools_pages[lang].locator('form[data-calculator="jump"]')
        fill(form, {"distance": "abc"})
        messages[lang] = shown(form)["error"]
    assert messages["fr"] and messages["en"] and messages["fr"] != messages["en"]
    assert "distance" in messages["en"].lower()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("calculator", CALCULATOR_IDS)
def test_each_rule_page_answers_with_its_calculator(page, site_url, lang, calculator):
    page_path = calculator_page(calculator, ROOT / "docs" / lang).split("#")[0].removesuffix(".md") + "/"
    page.goto(site_url + PREFIX[lang] + page_path)
    form = page.locator(f'form[data-calculator="{calculator}"]')
    wait_for_calculators(page)
    values = form_values(form)
    expected = GLUE.run(calculator, values, TABLES, lang, [])
    assert shown(form)["outputs"] == {n: [str(v["value"]), v["text"]] for n, v in expected["outputs"].items()}


def test_pages_without_a_calculator_do_not_load_the_runtime(page, site_url):
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site_url + "/fumbles/", wait_until="networkidle")
    assert requested and not [url for url in requested if "micropython" in url or url.endswith(".py")]


@pytest.mark.parametrize("lang", LANGS)
def test_without_javascript_the_reference_tables_stand_in(browser, site_url, lang):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url + PREFIX[lang] + "movement/")
    reference = page.locator('[data-reference="jump"] tbody tr')
    table = declared_modules()["jump"].reference(TABLES, lang)
    assert reference.count() == len(table["rows"])
    never = TABLES["calculator-common"]["texts"]["reference_never"][lang]
    assert reference.first.locator("th, td").all_inner_texts() == [cell_text(v, never, lang) for v in table["rows"][0]]
    context.close()


def test_runtime_matches_its_recorded_checksums(built_site):
    recorded = dict(line.split()[::-1] for line in (RUNTIME_DIR / "SHA256SUMS").read_text().splitlines())
    for name, digest in recorded.items():
        assert hashlib.sha256((RUNTIME_DIR / name).read_bytes()).hexdigest() == digest
    for lang in LANGS:
        served = lang_root(built_site, lang) / "assets" / "calculators" / "micropython-1.27.0"
        assert hashlib.sha256((served / "micropython.js").read_bytes()).hexdigest() == recorded["micropython.mjs"]
        assert hashlib.sha256((served / "micropython.wasm").read_bytes()).hexdigest() == recorded["micropython.wasm"]
        assert (served / "LICENSE").exists()


@pytest.mark.parametrize("lang", LANGS)
def test_the_runtime_starts_when_the_reader_comes_near_a_form(browser, site_url, lang):
    """On a phone, the rule's text comes first and the forms screens below it: the page does not start the runtime
    (nor set up a form) until a form nears the view; then every form of the page answers."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(site_url + PREFIX[lang] + "movement/", wait_until="load")
        assert page.evaluate("document.querySelector('form[data-calculator]').getBoundingClientRect().top") > 2 * 844
        page.wait_for_timeout(500)
        assert page.evaluate("performance.getEntriesByName('codex-calculator-runtime').length") == 0
        assert page.evaluate("performance.getEntriesByName('codex-early-runtime').length") == 0
        assert page.locator("form[data-calculator][data-bound]").count() == 0
        wait_for_calculators(page)
        assert page.evaluate("performance.getEntriesByName('codex-calculator-runtime').length") == 1
        assert page.locator("form[data-calculator][data-ready=true]").count() == 2
    finally:
        page.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_link_to_a_form_starts_its_runtime_from_the_page_s_head(browser, site_url, lang):
    """Issue 27: the reader who follows a link to a form came for it: the page's head starts the worker and loads
    that form's files while the page arrives, and the page adopts that worker (no second one) and sets the form up
    at once, though the form is screens below the page's start."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(site_url + PREFIX[lang] + "movement/#jump-calculator", wait_until="commit")
        jump = page.locator("form[data-calculator=jump]")
        jump.and_(page.locator("[data-ready=true]")).wait_for(timeout=30000)
        early = page.evaluate("performance.getEntriesByName('codex-early-runtime')[0]?.startTime")
        runtime = page.evaluate("performance.getEntriesByName('codex-calculator-runtime').length")
        page.wait_for_load_state("domcontentloaded")  # the form may be ready before the page is parsed (0 till then)
        loaded = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventStart")
        assert early is not None and early < loaded and runtime == 1
        # one worker, the head's (its address's fragment names the form's files)
        assert [w.url.split("#")[0] for w in page.workers].count(
            page.evaluate("document.querySelector('script[src*=codex-calculators]').src")
        ) == 1
        assert page.evaluate("globalThis.CODEX_EARLY_WORKER") is None
    finally:
        page.close()


THEME_SCRIPT = "**/assets/javascripts/bundle.*.min.js"  # Material's, a parser-blocking script at the body's end


@pytest.mark.parametrize(
    ("link", "target"),
    [
        ("/movement/#jump-calculator", "form[data-calculator=jump]"),
        ("/round-tracker/#round-tracker", "[data-tracker=adnd-round]"),
        ("/en/initiative-points/tracker/#ip-tracker", "[data-tracker=initiative-points]"),
    ],
)
def test_a_link_to_a_form_or_a_tracker_makes_it_ready_before_the_page_is_parsed(browser, site_url, link, target):
    """Issue 27: the page's head also asks for the page's script, which sets the form or tracker the address names up
    as soon as the parser has gone past it: the reader does not wait for the theme's script at the body's end, nor for
    the rest of the page. Held back here, that script holds the parse back: the form or tracker is ready (its first
    answer shown) all the same; then the page finishes, with one worker and the trackers' script loaded once."""
    context = browser.new_context(service_workers="block")
    held = []
    context.route(THEME_SCRIPT, lambda route: held.append(route))
    try:
        page = context.new_page()
        page.goto(site_url + link, wait_until="commit")
        page.locator(target).and_(page.locator("[data-ready=true]")).wait_for(timeout=30000)
        assert held and page.evaluate("document.readyState") == "loading"
        for route in held:
            route.continue_()
        page.wait_for_load_state("load")
        script = page.evaluate("document.querySelector('script[src*=codex-calculators]').src")
        assert [w.url.split("#")[0] for w in page.workers].count(script) == 1
        assert page.locator("script[src*=codex-trackers]").count() == (1 if "tracker" in target else 0)
    finally:
        context.close()


def test_a_long_page_of_forms_sets_up_only_the_forms_the_reader_comes_to(browser, site_url):
    """The GM tools page on a phone: the first form answers at once, a form screens below waits for the reader."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(site_url + "/tools/", wait_until="load")
        forms = page.locator("form[data-calculator]")
        forms.first.and_(page.locator("[data-ready=true]")).wait_for(timeout=30000)
        last = forms.nth(forms.count() - 1)
        assert last.evaluate("form => form.getBoundingClientRect().top") > 2 * 844
        assert last.get_attribute("data-bound") is None
        last.scroll_into_view_if_needed()
        last.and_(page.locator("[data-ready=true]")).wait_for(timeout=30000)
    finally:
        page.close()


def test_the_runtime_runs_in_a_worker_beside_the_page(browser, site_url):
    """Served, MicroPython starts and answers in a Web Worker (codex-calculators.js in its engine role), so that its
    start and each answer leave the page's thread free: the page itself never loads the runtime."""
    page = browser.new_page()
    try:
        page.goto(site_url + "/movement/", wait_until="load")
        wait_for_calculators(page)
        script = page.evaluate("document.querySelector('script[src*=codex-calculators]').src")
        workers = [w for w in page.workers if w.url.split("#")[0] == script]  # the page's own script, by its digest
        assert len(workers) == 1
        assert workers[0].evaluate("typeof globalThis.Module") == "object"  # the runtime's module, in the worker
        assert page.evaluate("typeof globalThis.Module") == "undefined"
        page_requests = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
        assert not [url for url in page_requests if "micropython" in url or url.endswith(".mpy")]
    finally:
        page.close()


def test_only_the_answer_to_the_latest_change_is_shown(browser, site_url):
    """Answers come back from the worker after the page has moved on: a reader who changes a field twice before the
    first answer arrives sees the answer to what the form holds at the end, never the older one arriving late."""
    page = browser.new_page()
    try:
        page.goto(site_url + "/en/movement/", wait_until="load")
        wait_for_calculators(page)
        form = page.locator('form[data-calculator="jump"]')
        errors_shown = form.evaluate(
            """async (form) => {
                const distance = form.elements.distance;
                const error = form.querySelector('[data-output="error"]');
                const shown = [];
                new MutationObserver(() => shown.push(error.textContent))
                    .observe(error, { childList: true, characterData: true, subtree: true });
                for (const value of ["abc", "12"]) {  // two changes in one task: both answers are on their way
                    distance.value = value;
                    distance.dispatchEvent(new Event("input", { bubbles: true }));
                }
                while (form.hasAttribute("aria-busy")) await new Promise((resolve) => setTimeout(resolve, 5));
                return shown.filter((text) => text !== "");
            }"""
        )
        assert errors_shown == []  # the answer to "abc" (an error) never reached the page
        values = form_values(form)
        expected = GLUE.run("jump", values, TABLES, "en", [])
        assert values["distance"] == "12" and expected["ok"]
        assert shown(form)["outputs"] == {n: [str(v["value"]), v["text"]] for n, v in expected["outputs"].items()}
    finally:
        page.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_runtime_that_cannot_start_is_said_in_the_page_language(browser, site_url, lang):
    """When the runtime does not arrive (here its WebAssembly file is refused), the form says so in the reader's
    language, points to the reference tables, and shows no number, NaN or traceback."""
    context = browser.new_context()
    context.route("**/micropython.wasm", lambda route: route.abort())
    page = context.new_page()
    try:
        page.goto(site_url + PREFIX[lang] + "movement/", wait_until="load")
        form = page.locator('form[data-calculator="jump"]')
        form.scroll_into_view_if_needed()
        status = form.locator('[data-output="status"]')
        expected = TABLES["calculator-common"]["texts"]["form_failed"][lang]
        page.wait_for_function("([s, text]) => s.textContent === text", arg=[status.element_handle(), expected])
        assert form.get_attribute("data-ready") is None
        text = shown(form)["text"]
        assert all(value == "" for value, _ in shown(form)["outputs"].values())
        for bad in ("NaN", "undefined", "Traceback", "Error"):
            assert bad not in text
    finally:
        context.close()

"""A combat tracker of a built page, driven in Chromium as a reader drives it (click or tap), and read back: its state,
its outputs, what it draws against what the Python module draws for the same state."""

from __future__ import annotations

import json

from calculators import page_glue
from tests.tracker_plays import data

PREFIX = {"fr": "/", "en": "/en/"}
PAGES = {"initiative-points": "initiative-points/tracker/", "adnd-round": "round-tracker/"}
READY = "(id) => document.querySelector(`[data-tracker=${id}]`)?.dataset.ready === 'true'"
IDLE = "(id) => !document.querySelector(`[data-tracker=${id}]`).hasAttribute('aria-busy')"


class Tracker:
    """One tracker of a page, driven as a reader drives it (click or tap)."""

    def __init__(self, page, tracker_id: str, tap: bool = False):
        self.page = page
        self.id = tracker_id
        self.root = page.locator(f"[data-tracker={tracker_id}]")
        self.tap = tap

    def wait(self) -> None:
        self.page.wait_for_function(READY, arg=self.id, timeout=30000)
        self.page.wait_for_function(IDLE, arg=self.id, timeout=30000)

    def press(self, locator) -> None:
        locator.scroll_into_view_if_needed()
        if self.tap:
            locator.tap()
        else:
            locator.click()
        self.page.wait_for_function(IDLE, arg=self.id, timeout=30000)

    def form(self, name: str):
        return self.root.locator(f"form[data-form={name}]")

    def button(self, action: str, scope=None):
        return (scope or self.root).locator(f"[data-action={action}]").first

    def state(self) -> dict:
        return json.loads(self.root.get_attribute("data-state"))

    def text(self, output: str) -> str:
        return self.root.locator(f"[data-output={output}]").first.text_content()

    def answer(self) -> str:
        """The answer to the last tap, shown beside what was tapped (one place at a time holds it)."""
        return " ".join(e.text_content() for e in self.root.locator("[data-answer] > span").all()).strip()

    def error_for(self, field: str) -> str:
        return " ".join(e.text_content() for e in self.root.locator(f"[data-error-for={field}]").all()).strip()

    def add(self, name: str, **values) -> None:
        form = self.form("add")
        form.locator("[name=name]").fill(name)
        for key, value in values.items():
            control = form.locator(f"[name={key}]")
            if key == "kind":
                control.select_option(value)
            elif key == "improved":
                control.set_checked(bool(value))
            else:
                control.fill(str(value))
        self.press(self.button("add", form))

    def declare(self, who: str, cost, label: str = "", action: str = "declare") -> None:
        form = self.form("declare")
        form.locator(f"input[name=who][value='{who}']").check()
        form.locator("[name=cost]").fill(str(cost))
        form.locator("[name=label]").fill(label)
        self.press(self.button(action, form))

    def round_button(self, action: str) -> None:
        self.press(self.root.locator(f".codex-tracker-round [data-action={action}]"))

    def python_view(self, lang: str) -> dict:
        """What the Python module draws for the page's own state (the announcement left out)."""
        answer = page_glue.track(self.id, self.state(), {"action": "view"}, data(self.id), lang, [])
        assert answer["ok"]
        return answer["view"]

    def drawn(self) -> dict:
        """What the page shows: the title, the lists, the steps table, the ruler's lanes and bars, the roster."""
        return self.root.evaluate(
            """root => ({
            title: root.querySelector('[data-output=title]').textContent,
            lists: [...root.querySelectorAll('[data-list]')].map(s => [s.dataset.list, s.querySelector('h3').textContent,
                [...s.querySelectorAll('li')].map(li => li.querySelector(':scope > span')?.textContent ?? li.textContent)]),
            table: [...root.querySelectorAll('[data-output=table] tbody tr')].map(tr => [...tr.cells].map(c => c.textContent)),
            lanes: [...root.querySelectorAll('.codex-ruler-lane')].map(g => [g.dataset.combatant, Number(g.dataset.now),
                [...g.querySelectorAll('.codex-ruler-span')].map(s => [Number(s.dataset.step), Number(s.dataset.start), Number(s.dataset.end)])]),
            roster: [...root.querySelectorAll('.codex-tracker-member-text')].map(s => s.textContent),
            working: [...root.querySelectorAll('[data-output=working] li')].map(li => li.textContent),
            text: root.innerText,
        })"""
        )

    def check_drawn_is_the_python_view(self, lang: str) -> None:
        view = self.python_view(lang)
        shown = self.drawn()
        assert shown["title"] == view["title"]
        expected_lists = [
            [item["key"], item["caption"], [line if isinstance(line, str) else line["text"] for line in item["items"]]]
            for item in view["lists"]
        ]
        assert shown["lists"] == expected_lists
        assert shown["table"] == (view["table"]["rows"] if view["table"] else [])
        assert shown["roster"] == [entry["text"] for entry in view["roster"]]
        assert shown["working"] == view["working"]
        if view["ruler"]:
            lanes = [
                [lane["name"], lane["now"], [[s["step"], s["start"], s["end"]] for s in lane["spans"]]]
                for lane in view["ruler"]["lanes"]
            ]
            assert shown["lanes"] == lanes
        for bad in ("NaN", "undefined", "Traceback", "Infinity", "[object"):
            assert bad not in shown["text"], bad


def open_tracker(page, site_url: str, lang: str, tracker_id: str, tap: bool = False) -> Tracker:
    page.goto(site_url + PREFIX[lang] + PAGES[tracker_id])
    tracker = Tracker(page, tracker_id, tap)
    tracker.wait()
    return tracker


def keep_in_browser(page, tracker_id: str, kept: dict) -> None:
    """Put a kept fight where the page keeps it (localStorage), as an earlier visit would have left it."""
    page.evaluate("([key, kept]) => localStorage.setItem(key, kept)", [f"codex-tracker:{tracker_id}", json.dumps(kept)])

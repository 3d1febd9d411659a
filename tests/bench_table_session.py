"""Benchmark (not a test): a table session on a phone (issue 35). Two fights of the seeds are played on a 390×844
touch screen from an empty tracker, by taps and typed characters only, as a game master plays them, in both
languages:
- the ambush round (round tracker, seed 000): three combatants, the orcs' ambush (the party's surprise roll of 5
  against 1–6), the party's lost round, then a round with the table's d10s typed, a delay taken at a later segment
  and a conditional hold stated, and the next round;
- Reivax against the orc (IP tracker, seed 003 under the author's correction): both at 20 IP, Reivax's attack and
  the orc's two-handed sword, Reivax cancelling for a shield parry, the next round.

    .venv/bin/python tests/bench_table_session.py [--site DIR] [--runs 3]

Without --site, the site is built into a temporary folder. For each fight and language it prints the taps (each
control touched, a field focused by a tap included), the characters typed, and the seconds from the first tap to
the last answer on screen (median of --runs, a new browser context each: the machine's time, not the GM's thinking),
as a Markdown table ready for BENCHMARKS.md. Each run checks the fight's outcome, so a figure is never one of a
fight played wrong.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.audit_pages import PHONE  # noqa: E402
from tests.bench_site import built_site  # noqa: E402
from tests.chromium import launch  # noqa: E402
from tests.site_server import serve  # noqa: E402

PAGES = {"initiative-points": "initiative-points/tracker/", "adnd-round": "round-tracker/"}
PREFIX = {"fr": "/", "en": "/en/"}
IDLE = "(id) => !document.querySelector(`[data-tracker=${id}]`).hasAttribute('aria-busy')"
READY = "(id) => document.querySelector(`[data-tracker=${id}]`)?.dataset.ready === 'true'"


class Table:
    """One tracker on a phone, played by taps and typed characters, each counted."""

    def __init__(self, page, tracker_id: str):
        self.page = page
        self.id = tracker_id
        self.root = page.locator(f"[data-tracker={tracker_id}]")
        self.taps = 0
        self.keys = 0

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1
        self.page.wait_for_function(IDLE, arg=self.id)

    def type(self, field, text: str) -> None:
        """Tap a field (its value selected on focus), type the text."""
        self.tap(field)
        if field.evaluate(
            "(input) => input.value !== '' && input.selectionEnd - input.selectionStart !== input.value.length"
        ):
            field.evaluate("(input) => input.select()")  # a text field keeps its value: the GM clears it by hand
            self.keys += 1
        self.page.keyboard.type(text)
        self.keys += len(text)

    def enter(self) -> None:
        self.page.keyboard.press("Enter")
        self.keys += 1
        self.page.wait_for_function(IDLE, arg=self.id)

    def form(self, name: str):
        return self.root.locator(f"form[data-form={name}]")

    def round(self, action: str) -> None:
        self.tap(self.root.locator(f".codex-tracker-round [data-action={action}]"))

    def state(self) -> dict:
        import json

        return json.loads(self.root.get_attribute("data-state"))


def ambush_round(table: Table) -> None:
    add = table.form("add")
    for name, kind, dex, improved in (
        ("Reivax", "pc", "16", True),
        ("Legalos", "pc", "18", False),
        ("Orcs", "group", "", False),
    ):
        table.type(add.locator("[name=name]"), name)
        if kind == "group":
            add.locator("[name=kind]").select_option(kind)  # one tap on the list, one on the choice
            table.taps += 2
        if dex:
            table.type(add.locator("[name=dexterity]"), dex)
        if improved:
            table.tap(add.locator("[name=improved]"))
        table.tap(add.locator("[data-action=add]"))
        if kind == "group":
            add.locator("[name=kind]").select_option("pc")
            table.taps += 2
    surprise = table.form("surprise")
    surprise.locator("[name=party_check]").select_option("ambush")
    table.taps += 2
    table.type(surprise.locator("[name=party_roll]"), "5")
    table.tap(surprise.locator("[data-action=surprise]"))
    table.round("next-round")  # the surprise round: the orcs lose it
    table.round("next-turn")
    table.round("next-turn")
    table.round("next-round")  # round 2: the table's d10s typed over the page's
    rolls = table.root.locator("input[name=roll]")
    table.tap(rolls.nth(0))
    for index, roll in enumerate(("3", "7", "5")):
        table.page.keyboard.type(roll)
        table.keys += 1
        table.enter()
        if index < 2:
            assert rolls.nth(index + 1).evaluate("(input) => document.activeElement === input")
    assert [c["roll"] for c in table.state()["combatants"]] == [3, 7, 5]
    table.round("next-turn")  # segment −1: Reivax
    table.round("next-turn")  # segment 3: Legalos delays
    declare = table.form("declare")
    table.tap(declare.locator("label.codex-tracker-chip", has_text="Legalos"))
    table.tap(declare.locator("[data-action=declare]"))
    table.round("next-turn")  # segment 5: the orcs; Legalos takes his delayed action, the orcs hold
    table.tap(table.root.locator("[data-action=act][data-who=Legalos]"))
    table.tap(declare.locator("label.codex-tracker-chip", has_text="Orcs"))
    declare.locator("[name=hold]").select_option("conditional")
    table.taps += 2
    table.type(declare.locator("[name=label]"), "frapper qui franchit la porte")
    table.tap(declare.locator("[data-action=declare]"))
    state = table.state()
    assert [a["who"] for a in state["acted"]] == ["Legalos"] and [h["who"] for h in state["holds"]] == ["Orcs"]
    table.round("next-round")
    assert table.state()["round"] == 3 and table.state()["holds"]


def reivax_and_the_orc(table: Table) -> None:
    add = table.form("add")
    for name in ("Reivax", "Orc"):
        table.type(add.locator("[name=name]"), name)
        table.tap(add.locator("[data-action=add]"))  # 20 IP, the field's default
    declare = table.form("declare")
    table.tap(declare.locator("label.codex-tracker-chip", has_text="Reivax"))
    table.type(declare.locator("[name=cost]"), "5")
    table.tap(declare.locator("[data-action=declare]"))
    table.tap(declare.locator("label.codex-tracker-chip", has_text="Orc"))
    table.type(declare.locator("[name=cost]"), "10")
    table.tap(declare.locator("[data-action=declare]"))
    table.tap(declare.locator("label.codex-tracker-chip", has_text="Reivax"))
    pick = declare.locator("button[data-pick][data-cost='2']").first
    pick.scroll_into_view_if_needed()
    table.tap(pick)
    table.tap(declare.locator("[data-action=revise]"))
    actions = table.state()["actions"]
    assert [(a["who"], a["cost"], a.get("abandoned", False)) for a in actions] == [
        ("Reivax", 3, True),
        ("Orc", 10, False),
        ("Reivax", 2, False),
    ], actions
    table.round("next-round")
    assert [c["ip"] for c in table.state()["combatants"]] == [20, 20]


FIGHTS = {
    "The ambush round": ("adnd-round", ambush_round),
    "Reivax against the orc": ("initiative-points", reivax_and_the_orc),
}


def play(browser, url: str, lang: str, tracker_id: str, fight) -> tuple[int, int, float]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
    try:
        page = context.new_page()
        page.goto(url + PREFIX[lang] + PAGES[tracker_id])
        page.wait_for_function(READY, arg=tracker_id, timeout=30000)
        table = Table(page, tracker_id)
        start = time.perf_counter()
        try:
            fight(table)
        except Exception:
            print("played wrong; the tracker's last answer and state:", file=sys.stderr)
            print(table.root.locator("[data-answer]:not(:empty)").all_text_contents(), table.state(), file=sys.stderr)
            raise
        return table.taps, table.keys, time.perf_counter() - start
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    site = args.site or built_site()
    from playwright.sync_api import sync_playwright

    print(f"| fight | language | taps | characters typed | seconds (median of {args.runs}) |")
    print("|---|---|---|---|---|")
    with serve(site) as url, sync_playwright() as p:
        browser = launch(p)
        for name, (tracker_id, fight) in FIGHTS.items():
            for lang in ("fr", "en"):
                runs = [play(browser, url, lang, tracker_id, fight) for _ in range(args.runs)]
                taps, keys = runs[0][0], runs[0][1]
                seconds = statistics.median(run[2] for run in runs)
                print(f"| {name} | {lang} | {taps} | {keys} | {seconds:.1f} |")
        browser.close()


if __name__ == "__main__":
    main()

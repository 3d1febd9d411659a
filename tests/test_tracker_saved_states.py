"""Fights saved by the trackers before their state carried a format version (tests/fixtures/tracker_states/, made
with the code of the commit each names, before issue 24 changed the initiative-points rules) still open: the state
the page kept and each of its undo steps, and the text a reader exported. A change of the trackers' state must keep
these passing (migrating the state) or say, in the reader's language, why a fight cannot open."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calculators import page_glue
from codex.trackers import trackers
from tests.tracker_plays import LANGS, data

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "tracker_states"
SAVED = sorted(FIXTURES.glob("*.json"))


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def opened(tracker: str, state, lang: str) -> dict:
    return page_glue.track(tracker, state, {"action": "view"}, data(tracker), lang, [])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", SAVED, ids=lambda path: path.stem)
def test_a_fight_kept_by_the_page_opens_as_it_was_with_its_undo_steps(path, lang):
    fixture = saved(path)
    kept = fixture["kept"]
    for state in [*kept["undo"], kept["state"]]:
        answer = opened(fixture["tracker"], state, lang)
        assert answer["ok"], answer
        assert answer["view"]["announce"] == "", f"{path.name}: {answer['view']['announce']}"
        names = [combatant["name"] for combatant in state["combatants"]]
        assert [combatant["name"] for combatant in answer["state"]["combatants"]] == names
    assert opened(fixture["tracker"], kept["state"], lang)["state"]["round"] == kept["state"]["round"]


@pytest.mark.parametrize("path", SAVED, ids=lambda path: path.stem)
def test_an_exported_fight_imports_as_it_was_kept(path):
    fixture = saved(path)
    answer = page_glue.track(
        fixture["tracker"], None, {"action": "import", "text": fixture["export"]}, data(fixture["tracker"]), "fr", []
    )
    assert answer["ok"], answer
    opened_state = opened(fixture["tracker"], fixture["kept"]["state"], "fr")["state"]
    assert without_recent(answer["state"]) == without_recent(opened_state)


def without_recent(state: dict) -> dict:
    """A state less its recently typed labels (the page's shortcuts, which an export does not carry)."""
    return {key: value for key, value in state.items() if key != "recent"}


def test_the_saved_fights_cover_every_tracker():
    assert {saved(path)["tracker"] for path in SAVED} == set(trackers())

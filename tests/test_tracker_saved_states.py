"""Fights saved by earlier trackers (tests/fixtures/tracker_states/, made with the code of the commit each names:
before their state carried a format version, before issue 24 changed the initiative-points rules, or under state
format 2 of the IP tracker) still open: the state the page kept and each of its undo steps, and the text a reader
exported. A change of the trackers' state must keep these passing (migrating the state) or say, in the reader's
language, why a fight cannot open.

An IP fight saved before state format 2 (before the author's correction became the default, commit 1db9a8c) was
played under the earlier declaration rule: it opens under that rule, the named variant, and the first answer says so
once; the state it answers with is of today's format, so the next opening says nothing (issue 35, defect 4)."""

from __future__ import annotations

import json

import pytest

from calculators import page_glue
from calculators.tracker_common import TrackerContext
from codex.components.trackers import trackers
from tests.tracker_plays import LANGS, SAVED, data, saved


def opened(tracker: str, state, lang: str) -> dict:
    return page_glue.track(tracker, state, {"action": "view"}, data(tracker), lang, [])


# The state formats a tracker's fights were played under the earlier declaration rule in, and what it says of them.
EARLIER_RULE = {"initiative-points": (2, "initiative-points-tracker", "rule_kept_earlier")}


def played_under_the_earlier_rule(tracker: str, state: dict) -> bool:
    return tracker in EARLIER_RULE and state.get("format", 0) < EARLIER_RULE[tracker][0]


def earlier_rule_notice(tracker: str, lang: str) -> str:
    _, texts, key = EARLIER_RULE[tracker]
    return TrackerContext(data(tracker), texts, lang).text(key)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", SAVED, ids=lambda path: path.stem)
def test_a_fight_kept_by_the_page_opens_as_it_was_with_its_undo_steps(path, lang):
    fixture = saved(path)
    tracker = fixture["tracker"]
    kept = fixture["kept"]
    for state in [*kept["undo"], kept["state"]]:
        answer = opened(tracker, state, lang)
        assert answer["ok"], answer
        assert "unreadable" not in answer, f"{path.name}: {answer['view']['announce']}"
        names = [combatant["name"] for combatant in state["combatants"]]
        assert [combatant["name"] for combatant in answer["state"]["combatants"]] == names
        if played_under_the_earlier_rule(tracker, state):
            assert answer["view"]["announce"] == earlier_rule_notice(tracker, lang)
            assert answer["state"]["settings"]["declaration_rule"] == "earlier"
        else:
            assert answer["view"]["announce"] == "", f"{path.name}: {answer['view']['announce']}"
        assert opened(tracker, answer["state"], lang)["view"]["announce"] == ""  # said once: now today's format
    assert opened(tracker, kept["state"], lang)["state"]["round"] == kept["state"]["round"]
    if tracker == "initiative-points" and kept["state"].get("format") == 2:
        assert opened(tracker, kept["state"], lang)["state"]["settings"] == kept["state"]["settings"]


@pytest.mark.parametrize("path", SAVED, ids=lambda path: path.stem)
def test_the_text_the_page_sets_aside_imports_as_it_is(path):
    """What the page keeps aside of a fight it could not open (JSON.stringify of the kept state) is accepted by the
    page's own « Importer », through the same migrations as a kept state."""
    fixture = saved(path)
    tracker = fixture["tracker"]
    text = json.dumps(fixture["kept"]["state"], ensure_ascii=False, separators=(",", ":"))
    answer = page_glue.track(tracker, None, {"action": "import", "text": text}, data(tracker), "en", [])
    assert answer["ok"], answer
    assert answer["state"] == opened(tracker, fixture["kept"]["state"], "en")["state"]
    if played_under_the_earlier_rule(tracker, fixture["kept"]["state"]):
        assert earlier_rule_notice(tracker, "en") in answer["view"]["announce"]


@pytest.mark.parametrize("path", SAVED, ids=lambda path: path.stem)
def test_an_exported_fight_imports_as_it_was_kept(path):
    fixture = saved(path)
    answer = page_glue.track(
        fixture["tracker"], None, {"action": "import", "text": fixture["export"]}, data(fixture["tracker"]), "fr", []
    )
    assert answer["ok"], answer
    opened_state = opened(fixture["tracker"], fixture["kept"]["state"], "fr")["state"]
    assert without_recent(answer["state"]) == without_recent(opened_state)
    if played_under_the_earlier_rule(fixture["tracker"], fixture["kept"]["state"]):
        assert earlier_rule_notice(fixture["tracker"], "fr") in answer["view"]["announce"]  # an export of version 1


def without_recent(state: dict) -> dict:
    """A state less its recently typed labels (the page's shortcuts, which an export does not carry)."""
    return {key: value for key, value in state.items() if key != "recent"}


def test_the_saved_fights_cover_every_tracker():
    assert {saved(path)["tracker"] for path in SAVED} == set(trackers())

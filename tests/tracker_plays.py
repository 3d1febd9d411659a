"""What the tracker tests share: each tracker's data as the browser receives it, its example plays
(tests/fixtures/tracker_plays/<id>.json: each a list of the reader's actions as the page sends them, every value a
string; kept here, not in the tracker's module, which every browser downloads), and a play run through
page_glue.track as the page runs it (each action on the state the one before left, errors leaving the state as it
was); the fights kept by earlier trackers (tests/fixtures/tracker_states/), which must keep opening."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from calculators import page_glue
from codex.components.trackers import tracker_data, trackers
from tests.project_data import project_dataset

ROOT = Path(__file__).resolve().parent.parent
PLAYS = Path(__file__).resolve().parent / "fixtures" / "tracker_plays"
LANGS = ("fr", "en")
# The d10s the page would draw (64 of them with each action); the tests give these, in this order.
ROLLS = [3, 7, 10, 1, 5, 5, 9, 2, 4, 6, 8, 1] * 6
BAD_WORDS = ("NaN", "nan", "undefined", "None", "null", "Traceback", "Infinity")
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "tracker_states"
SAVED = sorted(FIXTURES.glob("*.json"))


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def data(tracker_id: str) -> dict:
    """What the browser receives for a tracker (data/<id>-tracker.json), French typography applied."""
    return tracker_data(project_dataset(), tracker_id)


@cache
def example_plays(tracker_id: str) -> list[list[dict]]:
    """The tracker's example plays, each a list of actions (its fixture's "about" says what each shows)."""
    return [item["actions"] for item in json.loads((PLAYS / f"{tracker_id}.json").read_text(encoding="utf-8"))]


def play(tracker_id: str, actions: list[dict], lang: str = "fr", rolls=ROLLS, state=None) -> list[dict]:
    """page_glue.track on each action in turn; returns each answer (the state goes on from the last success)."""
    answers = []
    for action in actions:
        answer = page_glue.track(tracker_id, state, action, data(tracker_id), lang, list(rolls))
        if answer["ok"]:
            state = answer["state"]
        answers.append(answer)
    return answers


def last_state(answers: list[dict]) -> dict:
    return [a for a in answers if a["ok"]][-1]["state"]


def texts_of(value):
    """Every string inside an answer, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts_of(item)


def clean_texts(answer: dict, typed: str = "") -> list[str]:
    """The texts of an answer that hold a word the reader should never see (NaN, None, a traceback...) or a
    placeholder left unfilled ('{name}'), other than what the reader typed."""
    found = []
    shown = {key: value for key, value in answer.items() if key not in ("state", "text")}  # the export is JSON
    for text in texts_of(shown):
        words = text.replace("(", " ").replace(")", " ").replace(":", " ").replace(",", " ").split()
        if any(word in words for word in BAD_WORDS if word not in typed) or ("{" in text and "{" not in typed):
            found.append(text)
    return found


TRACKERS = list(trackers())

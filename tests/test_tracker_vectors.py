"""The trackers answer the same under MicroPython (the reader's browser) as under CPython (the build and the tests):
every example play (tests/fixtures/tracker_plays/), action by action in both languages, through page_glue.track
as the page calls it, and the new rule functions they rest on (surprise, hold actions, the next round's points, the
short text of an export). One Node process runs all the calls."""

from __future__ import annotations

import pytest

from calculators import initiative as ini
from calculators import initiative_points as ip
from calculators import page_glue, tracker_common
from calculators.calc_common import Context
from codex.components.trackers import trackers
from tests.micropython_runner import call, run_calls, shared
from tests.tracker_plays import LANGS, ROLLS, data, example_plays

TRACKERS = trackers()


def steps_of(tracker_id: str) -> list[tuple[dict, dict, str, dict]]:
    """(state before, action, language, CPython's answer) for each action of each example play."""
    found = []
    for lang in LANGS:
        for actions in example_plays(tracker_id):
            state = None
            for action in actions:
                answer = page_glue.track(tracker_id, state, action, data(tracker_id), lang, ROLLS)
                found.append((state, action, lang, answer))
                if answer["ok"]:
                    state = answer["state"]
    return found


@pytest.mark.parametrize("tracker_id", list(TRACKERS))
def test_every_example_play_answers_the_same_under_micropython(tracker_id):
    steps = steps_of(tracker_id)
    assert len(steps) >= 20
    results = run_calls(
        [
            call("page_glue", "track", tracker_id, state, action, shared("data"), lang, ROLLS)
            for state, action, lang, _ in steps
        ],
        shared={"data": data(tracker_id)},
    )
    for (_state, action, lang, expected), result in zip(steps, results, strict=True):
        assert result["ok"], f"MicroPython raised on {action} ({lang}):\n{result['error']}"
        assert result["value"] == expected, (action, lang)


TEXTS = ["", "Krom", 'a "b" \\ c', "Élise\u00a0\u202f", "\t\n\x01", "ŒUVRE 日本", "x" * 50]
VALUES = [None, True, False, 0, -12, 123456789, TEXTS, [[1, "a"], [], [None]]]
READ = [
    "[1, 2 ,3 ]",
    '"\\u00e9\\u00C9"',
    '["\\ud83c\\udff9 arc", "\\\\ud83c"]',
    '"\\ud83c"',
    '"\\udff9\\ud83c"',
    "[",
    "01x",
    '"open',
    "-",
    "1234567890",
    "[1.5]",
    '[{"a": 1}]',
    "[[[[[[[[1]]]]]]]]",
    "[" * 3000 + "]" * 3000,
    "nul",
]
# Read by MicroPython's json only (a comma before a closing bracket): what the browser makes of it, said in
# tracker_common.from_text.
READ_BY_MICROPYTHON = {"[1,]": [1], '["a",[2,],]': ["a", [2]]}


def test_the_rule_functions_and_the_short_text_are_the_same_under_micropython():
    rules = Context(data("adnd-round"), "initiative", "en").rules
    ip_rules = Context(data("initiative-points"), "initiative-points", "en").rules
    calls = []
    expected = []

    def add(module, function, args, value):
        calls.append(call(module, function, *args))
        expected.append(value)

    for check in ini.SURPRISE_CHECKS:
        add("initiative", "surprise_range", [check, rules], ini.surprise_range(check, rules))
        for roll in (None, 1, 3, 4, 6, 7, 9, 10):
            add("initiative", "is_surprised", [roll, check, rules], ini.is_surprised(roll, check, rules))
    for sides in (
        [["party", True], ["foes", False]],
        [["party", True], ["foes", True]],
        [["party", False], ["foes", True]],
    ):
        add("initiative", "surprise_losers", [sides], ini.surprise_losers(sides))
    for flags in ((True, False, False), (False, False, False), (True, True, False), (True, False, True)):
        add("initiative", "may_hold", list(flags), ini.may_hold(*flags))
    for flags in ((1, 2, True), (2, 2, True), (1, 2, False)):
        add("initiative", "hold_lapses", list(flags), ini.hold_lapses(*flags))
    groups = [{"initiative": -1}, {"initiative": 3}, {"initiative": 5}]
    for segment in (-2, -1, 3, 5):
        add("initiative", "segments_after", [groups, segment], ini.segments_after(groups, segment))
    for end in (7, 0, -5, -25, -200):
        add("initiative_points", "next_round_pi", [end, ip_rules], ip.next_round_pi(end, ip_rules))
    for value in VALUES:
        add("tracker_common", "to_text", [value], tracker_common.to_text(value))
    for text in [tracker_common.to_text(v) for v in VALUES] + READ:
        try:
            value = ["ok", tracker_common.from_text(text)]
        except ValueError:
            value = ["error"]
        calls.append(call("tracker_common", "from_text", text))
        expected.append(value)
    for text, value in READ_BY_MICROPYTHON.items():
        with pytest.raises(ValueError):
            tracker_common.from_text(text)
        calls.append(call("tracker_common", "from_text", text))
        expected.append(value)
    results = run_calls(calls)
    for description, result, value in zip(calls, results, expected, strict=True):
        if value == ["error"]:
            assert not result["ok"] and "ValueError" in result["error"], description
        elif isinstance(value, list) and value[:1] == ["ok"]:
            assert result["ok"] and result["value"] == value[1], description
        else:
            assert result["ok"] and result["value"] == value, description

"""The initiative-point combat tracker (calculators/tracker_initiative_points.py) under CPython: the seed's examples
played action by action (Krom and Mazrok, Reivax's declaration, Brugor's axe) give the seed's outcomes and exactly
what the rules module (calculators/initiative_points.py) computes; nonsense is refused in the reader's language,
naming the field; the state survives an export and an import; a broken saved state starts afresh. (The same plays
under MicroPython: tests/test_tracker_vectors.py; in Chromium: tests/test_tracker_browser.py.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import initiative_points as ip
from calculators import page_glue
from calculators import tracker_initiative_points as tracker
from calculators import tracker_initiative_points_state as tracker_state
from calculators.calc_common import Context
from calculators.tracker_common import TrackerContext
from tests.tracker_plays import LANGS, clean_texts, data, example_plays, last_state, play

ID = "initiative-points"
RULES = Context(data(ID), "initiative-points", "en").rules


def unreadable_text(ctx, key):
    """What the tracker says of a kept fight it cannot read: it names the panel that holds it."""
    return ctx.text(key, [("aside_title", ctx.text("aside_title"))])


def add(name, points):
    return {"action": "add", "name": name, "ip": str(points)}


def declare(who, cost, label=""):
    return {"action": "declare", "who": who, "cost": str(cost), "label": label}


def lanes(answer):
    return {lane["name"]: lane for lane in answer["view"]["ruler"]["lanes"]}


# ---------------------------------------------------------------- the seed's examples


def test_krom_acts_twice_and_mazrok_cannot_parry_the_first_attack():
    answers = play(ID, [add("Krom", 10), add("Mazrok", 4), declare("Krom", 5, "attaque")])
    assert all(a["ok"] for a in answers)
    first = answers[-1]
    krom = lanes(first)["Krom"]
    assert [(s["start"], s["end"]) for s in krom["spans"]] == [(10, 5)]
    assert first["view"]["ruler"]["band"] == {"start": 10, "end": 5, "marks": []}  # nobody between 10 and 5
    said = first["view"]["announce"].replace("\u00a0", " ").replace("\u202f", " ")
    assert "10 → 5" in said and "Personne ne peut réagir" in said and "Krom agit à nouveau" in said
    second = play(ID, [declare("Krom", 5, "attaque")], state=first["state"])[0]
    krom = lanes(second)["Krom"]
    assert [(s["start"], s["end"]) for s in krom["spans"]] == [(10, 5), (5, 0)]  # Krom acts twice in a row
    assert second["view"]["ruler"]["band"] == {"start": 5, "end": 0, "marks": [{"lane": 1, "pi": 4}]}
    assert lanes(second)["Mazrok"]["now"] == 4 and krom["now"] == 0


def test_the_tracker_draws_what_the_rules_module_computes():
    actions = [
        add("Krom", 10),
        add("Mazrok", 4),
        declare("Krom", 5, "a"),
        declare("Krom", 5, "a"),
        declare("Mazrok", 2),
    ]
    answer = play(ID, actions)[-1]
    steps = ip.timeline([("Krom", 10), ("Mazrok", 4)], [("Krom", 5, "a"), ("Krom", 5, "a"), ("Mazrok", 2, "")])
    drawn = [
        (lane["name"], s["step"], s["start"], s["end"])
        for lane in answer["view"]["ruler"]["lanes"]
        for s in lane["spans"]
    ]
    assert sorted(drawn, key=lambda d: d[1]) == [(s["name"], s["step"], s["start"], s["end"]) for s in steps]
    rows = answer["view"]["table"]["rows"]
    assert [row[5] for row in rows] == ["—", "Mazrok (4)", "—"]  # who can react, step by step
    order = answer["view"]["lists"][0]
    assert order["key"] == "order" and len(order["items"]) == len(ip.resolution_order(steps)) == 3
    assert order["items"][0].startswith("1. Krom") and order["items"][1].startswith("2. Mazrok")  # the correction


def test_next_round_gives_each_combatant_a_rounds_points():
    answers = play(
        ID, [add("Krom", 10), add("Mazrok", 4), declare("Krom", 5), declare("Krom", 5), {"action": "next-round"}]
    )
    state = last_state(answers)
    assert state["round"] == 2 and state["actions"] == []
    assert [(c["name"], c["ip"]) for c in state["combatants"]] == [("Krom", 20), ("Mazrok", 20)]
    assert answers[-1]["view"]["title"] == "Round 2"


def revise(who, cost, label=""):
    return {"action": "revise", "who": who, "cost": str(cost), "label": label}


def settings_action(rule, notice=2, limit=2, free="on"):
    return {
        "action": "settings",
        "declaration_rule": rule,
        "notice": str(notice),
        "cancel_limit": str(limit),
        "free_at_zero": free,
    }


def test_reivax_perceives_the_orcs_attack_and_abandons_his_for_a_parry_one_segment_later():
    """The correction, the default: both declare at once (20 IP); Reivax perceives the orc's 10-point attack after 2
    segments (at 18), abandons his attack (due at 15) and parries from 17 (one segment later) to 15."""
    answers = play(
        ID,
        [add("Reivax", 20), add("Orc", 20), declare("Reivax", 5, "attaque"), declare("Orc", 10, "épée")]
        + [revise("Reivax", 2, "parade")],
        "en",
    )
    assert all(a["ok"] for a in answers), [a.get("error") for a in answers]
    actions = last_state(answers)["actions"]
    assert actions == [
        {"who": "Reivax", "cost": 3, "label": "attaque", "abandoned": True},
        {"who": "Orc", "cost": 10, "label": "épée"},
        {"who": "Reivax", "cost": 2, "label": "parade"},
    ]
    steps = tracker_state.round_steps(last_state(answers))
    parry = [s for s in steps if s["label"] == "parade"][0]
    assert (parry["start"], parry["end"]) == (17, 15) and parry["resolves"] == 1
    assert [s["abandoned"] for s in steps if s["label"] == "attaque"] == [True]
    said = answers[-1]["view"]["announce"]
    assert "at 18" in said and "start again at 17" in said


def both_cancel(first, second, lang="en"):
    """Reivax (attack 5: 20 -> 15) and the orc (two-handed sword 10: 20 -> 10) both notice the other's action at 18
    (notice 2); `first` cancels, then `second`, each for a parry of 2."""
    return play(
        ID,
        [add("Reivax", 20), add("Orc", 20), declare("Reivax", 5, "attaque"), declare("Orc", 10, "épée à deux mains")]
        + [revise(first, 2, "parade"), revise(second, 2, "parade")],
        lang,
    )


def outcome(answer):
    """What a round comes to, whatever order the actions were tapped in: the steps on the ruler and the ruler's lanes
    (without the mark of the latest one)."""
    steps = sorted(
        (s["name"], s["label"], s["start"], s["end"], s["abandoned"], s["resolves"])
        for s in tracker_state.round_steps(answer["state"])
    )
    lanes_drawn = []
    for lane in answer["view"]["ruler"]["lanes"]:
        spans = [(s["start"], s["end"], s["abandoned"], s["free"]) for s in lane["spans"]]
        lanes_drawn.append((lane["name"], lane["start"], lane["now"], lane["next"], spans))
    return steps, lanes_drawn


def test_two_who_notice_each_other_at_the_same_segment_both_cancel_in_either_tap_order():
    """Defect 5 of issue 35: what a combatant perceives comes from the fight as it stood at that segment. An action
    cancelled at 18 was perceivable until 18, so the orc, tapped second, still notices Reivax's attack at 18 (not his
    parry at 15), and Reivax, tapped second, still notices the orc's sword at 18: both cancel at 18, restart at 17."""
    reivax_first = both_cancel("Reivax", "Orc")
    orc_first = both_cancel("Orc", "Reivax")
    for answers in (reivax_first, orc_first):
        assert all(a["ok"] for a in answers), [a.get("error") for a in answers]
        for said in (answers[-2]["view"]["announce"], answers[-1]["view"]["announce"]):
            assert "at 18" in said and "start again at 17" in said, said
        actions = last_state(answers)["actions"]
        cancelled = sorted((a["who"], a["cost"]) for a in actions if a.get("abandoned"))
        assert cancelled == [("Orc", 3), ("Reivax", 3)]  # both from 20 to 17
    assert outcome(reivax_first[-1]) == outcome(orc_first[-1])
    parries = [s for s in tracker_state.round_steps(last_state(orc_first)) if s["label"] == "parade"]
    assert sorted((s["name"], s["start"], s["end"], s["resolves"]) for s in parries) == [
        ("Orc", 17, 15, 1),
        ("Reivax", 17, 15, 1),
    ]


def test_the_timeline_calculator_lists_a_cancelled_action_as_perceived_until_it_was_cancelled():
    """The rule functions agree with the tracker: in the round where Reivax cancelled at 18 (his attack spans 20 ->
    17), the orc notices that attack at 18, while it still ran, and may cancel his sword; an action cancelled before
    the others notice it is not perceived."""
    steps = ip.timeline(
        [("Reivax", 20), ("Orc", 20)],
        [("Reivax", 3, "attaque", True), ("Orc", 10, "épée"), ("Reivax", 2, "parade")],
    )
    found = [(f["name"], f["other"], f["other_label"], f["seen"], f["may"]) for f in ip.perceptions(steps, 2, 2, RULES)]
    assert ("Orc", "Reivax", "attaque", 18, True) in found
    assert ("Orc", "Reivax", "parade", 15, True) in found
    assert ip.perception(20, 10, 20, 2, 2, 18) == (18, True, True)  # cancelled at 18: still seen at 18
    assert ip.perception(20, 10, 20, 2, 2, 19)[1] is False  # cancelled at 19, before anyone noticed it


def test_against_the_rapier_the_parry_comes_too_late_and_a_late_abandonment_is_refused():
    answers = play(
        ID,
        [add("Reivax", 20), add("Humain", 20), declare("Reivax", 5), declare("Humain", 3, "rapière")]
        + [revise("Reivax", 2, "parade")],
        "en",
    )
    assert answers[-1]["ok"]
    assert "Resolved before the new action ends (at 15): Humain (rapière) (17)." in answers[-1]["view"]["announce"]
    for lang in LANGS:
        late = play(
            ID,
            [settings_action("corrected", notice=4), add("Reivax", 20), add("Orc", 20)]
            + [declare("Reivax", 5), declare("Orc", 10), revise("Reivax", 2)],
            lang,
        )[-1]
        assert not late["ok"] and late["field"] == "who" and "Reivax" in late["error"] and "16" in late["error"]


def test_the_earlier_declaration_rule_is_a_setting_with_the_seeds_outcomes():
    orc = play(
        ID,
        [settings_action("earlier"), add("Reivax", 20), add("Orc", 18), declare("Reivax", 5, "attaque")]
        + [declare("Orc", 10, "attaque"), revise("Reivax", 2, "parade")],
        "en",
    )
    assert orc[-1]["ok"] and last_state(orc)["actions"][0] == {"who": "Reivax", "cost": 2, "label": "parade"}
    assert orc[-1]["view"]["buttons"]["revise"]["text"] == "Change the declaration"
    assert orc[-1]["view"]["values"]["settings"]["declaration_rule"] == "earlier"
    for lang in LANGS:
        rapier = play(
            ID,
            [settings_action("earlier"), add("Reivax", 20), add("Humain", 18), declare("Reivax", 5)]
            + [declare("Humain", 3), revise("Reivax", 2, "parade")],
            lang,
        )
        refused = rapier[-1]
        assert not refused["ok"] and refused["field"] == "who" and "Reivax" in refused["error"]
    assert (
        ip.declarations([("Reivax", 20), ("Humain", 18)], [("Reivax", 5), ("Humain", 3)])[0]["may_revise_after"] == []
    )


def test_a_free_action_at_zero_is_refused_when_the_setting_says_so():
    kept = play(ID, [add("Brugor", 2), declare("Brugor", 7), declare("Brugor", 0, "cri")])
    assert kept[-1]["ok"]
    refused = play(
        ID,
        [settings_action("corrected", free=""), add("Brugor", 2), declare("Brugor", 7)] + [declare("Brugor", 0, "cri")],
        "fr",
    )[-1]
    assert not refused["ok"] and "pas même une action gratuite" in refused["error"]


def test_brugor_ends_at_minus_five_cannot_attack_again_and_starts_the_next_round_at_fifteen():
    answers = play(
        ID, [add("Brugor", 2), declare("Brugor", 7, "hache"), declare("Brugor", 7, "hache"), {"action": "next-round"}]
    )
    assert answers[1]["ok"] and lanes(answers[1])["Brugor"]["now"] == -5
    assert lanes(answers[1])["Brugor"]["next"] == 15
    refused = answers[2]
    assert not refused["ok"] and refused["field"] == "who"
    assert "−5" in refused["error"]
    assert last_state(answers)["combatants"] == [{"name": "Brugor", "ip": 15, "hidden": False}]
    assert ip.next_round(-5, RULES) == (5, 0, 15)


@pytest.mark.parametrize("end, next_pi, then", [(3, 20, 20), (0, 20, 20), (-5, 15, 20), (-25, -5, 15), (-45, -25, -5)])
def test_a_long_deficit_eats_the_following_rounds_as_next_round_counts_it(end, next_pi, then):
    assert ip.next_round_pi(end, RULES) == next_pi
    assert ip.next_round_pi(next_pi, RULES) == then  # a round at 0 or less: no action, the rest carries on
    deficit, lost, start = ip.next_round(end, RULES)
    pi = end
    for _ in range(lost + 1):
        pi = ip.next_round_pi(pi, RULES)
    assert pi == start


def test_free_actions_cost_nothing_and_slide_nobody():
    answer = play(ID, [add("Krom", 0), declare("Krom", 0, "cri")])[-1]
    assert answer["ok"]
    assert lanes(answer)["Krom"]["spans"][0]["free"] is True and lanes(answer)["Krom"]["now"] == 0


# ---------------------------------------------------------------- nonsense, in the reader's language


NONSENSE = [
    ([add("", 10)], "name"),
    ([add("Krom", "abc")], "ip"),
    ([add("Krom", 25)], "ip"),
    ([add("Krom", -1)], "ip"),
    ([add("Krom", 10), add("krom", 10)], "name"),
    ([add("K" * 41, 10)], "name"),
    ([add("Krom", 10), declare("Mazrok", 5)], "who"),
    ([add("Krom", 10), declare("", 5)], "who"),
    ([add("Krom", 10), declare("Krom", 999)], "cost"),
    ([add("Krom", 10), declare("Krom", "abc")], "cost"),
    ([add("Krom", 10), declare("Krom", "")], "cost"),
    ([add("Krom", 10), declare("Krom", 5, "x" * 61)], "label"),
    ([add("Krom", 10), {"action": "rename", "who": "Krom", "rename": ""}], "rename"),
    ([add("Krom", 10), add("Mazrok", 4), {"action": "rename", "who": "Krom", "rename": "MAZROK"}], "rename"),
    ([add("Krom", 10), {"action": "revise", "who": "Krom", "cost": "2", "label": ""}], "who"),
    ([{"action": "import", "text": "abc"}], "text"),
    ([{"action": "import", "text": '["codex-ip",1,2,[["A",30]],[]]'}], "text"),
    ([{"action": "import", "text": '["codex-ip",1,2,[["A",3]],[[4,3,""]]]'}], "text"),
    ([{"action": "import", "text": '["codex-adnd",1,0]'}], "text"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("actions, field", NONSENSE, ids=[str(i) for i in range(len(NONSENSE))])
def test_nonsense_is_refused_next_to_its_field_in_the_readers_language(actions, field, lang):
    answer = play(ID, actions, lang)[-1]
    assert answer["ok"] is False and answer["field"] == field
    assert answer["error"] and clean_texts(answer) == []
    other = play(ID, actions, "en" if lang == "fr" else "fr")[-1]
    assert other["error"] != answer["error"]


def test_an_unknown_action_or_tracker_is_said_not_raised():
    assert play(ID, [{"action": "frobnicate"}])[-1]["ok"] is False
    assert play(ID, [{}])[-1]["ok"] is False
    from calculators import page_glue

    assert page_glue.track("nope", None, {"action": "view"}, data(ID), "fr")["ok"] is False
    assert page_glue.track(ID, None, "view", data(ID), "fr")["ok"] is False


# ---------------------------------------------------------------- the kept state


def test_export_then_import_gives_the_same_round():
    answers = play(ID, [add("Élise", 8), add("Orc 1", 3), declare("Élise", 3, 'arc "long"'), {"action": "export"}])
    text = answers[-1]["text"]
    assert text.startswith('["codex-ip",3,1,') and len(text) < 200
    imported = play(ID, [{"action": "import", "text": text}])[-1]
    assert imported["ok"]
    kept = dict(last_state(answers), recent=[])
    assert imported["state"] == kept


@pytest.mark.parametrize(
    "saved",
    [
        {"tracker": "initiative-points", "round": 1, "combatants": [{"name": "A", "ip": "ten"}], "actions": []},
        {"tracker": "initiative-points", "round": 0, "combatants": [], "actions": []},
        {"tracker": "adnd-round"},
        {
            "tracker": "initiative-points",
            "round": 1,
            "combatants": [],
            "actions": [{"who": "X", "cost": 1, "label": ""}],
        },
        "garbage",
        [],
        {"tracker": "initiative-points", "format": "1", "round": 1, "combatants": [], "actions": []},
        {"tracker": "adnd-round", "format": 99, "round": 1},  # another tracker's, of whatever format
    ],
)
def test_a_saved_state_that_cannot_be_read_starts_afresh_and_says_so(saved):
    answer = play(ID, [{"action": "view"}], state=saved)[0]
    assert answer["ok"] and answer["state"] == tracker_state.empty_state() and answer["unreadable"] is True
    assert answer["view"]["announce"] == unreadable_text(
        TrackerContext(data(ID), tracker_state.DATA, "fr"), "state_unreadable"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_state_saved_by_a_newer_site_says_so_not_that_it_is_damaged(lang):
    newer = {"tracker": "initiative-points", "format": 99, "round": 1, "combatants": [], "actions": []}
    answer = play(ID, [{"action": "view"}], lang, state=newer)[0]
    assert answer["ok"] and answer["state"] == tracker_state.empty_state() and answer["unreadable"] is True
    assert answer["view"]["announce"] == unreadable_text(
        TrackerContext(data(ID), tracker_state.DATA, lang), "state_newer"
    )
    for action in ({"action": "declare", "who": "X", "cost": "1"}, {"action": "players"}):
        assert play(ID, [action], lang, state=newer)[0].get("unreadable") in (True, None)


def test_a_state_of_the_current_format_or_before_the_number_opens():
    """Formats 0 and 1 were played under the earlier declaration rule (before 1db9a8c made the author's correction
    the default): they open under it and say so, once; format 2 keeps its settings; 3 adds what the players do not
    see (nothing hidden before it)."""
    saved = {"tracker": "initiative-points", "round": 2, "combatants": [{"name": "Krom", "ip": 20}], "actions": []}
    earlier = dict(ip.default_settings(), declaration_rule="earlier")
    corrected = ip.default_settings()
    notice = TrackerContext(data(ID), tracker_state.DATA, "fr").text("rule_kept_earlier")
    for state, opened_with, said in (
        (saved, earlier, notice),
        (dict(saved, format=1), earlier, notice),
        (dict(saved, format=2, settings=corrected), corrected, ""),
        (dict(saved, format=2, settings=earlier), earlier, ""),
    ):
        answer = play(ID, [{"action": "view"}], state=state)[0]
        assert "unreadable" not in answer and answer["state"]["format"] == tracker_state.STATE_FORMAT
        assert answer["state"]["round"] == 2 and answer["state"]["combatants"] == [
            dict(saved["combatants"][0], hidden=False)
        ]
        assert answer["state"]["settings"] == opened_with
        assert answer["view"]["announce"] == said
        again = play(ID, [{"action": "view"}], state=answer["state"])[0]
        assert again["view"]["announce"] == "" and again["state"] == answer["state"]  # said once
        declared = play(ID, [add("Mazrok", 4)], state=state)[0]
        assert notice not in declared["view"]["announce"]  # only the page's first answer, a 'view', says it
    for broken in (dict(saved, format=2), dict(saved, format=3, settings=corrected)):
        # format 2 without its settings, format 3 without the hidden flags: not states of theirs
        assert play(ID, [{"action": "view"}], state=broken)[0]["unreadable"] is True


@pytest.mark.parametrize("lang", LANGS)
def test_an_export_of_version_1_goes_on_under_the_earlier_rule_and_says_so(lang):
    answer = play(ID, [{"action": "import", "text": '["codex-ip",1,2,[["Brugor",15]],[[0,3,"parade"]]]'}], lang)[0]
    assert answer["ok"] and answer["state"]["settings"]["declaration_rule"] == "earlier"
    assert TrackerContext(data(ID), tracker_state.DATA, lang).text("rule_kept_earlier") in answer["view"]["announce"]
    version_2 = '["codex-ip",2,1,[["A",20]],[[0,3,"x",1]],["corrected",3,1,false]]'
    answer = play(ID, [{"action": "import", "text": version_2}], lang)[0]
    assert answer["ok"] and answer["state"]["settings"]["declaration_rule"] == "corrected"
    assert answer["state"]["combatants"] == [{"name": "A", "ip": 20, "hidden": False}]
    assert answer["state"]["actions"] == [{"who": "A", "cost": 3, "label": "x", "abandoned": True}]


@pytest.mark.parametrize("lang", LANGS)
def test_import_reads_a_kept_states_json_and_says_what_it_cannot(lang):
    """The page's « Importer » takes the text the page sets aside (JSON.stringify of the kept state, or of what the
    page keeps, {"state", "undo"}); one saved by a newer site says so; a cut one says what to paste."""
    ctx = TrackerContext(data(ID), tracker_state.DATA, lang)
    played = last_state(play(ID, [add("Élise", 8), add("Orc", 20), declare("Orc", 10, 'épée "lourde" 🗡')], lang))
    kept = json.dumps(played, ensure_ascii=True)  # \ud83d\udde1: a character beyond the first plane, escaped
    for text in (kept, json.dumps({"state": played, "undo": []}), " " + json.dumps(played, ensure_ascii=False)):
        answer = play(ID, [{"action": "import", "text": text}], lang)[0]
        assert answer["ok"], answer
        assert answer["state"] == played
    newer = json.dumps(dict(played, format=tracker_state.STATE_FORMAT + 1))
    refused = play(ID, [{"action": "import", "text": newer}], lang)[0]
    assert refused == {"ok": False, "error": ctx.text("import_newer"), "field": "text"}
    newer_line = '["codex-ip",' + str(tracker_state.EXPORT_VERSION + 1) + ",1,[],[],[]]"
    assert play(ID, [{"action": "import", "text": newer_line}], lang)[0]["error"] == ctx.text("import_newer")
    too_long = play(ID, [{"action": "import", "text": "{}" * 5000}], lang)[0]
    assert too_long == {"ok": False, "error": ctx.text("import_long", [("max", "8000")]), "field": "text"}
    for bad in (kept[: len(kept) // 2], kept[:-1], '{"tracker": "initiative-points"}', "{", kept + "x", "[1]" * 2000):
        refused = play(ID, [{"action": "import", "text": bad}], lang)[0]
        assert refused == {"ok": False, "error": ctx.text("import_bad"), "field": "text"}, bad[:40]


def test_the_kept_json_reader_reads_what_json_writes():
    from calculators.tracker_common import from_text

    value = {"a": [1, -2, True, False, None, ""], "b": {"c": 'é\n\t"\\/\u00e9 🗡\b\f\r'}, "d": []}
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False), json.dumps(value, indent=1)):
        assert from_text(text, True) == value
    for bad in ('{"a":1,}', '{"a" 1}', "{1: 2}", '{"a":1.5}', '"\\udc00"', '"\\ud83d"', '{"a":1'):
        with pytest.raises(ValueError):
            from_text(bad, True)
    with pytest.raises(ValueError):
        from_text('{"a":1}')  # the export line holds no object


def test_a_first_visit_starts_empty_and_silent():
    answer = play(ID, [{"action": "view"}])[0]
    assert answer["ok"] and answer["state"] == tracker_state.empty_state() and answer["view"]["announce"] == ""
    assert "unreadable" not in answer
    assert answer["view"]["empty"] and answer["view"]["ruler"] is None


def test_rename_and_remove_follow_the_actions():
    answers = play(
        ID,
        [
            add("Krom", 10),
            add("Mazrok", 4),
            declare("Krom", 5),
            {"action": "rename", "who": "krom", "rename": "Sir Krom"},
        ],
    )
    assert last_state(answers)["actions"][0]["who"] == "Sir Krom"
    removed = play(ID, [{"action": "remove", "who": "Sir Krom"}], state=last_state(answers))[0]
    assert removed["state"]["actions"] == [] and [c["name"] for c in removed["state"]["combatants"]] == ["Mazrok"]


def test_the_action_picks_come_from_the_table_of_action_costs():
    table = data(ID)["ip-action-costs"]["rows"]
    for lang in LANGS:
        picks = tracker.action_picks(data(ID), lang)
        assert [p["cost"] for p in picks[: len(table)]] == [row["cost"] for row in table]
        assert picks[-1]["cost"] == RULES["free-action-cost"] == 0
        assert all(p["label"] and p["text"] for p in picks)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("example", range(len(example_plays(ID))))
def test_the_example_plays_play_without_a_bad_word(example, lang):
    for answer in play(ID, example_plays(ID)[example], lang):
        assert clean_texts(answer) == [], answer


names = st.sampled_from(["Krom", "Mazrok", "Élise", "Orc 1"])
moves = st.one_of(
    st.builds(lambda n, p: add(n, p), names, st.integers(-2, 22)),
    st.builds(lambda n, c: declare(n, c, "x"), names, st.integers(0, 30)),
    st.builds(lambda n: {"action": "remove", "who": n}, names),
    st.just({"action": "next-round"}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(moves, max_size=14))
def test_any_play_draws_the_timeline_of_its_state(actions):
    for answer in play(ID, actions, "en"):
        if not answer["ok"]:
            assert answer["error"] and answer["field"] in ("name", "ip", "who", "cost")
            continue
        assert clean_texts(answer) == []
        state = answer["state"]
        steps = tracker_state.round_steps(state)
        assert all(s["performed"] for s in steps)  # a refused action is never kept
        if state["combatants"]:
            drawn = sorted(
                (s["step"], lane["name"], s["start"], s["end"])
                for lane in answer["view"]["ruler"]["lanes"]
                for s in lane["spans"]
            )
            assert drawn == sorted((s["step"], s["name"], s["start"], s["end"]) for s in steps)
            assert sorted(s["step"] for s in steps) == list(range(1, len(steps) + 1))  # one number per action


# ---------------------------------------------------------------- what the players see; the steps' numbers


def hide(who):
    return {"action": "hide", "who": who}


def texts_in(value):
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for key in value for t in texts_in(value[key])]
    if isinstance(value, list):
        return [t for item in value for t in texts_in(item)]
    return []


@pytest.mark.parametrize("lang", LANGS)
def test_the_players_view_leaves_out_what_the_gm_hides(lang):
    ctx = TrackerContext(data(ID), tracker_state.DATA, lang)
    answers = play(
        ID,
        [add("Reivax", 20), add("Orc", 20), add("Assassin", 15), hide("assassin")]
        + [declare("Reivax", 5, "attaque"), declare("Assassin", 4, "dague empoisonnée")]
        + [dict(declare("Orc", 10, "feinte vers la porte"), secret="on"), {"action": "players"}],
        lang,
    )
    assert all(a["ok"] for a in answers), [a.get("error") for a in answers]
    assert answers[3]["view"]["announce"] == ctx.text("hidden_now", [("name", "Assassin")])
    roster = {entry["name"]: entry for entry in answers[-2]["view"]["roster"]}
    assert roster["Assassin"]["hidden"] is True and roster["Orc"]["hidden"] is False
    assert roster["Assassin"]["hide"] == ctx.text("action_show") and roster["Orc"]["hide"] == ctx.text("action_hide")
    assert roster["Orc"]["hide_label"] == ctx.text("hide_label", [("name", "Orc")])
    players = answers[-1]
    assert players["state"] == answers[-2]["state"]  # the players' view never changes the fight
    view = players["view"]
    assert sorted(view) == ["empty", "lists", "ruler", "title"]
    assert view["title"] == answers[-2]["view"]["title"] and view["empty"] == ""
    shown = " ".join(texts_in(view))
    assert "Assassin" not in shown and "dague" not in shown and "feinte" not in shown
    assert [lane["name"] for lane in view["ruler"]["lanes"]] == ["Reivax", "Orc"]
    orc = [lane for lane in view["ruler"]["lanes"] if lane["name"] == "Orc"][0]
    assert [(s["start"], s["end"], s["step"]) for s in orc["spans"]] == [(20, 10, 2)]  # the secret action shows
    assert ctx.text("secret_label") in orc["spans"][0]["title"]
    assert [item.split(" ")[1] for item in view["lists"][0]["items"]] == ["Reivax", "Orc"]
    gm = answers[-2]["view"]
    assert [row[2] for row in gm["table"]["rows"]][2] == ctx.text("secret_cell", [("label", "feinte vers la porte")])
    shown_again = play(ID, [hide("Assassin"), {"action": "players"}], lang, state=players["state"])
    assert shown_again[0]["view"]["announce"] == ctx.text("shown_now", [("name", "Assassin")])
    assert "Assassin" in " ".join(texts_in(shown_again[1]["view"]))


def test_the_band_of_a_hidden_combatants_latest_action_is_not_shown_to_the_players():
    answers = play(
        ID,
        [add("Reivax", 20), add("Orc", 12), add("Assassin", 15), hide("Assassin")]
        + [declare("Reivax", 10, "attaque"), {"action": "players"}, declare("Assassin", 4), {"action": "players"}],
    )
    band = answers[5]["view"]["ruler"]["band"]
    assert band == {"start": 20, "end": 10, "marks": [{"lane": 1, "pi": 12}]}  # not the assassin at 15
    assert answers[-1]["view"]["ruler"]["band"] is None
    empty = play(ID, [add("Espion", 20), hide("Espion"), {"action": "players"}])[-1]["view"]
    assert empty["ruler"] is None and empty["lists"] == [] and empty["empty"]


def test_a_flow_without_a_players_view_says_so_when_asked_only():
    flow = dict(tracker.FLOW)
    del flow["players_view"]
    from calculators.tracker_common import run_tracker

    asked = run_tracker(flow, None, {"action": "players"}, data(ID), "en", [])
    assert asked["ok"] is False and asked["error"]
    assert run_tracker(flow, None, {"action": "view"}, data(ID), "en", [])["ok"] is True


def test_hidden_and_secret_survive_an_export_and_an_old_export_still_imports():
    answers = play(
        ID,
        [add("Reivax", 20), add("Orc", 20), hide("Orc"), declare("Reivax", 5, "attaque")]
        + [dict(declare("Orc", 10, "épée"), secret="on"), revise("Reivax", 2, "parade"), {"action": "export"}],
    )
    text = answers[-1]["text"]
    assert text.startswith('["codex-ip",3,1,[["Reivax",20],["Orc",20,1]],[[0,3,"attaque",1],[1,10,"épée",2],')
    imported = play(ID, [{"action": "import", "text": text}])[0]
    assert imported["ok"] and imported["state"] == dict(last_state(answers), recent=[])
    for bad in (
        '["codex-ip",3,1,[["A",20,2]],[],["corrected",2,2,true]]',
        '["codex-ip",2,1,[["A",20,1]],[],["corrected",2,2,true]]',
        '["codex-ip",3,1,[["A",20]],[[0,1,"x",4]],["corrected",2,2,true]]',
        '["codex-ip",2,1,[["A",20]],[[0,1,"x",2]],["corrected",2,2,true]]',
    ):
        assert play(ID, [{"action": "import", "text": bad}])[0]["ok"] is False, bad


def test_declaring_another_action_never_renumbers_the_steps_before_it():
    """Krom's second attack starts (at 5) before Mazrok's parry (at 4): the timeline, in the order the steps start,
    would make the parry step 3 once the attack is declared; the tracker numbers the steps in the order declared."""
    answers = play(ID, [add("Krom", 10), add("Mazrok", 4), declare("Krom", 5, "a"), declare("Mazrok", 2, "p")])
    answers += play(ID, [declare("Krom", 5, "b")], state=answers[-1]["state"])
    before, after = answers[-2]["view"], answers[-1]["view"]
    assert [row[:3] for row in before["table"]["rows"]] == [["1", "Krom", "a"], ["2", "Mazrok", "p"]]
    assert [row[:3] for row in after["table"]["rows"]] == [["1", "Krom", "a"], ["2", "Mazrok", "p"], ["3", "Krom", "b"]]
    spans = {(s["step"], s["start"], s["end"]) for lane in after["ruler"]["lanes"] for s in lane["spans"]}
    assert spans == {(1, 10, 5), (2, 4, 2), (3, 5, 0)}
    assert answers[-1]["view"]["announce"].startswith("3. Krom (b)")
    calculator = ip.timeline([("Krom", 10), ("Mazrok", 4)], [("Krom", 5), ("Mazrok", 2), ("Krom", 5)])
    assert [(s["name"], s["step"]) for s in calculator] == [("Krom", 1), ("Krom", 2), ("Mazrok", 3)]  # as they start


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    "tracker_id, setup, action, field",
    [
        (
            "initiative-points",
            [{"action": "add", "name": "Brugor", "ip": "2"}],
            {"action": "add", "name": "Krom", "ip": ""},
            "ip",
        ),
        (
            "initiative-points",
            [{"action": "add", "name": "Brugor", "ip": "2"}],
            {"action": "declare", "who": "Brugor", "cost": "", "label": "hache"},
            "cost",
        ),
        (
            "adnd-round",
            [{"action": "add", "name": "Krom", "kind": "pc", "dexterity": "12"}, {"action": "next-round"}],
            {"action": "roll", "who": "Krom", "roll": ""},
            "roll",
        ),
    ],
)
def test_an_empty_number_field_asks_for_its_value_not_for_combatants(tracker_id, setup, action, field, lang):
    """The trackers' own text for an empty fight once had the key of the shared "enter a value" message."""
    state = None
    for step in setup:
        state = page_glue.track(tracker_id, state, step, data(tracker_id), lang, [5] * 10)["state"]
    answer = page_glue.track(tracker_id, state, action, data(tracker_id), lang, [5] * 10)
    expected = Context(data(tracker_id), "common", lang).text("empty", [("field", answer.get("field"))])
    assert not answer["ok"] and answer["field"] == field
    assert answer["error"].split("«")[0].split("“")[0] == expected.split("«")[0].split("“")[0]

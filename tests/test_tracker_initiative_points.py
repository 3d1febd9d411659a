"""The initiative-point combat tracker (calculators/tracker_initiative_points.py) under CPython: the seed's examples
played action by action (Krom and Mazrok, Reivax's declaration, Brugor's axe) give the seed's outcomes and exactly
what the rules module (calculators/initiative_points.py) computes; nonsense is refused in the reader's language,
naming the field; the state survives an export and an import; a broken saved state starts afresh. (The same plays
under MicroPython: tests/test_tracker_vectors.py; in Chromium: tests/test_tracker_browser.py.)"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import initiative_points as ip
from calculators import tracker_initiative_points as tracker
from calculators.calc_common import Context
from tests.tracker_plays import LANGS, clean_texts, data, last_state, play

ID = "initiative-points"
RULES = Context(data(ID), "initiative-points", "en").rules


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
    steps = tracker.round_steps(last_state(answers))
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
        for s in tracker.round_steps(answer["state"])
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
    parries = [s for s in tracker.round_steps(last_state(orc_first)) if s["label"] == "parade"]
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
    assert last_state(answers)["combatants"] == [{"name": "Brugor", "ip": 15}]
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
    assert text.startswith('["codex-ip",2,1,') and len(text) < 200
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
        {"tracker": "initiative-points", "format": 99, "round": 1, "combatants": [], "actions": []},  # a newer site's
        {"tracker": "initiative-points", "format": "1", "round": 1, "combatants": [], "actions": []},
    ],
)
def test_a_saved_state_that_cannot_be_read_starts_afresh_and_says_so(saved):
    answer = play(ID, [{"action": "view"}], state=saved)[0]
    assert answer["ok"] and answer["state"] == tracker.empty_state() and answer["unreadable"] is True
    assert answer["view"]["announce"] == tracker.TrackerContext(data(ID), tracker.DATA, "fr").text("state_unreadable")


def test_a_state_of_the_current_format_or_before_the_number_opens():
    saved = {"tracker": "initiative-points", "round": 2, "combatants": [{"name": "Krom", "ip": 20}], "actions": []}
    earlier = dict(ip.default_settings(), declaration_rule="earlier")
    for state in (saved, dict(saved, format=1), dict(saved, format=tracker.STATE_FORMAT, settings=earlier)):
        answer = play(ID, [{"action": "view"}], state=state)[0]
        assert "unreadable" not in answer and answer["state"]["format"] == tracker.STATE_FORMAT
        assert answer["state"]["round"] == 2 and answer["state"]["combatants"] == saved["combatants"]
        assert answer["state"]["settings"] == state.get("settings", ip.default_settings())  # before 2: the defaults
    without = play(ID, [{"action": "view"}], state=dict(saved, format=tracker.STATE_FORMAT))[0]
    assert without["unreadable"] is True  # a state of format 2 without its settings is not one


def test_a_first_visit_starts_empty_and_silent():
    answer = play(ID, [{"action": "view"}])[0]
    assert answer["ok"] and answer["state"] == tracker.empty_state() and answer["view"]["announce"] == ""
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
@pytest.mark.parametrize("example", range(len(tracker.TRACKER["examples"])))
def test_the_declared_examples_play_without_a_bad_word(example, lang):
    for answer in play(ID, tracker.TRACKER["examples"][example], lang):
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
        steps = tracker.round_steps(state)
        assert all(s["performed"] for s in steps)  # a refused action is never kept
        if state["combatants"]:
            drawn = sorted(
                (s["step"], lane["name"], s["start"], s["end"])
                for lane in answer["view"]["ruler"]["lanes"]
                for s in lane["spans"]
            )
            assert drawn == [(s["step"], s["name"], s["start"], s["end"]) for s in steps]

"""Initiative points timeline (seed 003): seed examples, hand-worked cases, properties, and the pure functions under
MicroPython (the form's vectors are generated from its declaration: tests/test_calculator_vectors.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import initiative_points as ip
from calculators.calc_common import Context
from tests import calculator_vectors as cv
from tests.micropython_runner import call, run_calls

DATA = cv.browser_data()
RULES = Context(DATA, "initiative-points", "en").rules
MINUS = "\u2212"


def plain(text: str) -> str:
    """A text with its no-break spaces (French typography) read as spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def steps_of(combatants, actions):
    return ip.timeline(combatants, actions)


def performed(steps):
    return [s for s in steps if s["performed"]]


# ---------------------------------------------------------------- the seed's three examples


def test_krom_mazrok_krom_acts_again_and_mazrok_cannot_parry():
    # Krom 10 PI, Mazrok 4 PI, Krom's long-sword attack costs 5.
    steps = steps_of([("Krom", 10), ("Mazrok", 4)], [("Krom", 5, "attack"), ("Krom", 5, "attack")])
    first = steps[0]
    assert (first["name"], first["start"], first["end"]) == ("Krom", 10, 5)
    assert first["reactors"] == []  # Mazrok's moment (4) is beyond Krom's end (5): no parry
    assert first["acts_again"] is True  # 5 > 4: still Krom to act
    assert "acts_again" in first["rules"] and "no_react" in first["rules"]
    second = steps[1]
    assert (second["name"], second["start"], second["end"]) == ("Krom", 5, 0)  # Krom acts twice in a row
    # on Krom's second action Mazrok (4) lies between 5 and 0: he can act or react before it ends
    assert second["reactors"] == [{"name": "Mazrok", "pi": 4, "rule": "between"}]
    assert not ip.can_react(4, 10, 5)
    assert ip.can_react(4, 5, 0)


def test_krom_mazrok_calculate_resolution_order_follows_the_correction():
    form = {"combatants": "Krom 10\nMazrok 4", "actions": "Krom 5 attaque\nKrom 5 attaque\nMazrok 2 parade"}
    result = ip.calculate(form, DATA, "fr")
    assert result["ok"] is True
    starts = [(s["name"], s["start"], s["end"]) for s in result["details"]["steps"]]
    assert starts == [("Krom", 10, 5), ("Krom", 5, 0), ("Mazrok", 4, 2)]  # who starts acting when
    # correction: the fastest resolve first: Krom's first (at 5), Mazrok's (at 2), Krom's second (at 0)
    assert result["outputs"]["order"]["value"] == "Krom,Mazrok,Krom"
    assert result["outputs"]["order"]["text"] == (
        "1. Krom (attaque) 10→5 ; 2. Mazrok (parade) 4→2 ; 3. Krom (attaque) 5→0"
    )
    assert result["outputs"]["carry_over"] == {"value": "none", "text": "aucun report"}
    assert any("Personne entre 10 et 5" in line for line in result["working"])
    assert any("Krom a encore plus de PI que tous les autres" in line for line in result["working"])


def test_brugor_overspends_once_and_carries_the_deficit():
    steps = steps_of([("Brugor", 2)], [("Brugor", 7, "axe"), ("Brugor", 7, "axe")])
    assert (steps[0]["start"], steps[0]["end"], steps[0]["performed"], steps[0]["overspend"]) == (2, -5, True, True)
    assert "overspend" in steps[0]["rules"]
    # at -5 he has no PI left: the second attack (to -12) is refused
    assert steps[1]["performed"] is False and steps[1]["rules"] == ["refused"]
    assert steps[1]["start"] == -5 and steps[1]["end"] == -5
    carry = ip.carry_overs([("Brugor", 2)], steps, RULES)
    assert carry == [{"name": "Brugor", "start": 2, "end": -5, "deficit": 5, "rounds_lost": 0, "next_pi": 15}]
    assert ip.next_round(-5, RULES) == (5, 0, 15)
    assert not ip.can_act(-5, 7)


def test_brugor_calculate_both_languages():
    form = {"combatants": "Brugor 2", "actions": "Brugor 7 hache\nBrugor 7 hache"}
    fr = ip.calculate(form, DATA, "fr")
    assert fr["outputs"]["carry_over"] == {
        "value": "Brugor:-5",
        "text": "Brugor " + MINUS + "5 (15 PI au round suivant)",
    }
    assert fr["outputs"]["order"]["value"] == "Brugor"
    assert any("refusée" in line for line in fr["working"])
    en = ip.calculate(form, DATA, "en")
    assert en["outputs"]["carry_over"] == {"value": "Brugor:-5", "text": "Brugor " + MINUS + "5 (15 IP next round)"}
    assert any("refused" in line and MINUS + "5 IP" in line for line in en["working"])
    assert any("the next round starts with 20 " + MINUS + " 5 IP = 15 IP" in line for line in en["working"])


def test_reivax_perceives_the_orcs_attack_after_two_segments_and_may_abandon_his():
    # The correction: both declare at the start of the round (20); Reivax attacks (5: 20 -> 15), the orc swings a
    # two-handed sword (10: 20 -> 10). Reivax perceives it at 18, three segments before his attack resolves.
    steps = steps_of([("Reivax", 20), ("Orc", 20)], [("Reivax", 5, "attack"), ("Orc", 10, "sword")])
    found = ip.perceptions(steps, 2, 2, RULES)
    reivax = [f for f in found if f["name"] == "Reivax"][0]
    assert (reivax["seen"], reivax["may"], reivax["restart"], reivax["latest"]) == (18, True, 17, 17)
    assert ip.perception(20, 15, 20, 2, 2) == (18, True, True)


def test_an_action_resolving_within_the_limit_can_no_longer_be_abandoned():
    # Against a rapier (3: 20 -> 17) the human perceives Reivax's attack at 18, one segment before his own resolves.
    assert ip.perception(20, 17, 20, 2, 2) == (18, True, False)
    assert ip.perception(20, 17, 20, 2, 1) == (18, True, True)  # the limit is a setting
    assert ip.perception(20, 15, 14, 2, 2) == (12, False, False)  # perceived after his own action resolved
    assert ip.perception(15, 10, 20, 2, 2)[1] is False  # perceived before his own action began


def test_the_calculator_says_who_may_abandon_under_the_settings():
    form = {"combatants": "Reivax 20\nOrc 20", "actions": "Reivax 5 attack\nOrc 10 sword"}
    result = ip.calculate(form, DATA, "en")
    assert (
        "   Reivax (attack) notices at 18 the action begun at 20 by Orc (sword); their own resolves only at 15: "
        "they may cancel it (until 17) and start another action at 17." in result["working"]
    )
    assert result["details"]["settings"] == ip.default_settings()
    late = ip.calculate(dict(form, notice="4"), DATA, "en")
    assert any("notices at 16" in line and "too soon to cancel it" in line for line in late["working"])
    assert ip.calculate(dict(form, notice="21"), DATA, "fr")["field"] == "notice"


def test_the_earlier_declaration_rule_stays_a_named_variant():
    # Struck out by the author: costlier declarations count as declared first (Reivax may revise against the orc's
    # 10, not against the rapier's 3).
    decls = ip.declarations([("Reivax", 20), ("Orc", 18)], [("Reivax", 5, "attack"), ("Orc", 10, "attack")])
    assert [d["name"] for d in decls] == ["Orc", "Reivax"]
    assert [d for d in decls if d["name"] == "Reivax"][0]["may_revise_after"] == ["Orc"]
    assert ip.may_revise(5, 10) and not ip.may_revise(5, 3)
    form = {"combatants": "Reivax 20\nOrc 18", "actions": "Reivax 5 attack\nOrc 10 attack"}
    assert "may change their declaration" not in " ".join(ip.calculate(form, DATA, "en")["working"])
    orc = ip.calculate(dict(form, declaration_rule="earlier"), DATA, "en")
    assert (
        "   Reivax (cost 5) may change their declaration; being costlier, the actions of Orc count as declared "
        "before theirs." in orc["working"]
    )
    assert orc["working"][1].startswith("Declaration rule: the earlier version, struck out by the author")
    rapier = ip.calculate(
        {
            "combatants": "Reivax 20\nHuman 18",
            "actions": "Reivax 5 attack\nHuman 3 attack",
            "declaration_rule": "earlier",
        },
        DATA,
        "en",
    )
    assert (
        "   Reivax (cost 5) may not change their declaration: no costlier action counts as declared before theirs."
        in rapier["working"]
    )


def test_an_abandoned_action_spans_its_cost_and_never_resolves():
    steps = steps_of(
        [("Reivax", 20), ("Orc", 20)], [("Reivax", 3, "attack", True), ("Orc", 10), ("Reivax", 2, "parry")]
    )
    abandoned, parry = steps[0], [s for s in steps if s["label"] == "parry"][0]
    assert (abandoned["start"], abandoned["end"], abandoned["resolves"], abandoned["abandoned"]) == (20, 17, 0, True)
    assert (parry["start"], parry["end"]) == (17, 15)
    assert [[s["name"] for s in group] for group in ip.resolution_order(steps)] == [["Reivax"], ["Orc"]]


def test_a_free_action_at_zero_follows_the_setting():
    allowed = ip.timeline([("Krom", 0)], [("Krom", 0, "shout")])
    refused = ip.timeline([("Krom", 0)], [("Krom", 0, "shout")], False)
    assert allowed[0]["performed"] and not refused[0]["performed"]


def test_the_seed_numbers_are_the_data_constants():
    # seed 003: 20 PI a round; a free action costs 0; a new action starts one segment after the abandoned one
    assert RULES == {"round-pi": 20, "free-action-cost": 0, "restart-segments": 1}


# ---------------------------------------------------------------- hand-worked cases


def test_round_start_fastest_resolves_first_and_can_react():
    # both at 20: A's attack costs 10, B's 3. B resolves at 17 before A at 10 and, at 17, lies inside A's action.
    steps = steps_of([("A", 20), ("B", 20)], [("A", 10, ""), ("B", 3, "")])
    assert [(s["name"], s["start"], s["end"]) for s in steps] == [("B", 20, 17), ("A", 20, 10)]
    assert steps[0]["reactors"] == []  # A at 20 is not strictly between 20 and 17
    assert steps[1]["reactors"] == [{"name": "B", "pi": 17, "rule": "between"}]
    assert [s["resolves"] for s in steps] == [1, 2]


def test_equal_ends_resolve_together():
    result = ip.calculate({"combatants": "A 20\nB 15", "actions": "A 10\nB 5"}, DATA, "en")
    assert result["outputs"]["order"]["value"] == "A+B"
    assert result["outputs"]["order"]["text"] == "1. A 20→10; at the same time, B 15→10"


def test_a_combatant_outside_the_two_points_cannot_react_even_with_nothing_declared():
    # « Si aucun ne se trouve entre les deux points, nul ne peut agir avant la fin de l'action » (issue 24): C keeps
    # 12 PI and declared nothing, B declared nothing at 7; only B is between A's 10 and 5
    steps = steps_of([("A", 10), ("C", 12), ("B", 7)], [("A", 5, "")])
    assert steps[0]["reactors"] == [{"name": "B", "pi": 7, "rule": "between"}]
    assert steps_of([("A", 10), ("C", 12)], [("A", 5, "")])[0]["reactors"] == []


def test_combatant_mid_action_cannot_react():
    # D started at 12 an action to 2: on the ruler he sits at 2, outside A's 10 -> 5
    steps = steps_of([("A", 10), ("D", 12)], [("A", 5, ""), ("D", 10, "")])
    a = [s for s in steps if s["name"] == "A"][0]
    assert a["reactors"] == []


def test_long_action_eats_following_rounds():
    assert ip.next_round(-45, RULES) == (45, 2, 15)
    assert ip.next_round(-20, RULES) == (20, 1, 20)
    assert ip.next_round(3, RULES) == (0, 0, 20)
    result = ip.calculate({"combatants": "Fandalg 5", "actions": "Fandalg 50 sort"}, DATA, "fr")
    assert result["outputs"]["carry_over"]["value"] == "Fandalg:-45"
    assert "2 rounds perdus, puis 15 PI" in result["outputs"]["carry_over"]["text"]


def test_free_action_any_moment():
    steps = steps_of([("Brugor", 2)], [("Brugor", 7, "axe"), ("Brugor", 0, "shout")])
    assert steps[1]["performed"] and steps[1]["free"] and steps[1]["start"] == -5 and steps[1]["reactors"] == []


def test_names_with_spaces_and_case():
    result = ip.calculate(
        {"combatants": "Sir Birimor 11\nOrc 3 14", "actions": "sir birimor 4 charge\nOrc 3 6"}, DATA, "en"
    )
    assert result["ok"]
    assert [s["name"] for s in result["details"]["steps"]] == ["Orc 3", "Sir Birimor"]
    assert result["details"]["steps"][1]["label"] == "charge"
    # no-break spaces separate like spaces; accented capitals fold (Élise = élise)
    result = ip.calculate({"combatants": "Élise\u00a0 8", "actions": "élise\u202f3 feinte"}, DATA, "fr")
    assert result["ok"] and result["details"]["steps"][0]["name"] == "Élise"
    assert ip.fold("ÉLISE Ødegaard ×") == "élise ødegaard ×"


@pytest.mark.parametrize(
    "form, field, fr_part, en_part",
    [
        ({"combatants": "", "actions": "x 1"}, "combatants", "au moins une ligne", "at least one line"),
        ({"combatants": "Krom 10"}, "actions", "au moins une ligne", "at least one line"),
        (
            {"combatants": "Krom -3", "actions": "Krom 1"},
            "combatants",
            "à 0 ou moins, aucune action",
            "at 0 or less, no action",
        ),
        ({"combatants": "Krom dix", "actions": "Krom 1"}, "combatants", "nombre entier", "whole number"),
        ({"combatants": "Krom", "actions": "Krom 1"}, "combatants", "« Nom PI »", "“Name IP”"),
        (
            {"combatants": "Krom 25", "actions": "Krom 1"},
            "combatants",
            "de 0 à 20 pour Krom (un round",
            "from 0 to 20 for Krom (a round",
        ),
        ({"combatants": "Krom 1\nkrom 2", "actions": "Krom 1"}, "combatants", "déjà", "already"),
        (
            {"combatants": "Krom 10", "actions": "Mazrok 3 attack"},
            "actions",
            "« Mazrok » n’est pas",
            "“Mazrok” is not one of the combatants",
        ),
        ({"combatants": "Krom 10", "actions": "Krom cinq"}, "actions", "nombre entier de PI", "whole number of IP"),
        ({"combatants": "Krom 10", "actions": "Krom -2"}, "actions", "négatif", "cannot be negative"),
        ({"combatants": "Krom 10", "actions": "Krom 999"}, "actions", "entre 0 et 200", "between 0 and 200"),
        ({"combatants": "Krom 10", "actions": "Krom"}, "actions", "« Nom coût", "“Name cost"),
    ],
)
def test_bad_input_is_a_localized_error(form, field, fr_part, en_part):
    fr = ip.calculate(form, DATA, "fr")
    en = ip.calculate(form, DATA, "en")
    assert fr["ok"] is False and fr["field"] == field and fr_part in plain(fr["error"]), fr
    assert en["ok"] is False and en["field"] == field and en_part in en["error"], en


# ---------------------------------------------------------------- properties


def check_shape(result, user_text):
    """ok with both outputs (plain string or 'none' values, non-empty texts) and working lines, or an error naming
    the field; no nan/inf/None/undefined word in any text unless the user typed it."""
    assert result["ok"] in (True, False)
    if result["ok"]:
        assert sorted(result["outputs"]) == ["carry_over", "order"]
        for out in result["outputs"].values():
            assert isinstance(out["value"], str) and out["value"] and isinstance(out["text"], str) and out["text"]
        assert result["working"] and all(isinstance(line, str) and line for line in result["working"])
        assert isinstance(result["details"]["steps"], list)
    else:
        assert result["field"] in ("combatants", "actions") and isinstance(result["error"], str) and result["error"]
    typed = user_text.replace("(", " ").replace(")", " ").replace(":", " ").replace(",", " ").split()
    for text in cv.texts_of(result):
        words = text.replace("(", " ").replace(")", " ").replace(":", " ").replace(",", " ").split()
        for word in cv.BAD_WORDS:
            if word in words:
                assert word in typed or word in user_text, (word, text)


NAMES = ["Krom", "Mazrok", "Orc 1", "Sir Birimor", "Élise"]


@st.composite
def rounds(draw):
    count = draw(st.integers(1, len(NAMES)))
    combatants = [(NAMES[i], draw(st.integers(0, 20))) for i in range(count)]
    actions = draw(
        st.lists(
            st.tuples(
                st.sampled_from([c[0] for c in combatants]),
                st.integers(0, 40),
                st.sampled_from(["", "attack", "parry"]),
            ),
            max_size=12,
        )
    )
    return combatants, actions


@settings(max_examples=300, deadline=None)
@given(rounds())
def test_timeline_invariants(data):
    combatants, actions = data
    steps = ip.timeline(combatants, actions)
    assert len(steps) == len(actions)
    done = performed(steps)
    last_start = None
    for s in steps:
        assert s["end"] == s["start"] - (s["cost"] if s["performed"] else 0)
        if s["performed"]:
            assert s["start"] > 0 or s["cost"] == 0  # never an action at 0 PI or less (free ones aside)
            if s["cost"] > 0:
                assert last_start is None or s["start"] <= last_start  # the highest PI acts first
                last_start = s["start"]
            for r in s["reactors"]:
                assert r["name"] != s["name"] and r["pi"] > 0 and r["pi"] > s["end"]
                if r["rule"] == "between":
                    assert s["end"] < r["pi"] < s["start"]
        else:
            assert s["start"] <= 0 and s["cost"] > 0
    # each combatant's actions are taken in order, sliding down the ruler from his PI
    for name, pi in combatants:
        mine = [s for s in steps if s["name"] == name]
        mine.sort(key=lambda s: s["action"])
        pos = pi
        for s in mine:
            assert s["start"] == pos
            pos = s["end"]
    # resolution: higher end resolves earlier, equal ends together
    for a in done:
        for b in done:
            if a["end"] > b["end"]:
                assert a["resolves"] < b["resolves"]
            if a["end"] == b["end"]:
                assert a["resolves"] == b["resolves"]
    for c in ip.carry_overs(combatants, steps, RULES):
        assert 1 <= c["next_pi"] <= 20 and c["deficit"] >= 0 and c["rounds_lost"] >= 0
        assert c["next_pi"] == 20 - c["deficit"] + 20 * c["rounds_lost"]


@settings(max_examples=300, deadline=None)
@given(rounds(), st.sampled_from(["fr", "en"]))
def test_calculate_agrees_with_timeline(data, lang):
    combatants, actions = data
    form = {
        "combatants": "\n".join(f"{n} {p}" for n, p in combatants),
        "actions": "\n".join((f"{n} {c} {lbl}").rstrip() for n, c, lbl in actions),
    }
    result = ip.calculate(form, DATA, lang)
    if not actions:
        assert result["ok"] is False and result["field"] == "actions"
        return
    assert result["ok"] is True
    assert result["details"]["steps"] == ip.timeline(combatants, actions)
    check_shape(result, "")


FIELD_TEXT = st.one_of(
    st.text(max_size=80),
    st.lists(
        st.tuples(
            st.sampled_from(NAMES + ["Bob", "", "-", "12"]),
            st.one_of(st.integers(-30, 300).map(str), st.text(max_size=4)),
            st.text(max_size=6),
        ),
        max_size=6,
    ).map(lambda rows: "\n".join(" ".join(r) for r in rows)),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FIELD_TEXT, FIELD_TEXT, st.sampled_from(["fr", "en", "de", ""]))
def test_any_text_gives_ok_or_error_never_an_exception(combatants, actions, lang):
    result = ip.calculate({"combatants": combatants, "actions": actions}, DATA, lang)
    check_shape(result, combatants + "\n" + actions)


def test_odd_form_values_never_raise():
    for form in (
        None,
        {},
        {"combatants": None, "actions": None},
        {"combatants": 12, "actions": True},
        {"combatants": "Krom 10", "actions": "Krom 5\r\n\u00a0\nKrom\t3"},
        {"combatants": "x" * 5000},
    ):
        result = ip.calculate(form, None, "fr")
        assert result["ok"] in (True, False)


# ---------------------------------------------------------------- the pure functions under MicroPython


def test_the_pure_functions_agree_under_micropython():
    calls = [
        call(
            "initiative_points",
            "timeline",
            [["Krom", 10], ["Mazrok", 4]],
            [["Krom", 5, "a"], ["Krom", 5, "a"], ["Mazrok", 2, "p"]],
        ),
        call(
            "initiative_points", "declarations", [["Reivax", 20], ["Orc", 18]], [["Reivax", 5, "a"], ["Orc", 10, "a"]]
        ),
        call(
            "initiative_points", "perceptions", ip.timeline([("R", 20), ("O", 20)], [("R", 5), ("O", 10)]), 2, 2, RULES
        ),
        call("initiative_points", "next_round", -45, RULES),
        call("initiative_points", "fold", "ÉLISE Ødegaard ×"),
    ]
    extra = run_calls(calls)
    assert all(r["ok"] for r in extra), extra
    assert extra[0]["value"] == json.loads(
        json.dumps(ip.timeline([("Krom", 10), ("Mazrok", 4)], [("Krom", 5, "a"), ("Krom", 5, "a"), ("Mazrok", 2, "p")]))
    )
    assert extra[1]["value"] == ip.declarations([("Reivax", 20), ("Orc", 18)], [("Reivax", 5, "a"), ("Orc", 10, "a")])
    assert extra[2]["value"] == ip.perceptions(ip.timeline([("R", 20), ("O", 20)], [("R", 5), ("O", 10)]), 2, 2, RULES)
    assert extra[3]["value"] == [45, 2, 15]
    assert extra[4]["value"] == "élise ødegaard ×"

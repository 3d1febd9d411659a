"""Initiative calculator: seed rules, hand-worked cases, combatant ordering and invariants, and the same order of
combatants under MicroPython (the form's vectors are generated from its declaration: tests/test_calculator_vectors.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import initiative as ini
from calculators.calc_common import Context
from tests import calculator_vectors as cv
from tests.micropython_runner import call, run_calls, shared

TABLES = cv.browser_data()
ADND = TABLES["ability-bonus-adnd"]
RULES = Context(TABLES, "initiative", "en").rules
OUTPUTS = ini.DECLARATION["outputs"]


def plain(text: str) -> str:
    """A text with its no-break spaces (French typography) read as spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def form(**kw):
    base = {"dexterity": "12", "improved_initiative": "", "roll": "5"}
    base.update(kw)
    return base


def test_the_seed_numbers_are_the_data_constants():
    # seed 000: Improved Initiative adds 2; a roll of 10 is never modified; surprise on 1-3, doubled by an ambush,
    # tripled by an undetectable one; -2 AC for the surprised side
    assert RULES == {
        "improved-initiative-bonus": 2,
        "unmodified-roll": 10,
        "surprise-range": 3,
        "ambush-multiplier": 2,
        "hidden-ambush-multiplier": 3,
        "surprised-ac-penalty": 2,
    }


def test_adjustment_from_adnd_table():
    # AD&D table: 7-14 -> 0, 15 -> +1 (seed memo: DEX - 15 above 14), 3 -> -4, 25 -> +10
    assert [ini.adjustment(d, False, ADND, RULES) for d in (3, 4, 6, 7, 14, 15, 16, 18, 22, 23, 24, 25)] == [
        -4,
        -3,
        -1,
        0,
        0,
        1,
        2,
        4,
        8,
        9,
        9,
        10,
    ]
    assert ini.adjustment(16, True, ADND, RULES) == 4


def test_initiative_rule():
    assert ini.initiative(5, 2, RULES) == 3
    assert ini.initiative(3, 5, RULES) == -2
    assert ini.initiative(4, -3, RULES) == 7
    assert ini.initiative(10, 5, RULES) == 10  # a 10 is never modified
    assert ini.initiative(10, -4, RULES) == 10


def test_hand_worked_calculate():
    r = ini.calculate(form(dexterity="17", improved_initiative="on", roll="3"), TABLES, "fr")
    assert r["outputs"] == {"adjustment": {"value": 5, "text": "+5"}, "initiative": {"value": -2, "text": "−2"}}
    assert any("Dextérité 17" in line and "+3" in line for line in r["working"])
    r = ini.calculate(form(dexterity="5", roll="10"), TABLES, "en")
    assert r["outputs"] == {"adjustment": {"value": -2, "text": "−2"}, "initiative": {"value": 10, "text": "10"}}
    assert any("never modified" in line for line in r["working"])


def test_bad_inputs():
    cases = [
        ({"roll": "0"}, "roll"),
        ({"roll": "11"}, "roll"),
        ({"roll": ""}, "roll"),
        ({"roll": "d10"}, "roll"),
        ({"dexterity": "0"}, "dexterity"),
        ({"dexterity": "26"}, "dexterity"),
        ({"dexterity": "-3"}, "dexterity"),
        ({"improved_initiative": "x"}, "improved_initiative"),
    ]
    for change, field in cases:
        for lang in ("fr", "en"):
            r = ini.calculate(form(**change), TABLES, lang)
            assert r["ok"] is False and r["field"] == field, (change, r)
            cv.check_contract(r, OUTPUTS)


COMBATANTS = [
    {"name": "Aldo", "dex": 16, "improved": False, "roll": 5},  # 5 - 2 = 3
    {"name": "Ela", "dex": 18, "improved": True, "roll": 7},  # 7 - 6 = 1
    {"name": "Orc A", "dex": None, "improved": False, "roll": None, "group": "orcs"},
    {"name": "Orc B", "dex": None, "improved": False, "roll": None, "group": "orcs"},
    {"name": "Cade", "dex": 12, "improved": False, "roll": 10},  # 10, never modified
    {"name": "Bera", "dex": 15, "improved": False, "roll": 4},  # 4 - 1 = 3, ties with Aldo
]


def test_order_combatants_groups_ties_and_group_rolls():
    groups = ini.order_combatants(COMBATANTS, ADND, RULES, [6])
    summary = [(g["initiative"], [m["name"] for m in g["members"]]) for g in groups]
    assert summary == [(1, ["Ela"]), (3, ["Aldo", "Bera"]), (6, ["Orc A", "Orc B"]), (10, ["Cade"])]
    orcs = groups[2]["members"]
    assert [m["rolled"] for m in orcs] == [True, False]  # one d10 for the group


def test_order_from_form_strings():
    rows = [
        {"name": "Aldo", "dex": "16", "roll": "5"},
        {"name": "", "dex": "", "roll": ""},
        {"name": "Ela", "dex": "18", "improved": "on", "roll": "7"},
    ]
    r = ini.order_from_form(rows, TABLES, "en", [9])
    assert r["ok"]
    assert [[m["name"] for m in g["members"]] for g in r["groups"]] == [["Ela"], ["Aldo"], ["Combatant 2"]]
    assert r["working"][0].startswith("1. 1: Ela")
    bad = ini.order_from_form([{"name": "X", "dex": "40", "roll": "3"}], TABLES, "fr")
    assert bad["ok"] is False and plain(bad["error"]).startswith("Ligne 1 : ")
    assert ini.order_from_form([], TABLES, "en")["ok"] is False
    missing = ini.order_from_form([{"name": "X", "dex": "12"}], TABLES, "en", [])
    assert missing["ok"] is False and missing["field"] == "roll"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 25), st.booleans(), st.integers(1, 10)), min_size=1, max_size=12))
def test_order_is_sorted_and_complete(specs):
    combatants = [{"name": f"C{i}", "dex": d, "improved": imp, "roll": r} for i, (d, imp, r) in enumerate(specs)]
    groups = ini.order_combatants(combatants, ADND, RULES)
    inits = [g["initiative"] for g in groups]
    assert inits == sorted(set(inits))
    names = sorted(m["name"] for g in groups for m in g["members"])
    assert names == sorted(c["name"] for c in combatants)
    for g in groups:
        indexes = [m["index"] for m in g["members"]]
        assert indexes == sorted(indexes)
        assert all(m["initiative"] == g["initiative"] for m in g["members"])


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 25), st.booleans(), st.integers(1, 10), st.sampled_from(["fr", "en"]))
def test_invariants(dex, improved, roll, lang):
    r = ini.calculate(
        form(dexterity=str(dex), improved_initiative="on" if improved else "", roll=str(roll)), TABLES, lang
    )
    cv.check_contract(r, OUTPUTS)
    value = r["outputs"]["initiative"]["value"]
    if roll == 10:
        assert value == 10
    else:
        assert value == roll - r["outputs"]["adjustment"]["value"]
        assert -13 <= value <= 14


FIELDS = [spec["name"] for spec in ini.DECLARATION["inputs"] if spec["kind"] != "textarea"]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), st.text(max_size=30)), st.sampled_from(["fr", "en"]))
def test_any_text_never_raises(values, lang):
    cv.check_contract(ini.calculate(form(**values), TABLES, lang), OUTPUTS)
    cv.check_contract(ini.calculate(values, TABLES, lang), OUTPUTS)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.dictionaries(st.sampled_from(["name", "dex", "improved", "roll", "group"]), st.text(max_size=12)), max_size=5
    ),
    st.sampled_from(["fr", "en"]),
)
def test_order_from_form_never_raises(rows, lang):
    r = ini.order_from_form(rows, TABLES, lang, [3] * 10)
    assert isinstance(r, dict) and isinstance(r["ok"], bool)


def test_micropython_orders_combatants_like_cpython():
    rows = [
        {
            "name": f"C{i}",
            "dex": str(3 + (i * 7) % 23),
            "improved": "on" if i % 3 == 0 else "",
            "roll": str(1 + (i * 5) % 10) if i % 4 else "",
            "group": "g" if i % 5 == 0 else "",
        }
        for i in range(30)
    ]
    rolls = [1 + (i * 3) % 10 for i in range(30)]
    expected = ini.order_from_form(rows, TABLES, "fr", rolls)
    combatants = ini.parse_combatants(rows, Context(TABLES, "initiative", "en"))[0]
    got = run_calls(
        [
            call("initiative", "order_from_form", rows, shared("data"), "fr", rolls),
            call("initiative", "order_combatants", combatants, ADND, RULES, rolls),
        ],
        shared={"data": TABLES},
    )
    assert got[0] == {"ok": True, "value": expected}
    assert got[1]["value"] == ini.order_combatants(combatants, ADND, RULES, rolls)


def test_combatant_lines_read_the_feat_and_spaces_alike_in_both_pythons():
    text = "Reivax,\u202f16 , OUI\u00a0, 3\n\u00a0\nOrc, 12, , \t7\nÉlise, 9, Non, "
    rows = ini.combatant_rows(text)
    assert [r["improved"] for r in rows] == ["on", "", ""]
    assert rows[0] == {"name": "Reivax", "dex": "16", "improved": "on", "roll": "3"}
    assert run_calls([call("initiative", "combatant_rows", text)])[0] == {"ok": True, "value": rows}

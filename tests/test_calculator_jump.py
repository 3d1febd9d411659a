"""Jump calculator: seed rules, hand-worked cases and invariants (the cross-runtime vectors are generated from its
declaration: tests/test_calculator_vectors.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import calc_common, jump
from calculators.calc_common import Context, declared_input
from tests import calculator_vectors as cv

TABLES = cv.browser_data()
SKILLS = TABLES["ability-bonus-skills"]
RULES = Context(TABLES, "jump", "en").rules
OUTPUTS = jump.DECLARATION["outputs"]


def form(**kw):
    base = {
        "direction": "horizontal",
        "distance": "10",
        "run_up": "on",
        "speed": "30",
        "armour": "none",
        "strength": "12",
        "tumbling": "0",
    }
    base.update(kw)
    return base


# ---------------------------------------------------------------- pure rules


def test_the_seed_numbers_are_the_data_constants():
    # seed 000, "Sauter": 30' speed, 20'+ run-up, +/-4 per 10', DC x2 without run-up, x4 vertical, ranks / 2
    assert RULES == {
        "vertical-multiplier": 4,
        "no-run-up-multiplier": 2,
        "run-up-feet": 20,
        "base-speed": 30,
        "speed-step-feet": 10,
        "speed-step-modifier": 4,
        "tumbling-divisor": 2,
    }


def test_dc_seed_rules():
    assert jump.jump_dc(10, False, True, RULES) == 10  # horizontal: DC = feet
    assert jump.jump_dc(10, False, False, RULES) == 20  # no run-up: x2
    assert jump.jump_dc(3, True, True, RULES) == 12  # vertical: feet x 4
    assert jump.jump_dc(3, True, False, RULES) == 24


def test_speed_modifier_whole_tens_only():
    assert [jump.speed_modifier(s, RULES) for s in (0, 5, 10, 20, 25, 30, 35, 39, 40, 50, 60, 120)] == [
        -12,
        -8,
        -8,
        -4,
        0,
        0,
        0,
        0,
        4,
        8,
        12,
        36,
    ]


def test_tumbling_bonus_capped_by_strength_and_never_negative():
    assert jump.tumbling_bonus(5, 3, RULES) == 2
    assert jump.tumbling_bonus(6, 1, RULES) == 1  # at most the Strength bonus
    assert jump.tumbling_bonus(6, 0, RULES) == 0
    assert jump.tumbling_bonus(4, -2, RULES) == 0  # never below 0
    assert jump.tumbling_bonus(1, 5, RULES) == 0


def test_skills_bonus_bands():
    cases = {1: -5, 3: -5, 4: -4, 7: -1, 8: 0, 11: 0, 12: 1, 14: 1, 15: 2, 18: 5, 21: 8, 22: 8, 23: 9, 24: 9, 25: 10}
    for score, bonus in cases.items():
        assert calc_common.ability_row(score, SKILLS)["bonus"] == bonus, score


def test_check_chance_formula_and_clamp():
    assert calc_common.check_chance(0, 21) == 0
    assert calc_common.check_chance(0, 20) == 5
    assert calc_common.check_chance(5, 20) == 30
    assert calc_common.check_chance(0, 1) == 100
    assert calc_common.check_chance(30, 5) == 100
    assert calc_common.check_chance(-10, 30) == 0


# ---------------------------------------------------------------- calculate


def test_hand_worked_horizontal_no_run_up():
    # Str 16 (+3), medium armour (-4), speed 40 (+4), Tumbling 5 (5//2 = 2, <= 3): modifier +5; 10 ft no run-up: DC 20
    r = jump.calculate(form(run_up="", speed="40", armour="medium", strength="16", tumbling="5"), TABLES, "fr")
    assert r["ok"]
    assert r["outputs"]["dc"] == {"value": 20, "text": "20"}
    assert r["outputs"]["modifier"] == {"value": 5, "text": "+5"}
    assert r["outputs"]["chance"] == {"value": 30, "text": "30\u202f%"}
    assert any("Force 16" in line and "+3" in line for line in r["working"])
    assert any("−4" in line for line in r["working"])


def test_hand_worked_vertical_heavy_armour_english():
    # Str 8 (0), heavy (-6), speed 20 (-4), Tumbling 6 capped at Str bonus 0: -10; 3 ft vertical with run-up: DC 12
    r = jump.calculate(
        form(direction="vertical", distance="3", speed="20", armour="heavy", strength="8", tumbling="6"), TABLES, "en"
    )
    assert r["outputs"]["dc"]["value"] == 12
    assert r["outputs"]["modifier"] == {"value": -10, "text": "−10"}
    assert r["outputs"]["chance"] == {"value": 0, "text": "0%"}


def test_easy_jump_is_certain():
    r = jump.calculate(form(distance="1", strength="18"), TABLES, "en")
    assert r["outputs"]["chance"] == {"value": 100, "text": "100%"}


def test_bad_inputs_name_the_field():
    cases = [
        ({"distance": ""}, "distance"),
        ({"distance": "abc"}, "distance"),
        ({"distance": "-3"}, "distance"),
        ({"distance": "0"}, "distance"),
        ({"distance": "5000"}, "distance"),
        ({"speed": "999"}, "speed"),
        ({"armour": "mithril"}, "armour"),
        ({"strength": "30"}, "strength"),
        ({"tumbling": "7"}, "tumbling"),
        ({"direction": "up"}, "direction"),
        ({"run_up": "sometimes"}, "run_up"),
        ({"distance": "1" * 500}, "distance"),
        ({"distance": "7.5"}, "distance"),
    ]
    for change, field in cases:
        for lang in ("fr", "en"):
            r = jump.calculate(form(**change), TABLES, lang)
            assert r["ok"] is False and r["field"] == field, (change, r)
            cv.check_contract(r, OUTPUTS)
    fr = jump.calculate(form(strength="30"), TABLES, "fr")["error"]
    en = jump.calculate(form(strength="30"), TABLES, "en")["error"]
    assert "Force" in fr and "entre" in fr and "Strength" in en and "between" in en


def test_missing_table_is_an_error_not_an_exception():
    r = jump.calculate(form(), {}, "en")
    assert r["ok"] is False


def test_reference_table():
    table = jump.reference(TABLES, "fr")
    rows = {row[0]: row for row in table["rows"]}
    assert rows[5] == [5, 5, 10, 20, 40] and rows[10] == [10, 10, 20, 40, 80]
    assert len(table["columns"]) == 5 and table["caption"].startswith("DC de saut")


# ---------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 999), st.booleans(), st.booleans())
def test_dc_monotonic_in_distance(distance, vertical, run_up):
    assert jump.jump_dc(distance + 1, vertical, run_up, RULES) > jump.jump_dc(distance, vertical, run_up, RULES)
    assert jump.jump_dc(distance, vertical, False, RULES) == 2 * jump.jump_dc(distance, vertical, True, RULES)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(declared_input(jump.DECLARATION, "direction")["values"]),
    st.integers(1, 1000),
    st.booleans(),
    st.integers(0, 200),
    st.sampled_from([row["id"] for row in TABLES["jump-armour-penalty"]["rows"]]),
    st.integers(1, 25),
    st.integers(0, 6),
    st.sampled_from(["fr", "en"]),
)
def test_valid_inputs_give_chance_within_bounds(direction, distance, run_up, speed, armour, strength, tumbling, lang):
    f = form(
        direction=direction,
        distance=str(distance),
        run_up="on" if run_up else "",
        speed=str(speed),
        armour=armour,
        strength=str(strength),
        tumbling=str(tumbling),
    )
    r = jump.calculate(f, TABLES, lang)
    cv.check_contract(r, OUTPUTS)
    assert r["ok"]
    assert 0 <= r["outputs"]["chance"]["value"] <= 100
    longer = jump.calculate(dict(f, distance=str(min(1000, distance + 1))), TABLES, lang)
    assert longer["outputs"]["chance"]["value"] <= r["outputs"]["chance"]["value"]
    stronger = jump.calculate(dict(f, strength=str(min(25, strength + 1))), TABLES, lang)
    assert stronger["outputs"]["modifier"]["value"] >= r["outputs"]["modifier"]["value"]


FIELDS = [spec["name"] for spec in jump.DECLARATION["inputs"]]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), st.text(max_size=30)), st.sampled_from(["fr", "en"]))
def test_any_text_never_raises(values, lang):
    cv.check_contract(jump.calculate(form(**values), TABLES, lang), OUTPUTS)
    cv.check_contract(jump.calculate(values, TABLES, lang), OUTPUTS)


def test_the_rule_numbers_come_from_the_data_file():
    data = dict(TABLES)
    data["jump"] = dict(TABLES["jump"])
    data["jump"]["constants"] = [
        dict(c, value=5) if c["id"] == "vertical-multiplier" else c for c in TABLES["jump"]["constants"]
    ]
    r = jump.calculate(form(direction="vertical", distance="3"), data, "en")
    assert r["outputs"]["dc"]["value"] == 15
    assert r["working"][0] == "Vertical jump of 3 feet: DC = 3 × 5 = 15."

"""Breath-holding calculator: seed rules, hand-worked cases and invariants (the cross-runtime vectors are generated
from its declaration: tests/test_calculator_vectors.py)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import breath
from calculators.calc_common import Context, choice_options, declared_input
from tests import calculator_vectors as cv

TABLES = cv.browser_data()
SWIM = TABLES["swimming-breath-bonus"]
RULES = Context(TABLES, "breath", "en").rules
OUTPUTS = breath.DECLARATION["outputs"]
SWIMMING_CHOICES = [
    value
    for value, _ in choice_options(declared_input(breath.DECLARATION, "swimming"), Context(TABLES, "breath", "en"))
]


def form(**kw):
    base = {"constitution": "12", "endurance": "0", "swimming": "none", "violent": ""}
    base.update(kw)
    return base


def test_the_seed_numbers_are_the_data_constants():
    # seed 000, "Retenir sa respiration": Endurance adds 1 per rank; DC 10, then +1 (or +2 if violent) per round
    assert RULES == {"endurance-per-rank": 1, "calm-round-cost": 1, "violent-round-cost": 2, "first-check-dc": 10}


def test_swimming_bonus_from_table():
    # no skill 0; rank 0 gives 1; 2 per rank; rank VI 2 more
    bonuses = [breath.swimming_row(r, SWIM)["bonus"] for r in (None, 0, 1, 2, 3, 4, 5, 6)]
    assert bonuses == [0, 1, 2, 4, 6, 8, 10, 14]
    assert SWIMMING_CHOICES == ["none", "0", "1", "2", "3", "4", "5", "6"]


def test_rounds_calm_and_violent():
    assert breath.rounds_before_checks(15, False, RULES) == 15
    assert breath.rounds_before_checks(15, True, RULES) == 8  # the last violent round overspends
    assert breath.rounds_before_checks(16, True, RULES) == 8
    assert breath.rounds_before_checks(1, True, RULES) == 1


def test_check_dcs():
    assert [breath.check_dc(k, False, RULES) for k in (1, 2, 3)] == [10, 11, 12]
    assert [breath.check_dc(k, True, RULES) for k in (1, 2, 3)] == [10, 12, 14]


def test_check_rows_exact_cumulative():
    rows = breath.check_rows(1, True, RULES)  # Con 12-14: +1; chances 60, 50, 40, 30, 20, 10, 0
    assert [r[2] for r in rows] == [60, 50, 40, 30, 20, 10, 0]
    holding = Fraction(1)
    for _round, _dc, chance, num, den in rows:
        holding *= Fraction(chance, 100)
        assert Fraction(num, den) == holding
    assert rows[-1][3] == 0


def test_check_rows_stop_at_twenty():
    rows = breath.check_rows(10, False, RULES)  # Con 25: +10, chance 100 % until DC 31
    assert len(rows) == 20
    assert rows[-1][3] > 0


def test_hand_worked_violent():
    # Con 14 + Endurance 2 + Swimming III (6) = 22; violent: 11 rounds; DC 10 then 12
    r = breath.calculate(form(constitution="14", endurance="2", swimming="3", violent="on"), TABLES, "fr")
    assert r["ok"]
    assert r["outputs"] == {
        "rounds": {"value": 11, "text": "11"},
        "first_dc": {"value": 10, "text": "10"},
        "second_dc": {"value": 12, "text": "12"},
    }
    checks = r["details"]["checks"]
    assert [c["round"] for c in checks] == [12, 13, 14, 15, 16, 17, 18]
    assert [c["chance"] for c in checks] == [60, 50, 40, 30, 20, 10, 0]
    assert [c["holding_text"] for c in checks[:4]] == ["60\u202f%", "30\u202f%", "12\u202f%", "3,6\u202f%"]
    assert checks[3]["holding_fraction"] == "9/250"
    assert len(r["details"]["after_failure"]) == 3
    assert any("22" in line for line in r["working"])


def test_hand_worked_calm_english():
    # Con 10 (0) + 0 + Swimming VI (14) = 24 calm rounds; DC 10, 11
    r = breath.calculate(form(constitution="10", swimming="6"), TABLES, "en")
    assert r["outputs"]["rounds"]["value"] == 24
    assert r["outputs"]["second_dc"]["value"] == 11
    assert r["details"]["checks"][0]["chance_text"] == "55%"
    assert "dies" in " ".join(r["details"]["after_failure"])


def test_bad_inputs():
    cases = [
        ({"constitution": ""}, "constitution"),
        ({"constitution": "0"}, "constitution"),
        ({"constitution": "26"}, "constitution"),
        ({"endurance": "-1"}, "endurance"),
        ({"endurance": "x"}, "endurance"),
        ({"swimming": "7"}, "swimming"),
        ({"swimming": ""}, "swimming"),
        ({"violent": "very"}, "violent"),
    ]
    for change, field in cases:
        for lang in ("fr", "en"):
            r = breath.calculate(form(**change), TABLES, lang)
            assert r["ok"] is False and r["field"] == field, (change, r)
            cv.check_contract(r, OUTPUTS)


def test_reference_table():
    table = breath.reference(TABLES, "en")
    rows = {row[0]: row for row in table["rows"]}
    assert rows[10] == [10, 10, 11, 12, 14, 16, 18, 20, 24] and rows[15] == [15, 15, 16, 17, 19, 21, 23, 25, 29]
    assert table["columns"][:3] == ["Constitution", "No Swimming", "Swimming 0"] and len(table["columns"]) == 9


def test_compact_reference_heads_columns_with_the_rank_alone():
    full, compact = breath.reference(TABLES, "fr"), breath.reference(TABLES, "fr", compact=True)
    assert compact["rows"] == full["rows"]
    assert compact["columns"] == ["Constitution", "Sans", "0", "I", "II", "III", "IV", "V", "VI"]
    assert compact["caption"].startswith(full["caption"] + " — colonnes")


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 25),
    st.integers(0, 6),
    st.sampled_from(SWIMMING_CHOICES),
    st.booleans(),
    st.sampled_from(["fr", "en"]),
)
def test_invariants(con, endurance, swimming, violent, lang):
    r = breath.calculate(
        form(constitution=str(con), endurance=str(endurance), swimming=swimming, violent="on" if violent else ""),
        TABLES,
        lang,
    )
    cv.check_contract(r, OUTPUTS)
    assert r["ok"]
    rounds = r["outputs"]["rounds"]["value"]
    calm = breath.calculate(form(constitution=str(con), endurance=str(endurance), swimming=swimming), TABLES, lang)
    assert 1 <= rounds <= calm["outputs"]["rounds"]["value"]
    checks = r["details"]["checks"]
    assert 1 <= len(checks) <= 20
    previous = 1000
    for c in checks:
        assert 0 <= c["chance"] <= 100
        assert 0 <= c["holding_tenths"] <= previous  # still holding never grows
        previous = c["holding_tenths"]
    assert checks[-1]["holding_tenths"] == 0 or len(checks) == 20


FIELDS = [spec["name"] for spec in breath.DECLARATION["inputs"]]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), st.text(max_size=30)), st.sampled_from(["fr", "en"]))
def test_any_text_never_raises(values, lang):
    cv.check_contract(breath.calculate(form(**values), TABLES, lang), OUTPUTS)
    cv.check_contract(breath.calculate(values, TABLES, lang), OUTPUTS)

"""Breath-holding calculator: seed rules, hand-worked cases, invariants, and MicroPython agreement."""

from __future__ import annotations

from fractions import Fraction

import calculator_vectors as cv
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import breath

TABLES = cv.tables_for("breath")
SWIM = TABLES["swimming-breath-bonus"]
OUTPUTS = ("rounds", "first_dc", "second_dc")


def form(**kw):
    base = {"constitution": "12", "endurance": "0", "swimming": "none", "violent": ""}
    base.update(kw)
    return base


def test_swimming_bonus_from_table():
    # no skill 0; rank 0 gives 1; 2 per rank; rank VI 2 more
    assert [breath.swimming_bonus(r, SWIM) for r in (None, 0, 1, 2, 3, 4, 5, 6)] == [0, 1, 2, 4, 6, 8, 10, 14]


def test_rounds_calm_and_violent():
    assert breath.rounds_before_checks(15, False) == 15
    assert breath.rounds_before_checks(15, True) == 8  # the last violent round overspends
    assert breath.rounds_before_checks(16, True) == 8
    assert breath.rounds_before_checks(1, True) == 1


def test_check_dcs():
    assert [breath.check_dc(k, False) for k in (1, 2, 3)] == [10, 11, 12]
    assert [breath.check_dc(k, True) for k in (1, 2, 3)] == [10, 12, 14]


def test_check_rows_exact_cumulative():
    rows = breath.check_rows(1, True)  # Con 12-14: +1; chances 60, 50, 40, 30, 20, 10, 0
    assert [r[2] for r in rows] == [60, 50, 40, 30, 20, 10, 0]
    holding = Fraction(1)
    for _round, _dc, chance, num, den in rows:
        holding *= Fraction(chance, 100)
        assert Fraction(num, den) == holding
    assert rows[-1][3] == 0


def test_check_rows_stop_at_twenty():
    rows = breath.check_rows(10, False)  # Con 25: +10, chance 100 % until DC 31
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
    rows = breath.reference_table(SWIM, constitutions=(10, 15))
    assert rows == [[10, 10, 11, 12, 14, 16, 18, 20, 24], [15, 15, 16, 17, 19, 21, 23, 25, 29]]
    assert breath.reference_table(SWIM, constitutions=(15,), violent=True) == [[15, 8, 8, 9, 10, 11, 12, 13, 15]]
    assert len(breath.reference_columns(SWIM, "en")) == 9


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 25),
    st.integers(0, 6),
    st.sampled_from(breath.SWIMMING_CHOICES),
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


FIELDS = ("constitution", "endurance", "swimming", "violent")


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), st.text(max_size=30)), st.sampled_from(["fr", "en"]))
def test_any_text_never_raises(values, lang):
    cv.check_contract(breath.calculate(form(**values), TABLES, lang), OUTPUTS)
    cv.check_contract(breath.calculate(values, TABLES, lang), OUTPUTS)


def test_vectors_match_cpython():
    assert cv.read_vectors("breath") == cv.compute_vectors("breath"), (
        "stale tests/calculator_vectors/breath.json: run python tests/calculator_vectors.py breath"
    )


def test_micropython_agrees_on_vectors():
    vectors = cv.read_vectors("breath")
    outputs = cv.micropython_outputs("breath", vectors)
    for vector, got in zip(vectors, outputs):
        assert got == vector["expected"], (vector["form"], vector["lang"])

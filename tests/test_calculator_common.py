"""Shared calculator helpers (calc_common): the site's one number formatter (which the pages use too), parsing, the
placeholders of the data texts, and what a calculator does when its data is missing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import calc_common as cc
from codex.i18n.localize import number, percent
from tests.calculator_vectors import browser_data
from tests.micropython_runner import call, run_calls
from tests.project_data import project_dataset

DATASET = project_dataset()


def formatted_before(value: float, lang: str, signed: bool = False) -> str:
    """codex/i18n/localize.number as it was written before it called calc_common (Python's own float text), with
    thousands grouped as each language writes them since issue 36 (1,500; 1 500 with a narrow no-break space)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    shown = f"{abs(value):,}"
    if lang == "fr":
        shown = shown.replace(",", "\u202f").replace(".", ",")
    if value < 0:
        return "\u2212" + shown
    if signed and value > 0:
        return "+" + shown
    return shown


def numeric_cells() -> list[tuple[float, str]]:
    """Every number of every table of data/, with its column's format."""
    cells = []
    for table in DATASET.by_id("table.schema.json").values():
        formats = {c["id"]: c.get("format", "plain") for c in table["columns"]}
        for row in table["rows"]:
            for column, fmt in formats.items():
                value = row.get(column)
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    cells.append((value, fmt))
    return cells


def test_the_pages_write_every_number_of_the_data_as_before():
    cells = numeric_cells()
    assert len(cells) > 200 and any(isinstance(v, float) for v, _ in cells)
    for value, fmt in cells:
        for lang in ("fr", "en"):
            assert number(value, lang) == formatted_before(value, lang), (value, lang)
            assert number(value, lang, signed=True) == formatted_before(value, lang, signed=True), (value, lang)
            if fmt == "percent":
                assert percent(value, lang) == formatted_before(value, lang) + ("\u202f%" if lang == "fr" else "%")


def test_the_pages_and_the_calculators_share_the_formatter():
    assert number(-4, "fr") == cc.number_text(-4, "fr") == "\u22124"
    assert number(1.5, "fr") == cc.number_text(1.5, "fr") == "1,5"
    assert percent(25, "fr") == cc.percent_text(25, "fr") == "25\u202f%"


@settings(max_examples=300, deadline=None)
@given(st.integers(-(10**6), 10**6), st.integers(0, 3), st.sampled_from(["fr", "en"]), st.booleans())
def test_short_decimals_read_as_python_writes_them(units, places, lang, signed):
    value = units / 10**places if places else units
    assert cc.number_text(value, lang, signed) == formatted_before(value, lang, signed)


def test_localized_numbers():
    assert cc.number_text(-3) == "\u22123" and cc.number_text(3, signed=True) == "+3"
    assert cc.number_text(0, signed=True) == "0"
    assert cc.percent_text(45, "fr") == "45\u202f%" and cc.percent_text(45, "en") == "45%"
    assert cc.half_text(9, "fr") == "4,5" and cc.half_text(9, "en") == "4.5" and cc.half_text(8, "en") == "4"
    assert cc.tenths_text(-15, "fr") == "\u22121,5" and cc.decimal_text(5, 3) == "0.005"
    assert cc.fraction_percent_text(9, 250, "fr") == "3,6\u202f%"
    assert cc.fraction_percent_text(1, 100000, "en") == "< 0.1%"
    assert cc.fraction_percent_text(99999, 100000, "en") == "> 99.9%"
    assert cc.fraction_percent_text(0, 1, "en") == "0%" and cc.fraction_percent_text(1, 1, "fr") == "100\u202f%"
    assert cc.fraction_tenths_percent(1, 8) == 125  # 12.5 %


def test_the_formatter_gives_the_same_text_under_micropython():
    values = [0, 7, -12, 1.5, -0.25, 2.0, 0.1, 12.75, 1 / 8, 1000000]
    calls = [
        call("calc_common", "number_text", v, lang, signed)
        for v in values
        for lang in ("fr", "en")
        for signed in (False, True)
    ]
    expected = [cc.number_text(v, lang, signed) for v in values for lang in ("fr", "en") for signed in (False, True)]
    assert [r["value"] for r in run_calls(calls)] == expected


def test_parse_int_accepts_only_ascii_whole_numbers():
    ctx = cc.Context(browser_data(), "jump", "en")
    ok = {" 12 ": 12, "+7": 7, "\u221205": -5, "\u00a018\u202f": 18}
    for raw, value in ok.items():
        assert cc.parse_int({"f": raw}, "f", ctx, -100, 100) == value
    for raw in ("", "1_0", "١٢", "12.0", "1e3", "12a", "--1", "0x10", None):
        with pytest.raises(cc.InputError) as caught:
            cc.parse_int({"f": raw}, "f", ctx, -100, 100)
        assert caught.value.result["ok"] is False and caught.value.result["field"] == "f"


def test_placeholders_are_filled_once_and_unknown_ones_stay():
    assert cc.fill("{a} and {b}", [("a", "{b}"), ("b", "2")]) == "{b} and 2"
    assert cc.fill("{x} {y", [("x", "1")]) == "1 {y"


def test_a_text_may_print_a_rule_constant_by_its_id():
    ctx = cc.Context(browser_data(), "jump", "en")
    assert ctx.text("no_run_up", [("dc", "40")]).startswith("No run-up of 20 feet or more: DC × 2 = 40 (")


def test_a_text_that_names_a_control_takes_the_controls_own_words():
    """One source for a button's label and its mentions (issue 36): {text:KEY} prints a text, {label:NAME} a field's
    label, with the caller's values; renaming the button renames its mentions."""
    data = {
        "t": {
            "texts": {
                "action_go": {"en": "Play segment {segment}"},
                "hint": {"en": "Choose “{text:action_go}” in “{label:who}”; {text:missing} stays."},
            },
            "labels": {"who": {"en": "Who"}},
        }
    }
    ctx = cc.Context(data, "t", "en")
    assert ctx.text("hint", [("segment", "4")]) == "Choose “Play segment 4” in “Who”; {text:missing} stays."
    data["t"]["texts"]["action_go"]["en"] = "Go to segment {segment}"
    assert ctx.text("hint", [("segment", "4")]).startswith("Choose “Go to segment 4”")


def test_the_calculator_texts_come_before_the_shared_ones():
    data = browser_data()
    shared = cc.Context(data, "jump", "en").text("empty", [("field", "x")])
    own = cc.Context(data, "initiative-points", "en").text("no_line", [("field", "x")])
    assert shared == "Enter a value for “x”." and own == "Enter at least one line in “x”."


def test_without_its_data_a_calculator_answers_an_error_not_an_exception():
    from calculators import page_glue

    data = browser_data()
    for calculator_id in ("jump", "breath", "object-damage", "initiative", "initiative-points"):
        without = {k: v for k, v in data.items() if k != calculator_id}
        result = page_glue.run(calculator_id, {}, without, "en")
        assert result["ok"] is False and result["error"]
        assert page_glue.run(calculator_id, {}, {}, "fr")["ok"] is False
    assert page_glue.run("no-such-calculator", {}, data, "en")["ok"] is False
    assert page_glue.run("calc_common", {}, data, "en")["ok"] is False  # a module without a declaration

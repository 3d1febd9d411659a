"""page_glue.run, what every form calls: it finds each declared calculator by its id, gives every output of the form
contract from the form's defaults, and adds the table and notes the calculator's own page_extras gives. (That both
runtimes agree is tests/test_calculator_vectors.py and tests/test_micropython_subset.py.)"""

from __future__ import annotations

import pytest

from calculators import page_glue
from codex.components.calculators import declarations
from tests.calculator_vectors import ROLLS, browser_data, default_form

DATA = browser_data()


@pytest.mark.parametrize("calculator_id", list(declarations()))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_defaults_answer_every_output_of_the_form_contract(calculator_id, lang):
    assert page_glue.calculator_module(calculator_id).DECLARATION["id"] == calculator_id
    result = page_glue.run(calculator_id, default_form(calculator_id, lang), DATA, lang, ROLLS)
    assert result["ok"], result
    assert set(result["outputs"]) == set(declarations()[calculator_id]["outputs"])
    assert "details" not in result and isinstance(result["notes"], list)


def test_ids_that_name_no_declared_calculator_are_refused():
    for calculator_id in ("", "jump ", "JUMP", "page-glue", "calc_common", "../jump", None, 3):
        assert page_glue.calculator_module(calculator_id) is None, calculator_id
        assert page_glue.run(calculator_id, {}, DATA, "en")["ok"] is False


def test_breath_gives_its_round_by_round_table_and_what_follows_a_failed_check():
    result = page_glue.run("breath", default_form("breath", "fr"), DATA, "fr", [])
    assert result["table"]["rows"][0][:2] == ["13", "10"]
    assert any("inconsciente" in note for note in result["notes"])


def test_the_initiative_point_steps_are_a_table():
    result = page_glue.run("initiative-points", default_form("initiative-points", "en"), DATA, "en", [])
    assert result["table"]["rows"][0] == ["1", "Krom", "attack", "10 → 5", "—"]
    assert result["table"]["rows"][1][4] == "Mazrok"


def test_roll_for_me_uses_the_rolls_the_page_draws():
    form = dict(default_form("initiative", "en"), combatants="A, 12\nB, 12, , 9")
    result = page_glue.run("initiative", form, DATA, "en", [2])
    assert [row[2] for row in result["table"]["rows"]] == ["A (d10 2)", "B (d10 9)"]
    assert page_glue.run("initiative", default_form("initiative", "en"), DATA, "en", [])["table"] is None


def test_a_bad_combatant_line_names_the_combatants_field():
    form = dict(default_form("initiative", "en"), combatants="A, 40")
    result = page_glue.run("initiative", form, DATA, "en", ROLLS)
    assert result["ok"] is False and result["field"] == "combatants"

"""page_glue.run, what every form calls, gives the same answer under MicroPython (the browser's runtime) as under
CPython, for the forms' own test cases, and turns each calculator's details into a table of strings."""

from __future__ import annotations

import pytest

from codex.calculators import CALCULATOR_IDS, calculator_module
from codex.render.calculator_forms import OUTPUTS
from tests.micropython_runner import call, run_calls
from tests.test_calculator_forms import CASES, TABLES

GLUE = calculator_module("page_glue")
DEFAULTS = {
    "jump": {
        "direction": "horizontal",
        "distance": "10",
        "run_up": "on",
        "speed": "30",
        "armour": "none",
        "strength": "12",
        "tumbling": "0",
    },
    "breath": {"constitution": "12", "endurance": "0", "swimming": "none", "violent": ""},
    "object-damage": {"target": "object:good-wooden-door", "damage": "1d8+2", "strength": "16"},
    "initiative": {"dexterity": "12", "improved_initiative": "", "roll": "5", "combatants": ""},
    "initiative-points": {"combatants": "Krom 10\nMazrok 4", "actions": "Krom 5 attack\nKrom 5 attack"},
}
ROLLS = [3, 7, 10, 1, 5, 5, 9, 2]


def as_form(calculator: str, case: dict) -> dict:
    form = dict(DEFAULTS[calculator])
    for name, value in case.items():
        form[name] = ("on" if value else "") if isinstance(value, bool) else value
    return form


JOBS = [(c, lang, as_form(c, case)) for c in CALCULATOR_IDS for case in CASES[c] for lang in ("fr", "en")]
JOBS += [
    ("initiative", lang, as_form("initiative", {"combatants": "A, 14\nB, 16, oui\nC\nD, 9, , 4"}))
    for lang in ("fr", "en")
]


def test_micropython_and_cpython_agree_on_every_form_case():
    results = run_calls([call("page_glue", "run", c, form, TABLES, lang, ROLLS) for c, lang, form in JOBS])
    for (calculator, lang, form), result in zip(JOBS, results):
        assert result["ok"], result.get("error")
        assert result["value"] == GLUE.run(calculator, form, TABLES, lang, ROLLS), (calculator, lang, form)


@pytest.mark.parametrize("calculator", CALCULATOR_IDS)
def test_every_output_of_the_form_contract_is_given(calculator):
    result = GLUE.run(calculator, DEFAULTS[calculator], TABLES, "en", ROLLS)
    assert result["ok"] and set(result["outputs"]) == set(OUTPUTS[calculator])


def test_breath_gives_its_round_by_round_table_and_what_follows_a_failed_check():
    result = GLUE.run("breath", DEFAULTS["breath"], TABLES, "fr", [])
    assert result["table"]["rows"][0][:2] == ["13", "10"]
    assert any("inconsciente" in note for note in result["notes"])


def test_roll_for_me_uses_the_rolls_the_page_draws():
    form = as_form("initiative", {"combatants": "A, 12\nB, 12, , 9"})
    result = GLUE.run("initiative", form, TABLES, "en", [2])
    assert [row[2] for row in result["table"]["rows"]] == ["A (d10 2)", "B (d10 9)"]


def test_a_bad_combatant_line_names_the_combatants_field():
    result = GLUE.run("initiative", as_form("initiative", {"combatants": "A, 40"}), TABLES, "en", ROLLS)
    assert result["ok"] is False and result["field"] == "combatants"

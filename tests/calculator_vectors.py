"""Cross-runtime vectors of the calculators, generated from their declarations: forms run through page_glue.run
(what the page calls) under CPython, stored as JSON, and replayed under MicroPython (tests/micropython_runner.py) by
tests/test_calculator_vectors.py, which requires the same answers, and fails while a stored file differs from what
CPython computes now, so a stale file is never missed.

The forms of a calculator: its defaults (as its form shows them), each value of each choice, each input's range
boundaries and the values just outside, an empty and an odd text in every input, the `examples` its declaration
gives, and every combination of its choices and checkboxes.

Regenerate after a deliberate change of a calculator or of its data:  python tests/calculator_vectors.py [id ...]
"""

from __future__ import annotations

import itertools
import json
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from calculators.calc_common import Context, choice_options, default_value, row_checkboxes  # noqa: E402
from calculators.page_glue import run  # noqa: E402
from codex.components.calculators import calculator_data, declarations, declared_modules  # noqa: E402
from tests.project_data import project_dataset  # noqa: E402

VECTOR_DIR = Path(__file__).resolve().parent / "calculator_vectors"
LANGS = ("fr", "en")
ROLLS = [3, 7, 10, 1, 5, 5, 9, 2, 4, 6, 8, 1]  # the d10 rolls "roll for me" takes, as the page would draw them
# Text no calculator reads as a value: empty, blank, and the characters both Pythons treat differently.
ODD_TEXTS = ["", " ", "\u00a0\u202f", "abc", "1e3", "7.5", "0x10", "1_0", "\u0661\u0662", "NaN", "x" * 60, "\t\u2009"]


@cache
def browser_data() -> dict:
    """What the browser receives, every calculator's data/<id>.json merged: the data the declarations name (French
    typography applied)."""
    return calculator_data(project_dataset())


def default_form(calculator_id: str, lang: str) -> dict[str, str]:
    """The values the form shows before any input, as the page sends them (strings; a checkbox is 'on' or '')."""
    ctx = Context(browser_data(), calculator_id, lang)
    form = {}
    for spec in declarations()[calculator_id]["inputs"]:
        default = default_value(spec, ctx)
        if spec["kind"] == "checkbox":
            form[spec["name"]] = "on" if default else ""
        elif spec["kind"] == "checkboxes":
            for row_id, _ in row_checkboxes(spec, ctx):
                form[row_id] = "on" if row_id in default else ""
        else:
            form[spec["name"]] = str(default)
    return form


def choice_values(calculator_id: str, spec: dict, lang: str) -> list[str]:
    """Every value a choice input offers, as its form lists them."""
    data = browser_data()
    if "options" in spec:
        pairs = getattr(declared_modules()[calculator_id], spec["options"])(data, lang)
    else:
        pairs = choice_options(spec, Context(data, calculator_id, lang))
    return [value for value, _ in pairs]


def input_values(calculator_id: str, spec: dict, lang: str) -> list[str]:
    """The values the vectors try in one input: valid ones, boundaries, just outside, and odd text."""
    kind = spec["kind"]
    values: list[str] = []
    if kind == "integer":
        low, high, default = spec["min"], spec["max"], spec["default"]
        values += [str(v) for v in (low, high, low - 1, high + 1, (low + high) // 2, default)]
        values += [f"+{default}", f"\u2212{high}", f"-{low}", f"\u00a0{default}\u202f", str(high * 10**12)]
    elif kind == "checkbox":
        values += ["on", "", "ON", "true", "off", "maybe", "\u00a0on\u2009"]
    elif kind == "choice":
        offered = choice_values(calculator_id, spec, lang)
        values += offered + [offered[0] + "\u00a0", offered[-1].upper(), "unknown"]
    values += spec.get("examples", [])
    return values + ODD_TEXTS


def vector_forms(calculator_id: str, lang: str) -> list[dict[str, str]]:
    """The forms of one calculator's vectors, in one language (see the module's docstring)."""
    declared = declarations()[calculator_id]
    base = default_form(calculator_id, lang)
    forms = [dict(base), {}, {name: "" for name in base}]
    for spec in declared["inputs"]:
        if spec["kind"] == "checkboxes":  # each row's box alone, all of them, and odd values in the first
            rows = [row_id for row_id, _ in row_checkboxes(spec, Context(browser_data(), calculator_id, lang))]
            for row_id in rows:
                forms.append(dict(base, **{other: "on" if other == row_id else "" for other in rows}))
            forms.append(dict(base, **{row_id: "on" for row_id in rows}))
            for value in ["ON", "maybe", "\u00a0on\u2009", *ODD_TEXTS]:
                forms.append(dict(base, **{rows[0]: value}))
            continue
        for value in input_values(calculator_id, spec, lang):
            forms.append(dict(base, **{spec["name"]: value}))
    switches = [spec for spec in declared["inputs"] if spec["kind"] in ("choice", "checkbox")]
    choices = [
        choice_values(calculator_id, spec, lang) if spec["kind"] == "choice" else ["on", ""] for spec in switches
    ]
    for combination in itertools.product(*choices):
        forms.append(dict(base, **{spec["name"]: value for spec, value in zip(switches, combination)}))
    unique = []
    for form in forms:
        if form not in unique:
            unique.append(form)
    return unique


def vector_path(calculator_id: str) -> Path:
    return VECTOR_DIR / f"{calculator_id}.json"


def compute_vectors(calculator_id: str) -> list[dict]:
    """Each vector: the form, the language and what page_glue.run answers under CPython (through JSON, as stored)."""
    data = browser_data()
    vectors = [
        {"form": form, "lang": lang, "expected": run(calculator_id, form, data, lang, ROLLS)}
        for lang in LANGS
        for form in vector_forms(calculator_id, lang)
    ]
    return json.loads(json.dumps(vectors, ensure_ascii=False))


def write_vectors(calculator_id: str) -> Path:
    VECTOR_DIR.mkdir(exist_ok=True)
    path = vector_path(calculator_id)
    lines = [json.dumps(v, ensure_ascii=False, sort_keys=True) for v in compute_vectors(calculator_id)]
    path.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")
    return path


def read_vectors(calculator_id: str) -> list[dict]:
    return json.loads(vector_path(calculator_id).read_text(encoding="utf-8"))


# ------------------------------------------------------------------ contract checks shared by the tests

BAD_WORDS = ("nan", "inf", "None", "undefined", "Traceback")


def texts_of(value):
    """Every string inside a result, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from texts_of(v)
    elif isinstance(value, list):
        for v in value:
            yield from texts_of(v)


def check_contract(result: dict, output_names, typed: str = "") -> None:
    """The shape of a calculate() result: ok with every output (int or half or 'none' value, non-empty text), or
    an error naming a field; no 'nan'/'inf'/'None' word anywhere in the texts unless the user typed it."""
    assert isinstance(result, dict)
    if result["ok"]:
        assert sorted(result["outputs"]) == sorted(output_names)
        for name in output_names:
            out = result["outputs"][name]
            value = out["value"]
            assert isinstance(value, str) or (isinstance(value, (int, float)) and not isinstance(value, bool)), out
            if isinstance(value, float):
                assert (value * 2).is_integer(), out
            assert isinstance(out["text"], str) and out["text"], out
        assert isinstance(result["working"], list) and result["working"]
        assert all(isinstance(line, str) and line for line in result["working"])
    else:
        assert isinstance(result["error"], str) and result["error"]
        assert isinstance(result["field"], str)
    for text in texts_of(result):
        words = text.replace("(", " ").replace(")", " ").replace(":", " ").replace(",", " ").split()
        for word in BAD_WORDS:
            if word in typed:
                continue
            assert word not in words and not text.startswith(word), (word, text)


if __name__ == "__main__":
    for name in sys.argv[1:] or list(declarations()):
        print(write_vectors(name))

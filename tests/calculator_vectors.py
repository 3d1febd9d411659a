"""Shared vectors for the calculators: forms run through `calculate` under CPython, stored as JSON, and replayed
under MicroPython (tests/micropython_runner.py) to check that both give exactly the same output.

Regenerate after a deliberate change of a calculator:  python tests/calculator_vectors.py [name ...]
(the tests fail while a stored vector differs from what CPython computes now, so a stale file is never missed).
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CALC_DIR = ROOT / "calculators"
TABLES_DIR = ROOT / "data" / "tables"
VECTOR_DIR = Path(__file__).resolve().parent / "calculator_vectors"

# calculator name -> (module name, table ids it needs)
CALCULATORS = {
    "jump": ("jump", ["ability-bonus-skills", "jump-armour-penalty"]),
    "breath": ("breath", ["ability-bonus-skills", "swimming-breath-bonus"]),
    "object-damage": ("object_damage", ["ability-bonus-skills", "materials", "standard-objects"]),
    "initiative": ("initiative", ["ability-bonus-adnd"]),
}


def load_tables(ids) -> dict:
    return {tid: yaml.safe_load((TABLES_DIR / f"{tid}.yaml").read_text(encoding="utf-8")) for tid in ids}


def tables_for(name: str) -> dict:
    return load_tables(CALCULATORS[name][1])


def module_for(name: str):
    return importlib.import_module("calculators." + CALCULATORS[name][0])


# ------------------------------------------------------------------ the forms of each vector file


def _jump_forms():
    forms = []
    for direction in ("horizontal", "vertical"):
        for distance in ("1", "5", "10", "23", "1000"):
            for run_up in ("on", ""):
                forms.append(
                    {
                        "direction": direction,
                        "distance": distance,
                        "run_up": run_up,
                        "speed": "30",
                        "armour": "none",
                        "strength": "12",
                        "tumbling": "0",
                    }
                )
    for speed in ("0", "5", "20", "25", "30", "35", "40", "60", "200"):
        forms.append(
            {
                "direction": "horizontal",
                "distance": "10",
                "run_up": "on",
                "speed": speed,
                "armour": "medium",
                "strength": "16",
                "tumbling": "4",
            }
        )
    for strength in ("1", "3", "4", "7", "8", "11", "14", "15", "18", "22", "25"):
        for tumbling in ("0", "3", "6"):
            forms.append(
                {
                    "direction": "vertical",
                    "distance": "3",
                    "run_up": "on",
                    "speed": "30",
                    "armour": "heavy",
                    "strength": strength,
                    "tumbling": tumbling,
                }
            )
    for armour in ("none", "semi-light", "medium", "heavy"):
        forms.append(
            {
                "direction": "horizontal",
                "distance": "12",
                "run_up": "",
                "speed": "40",
                "armour": armour,
                "strength": "17",
                "tumbling": "5",
            }
        )
    bad = [
        {},
        {"direction": "diagonal"},
        {"direction": "horizontal", "distance": "abc"},
        {"direction": "horizontal", "distance": "-5"},
        {"direction": "horizontal", "distance": "0"},
        {"direction": "horizontal", "distance": "1001"},
        {"direction": "horizontal", "distance": "99999999999999"},
        {"direction": "horizontal", "distance": "10", "run_up": "maybe"},
        {"direction": "horizontal", "distance": "10", "run_up": "on", "speed": "1e3"},
        {"direction": "horizontal", "distance": "10", "run_up": "on", "speed": "30", "armour": "plate"},
        {
            "direction": "horizontal",
            "distance": "10",
            "run_up": "on",
            "speed": "30",
            "armour": "none",
            "strength": "26",
        },
        {
            "direction": "horizontal",
            "distance": "10",
            "run_up": "on",
            "speed": "30",
            "armour": "none",
            "strength": "15",
            "tumbling": "7",
        },
        {"direction": "horizontal", "distance": "10,5", "run_up": "on"},
    ]
    return forms + bad


def _breath_forms():
    forms = []
    for con in ("1", "3", "8", "12", "14", "15", "18", "25"):
        for swimming in ("none", "0", "1", "6"):
            for violent in ("", "on"):
                forms.append({"constitution": con, "endurance": "2", "swimming": swimming, "violent": violent})
    for endurance in ("0", "3", "6"):
        forms.append({"constitution": "13", "endurance": endurance, "swimming": "3", "violent": "on"})
    bad = [
        {},
        {"constitution": "0"},
        {"constitution": "x"},
        {"constitution": "12", "endurance": "7"},
        {"constitution": "12", "endurance": "1", "swimming": "7"},
        {"constitution": "12", "endurance": "1", "swimming": "VI"},
        {"constitution": "12", "endurance": "1", "swimming": "2", "violent": "nope"},
    ]
    return forms + bad


def _object_forms():
    forms = []
    for target in (
        "material:paper:thin",
        "material:paper:normal",
        "material:wood-bone:thick",
        "material:stone:normal",
        "material:adamantine:thick",
        "object:rope",
        "object:small-chest",
        "object:good-wooden-door",
        "object:hewn-stone",
        "object:iron-door",
    ):
        for damage in ("0", "5", "7", "12", "30", "2d6+3", "d8", "1d4-1", "3d6", "10d10+5", "100d100", "2d20-2"):
            forms.append({"target": target, "damage": damage, "strength": "16"})
    for strength in ("1", "8", "18", "25"):
        forms.append({"target": "object:treasure-chest", "damage": "1d8+2", "strength": strength})
    bad = [
        {},
        {"target": "object:unicorn"},
        {"target": "material:stone:huge"},
        {"target": "material:stone"},
        {"target": "object:rope", "damage": "abc"},
        {"target": "object:rope", "damage": "0d6"},
        {"target": "object:rope", "damage": "101d6"},
        {"target": "object:rope", "damage": "2d1"},
        {"target": "object:rope", "damage": "2d101"},
        {"target": "object:rope", "damage": "1d4-2"},
        {"target": "object:rope", "damage": "-3"},
        {"target": "object:rope", "damage": "1001"},
        {"target": "object:rope", "damage": "2d6+3", "strength": ""},
        {"target": "object:rope", "damage": "d", "strength": "12"},
    ]
    return forms + bad


def _initiative_forms():
    forms = []
    for dex in ("1", "3", "4", "6", "7", "14", "15", "16", "18", "20", "25"):
        for improved in ("", "on"):
            for roll in ("1", "5", "9", "10"):
                forms.append({"dexterity": dex, "improved_initiative": improved, "roll": roll})
    bad = [
        {},
        {"dexterity": "16", "roll": "0"},
        {"dexterity": "16", "roll": "11"},
        {"dexterity": "16", "roll": "d10"},
        {"dexterity": "0", "roll": "5"},
        {"dexterity": "sixteen"},
    ]
    return forms + bad


FORMS = {"jump": _jump_forms, "breath": _breath_forms, "object-damage": _object_forms, "initiative": _initiative_forms}


def vector_path(name: str) -> Path:
    return VECTOR_DIR / f"{name}.json"


def compute_vectors(name: str) -> list:
    module = module_for(name)
    tables = tables_for(name)
    vectors = []
    for form in FORMS[name]():
        for lang in ("fr", "en"):
            vectors.append({"form": form, "lang": lang, "expected": module.calculate(form, tables, lang)})
    # round-trip through JSON, as stored
    return json.loads(json.dumps(vectors, ensure_ascii=False))


def write_vectors(name: str) -> Path:
    VECTOR_DIR.mkdir(exist_ok=True)
    path = vector_path(name)
    lines = [json.dumps(v, ensure_ascii=False, sort_keys=True) for v in compute_vectors(name)]
    path.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")
    return path


def read_vectors(name: str) -> list:
    return json.loads(vector_path(name).read_text(encoding="utf-8"))


def micropython_outputs(name: str, vectors: list) -> list:
    """The same calls under MicroPython; returns the decoded results (one per vector)."""
    from micropython_runner import call, run_calls

    module_name = CALCULATORS[name][0]
    tables = tables_for(name)
    results = run_calls([call(module_name, "calculate", v["form"], tables, v["lang"]) for v in vectors])
    out = []
    for v, r in zip(vectors, results):
        assert r["ok"], f"MicroPython raised for {v['form']!r} ({v['lang']}):\n{r['error']}"
        out.append(r["value"])
    return out


if __name__ == "__main__":
    for calc in sys.argv[1:] or list(FORMS):
        print(write_vectors(calc))


# ------------------------------------------------------------------ contract checks shared by the tests

BAD_WORDS = ("nan", "inf", "None", "undefined", "Traceback")


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v)


def check_contract(result: dict, output_names) -> None:
    """The shape of a calculate() result: ok with every output (int or half or 'none' value, non-empty text), or
    an error naming a field; no 'nan'/'inf'/'None' anywhere in the texts."""
    assert isinstance(result, dict)
    if result["ok"]:
        assert sorted(result["outputs"]) == sorted(output_names)
        for name in output_names:
            out = result["outputs"][name]
            value = out["value"]
            assert value == "none" or (isinstance(value, (int, float)) and not isinstance(value, bool)), out
            if isinstance(value, float):
                assert (value * 2).is_integer(), out
            assert isinstance(out["text"], str) and out["text"], out
        assert isinstance(result["working"], list) and result["working"]
        assert all(isinstance(line, str) and line for line in result["working"])
    else:
        assert isinstance(result["error"], str) and result["error"]
        assert isinstance(result["field"], str)
    for text in _texts(result):
        words = text.replace("(", " ").replace(")", " ").replace(":", " ").replace(",", " ").split()
        for word in BAD_WORDS:
            assert word not in words and not text.startswith(word), (word, text)

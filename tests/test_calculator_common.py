"""Shared calculator helpers (calc_common): localized numbers, parsing, and the MicroPython subset rules."""

from __future__ import annotations

import ast

import calculator_vectors as cv
from micropython_runner import call, run_calls

from calculators import calc_common as cc

MODULES = ("calc_common", "jump", "breath", "object_damage", "initiative")


def test_localized_numbers():
    assert cc.fmt_int(-3) == "\u22123" and cc.fmt_signed(3) == "+3" and cc.fmt_signed(0) == "0"
    assert cc.fmt_percent(45, "fr") == "45\u202f%" and cc.fmt_percent(45, "en") == "45%"
    assert cc.fmt_half(9, "fr") == "4,5" and cc.fmt_half(9, "en") == "4.5" and cc.fmt_half(8, "en") == "4"
    assert cc.fmt_fraction_percent(9, 250, "fr") == "3,6\u202f%"
    assert cc.fmt_fraction_percent(1, 100000, "en") == "< 0.1%"
    assert cc.fmt_fraction_percent(99999, 100000, "en") == "> 99.9%"
    assert cc.fmt_fraction_percent(0, 1, "en") == "0%" and cc.fmt_fraction_percent(1, 1, "fr") == "100\u202f%"
    assert cc.fraction_tenths_percent(1, 8) == 125  # 12.5 %


def test_parse_int_accepts_only_ascii_whole_numbers():
    ok = {" 12 ": 12, "+7": 7, "\u221205": -5, "\u00a018\u202f": 18}
    for raw, value in ok.items():
        assert cc.parse_int({"f": raw}, "f", "en", -100, 100) == value
    for raw in ("", "1_0", "١٢", "12.0", "1e3", "12a", "--1", "0x10", None):
        try:
            cc.parse_int({"f": raw}, "f", "en", -100, 100)
        except cc.InputError as exc:
            assert exc.result["ok"] is False and exc.result["field"] == "f"
        else:
            raise AssertionError(raw)


def test_modules_stay_in_the_micropython_subset():
    forbidden_imports = {"dataclasses", "enum", "typing", "functools", "itertools", "re", "fractions"}
    for name in MODULES:
        tree = ast.parse((cv.CALC_DIR / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.level == 0 and node.module in ["calculators"] + ["calculators." + m for m in MODULES], (
                    name,
                    node.module,
                )
            if isinstance(node, ast.Import):
                assert all(a.name == "math" for a in node.names), name
                assert not {a.name for a in node.names} & forbidden_imports
            assert not isinstance(node, ast.Match), name
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr not in (
                    "title",
                    "ljust",
                    "rjust",
                    "zfill",
                    "format_map",
                    "isdigit",
                    "isnumeric",
                    "isdecimal",
                ), (name, node.func.attr)
                if node.func.attr == "sort":
                    assert not node.keywords, (name, "sort with a key relies on stability")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sorted":
                assert not node.keywords, (name, "sorted with a key relies on stability")


def test_reference_tables_agree_under_micropython():
    skills = cv.load_tables(["swimming-breath-bonus", "standard-objects"])
    calls = [
        call("jump", "reference_table"),
        call("breath", "reference_table", skills["swimming-breath-bonus"]),
        call("breath", "reference_table", skills["swimming-breath-bonus"], [3, 12, 25], True, 3),
        call("object_damage", "reference_table", skills["standard-objects"]),
        call("object_damage", "pass_chance", 100, 100, -50, 20),
        call("object_damage", "pass_chance", 7, 6, 2, 20),
    ]
    from calculators import breath, jump, object_damage

    expected = [
        [list(r) for r in jump.reference_table()],
        breath.reference_table(skills["swimming-breath-bonus"]),
        breath.reference_table(skills["swimming-breath-bonus"], [3, 12, 25], True, 3),
        object_damage.reference_table(skills["standard-objects"]),
        list(object_damage.pass_chance(100, 100, -50, 20)),
        list(object_damage.pass_chance(7, 6, 2, 20)),
    ]
    got = run_calls(calls)
    assert [g.get("value") for g in got] == expected, got

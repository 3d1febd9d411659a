"""Every declared calculator answers the same under MicroPython (the reader's browser) as under CPython (the build and
the tests), on the vectors its declaration generates (tests/calculator_vectors.py), and those stored vectors are
current; its reference table is the same under both too."""

from __future__ import annotations

import pytest

from codex.components.calculators import declarations
from tests.calculator_vectors import LANGS, ROLLS, browser_data, compute_vectors, read_vectors, vector_path
from tests.micropython_runner import call, run_calls, shared

CALCULATORS = list(declarations())


@pytest.mark.parametrize("calculator_id", CALCULATORS)
def test_vectors_are_current_and_micropython_gives_the_same_answers(calculator_id):
    stale = f"stale {vector_path(calculator_id).name}: run python tests/calculator_vectors.py {calculator_id}"
    assert vector_path(calculator_id).is_file(), stale
    vectors = read_vectors(calculator_id)
    assert vectors == compute_vectors(calculator_id), stale
    results = run_calls(
        [call("page_glue", "run", calculator_id, v["form"], shared("data"), v["lang"], ROLLS) for v in vectors],
        shared={"data": browser_data()},
    )
    for vector, result in zip(vectors, results, strict=True):
        assert result["ok"], f"MicroPython raised for {vector['form']!r} ({vector['lang']}):\n{result['error']}"
        assert result["value"] == vector["expected"], (vector["form"], vector["lang"])


REFERENCES = [
    (calculator_id, lang, compact)
    for calculator_id, declared in declarations().items()
    if declared["reference"] is not None
    for lang in LANGS
    for compact in ([False, True] if declared["reference"]["compact"] else [False])
]


def test_reference_tables_are_the_same_under_micropython():
    from codex.components.calculators import declared_modules

    data = browser_data()
    results = run_calls(
        [
            call(calculator_id.replace("-", "_"), "reference", shared("data"), lang, compact)
            for calculator_id, lang, compact in REFERENCES
        ],
        shared={"data": data},
    )
    for (calculator_id, lang, compact), result in zip(REFERENCES, results, strict=True):
        assert result["ok"], result.get("error")
        expected = declared_modules()[calculator_id].reference(data, lang, compact)
        assert result["value"] == {**expected, "rows": [list(row) for row in expected["rows"]]}
        assert result["value"]["rows"], calculator_id

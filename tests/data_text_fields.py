"""Find every bilingual text of a data file and say which lack a language; used by tests/test_data_bilingual.py."""

from __future__ import annotations

from collections.abc import Iterator

LANGS = ("fr", "en")


def texts(node: object, path: str = "") -> Iterator[tuple[str, dict]]:
    """(field path, mapping) for every mapping that holds an 'fr' or an 'en' key, at any depth."""
    if isinstance(node, dict):
        if any(lang in node for lang in LANGS):
            yield path, node
        for key, value in node.items():
            yield from texts(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from texts(value, f"{path}[{index}]")


def one_sided(document: object) -> list[str]:
    """'rows[3].name: has fr, lacks en' for each text that is not a non-empty string in both languages."""
    problems = []
    for path, mapping in texts(document):
        for lang in LANGS:
            value = mapping.get(lang)
            # a text is a non-empty string; a per-language list ({fr: [...], en: [...]}) may be empty but present
            if not (isinstance(value, str) and value.strip()) and not (isinstance(value, list) and lang in mapping):
                other = next(code for code in LANGS if code != lang)
                problems.append(f"{path or '(top level)'}: has {other}, lacks {lang} (got {value!r})")
    return problems

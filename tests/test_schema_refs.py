"""The schemas with their references written in place (codex/data/schema_refs.py) validate as the schemas do."""

from __future__ import annotations

import json

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from codex.data.loading import SCHEMA_LINE, data_files, schema_files
from codex.data.schema_refs import with_refs_in_place
from tests.conftest import ROOT

DATA = ROOT / "data"


def registry_of(schemas: dict) -> Registry:
    return Registry().with_resources((name, Resource.from_contents(s, DRAFT202012)) for name, s in schemas.items())


def errors(schemas: dict, name: str, instance) -> list[tuple[list, str]]:
    validator = Draft202012Validator(schemas[name], registry=registry_of(schemas))
    return sorted((list(map(str, e.absolute_path)), e.message) for e in validator.iter_errors(instance))


def test_a_reference_beside_other_keywords_applies_both():
    schemas = {
        "common.json": {"$defs": {"short": {"type": "string", "maxLength": 3}}},
        "main.json": {"$ref": "common.json#/$defs/short", "description": "a code", "pattern": "^[a-z]*$"},
    }
    inlined = with_refs_in_place(schemas)
    assert "$ref" not in json.dumps(inlined["main.json"])
    for value in ["abc", "abcd", "AB", 5]:
        assert errors(inlined, "main.json", value) == errors(schemas, "main.json", value)
    assert errors(inlined, "main.json", "ABCD") == [
        ([], "'ABCD' does not match '^[a-z]*$'"),
        ([], "'ABCD' is too long"),
    ]


def test_a_recursive_reference_stays_a_reference_that_still_resolves():
    schemas = {
        "tree.json": {
            "$defs": {"node": {"type": "object", "properties": {"children": {"items": {"$ref": "#/$defs/node"}}}}},
            "$ref": "#/$defs/node",
        }
    }
    inlined = with_refs_in_place(schemas)
    assert '"$ref": "tree.json#/$defs/node"' in json.dumps(inlined["tree.json"])
    bad = {"children": [{"children": [5]}]}
    assert errors(inlined, "tree.json", bad) == errors(schemas, "tree.json", bad) != []


def test_every_data_file_and_a_broken_copy_of_it_give_the_same_errors_either_way():
    """Every string of each file's first item made a number: the project's schemas, as written and in place, find
    the same errors at the same places."""
    schemas = {path.name: json.loads(path.read_text("utf-8")) for path in schema_files(DATA / "schemas")}
    inlined = with_refs_in_place(schemas)

    def broken(value):
        if isinstance(value, dict):
            return {k: broken(v) for k, v in value.items()}
        if isinstance(value, list):
            return [broken(v) for v in value]
        return 5 if isinstance(value, str) else value

    compared = 0
    for path in data_files(DATA):
        text = path.read_text("utf-8")
        name = SCHEMA_LINE.match(text.splitlines()[0]).group(1).split("/")[-1]
        content = yaml.safe_load(text)
        assert errors(inlined, name, content) == errors(schemas, name, content) == [], path
        items = next((v for v in content.values() if isinstance(v, list) and v), None)
        if items:
            items[0] = broken(items[0])
            found = errors(schemas, name, content)
            assert found and errors(inlined, name, content) == found, path
            compared += 1
    assert compared > 50

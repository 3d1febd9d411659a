"""The schemas with their references written in place. jsonschema looks a `$ref` up again at every use (through the
`referencing` registry, a JSON pointer walked each time): that lookup was most of the time the data's validation took
(about 0.2 s of every build). A schema whose `$ref`s are replaced by what they point to validates the same documents
with the same errors, once per schema file instead of once per value.

A `$ref` beside other keywords becomes one more entry of `allOf` (2020-12 applies both in place, as `allOf` does);
a `$ref` that leads back into itself (a recursive schema) stays a reference, written with its file's name so that it
still resolves from wherever it now sits. `$defs` are left as they are, for those references.
"""

from __future__ import annotations

from typing import Any

Schema = Any  # a JSON value: dict, list, str, number, bool or None


def pointed(schemas: dict[str, Schema], ref: str, base: str) -> tuple[str, str, Schema]:
    """What a `$ref` (`file.schema.json#/a/b`, or `#/a/b` inside `base`) points to: its file, pointer and value."""
    name, _, pointer = ref.partition("#")
    name = name or base
    target = schemas[name]
    for part in [p for p in pointer.split("/") if p]:
        part = part.replace("~1", "/").replace("~0", "~")
        target = target[int(part)] if isinstance(target, list) else target[part]
    return name, pointer, target


def written_in_place(node: Schema, base: str, schemas: dict[str, Schema], seen: tuple[str, ...] = ()) -> Schema:
    """`node` (a part of the schema file `base`) with its references replaced by what they point to."""
    if isinstance(node, list):
        return [written_in_place(item, base, schemas, seen) for item in node]
    if not isinstance(node, dict):
        return node
    copy = {
        key: value if key == "$defs" else written_in_place(value, base, schemas, seen)
        for key, value in node.items()
        if key != "$ref"
    }
    ref = node.get("$ref")
    if not isinstance(ref, str):
        return copy
    name, pointer, target = pointed(schemas, ref, base)
    where = f"{name}#{pointer}"
    if where in seen:  # recursive: keep the reference, absolute
        return {**copy, "$ref": where}
    resolved = written_in_place(target, name, schemas, (*seen, where))
    if not copy:
        return resolved
    return {**copy, "allOf": [*copy.get("allOf", []), resolved]}


def with_refs_in_place(schemas: dict[str, Schema]) -> dict[str, Schema]:
    """Every schema file (by its name) with its references written in place."""
    return {name: written_in_place(schema, name, schemas) for name, schema in schemas.items()}

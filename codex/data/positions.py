"""Map a field path inside a YAML document to the line where it is written."""

from __future__ import annotations

from collections.abc import Sequence

import yaml

# libyaml's parser when PyYAML was built with it (ten times faster on data/), else the pure-Python one; both give
# the same nodes, values and positions.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def compose(text: str) -> yaml.Node | None:
    """Parse YAML into nodes, which keep their source positions."""
    return yaml.compose(text, Loader=SAFE_LOADER)


def line_of(root: yaml.Node | None, path: Sequence[str | int]) -> int | None:
    """1-based line of the deepest node that exists along `path`."""
    node = root
    line = node.start_mark.line + 1 if node is not None else None
    for key in path:
        child = None
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if key_node.value == key:
                    child = value_node
                    line = key_node.start_mark.line + 1
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            child = node.value[key]
            line = child.start_mark.line + 1
        if child is None:
            break
        node = child
    return line


def format_path(path: Sequence[str | int]) -> str:
    """rows[3].hardness — the way a contributor reads a field path."""
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out

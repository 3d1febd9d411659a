"""Items of two snapshots matched by id, so that an id renamed with nothing else changed is one item renamed."""

from __future__ import annotations

from collections.abc import Callable


def content_without_id(item: dict) -> dict:
    """What an item holds but its id: two items with the same are one item renamed."""
    return {key: value for key, value in item.items() if key != "id"}


def item_dict(items: object) -> dict[str, dict]:
    """Items with a string id, by id (an old commit's malformed item is left out)."""
    if not isinstance(items, list):
        return {}
    return {i["id"]: i for i in items if isinstance(i, dict) and isinstance(i.get("id"), str)}


def matched_ids(
    old: dict[str, dict], new: dict[str, dict], same: Callable[[dict, dict], bool] | None = None
) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """(old id, new id) of the items kept, the ids removed and the ids added. An item removed and an item added
    that are the `same` (by default: equal but for the id) are one item renamed."""
    same = same or (lambda a, b: content_without_id(a) == content_without_id(b))
    pairs = [(i, i) for i in new if i in old]
    removed = [i for i in old if i not in new]
    added = [i for i in new if i not in old]
    for old_id in list(removed):
        match = next((new_id for new_id in added if same(old[old_id], new[new_id])), None)
        if match is not None:
            pairs.append((old_id, match))
            removed.remove(old_id)
            added.remove(match)
    return pairs, removed, added

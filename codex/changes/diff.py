"""Compare two snapshots of the rules into `Change`s, named as a reader names the rules: a table's title, row and
column, a condition's name, an open question's title, a glossary term, a page's title and section heading.

Order: the tables (by id), the kinds of action, the calculators' rule constants, the conditions, the open
questions, the glossary, then the pages (by path) with their sections in page order. An id renamed with nothing
else changed is a rename ("row-renamed", "table-renamed"), or no change at all where the reader never sees the id
(a condition, a question, a glossary entry, a column). Values are compared as the site shows them, so that what a
reader cannot see (1 written 1.0, a paragraph wrapped again) is no change; wiki links are compared as written and
shown as the words they show.

Each kind of thing is compared by its own module: `tables` (tables, kinds of action, rule constants),
`collections` (conditions, open questions, glossary), `pages`; `places` says where each thing shows and how it
reads, `values`, `matching` and `sentences` serve them all."""

from __future__ import annotations

from codex.changes.collections import condition_changes, glossary_changes, question_changes
from codex.changes.model import Change
from codex.changes.pages import page_changes
from codex.changes.places import Places
from codex.changes.snapshot import Snapshot
from codex.changes.tables import constant_changes, kinds_as_tables, table_changes


def rules_changes(old: Snapshot, new: Snapshot) -> list[Change]:
    """Every change of the rules from `old` to `new`, in a stable order."""
    old_places, new_places = Places(old), Places(new)
    changes: list[Change] = []
    changes += table_changes(old.tables, new.tables, old_places, new_places, "table")
    old_kinds, new_kinds = kinds_as_tables(old.action_kinds), kinds_as_tables(new.action_kinds)
    changes += table_changes(old_kinds, new_kinds, old_places, new_places, "action_kinds")
    changes += constant_changes(old_places, new_places)
    changes += condition_changes(old_places, new_places)
    changes += question_changes(old_places, new_places)
    changes += glossary_changes(old_places, new_places)
    changes += page_changes(old_places, new_places)
    return changes

"""The changes of the rules tables, of the kinds of action (shown as tables) and of the calculators' rule
constants: a table's title, columns, rows, cells and notes, each named 'Table › Row › Column'."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from codex.changes.describe import ui_texts
from codex.changes.matching import item_dict, matched_ids
from codex.changes.model import Change, Texts
from codex.changes.places import Place, Places
from codex.changes.snapshot import LANGS
from codex.changes.values import joined, reworded, same_everywhere, value_texts
from codex.i18n.typography import NARROW_NBSP, colon

SUMMARY_LIMIT = 12  # cells listed in a row's or a column's summary


def summary(pairs: list[tuple[Texts, Texts]]) -> Texts:
    """'label: value; label: value' in each language (French spacing), at most SUMMARY_LIMIT pairs then '…'."""
    out = {}
    for lang in LANGS:
        parts = [f"{label[lang]}{colon(lang)} {value[lang]}" for label, value in pairs[:SUMMARY_LIMIT]]
        parts += ["…"] if len(pairs) > SUMMARY_LIMIT else []
        out[lang] = (NARROW_NBSP + "; " if lang == "fr" else "; ").join(parts)
    return out


def text_kind(old_value: object, new_value: object, old_shown: Texts, new_shown: Texts) -> str:
    """'wording' when a {fr, en} text (not a number) changed in one language only, else 'cell'."""
    changed = [lang for lang in LANGS if old_shown[lang] != new_shown[lang]]
    is_text = isinstance(old_value, dict) and isinstance(new_value, dict)
    return "wording" if is_text and len(changed) == 1 else "cell"


class TableView:
    """A table as the site shows it: its title, its columns' heads, each row's name and cells."""

    def __init__(self, table: dict, places: Places) -> None:
        self.table = table
        self.places = places
        self.columns = item_dict(table.get("columns"))
        self.rows = item_dict(table.get("rows"))
        visible = [c for c in self.columns.values() if not c.get("hidden")]
        self.name_column = visible[0]["id"] if visible else ""

    @property
    def title(self) -> Texts:
        return self.places.shown(self.table.get("title"), self.table.get("id", ""))

    def head(self, column_id: str) -> Texts:
        """The column's label, with its unit in brackets when it has one (as the table's head shows it)."""
        column = self.columns[column_id]
        label = self.places.shown(column.get("label"), column_id)
        if not column.get("unit"):
            return label
        unit = self.places.shown(column.get("unit"))
        return {lang: f"{label[lang]} ({unit[lang]})" for lang in LANGS}

    def raw_cell(self, row_id: str, column_id: str) -> Texts:
        """The cell as written (wiki links as written), in the column's format: what is compared."""
        column = self.columns.get(column_id, {})
        return value_texts(self.rows.get(row_id, {}).get(column_id), column.get("format", "plain"))

    def cell(self, row_id: str, column_id: str) -> Texts:
        """The cell as shown: what is reported."""
        return self.places.words(self.raw_cell(row_id, column_id))

    def row_name(self, row_id: str) -> Texts:
        """The row's cell in the first shown column (its name), else its id."""
        if self.name_column and self.rows[row_id].get(self.name_column) is not None:
            return self.cell(row_id, self.name_column)
        return same_everywhere(row_id)

    def row_summary(self, row_id: str) -> Texts:
        """'Column: value; column: value' of the row's shown cells but its name."""
        shown = [c for c in self.columns if c != self.name_column and not self.columns[c].get("hidden")]
        return summary([(self.head(c), self.cell(row_id, c)) for c in shown])

    def column_summary(self, column_id: str) -> Texts:
        """'Row: value; row: value' of the column."""
        return summary([(self.row_name(r), self.cell(r, column_id)) for r in self.rows])


def same_column(old: TableView, new: TableView) -> Callable[[dict, dict], bool]:
    """A column whose id changed: the same head and the same cells in every row."""

    def same(a: dict, b: dict) -> bool:
        if old.head(a["id"]) != new.head(b["id"]):
            return False
        return all(r in old.rows and old.raw_cell(r, a["id"]) == new.raw_cell(r, b["id"]) for r in new.rows)

    return same


def table_changes(
    old_tables: dict[str, dict], new_tables: dict[str, dict], old_places: Places, new_places: Places, macro: str
) -> list[Change]:
    """The changes of the tables shown by `macro` (table, action_kinds), by id."""
    pairs, removed, added = matched_ids(old_tables, new_tables)
    renamed = {new_id: old_id for old_id, new_id in pairs if old_id != new_id}
    changes: list[Change] = []
    for table_id in sorted({*old_tables, *new_tables}):
        if table_id in removed:
            view = TableView(old_tables[table_id], old_places)
            place = old_places.table_place(view.table, table_id, macro)
            changes.append(Change("table-removed", *place, view.title, view.title, None))
        elif table_id in renamed:
            view = TableView(new_tables[table_id], new_places)
            place = new_places.table_place(view.table, table_id, macro)
            ids = same_everywhere(renamed[table_id]), same_everywhere(table_id)
            changes.append(Change("table-renamed", *place, view.title, *ids))
        elif table_id in added:
            view = TableView(new_tables[table_id], new_places)
            place = new_places.table_place(view.table, table_id, macro)
            heads = {lang: " · ".join(view.head(c)[lang] for c in view.columns) for lang in LANGS}
            changes.append(Change("table-added", *place, view.title, None, heads))
        elif table_id in new_tables and old_tables[table_id] != new_tables[table_id]:
            old_view, new_view = (
                TableView(old_tables[table_id], old_places),
                TableView(new_tables[table_id], new_places),
            )
            place = new_places.table_place(new_view.table, table_id, macro)
            changes += list(one_table_changes(old_view, new_view, place))
    return changes


def one_table_changes(old: TableView, new: TableView, place: Place) -> Iterator[Change]:
    """The title, columns, rows, cells and notes of a table kept."""
    title = new.title
    if old.title != title:
        kind = text_kind(old.table.get("title"), new.table.get("title"), old.title, title)
        yield Change(kind, *place, joined(title, ui_texts("change_title")), old.title, title)
    column_pairs, columns_removed, columns_added = matched_ids(old.columns, new.columns, same_column(old, new))
    for old_id, new_id in column_pairs:
        before, after = old.head(old_id), new.head(new_id)
        if before != after:
            kind = text_kind(old.columns[old_id].get("label"), new.columns[new_id].get("label"), before, after)
            yield Change(kind, *place, joined(title, before), before, after)
    for column_id in columns_removed:
        yield Change("column-removed", *place, joined(title, old.head(column_id)), old.column_summary(column_id), None)
    for column_id in columns_added:
        yield Change("column-added", *place, joined(title, new.head(column_id)), None, new.column_summary(column_id))
    row_pairs, rows_removed, rows_added = matched_ids(old.rows, new.rows)
    for old_row, new_row in row_pairs:
        if old_row != new_row:
            ids = same_everywhere(old_row), same_everywhere(new_row)
            yield Change("row-renamed", *place, joined(title, new.row_name(new_row)), *ids)
            continue
        for old_column, new_column in column_pairs:
            if old.raw_cell(old_row, old_column) != new.raw_cell(new_row, new_column):
                before, after = old.cell(old_row, old_column), new.cell(new_row, new_column)
                if before == after:  # changed in its markup only (a link added)
                    continue
                raw = old.rows[old_row].get(old_column), new.rows[new_row].get(new_column)
                where = joined(title, new.row_name(new_row), new.head(new_column))
                yield Change(text_kind(*raw, before, after), *place, where, before, after)
    for row_id in rows_removed:
        yield Change("row-removed", *place, joined(title, old.row_name(row_id)), old.row_summary(row_id), None)
    for row_id in rows_added:
        yield Change("row-added", *place, joined(title, new.row_name(row_id)), None, new.row_summary(row_id))
    yield from note_changes(old, new, place)


def note_changes(old: TableView, new: TableView, place: Place) -> Iterator[Change]:
    """The notes under a table, compared one by one in their order ('—' for a note added or removed)."""
    notes = [view.table.get("notes") if isinstance(view.table.get("notes"), list) else [] for view in (old, new)]
    for index in range(max(map(len, notes))):
        raw = [n[index] if index < len(n) else None for n in notes]
        before, after = old.places.shown(raw[0], "—"), new.places.shown(raw[1], "—")
        if reworded(*raw, before, after):
            where = joined(new.title, ui_texts("change_note", number=index + 1))
            yield Change(text_kind(*raw, before, after), *place, where, before, after)


def kinds_as_tables(collections: dict[str, dict]) -> dict[str, dict]:
    """Each kinds-of-action collection as the table the site shows: name, group, description and examples."""
    fields = ("name", "group", "description", "examples")
    tables = {}
    for collection_id, collection in collections.items():
        rows = []
        for item in item_dict(collection.get("items")).values():
            group = item.get("group")
            rows.append({**item, "group": ui_texts(f"kind_group_{group}") if isinstance(group, str) else None})
        columns = [{"id": f, "label": ui_texts(f"kind_column_{f}"), "type": "text"} for f in fields]
        tables[collection_id] = {**collection, "columns": columns, "rows": rows}
    return tables


def constant_changes(old_places: Places, new_places: Places) -> list[Change]:
    """A calculator's rule constant whose value changed (where: the calculator's title › the constant's id)."""
    old, new = old_places.snapshot.calculators, new_places.snapshot.calculators
    changes = []
    for calculator_id in sorted(set(old) & set(new)):
        old_constants = item_dict(old[calculator_id].get("constants"))
        new_constants = item_dict(new[calculator_id].get("constants"))
        for constant_id in [c for c in new_constants if c in old_constants]:
            before = value_texts(old_constants[constant_id].get("value"))
            after = value_texts(new_constants[constant_id].get("value"))
            if before != after:
                title = new_places.shown(new[calculator_id].get("title"), calculator_id)
                document = new_places.source_document(new_constants[constant_id])
                page = new_places.snapshot.page_showing("calculator", calculator_id)
                where = joined(title, same_everywhere(constant_id))
                changes.append(Change("cell", document, page, "", where, before, after))
    return changes

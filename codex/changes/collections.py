"""The changes of the collections: the conditions (name, effects, default duration), the open questions (opened,
decided, reopened, their decision, status, title and readings) and the glossary (term, definition). An item whose
id alone changed is no change: the reader never sees these ids."""

from __future__ import annotations

from codex.changes.describe import ui_texts
from codex.changes.matching import matched_ids
from codex.changes.model import Change, Texts
from codex.changes.places import Places
from codex.changes.sentences import Sentence, changed_sentences, data_sentences, paired_lines
from codex.changes.snapshot import LANGS
from codex.changes.values import joined, reworded, value_texts

DECIDED = "reading-chosen"


def text_list_lines(places: tuple[Places, Places], old_items: list, new_items: list) -> tuple[Texts, ...]:
    """The sentences removed and added of a list of {fr, en} texts (a condition's effects, a question's
    readings), compared as written and shown with wiki links as words."""
    sides = []
    for side_places, items in zip(places, (old_items, new_items)):
        per_lang: dict[str, list[Sentence]] = {lang: [] for lang in LANGS}
        for item in items:
            raw, shown = value_texts(item), side_places.shown(item)
            for lang in LANGS:
                per_lang[lang] += data_sentences(raw[lang], shown[lang])
        sides.append(per_lang)
    return paired_lines({lang: changed_sentences(sides[0][lang], sides[1][lang], lang) for lang in LANGS})


# -- conditions


def effects_of(item: dict) -> list:
    """A condition's effects ({fr, en} texts), [] where an old commit's are not a list."""
    effects = item.get("effects")
    return effects if isinstance(effects, list) else []


def duration(places: Places, condition: dict) -> Texts:
    """The condition's default duration as shown, or the words for none."""
    if condition.get("duration") is None:
        return ui_texts("no_default_duration")
    return places.shown(condition.get("duration"))


def condition_changes(old_places: Places, new_places: Places) -> list[Change]:
    """Conditions removed, changed (name, effects, default duration) and added."""
    old, new = old_places.snapshot.conditions, new_places.snapshot.conditions
    places = (old_places, new_places)
    pairs, removed, added = matched_ids(old, new)
    changes: list[Change] = []
    for condition_id in removed:
        item = old[condition_id]
        name = old_places.shown(item.get("name"), condition_id)
        lines = text_list_lines(places, effects_of(item), [])
        place = old_places.condition_place(condition_id)
        changes.append(Change("condition-removed", *place, name, duration(old_places, item), None, lines))
    for old_id, new_id in pairs:
        before, after = old[old_id], new[new_id]
        if before == after:
            continue
        place = new_places.condition_place(new_id)
        old_name, name = old_places.shown(before.get("name"), old_id), new_places.shown(after.get("name"), new_id)
        if reworded(before.get("name"), after.get("name"), old_name, name):
            changes.append(
                Change("condition-changed", *place, joined(old_name, ui_texts("change_name")), old_name, name)
            )
        lines = text_list_lines(places, effects_of(before), effects_of(after))
        if lines:
            changes.append(
                Change("condition-changed", *place, joined(name, ui_texts("change_effects")), None, None, lines)
            )
        old_duration, new_duration = duration(old_places, before), duration(new_places, after)
        if reworded(before.get("duration"), after.get("duration"), old_duration, new_duration):
            where = joined(name, ui_texts("default_duration"))
            changes.append(Change("condition-changed", *place, where, old_duration, new_duration))
    for condition_id in added:
        item = new[condition_id]
        name = new_places.shown(item.get("name"), condition_id)
        lines = text_list_lines(places, [], effects_of(item))
        place = new_places.condition_place(condition_id)
        changes.append(Change("condition-added", *place, name, None, duration(new_places, item), lines))
    return changes


# -- open questions


def status(question: dict) -> Texts:
    """The status as the question's note names it ('Question ouverte')."""
    return ui_texts("status_" + str(question.get("status", "")).replace("-", "_"))


def question_changes(old_places: Places, new_places: Places) -> list[Change]:
    """Open questions removed, opened and changed, by id."""
    old, new = old_places.snapshot.questions, new_places.snapshot.questions
    pairs, removed, added = matched_ids(old, new)
    kept = {new_id: old_id for old_id, new_id in pairs}
    changes: list[Change] = []
    for question_id in sorted({*removed, *added, *kept}):
        if question_id in removed:
            question = old[question_id]
            title = old_places.shown(question.get("title"), question_id)
            place = old_places.question_place(question)
            changes.append(Change("question-removed", *place, title, status(question), None))
        elif question_id in added:
            question = new[question_id]
            title = new_places.shown(question.get("title"), question_id)
            place = new_places.question_place(question)
            changes.append(Change("question-opened", *place, title, None, status(question)))
        elif old[kept[question_id]] != new[question_id]:
            changes += one_question_changes(old[kept[question_id]], new[question_id], old_places, new_places)
    return changes


def one_question_changes(before: dict, after: dict, old_places: Places, new_places: Places) -> list[Change]:
    """Decided, reopened, its decision changed; its status, title or readings changed."""
    place = new_places.question_place(after)
    title = new_places.shown(after.get("title"), after.get("id", ""))
    old_decision, decision = old_places.shown(before.get("decision")), new_places.shown(after.get("decision"))
    was_decided, is_decided = before.get("status") == DECIDED, after.get("status") == DECIDED
    changes = []
    if is_decided and not was_decided:
        changes.append(Change("question-decided", *place, title, status(before), decision))
    elif was_decided and not is_decided:
        changes.append(Change("question-reopened", *place, title, old_decision, status(after)))
    else:
        if reworded(before.get("decision"), after.get("decision"), old_decision, decision):
            changes.append(Change("question-decision-changed", *place, title, old_decision, decision))
        if before.get("status") != after.get("status"):
            where = joined(title, ui_texts("change_status"))
            changes.append(Change("question-changed", *place, where, status(before), status(after)))
    old_title = old_places.shown(before.get("title"), before.get("id", ""))
    if reworded(before.get("title"), after.get("title"), old_title, title):
        changes.append(
            Change("question-changed", *place, joined(old_title, ui_texts("change_title")), old_title, title)
        )
    readings = [[r.get("text") for r in q.get("readings") or [] if isinstance(r, dict)] for q in (before, after)]
    lines = text_list_lines((old_places, new_places), *readings)
    if lines:
        changes.append(
            Change("question-changed", *place, joined(title, ui_texts("change_readings")), None, None, lines)
        )
    return changes


# -- glossary


def glossary_changes(old_places: Places, new_places: Places) -> list[Change]:
    """Glossary entries removed, redefined (term, definition) and added."""
    old, new = old_places.snapshot.glossary, new_places.snapshot.glossary
    pairs, removed, added = matched_ids(old, new)
    changes: list[Change] = []
    for entry_id in removed:
        entry = old[entry_id]
        term, definition = old_places.shown(entry.get("term"), entry_id), old_places.shown(entry.get("definition"))
        changes.append(Change("term-removed", *old_places.term_place(entry), term, definition, None))
    for old_id, new_id in pairs:
        before, after = old[old_id], new[new_id]
        if before == after:
            continue
        place = new_places.term_place(after)
        old_term, term = old_places.shown(before.get("term"), old_id), new_places.shown(after.get("term"), new_id)
        if reworded(before.get("term"), after.get("term"), old_term, term):
            changes.append(Change("term-redefined", *place, joined(old_term, ui_texts("change_term")), old_term, term))
        old_definition = old_places.shown(before.get("definition"))
        definition = new_places.shown(after.get("definition"))
        if reworded(before.get("definition"), after.get("definition"), old_definition, definition):
            changes.append(Change("term-redefined", *place, term, old_definition, definition))
    for entry_id in added:
        entry = new[entry_id]
        term, definition = new_places.shown(entry.get("term"), entry_id), new_places.shown(entry.get("definition"))
        changes.append(Change("term-added", *new_places.term_place(entry), term, None, definition))
    return changes

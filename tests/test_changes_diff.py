"""The rules diff engine (codex/changes) on a temporary git repository holding the project's rules: each test
commits one kind of change and checks the change found, in both languages, and its Markdown line."""

from __future__ import annotations

from pathlib import Path

import pytest

from codex.changes.describe import describe, describe_lines
from codex.changes.diff import rules_changes
from codex.changes.model import KINDS, Change
from codex.changes.snapshot import GitError, read_snapshot, snapshot_at, snapshot_of_tree
from tests.git_repo import GitRepo

NBSP, NNBSP = "\u00a0", "\u202f"
MATERIALS = "data/tables/materials.yaml"
STONE_ROW = "{id: stone, name: {fr: Pierre, en: Stone}, ac: 4, hardness: 8, hp_thin: 10, hp_normal: 20, hp_thick: 90}"


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo.of_project(tmp_path / "project")


def changes_of_commit(repo: GitRepo, message: str) -> list[Change]:
    """Commit the work tree's changes; the rules' changes from the commit before."""
    before = repo.git("rev-parse", "HEAD").strip()
    after = repo.commit(message)
    return rules_changes(snapshot_at(repo.root, before), snapshot_at(repo.root, after))


def only(changes: list[Change]) -> Change:
    assert len(changes) == 1, [(c.kind, c.where["en"]) for c in changes]
    return changes[0]


def lines_in(change: Change, lang: str) -> list[str]:
    return [line[lang] for line in change.lines if line[lang]]


def test_a_cell_change_names_table_row_and_column_in_the_tables_formatting(repo):
    repo.replace(MATERIALS, STONE_ROW, STONE_ROW.replace("hp_thick: 90", "hp_thick: 80"))
    change = only(changes_of_commit(repo, "Thick stone: 80 hit points"))
    assert (change.kind, change.document, change.page, change.anchor) == (
        "cell",
        "000",
        "object-damage.md",
        "table-materials",
    )
    assert change.where == {
        "fr": "Matériaux standard › Pierre › HP Thick (épais)",
        "en": "Standard materials › Stone › Hit points (thick)",
    }
    assert (change.old, change.new) == ({"fr": "90", "en": "90"}, {"fr": "80", "en": "80"})
    assert describe(change, "fr") == f"**Matériaux standard › Pierre › HP Thick (épais)**{NBSP}: 90 → 80"
    assert describe(change, "en") == "**Standard materials › Stone › Hit points (thick)**: 90 → 80"


def test_numbers_are_compared_as_shown_and_written_in_each_language(repo):
    repo.replace(MATERIALS, STONE_ROW, STONE_ROW.replace("hp_thin: 10,", "hp_thin: 10.0,").replace("ac: 4", "ac: -4.5"))
    change = only(changes_of_commit(repo, "AC of stone"))  # 10 written 10.0 is no change
    assert change.kind == "cell"
    assert change.new == {"fr": "\u22124,5", "en": "\u22124.5"}
    assert describe(change, "fr").endswith(f"{NBSP}: 4 → \u22124,5")


def test_a_row_added_or_removed_is_named_with_a_summary_of_its_cells(repo):
    obsidian = "{id: obsidian, name: {fr: Obsidienne, en: Obsidian}, ac: 4, hardness: 9, hp_thin: 12, hp_normal: 24, hp_thick: 1.5}"
    repo.replace(MATERIALS, f"  - {STONE_ROW}\n", f"  - {STONE_ROW}\n  - {obsidian}\n")
    change = only(changes_of_commit(repo, "Obsidian"))
    assert (change.kind, change.page, change.anchor, change.old) == (
        "row-added",
        "object-damage.md",
        "table-materials",
        None,
    )
    assert change.where == {"fr": "Matériaux standard › Obsidienne", "en": "Standard materials › Obsidian"}
    colon, semicolon = f"{NBSP}:", f"{NNBSP};"
    assert change.new["fr"] == (
        f"AC{colon} 4{semicolon} Hardness{colon} 9{semicolon} HP Thin (fin){colon} 12{semicolon} "
        f"HP Normal{colon} 24{semicolon} HP Thick (épais){colon} 1,5"
    )
    assert (
        change.new["en"]
        == "AC: 4; Hardness: 9; Hit points (thin): 12; Hit points (normal): 24; Hit points (thick): 1.5"
    )
    assert describe(change, "en") == f"**Standard materials › Obsidian**: row added ({change.new['en']})"
    assert describe(change, "fr") == f"**Matériaux standard › Obsidienne**{NBSP}: ligne ajoutée ({change.new['fr']})"

    repo.replace(MATERIALS, f"  - {obsidian}\n", "")
    removed = only(changes_of_commit(repo, "No obsidian"))
    assert (removed.kind, removed.old, removed.new) == ("row-removed", change.new, None)
    assert describe(removed, "en") == f"**Standard materials › Obsidian**: row removed ({change.new['en']})"


def test_a_row_id_renamed_with_nothing_else_is_a_rename(repo):
    repo.replace(MATERIALS, "{id: wood-bone,", "{id: wood-and-bone,")
    change = only(changes_of_commit(repo, "Row id"))
    assert change.kind == "row-renamed"
    assert change.where == {"fr": "Matériaux standard › Bois, os", "en": "Standard materials › Wood, bone"}
    assert (change.old, change.new) == (
        {"fr": "wood-bone", "en": "wood-bone"},
        {"fr": "wood-and-bone", "en": "wood-and-bone"},
    )
    assert describe(change, "en") == "**Standard materials › Wood, bone**: row id renamed, wood-bone → wood-and-bone"

    repo.replace(MATERIALS, "{id: wood-and-bone,", "{id: wood,")
    repo.replace(MATERIALS, "hp_normal: 10, hp_thick: 20}", "hp_normal: 10, hp_thick: 25}")
    kinds = sorted(c.kind for c in changes_of_commit(repo, "Row id and a value"))
    assert kinds == ["row-added", "row-removed"]  # a new id and a new value: another row


def test_a_table_file_renamed_with_the_same_content_is_a_rename(repo):
    text = repo.read(MATERIALS)
    (repo.root / MATERIALS).unlink()
    repo.write("data/tables/building-materials.yaml", text.replace("\nid: materials\n", "\nid: building-materials\n"))
    change = only(changes_of_commit(repo, "Table id"))
    assert (change.kind, change.anchor) == ("table-renamed", "table-building-materials")
    assert (change.old["en"], change.new["en"]) == ("materials", "building-materials")
    assert change.where["fr"] == "Matériaux standard"
    assert (
        describe(change, "fr")
        == f"**Matériaux standard**{NBSP}: identifiant du tableau renommé, materials → building-materials"
    )


def test_a_translation_changed_alone_is_wording_only(repo):
    repo.replace(MATERIALS, "name: {fr: Pierre, en: Stone}", "name: {fr: Pierre, en: Dressed stone}")
    change = only(changes_of_commit(repo, "English name of stone"))
    assert change.kind == "wording"
    assert change.where == {
        "fr": "Matériaux standard › Pierre › Matériau",
        "en": "Standard materials › Dressed stone › Material",
    }
    assert (change.old, change.new) == ({"fr": "Pierre", "en": "Stone"}, {"fr": "Pierre", "en": "Dressed stone"})
    assert (
        describe(change, "en")
        == "**Standard materials › Dressed stone › Material**: Stone → Dressed stone (wording only)"
    )
    assert (
        describe(change, "fr")
        == f"**Matériaux standard › Pierre › Matériau**{NBSP}: seule la formulation anglaise a changé"
    )


def test_a_column_added_lists_its_values_by_row(repo):
    text = repo.read(MATERIALS)
    head = "  - {id: hp_thick, label: {fr: HP Thick (épais), en: Hit points (thick)}, type: number}\n"
    text = text.replace(head, head + "  - {id: break_dc, label: {fr: DD de rupture, en: Break DC}, type: number}\n")
    repo.write(MATERIALS, text.replace("hp_thick: 90}", "hp_thick: 90, break_dc: 35}"))
    change = only(changes_of_commit(repo, "Break DC"))
    assert (change.kind, change.where["en"]) == ("column-added", "Standard materials › Break DC")
    assert change.new["en"].startswith("Paper: —; Rope, strong cloth, glass, ice: —;")
    assert "Stone: 35" in change.new["en"]


def test_an_open_question_decided_gives_its_decision(repo):
    path = "data/open-questions/turn-length.yaml"
    repo.replace(path, "status: open\n", "status: reading-chosen\n")
    repo.write(
        path,
        repo.read(path)
        + 'decision:\n  fr: "Le turn dure 10 rounds : une minute."\n  en: "A turn is 10 rounds: one minute."\n',
    )
    change = only(changes_of_commit(repo, "Turn decided"))
    assert (change.kind, change.document, change.page, change.anchor) == (
        "question-decided",
        "000",
        "time.md",
        "turn-length",
    )
    assert change.where["en"] == "With the 6-second round, how long is an AD&D turn?"
    assert change.new == {"fr": f"Le turn dure 10 rounds{NBSP}: une minute.", "en": "A turn is 10 rounds: one minute."}
    assert describe(change, "en") == (
        "**With the 6-second round, how long is an AD&D turn?**: decided — A turn is 10 rounds: one minute."
    )
    assert describe(change, "fr") == (
        f"**Avec le round de 6 secondes, combien dure le turn{NNBSP}?**{NBSP}: décidée — "
        f"Le turn dure 10 rounds{NBSP}: une minute."
    )

    repo.replace(path, "one minute.", "six minutes.")
    changed = only(changes_of_commit(repo, "Decision changed in English"))
    assert changed.kind == "question-decision-changed"
    assert describe(changed, "fr").endswith("seule la formulation anglaise a changé")

    repo.replace(path, "status: reading-chosen\n", "status: open\n")
    reopened = only(changes_of_commit(repo, "Turn reopened"))
    assert (reopened.kind, reopened.old["en"], reopened.new["en"]) == (
        "question-reopened",
        "A turn is 10 rounds: six minutes.",
        "Open question",
    )


def test_a_section_reworded_shows_its_changed_sentences_in_the_language_that_changed(repo):
    page = "docs/fr/object-damage.md"
    repo.replace(
        page,
        "- **Break DC** = check de force nécessaire pour briser l’objet.",
        "- **Break DC** = check de Force nécessaire pour briser l’objet.",
    )
    # Wrapping a paragraph again is no change.
    repo.replace(page, "d’infliger un réel dommage à\n  la cible", "d’infliger un\n  réel dommage à la cible")
    change = only(changes_of_commit(repo, "Break DC: Strength"))
    assert (change.kind, change.document, change.page, change.anchor) == (
        "section-reworded",
        "000",
        "object-damage.md",
        "definitions",
    )
    assert change.where == {"fr": "Dommages aux objets › Définitions", "en": "Object damage › Definitions"}
    assert lines_in(change, "fr") == [
        "\u2212 Break DC = check de force nécessaire pour briser l’objet.",
        "+ Break DC = check de Force nécessaire pour briser l’objet.",
    ]
    assert lines_in(change, "en") == []
    assert describe(change, "fr") == f"**Dommages aux objets › Définitions**{NBSP}: texte reformulé"
    assert describe(change, "en") == "**Object damage › Definitions**: only the French wording changed"
    assert describe_lines(change, "fr") == lines_in(change, "fr")


def test_a_section_added_or_removed_in_both_languages(repo):
    for lang, heading, text in (
        ("fr", "Objets magiques", "Un objet magique gagne +2 en Hardness par bonus."),
        ("en", "Magic items", "A magic item gains +2 Hardness per bonus."),
    ):
        path = f"docs/{lang}/object-damage.md"
        repo.write(path, repo.read(path) + f"\n## {heading} {{#magic-items}}\n\n{text}\n")
    change = only(changes_of_commit(repo, "Magic items"))
    assert (change.kind, change.anchor) == ("section-added", "magic-items")
    assert change.where == {"fr": "Dommages aux objets › Objets magiques", "en": "Object damage › Magic items"}
    assert lines_in(change, "en") == ["+ A magic item gains +2 Hardness per bonus."]
    assert describe(change, "en") == "**Object damage › Magic items**: section added"

    for lang in ("fr", "en"):
        path = f"docs/{lang}/object-damage.md"
        repo.write(path, repo.read(path).split("\n## Définitions" if lang == "fr" else "\n## Definitions")[0] + "\n")
    anchors = [(c.kind, c.anchor) for c in changes_of_commit(repo, "Only the title")]
    assert ("section-removed", "definitions") in anchors and ("section-removed", "magic-items") in anchors


def test_a_condition_effect_changed_lists_the_effects_removed_and_added(repo):
    repo.replace("data/conditions.yaml", 'fr: "Malus de −1 à l’AC."', 'fr: "Malus de −2 à l’AC."')
    repo.replace("data/conditions.yaml", 'en: "−1 penalty to AC."', 'en: "−2 penalty to AC."')
    change = only(changes_of_commit(repo, "Deafened: −2"))
    assert (change.kind, change.page, change.anchor) == ("condition-changed", "conditions.md", "deafened")
    assert change.where == {"fr": "Assourdi (Deafened) › Effets", "en": "Deafened › Effects"}
    assert lines_in(change, "en") == ["\u2212 \u22121 penalty to AC.", "+ \u22122 penalty to AC."]
    assert describe(change, "en") == "**Deafened › Effects**: text changed"


def test_a_glossary_term_redefined_or_added(repo):
    repo.replace(
        "data/glossary.yaml",
        "the same bonuses apply against a surprised creature.",
        "the same bonuses apply against a helpless creature.",
    )
    change = only(changes_of_commit(repo, "Flanking"))
    assert (change.kind, change.document, change.page, change.anchor) == (
        "term-redefined",
        "000",
        "glossary.md",
        "flanking",
    )
    assert change.where == {"fr": "Flanking", "en": "flanking"}
    assert change.new["en"].endswith("against a helpless creature.")
    assert describe(change, "fr").endswith("seule la formulation anglaise a changé")


def test_a_change_that_readers_cannot_see_is_no_change(repo):
    repo.replace(MATERIALS, "# Feeds the object-damage calculator", "# Feeds the calculator")
    repo.replace("docs/en/object-damage.md", "the thickness of the material.", "the  thickness of\nthe material.")
    # A link that shows the words already there: the reader sees the same text.
    repo.replace("docs/fr/object-damage.md", "pour briser l’objet.", "pour [[term:break-dc|briser]] l’objet.")
    repo.replace("data/conditions.yaml", 'fr: "Malus de −1 à l’AC."', 'fr: "Malus de −1 à l’[[term:ac|AC]]."')
    # The author's text under a section names the source, it is not a rule of the site.
    repo.replace("docs/en/object-damage.md", "the material.", "the material.\n\n{{ author_text('000', 'Hardness') }}")
    assert changes_of_commit(repo, "Comments and wrapping") == []


def test_the_working_tree_reads_as_its_last_commit(repo):
    assert snapshot_of_tree(repo.root) == snapshot_at(repo.root, "HEAD")
    repo.replace(MATERIALS, "hp_thick: 90}", "hp_thick: 80}")
    assert snapshot_of_tree(repo.root) != snapshot_at(repo.root, "HEAD")
    assert snapshot_of_tree(repo.root).tables["materials"]["title"] == {
        "fr": "Matériaux standard",
        "en": "Standard materials",
    }


def test_a_file_that_does_not_parse_in_an_old_commit_is_skipped(repo):
    good = repo.git("rev-parse", "HEAD").strip()
    repo.replace(MATERIALS, "rows:\n", "rows: [\n")
    broken = repo.commit("Broken YAML")
    repo.replace(MATERIALS, "rows: [\n", "rows:\n")
    repo.replace(MATERIALS, "hp_thick: 90}", "hp_thick: 80}")
    fixed = repo.commit("Fixed, and thick stone at 80")
    snapshots = [snapshot_at(repo.root, commit) for commit in (good, broken, fixed)]
    assert "materials" not in snapshots[1].tables and "standard-objects" in snapshots[1].tables
    assert [c.kind for c in rules_changes(snapshots[0], snapshots[1])] == ["table-removed"]
    assert [c.kind for c in rules_changes(snapshots[1], snapshots[2])] == ["table-added"]
    assert only(rules_changes(snapshots[0], snapshots[2])).new == {"fr": "80", "en": "80"}


def test_an_unknown_commit_is_a_git_error(repo):
    with pytest.raises(GitError):
        snapshot_at(repo.root, "no-such-commit")


def test_every_kind_has_its_words_in_both_languages():
    from codex.changes.describe import current_ui

    ui = current_ui()
    for kind in KINDS:
        change = Change(kind, "", "", "", {"fr": "Où", "en": "Where"}, {"fr": "a", "en": "a"}, {"fr": "b", "en": "b"})
        for lang in ("fr", "en"):
            line = describe(change, lang, ui)
            assert line.startswith(f"**{change.where[lang]}**") and f"({kind})" not in line, (kind, lang, line)
    with pytest.raises(ValueError):
        Change("renamed", "", "", "", {}, None, None)


def test_each_page_belongs_to_the_document_of_its_folder_and_site_pages_to_none():
    documents = (
        "# yaml-language-server: $schema=schemas/documents.schema.json\nid: documents\nitems:\n"
        '  - {id: "000", file: a.txt}\n  - {id: "002", file: b.txt, folder: d20}\n'
    )
    snapshot = read_snapshot(
        {
            "data/documents.yaml": documents,
            "data/tables/broken.yaml": "id: [unclosed\n",
            "data/tables/list.yaml": "- not a table\n",
            "docs/fr/object-damage.md": "# Dommages {#object-damage}\n",
            "docs/fr/d20/actions.md": "# Actions {#actions}\n",
            "docs/fr/glossary.md": "---\nsearch:\n  boost: 0.2\n---\n\n# Glossaire {#glossary}\n\n{{ glossary() }}\n",
            "docs/fr/overrides/x.html": "<p>not a page</p>",
        }
    )
    assert snapshot.tables == {}
    assert sorted(snapshot.pages["fr"]) == ["d20/actions.md", "glossary.md", "object-damage.md"]
    assert [snapshot.page_document(p) for p in ("object-damage.md", "d20/actions.md", "glossary.md")] == [
        "000",
        "002",
        "",
    ]
    assert snapshot.document_of_seed("b.txt") == "002"
    assert snapshot.page_showing("glossary", "") == "glossary.md"


def test_a_macro_call_in_a_reworded_sentence_is_said_by_what_it_shows():
    """No reader sees a macro's source: a calculator's constant as its value, the others as what they show, in the
    reader's language; every page macro has its words (data/ui.yaml, change_macro_<name>)."""
    from codex.changes.describe import current_ui
    from codex.changes.pages import shown_markdown
    from codex.changes.places import Places
    from codex.changes.snapshot import Snapshot
    from codex.macros import make_page_macros
    from codex.project.model import Project
    from tests.project_data import project_dataset

    snapshot = Snapshot()
    snapshot.calculators["jump"] = {
        "title": {"fr": "Calculateur de saut", "en": "Jump calculator"},
        "constants": [{"id": "run-up-feet", "value": 20}],
    }
    places = Places(snapshot)
    said = shown_markdown(
        "Élan de {{ value('jump', 'run-up-feet') }} pieds. {{ book_download(page.url) }}", places, "fr"
    )
    assert said == "Élan de 20 pieds. le téléchargement du livre"
    said = shown_markdown("{{ calculator_reference('jump') }} {% if x %}", places, "en")
    assert said == "Jump calculator: its reference "
    macros = make_page_macros(Project.of(project_dataset(), "fr", Path("docs/fr")), "", None)
    wordless = [m for m in macros if m != "t" and f"change_macro_{m}" not in current_ui().texts]
    assert wordless == []

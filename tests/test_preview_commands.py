"""What the preview workflow runs and says (issue 38): the preview's build variables and options, the pull request's
comment (the rule changes linked into the preview), when the books and the zip are made again, and the workflows'
pins and folders (the browser rehearsal: tests/test_preview.py)."""

from __future__ import annotations

import re

import pytest
import yaml

from codex.changes.describe import current_ui
from codex.changes.markdown import changes_markdown, page_address
from codex.changes.model import Change
from codex.deploy import build_variables
from codex.preview import comment, needs_downloads
from codex.publish.preview import PREVIEWS_FOLDER, Preview, PreviewError
from codex.site_languages import project_site_languages
from tests.conftest import ROOT

PUBLISHED = "https://owner.github.io/codex2bis/"
PREVIEW = PUBLISHED + "pr-preview/pr-12/"
WORKFLOWS = ROOT / ".github" / "workflows"


def a_change(kind: str = "cell", page: str = "object-damage.md", anchor: str = "table-standard-objects") -> Change:
    texts = {"fr": "Objets standard › Porte en fer › Hit points", "en": "Standard objects › Iron door › Hit points"}
    return Change(kind, "", page, anchor, texts, {"fr": "60", "en": "60"}, {"fr": "61", "en": "61"})


def test_a_preview_is_built_for_its_folder_and_links_to_the_published_site():
    assert build_variables(PUBLISHED, "https://github.com/o/r", 12) == {
        "CODEX_SITE_URL": PREVIEW,
        "CODEX_REPO_URL": "https://github.com/o/r",
        "CODEX_PREVIEW": "12",
        "CODEX_PUBLISHED_URL": PUBLISHED,
    }
    assert build_variables(PUBLISHED, "") == {"CODEX_SITE_URL": PUBLISHED, "CODEX_REPO_URL": ""}


@pytest.mark.parametrize(
    "number, published, expected",
    [("seven", PUBLISHED, "expected a pull request's number"), ("7", "owner.github.io", "expected its absolute")],
)
def test_a_wrong_preview_option_says_the_expected_form(number, published, expected):
    with pytest.raises(PreviewError, match=expected):
        Preview.of(number, published)
    assert not Preview.of("", "")


@pytest.mark.parametrize(
    "folder, change, expected",
    [
        ("", a_change(), PREVIEW + "object-damage/#table-standard-objects"),
        ("en", a_change(), PREVIEW + "en/object-damage/#table-standard-objects"),
        ("en", a_change(page="initiative-points/index.md", anchor=""), PREVIEW + "en/initiative-points/"),
        ("", a_change(page="index.md", anchor=""), PREVIEW),
        ("", a_change(kind="row-removed"), None),
        ("", a_change(page=""), None),
    ],
)
def test_each_change_links_to_where_it_shows_in_the_preview(folder, change, expected):
    assert page_address(PREVIEW, folder, change) == expected


def test_the_comment_gives_the_preview_then_each_change_linked_in_both_languages():
    ui = current_ui()
    languages = project_site_languages(ROOT)
    texts = [
        changes_markdown([a_change()], lang, ui, "origin/main", "HEAD", PREVIEW, languages.folder(lang))
        for lang in languages.codes
    ]
    said = comment(texts, ui, PREVIEW, "abc1234", languages.codes)
    assert said.count(PREVIEW) == 4  # the address in each language, and the change in each
    assert "[voir dans l’aperçu](" + PREVIEW + "object-damage/#table-standard-objects)" in said
    assert "[see it in the preview](" + PREVIEW + "en/object-damage/#table-standard-objects)" in said
    assert said.index("Aperçu du site") < said.index("Site preview") < said.index("Modifications des règles")
    without = changes_markdown([a_change()], "en", ui, "origin/main", "HEAD")
    assert "preview" not in without  # the job summary's, as before


def test_the_books_and_zip_are_made_again_only_when_what_makes_them_changes():
    assert needs_downloads(["codex/book/book.css"]) and needs_downloads(["codex/publish/offline_folder.py"])
    assert not needs_downloads(["data/tables/standard-objects.yaml", "docs/fr/movement.md"])


def test_the_workflows_keep_previews_beside_the_site_with_actions_pinned_by_commit():
    preview = yaml.safe_load((WORKFLOWS / "preview.yml").read_text(encoding="utf-8"))
    deploy = yaml.safe_load((WORKFLOWS / "deploy.yml").read_text(encoding="utf-8"))
    steps = [step for job in [*preview["jobs"].values(), *deploy["jobs"].values()] for step in job["steps"]]
    outside = [s["uses"] for s in steps if "uses" in s and not s["uses"].startswith("actions/")]
    assert outside and all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", uses) for uses in outside), outside
    folder = PREVIEWS_FOLDER.rstrip("/")
    actions = [s for s in steps if s.get("uses", "").startswith("rossjrw/pr-preview-action@")]
    assert {s["with"]["umbrella-dir"] for s in actions} == {folder}
    published = [s for s in steps if s.get("uses", "").startswith("JamesIves/github-pages-deploy-action@")]
    assert [(s["with"]["clean-exclude"], s["with"]["force"]) for s in published] == [(PREVIEWS_FOLDER, False)]
    for job in preview["jobs"].values():
        assert job["permissions"], "each job names what it needs"

"""The glossary is the terminology (codex/mistakes/terminology.py): no page and no data text uses a variant that
data/glossary.yaml lists under `avoid` for its language. A failure names the file, the line and the word to use."""

from __future__ import annotations

import pytest

from codex.data.loading import load_dataset
from codex.mistakes.terminology import avoided, data_texts, page_lines, terminology_problems, variant_pattern
from tests.conftest import LANGS, ROOT
from tests.data_fixtures import GOOD_TABLE, data_dir_with


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_or_data_text_uses_a_variant_the_glossary_avoids(lang):
    dataset = load_dataset(ROOT / "data")
    assert avoided(dataset, lang), "data/glossary.yaml lists no variant to avoid"
    found = terminology_problems(dataset, ROOT / "docs" / lang, lang)
    assert not found, f"{len(found)} variants the glossary avoids:\n" + "\n".join(map(str, found))


def test_the_check_finds_a_variant_with_its_file_and_line(tmp_path):
    """The check itself: a variant in a page is found on its line, the preferred form, a link's destination and a
    wiki link's id are not; a data text is found on its field's line, in its language only."""
    page = tmp_path / "page.md"
    page.write_text(
        "# Titre\n\nUne attaque d’opportunité (AO) ici.\nL’OA reste [[term:AO|ici]], [là](AO.md#AO).\n",
        encoding="utf-8",
    )
    pattern = variant_pattern({"AO": "OA", "CA": "AC"})
    assert [(n, m[1]) for n, t in page_lines(page) for m in pattern.finditer(t)] == [(3, "AO")]
    data = data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("{fr: Pierre,", "{fr: Pierre de CA,")})
    dataset = load_dataset(data)
    french = [(f, n) for f, n, t in data_texts(dataset, "fr") if pattern.search(t)]
    assert french == [("data/tables/materials.yaml", 10)]
    assert not [t for f, n, t in data_texts(dataset, "en") if pattern.search(t)]

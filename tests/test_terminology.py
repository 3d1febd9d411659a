"""The glossary is the terminology: no page and no data text uses a variant that data/glossary.yaml lists under
`avoid` for its language (whole words, as written). A failure names the file, the line and the word to use."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from codex.data.integrity import rel, texts
from codex.data.loading import load_dataset
from codex.data.wiki_links import WIKI_LINK
from tests.conftest import LANGS, ROOT
from tests.data_fixtures import GOOD_TABLE, data_dir_with


def avoided(lang: str) -> dict[str, str]:
    """Variant to avoid -> the preferred form, for one language."""
    glossary = load_dataset(ROOT / "data").by_id("glossary.schema.json")["glossary"]
    return {
        variant: item["term"][lang] for item in glossary["items"] for variant in item.get("avoid", {}).get(lang, [])
    }


def variant_pattern(variants: dict[str, str]) -> re.Pattern:
    words = sorted(variants, key=len, reverse=True)
    return re.compile(r"(?<![\w’'-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w-])")


LINK_DESTINATION = re.compile(r"\]\([^)\s]*\)")  # '](attacks-and-manoeuvres.md#trip)': a file name, not words


def words_shown(text: str) -> str:
    """The text as a reader sees its words: each wiki link as the words it shows (its kind and id are not words of
    the page), a Markdown link without its destination."""
    return LINK_DESTINATION.sub("]", WIKI_LINK.sub(lambda m: m["label"] or "", text))


def page_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, text) of a page's lines."""
    return [(n, words_shown(line)) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)]


def data_texts(data_dir: Path, lang: str) -> list[tuple[str, int, str]]:
    """(file, line, text) of every data text in `lang` (the `fr` or `en` of a {fr, en} pair), but the glossary's
    `avoid` lists."""
    found = []
    for doc in load_dataset(data_dir).documents:
        for path, _, value in texts(doc.content):
            if path and path[-1] == lang and "avoid" not in path:  # a text in that language (not an id or a file)
                found.append((rel(doc), doc.line(*path) or 0, words_shown(value)))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_or_data_text_uses_a_variant_the_glossary_avoids(lang):
    variants = avoided(lang)
    assert variants, "data/glossary.yaml lists no variant to avoid"
    pattern = variant_pattern(variants)
    pages = sorted((ROOT / "docs" / lang).rglob("*.md"))
    lines = [(page.relative_to(ROOT).as_posix(), *line) for page in pages for line in page_lines(page)]
    found = [
        f"{file}:{number}: '{match[1]}' (write '{variants[match[1]]}')"
        for file, number, text in lines + data_texts(ROOT / "data", lang)
        for match in pattern.finditer(text)
    ]
    assert not found, f"{len(found)} variants the glossary avoids:\n" + "\n".join(found)


def test_the_check_finds_a_variant_with_its_file_and_line(tmp_path):
    """The check itself: a variant in a page is found on its line, the preferred form and a wiki link's id are not;
    a data text is found on its field's line, in its language only."""
    page = tmp_path / "page.md"
    page.write_text(
        "# Titre\n\nUne attaque d’opportunité (AO) ici.\nL’OA reste [[term:AO|ici]], [là](AO.md#AO).\n",
        encoding="utf-8",
    )
    pattern = variant_pattern({"AO": "OA", "CA": "AC"})
    assert [(n, m[1]) for n, t in page_lines(page) for m in pattern.finditer(t)] == [(3, "AO")]
    data = data_dir_with(tmp_path, {"tables/materials.yaml": GOOD_TABLE.replace("{fr: Pierre,", "{fr: Pierre de CA,")})
    french = [(f, n) for f, n, t in data_texts(data, "fr") if pattern.search(t)]
    assert french == [("data/tables/materials.yaml", 10)]
    assert not [t for f, n, t in data_texts(data, "en") if pattern.search(t)]

"""Every text of every data file has both languages: no {fr} without {en}, and no {en} without {fr}.

The schemas already demand it (common.schema.json, $defs/text); this walks the files themselves, so a schema that
forgot to use $defs/text for a new field cannot let a one-sided text through."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from codex.data.loading import data_files
from tests.conftest import ROOT
from tests.data_text_fields import one_sided, texts

FILES = data_files(ROOT / "data")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT / "data").as_posix())
def test_every_text_has_both_languages(path: Path):
    assert one_sided(yaml.safe_load(path.read_text(encoding="utf-8"))) == []


def test_the_data_has_bilingual_texts_to_check():
    assert sum(len(list(texts(yaml.safe_load(p.read_text(encoding="utf-8"))))) for p in FILES) > 100


def test_a_one_sided_text_is_found():
    """The broken fixture: a title without English, a name without French, and YAML's `no` read as False."""
    broken = yaml.safe_load((ROOT / "tests" / "fixtures" / "broken-bilingual.yaml").read_text(encoding="utf-8"))
    assert one_sided(broken) == [
        "title: has fr, lacks en (got None)",
        "rows[0].name: has en, lacks fr (got None)",
        "rows[1].name: has fr, lacks en (got False)",
    ]

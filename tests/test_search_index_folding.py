"""The build step that adds accent-free words and plurals to the search index (codex/publish/search_folding.py)."""

from __future__ import annotations

import json

from codex.publish.search_folding import extra_words, fold, fold_search_index, plural


def test_folding_removes_accents_and_ligatures():
    assert fold("Étourdi, désengagement, épée, manœuvre") == "Etourdi, desengagement, epee, manoeuvre"


def test_plurals_follow_each_language():
    assert (
        plural("chevalier", "fr") == "chevaliers"
        and plural("cheval", "fr") == "chevaux"
        and plural("bateau", "fr") == "bateaux"
    )
    assert (
        plural("enemy", "en") == "enemies"
        and plural("match", "en") == "matches"
        and plural("knight", "en") == "knights"
    )
    assert plural("corps", "fr") is None


def test_extra_words_hold_the_folded_word_and_the_plural():
    words = extra_words("<p>Le chevalier est étourdi par l’attaque d’opportunité</p>", "fr").split()
    assert {"etourdi", "chevaliers", "opportunite", "opportunites"} <= set(words)
    assert "opportunité" not in words  # the theme's separator splits the elision: the index has the word


def test_the_index_declares_the_new_fields_with_the_boosts_of_title_and_text(tmp_path):
    (tmp_path / "search").mkdir()
    index = {
        "config": {"lang": ["fr"], "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}}},
        "docs": [{"location": "a/", "title": "Épée", "text": "Un chevalier étourdi"}],
    }
    (tmp_path / "search" / "search_index.json").write_text(json.dumps(index), encoding="utf-8")
    assert fold_search_index(tmp_path)
    written = json.loads((tmp_path / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert written["config"]["fields"]["folded_title"] == {"boost": 1000.0}
    assert written["config"]["fields"]["folded"] == {"boost": 1.0}
    assert "epee" in written["docs"][0]["folded_title"].split() and "etourdi" in written["docs"][0]["folded"].split()

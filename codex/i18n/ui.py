"""The few words the site's own templates say, in both languages."""

from __future__ import annotations

UI_TEXT: dict[str, dict[str, str]] = {
    "source": {"fr": "Source", "en": "Source"},
    "section": {"fr": "section", "en": "section"},
    "open_question": {"fr": "Question ouverte", "en": "Open question"},
    "to_be_written": {"fr": "À rédiger", "en": "To be written"},
    "reading_chosen": {"fr": "Lecture retenue", "en": "Reading chosen"},
    "reading": {"fr": "Lecture", "en": "Reading"},
    "decision": {"fr": "Ce que le site retient", "en": "What this site follows"},
    "effects": {"fr": "Effets", "en": "Effects"},
    "default_duration": {"fr": "Durée par défaut", "en": "Default duration"},
    "no_default_duration": {"fr": "aucune donnée par la source", "en": "none given by the source"},
    "see_on_page": {"fr": "voir sur sa page", "en": "see it on its page"},
    "kind_action": {"fr": "Actions", "en": "Actions"},
    "kind_reaction": {"fr": "Réactions", "en": "Reactions"},
    "name": {"fr": "Nom", "en": "Name"},
    "description": {"fr": "Description", "en": "Description"},
    "examples": {"fr": "Exemples", "en": "Examples"},
    "status": {"fr": "Statut", "en": "Status"},
    "page": {"fr": "Page", "en": "Page"},
    "edit_table": {"fr": "Modifier ce tableau", "en": "Edit this table"},
}

SEED_TITLES: dict[str, dict[str, str]] = {
    "000_dd346e63a171f715.txt": {"fr": "Règles de combat AD&D 2bis", "en": "AD&D 2bis combat rules"},
    "002_80876a7bfba57569.txt": {"fr": "Système de combat d20 (brouillon)", "en": "d20 combat system (draft)"},
    "003_c731bc9041012e2b.txt": {
        "fr": "Combat aux points d'initiative (brouillon)",
        "en": "Initiative-point combat (draft)",
    },
}


def ui(key: str, lang: str) -> str:
    return UI_TEXT[key][lang]


def seed_title(seed: str, lang: str) -> str:
    return SEED_TITLES.get(seed, {}).get(lang, seed)

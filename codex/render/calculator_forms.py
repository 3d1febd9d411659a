"""HTML of the calculator forms, in the page's language, following the form contract of issue 3:
<form data-calculator=ID>, inputs by name, outputs as [data-output=NAME] with data-value and localized text."""

from __future__ import annotations

from html import escape

from codex.i18n.localize import text

# name -> (fr, en) labels of every input and output
LABELS = {
    "direction": ("Direction du saut", "Jump direction"),
    "horizontal": ("Horizontal (en longueur)", "Horizontal (long jump)"),
    "vertical": ("Vertical (en hauteur)", "Vertical (high jump)"),
    "distance": ("Distance (pieds)", "Distance (feet)"),
    "run_up": ("Élan de 20 pieds ou plus", "Run-up of 20 feet or more"),
    "speed": ("Vitesse (pieds par round)", "Speed (feet per round)"),
    "armour": ("Armure", "Armour"),
    "strength": ("Force (score)", "Strength (score)"),
    "tumbling": ("Rangs de Tumbling/Acrobatics (0–6)", "Tumbling/Acrobatics ranks (0–6)"),
    "constitution": ("Constitution (score)", "Constitution (score)"),
    "endurance": ("Rangs d’Endurance", "Endurance ranks"),
    "swimming": ("Swimming", "Swimming"),
    "violent": ("Actions violentes ou fatigantes chaque round", "Violent or tiring actions every round"),
    "target": ("Cible", "Target"),
    "damage": ("Dommages par coup (nombre ou dés, ex. 2d6+3)", "Damage per hit (number or dice, e.g. 2d6+3)"),
    "dexterity": ("Dextérité (score)", "Dexterity (score)"),
    "improved_initiative": ("Feat Improved Initiative", "Improved Initiative feat"),
    "roll": ("Jet de d10 (1–10)", "d10 roll (1–10)"),
    "combatants": ("Combattants", "Combatants"),
    "actions": ("Actions déclarées", "Declared actions"),
    "dc": ("DC du saut", "Jump DC"),
    "modifier": ("Modificateur du check de Force", "Strength check modifier"),
    "chance": ("Chance de réussir", "Chance of success"),
    "rounds": ("Rounds avant le premier check", "Rounds before the first check"),
    "first_dc": ("DC du premier check", "DC of the first check"),
    "second_dc": ("DC du deuxième check", "DC of the second check"),
    "hardness": ("Dureté (hardness)", "Hardness"),
    "hit_points": ("Points de vie", "Hit points"),
    "damage_per_hit": ("Dommages qui passent par coup", "Damage per hit through hardness"),
    "hits": ("Coups pour détruire", "Hits to destroy"),
    "break_dc": ("Break DC", "Break DC"),
    "break_chance": ("Chance de briser d’un check de Force", "Chance a Strength check breaks it"),
    "adjustment": ("Ajustement (à soustraire du d10)", "Adjustment (subtracted from the d10)"),
    "initiative": ("Initiative", "Initiative"),
    "order": ("Ordre de résolution", "Order of resolution"),
    "carry_over": ("Report sur le round suivant", "Carried over to the next round"),
    "working": ("Détail du calcul", "How it was worked out"),
    "loading": ("Chargement du calculateur…", "Loading the calculator…"),
    "noscript": (
        "Ce calculateur a besoin de JavaScript ; les tables de référence ci-dessous donnent les mêmes résultats.",
        "This calculator needs JavaScript; the reference tables below give the same results.",
    ),
    "none_option": ("Aucun", "None"),
    "combatants_help": (
        "Un par ligne : nom, Dex, feat (oui ou vide), d10 (vide = lancer pour moi). Ex. : « Reivax, 16, oui, 3 ».",
        "One per line: name, Dex, feat (yes or empty), d10 (empty = roll for me). E.g. “Reivax, 16, yes, 3”.",
    ),
    "ip_combatants_help": ("Un par ligne : nom et PI, ex. « Krom 10 ».", "One per line: name and IP, e.g. “Krom 10”."),
    "ip_actions_help": (
        "Une par ligne, dans l’ordre de déclaration : nom, coût, libellé, ex. « Krom 5 attaque ».",
        "One per line, in order of declaration: name, cost, label, e.g. “Krom 5 attack”.",
    ),
}

TITLES = {
    "jump": ("Calculateur de saut", "Jump calculator"),
    "breath": ("Calculateur de respiration retenue", "Breath-holding calculator"),
    "object-damage": ("Calculateur de dommages aux objets", "Object damage calculator"),
    "initiative": ("Calculateur d’initiative", "Initiative calculator"),
    "initiative-points": ("Chronologie des points d’initiative", "Initiative-point timeline"),
}

OUTPUTS = {
    "jump": ("dc", "modifier", "chance"),
    "breath": ("rounds", "first_dc", "second_dc"),
    "object-damage": ("hardness", "hit_points", "damage_per_hit", "hits", "break_dc", "break_chance"),
    "initiative": ("adjustment", "initiative"),
    "initiative-points": ("order", "carry_over"),
}


def label(name: str, lang: str) -> str:
    fr, en = LABELS[name]
    return fr if lang == "fr" else en


def field(calculator: str, name: str, control: str) -> str:
    return f'<div class="codex-field" data-field="{name}">{control}</div>'


def text_input(calculator: str, name: str, lang: str, value: str, numeric: bool = True, help_key: str = "") -> str:
    mode = ' inputmode="numeric"' if numeric else ""
    ident = f"calc-{calculator}-{name}"
    described = f' aria-describedby="{ident}-help"' if help_key else ""
    help_text = f'<small id="{ident}-help">{escape(label(help_key, lang))}</small>' if help_key else ""
    return field(
        calculator,
        name,
        f'<label for="{ident}">{escape(label(name, lang))}</label>'
        f'<input id="{ident}" name="{name}" type="text"{mode} autocomplete="off" value="{escape(value)}"{described}>{help_text}',
    )


def textarea(calculator: str, name: str, lang: str, value: str, help_key: str) -> str:
    ident = f"calc-{calculator}-{name}"
    return field(
        calculator,
        name,
        f'<label for="{ident}">{escape(label(name, lang))}</label>'
        f'<textarea id="{ident}" name="{name}" rows="4" aria-describedby="{ident}-help">{escape(value)}</textarea>'
        f'<small id="{ident}-help">{escape(label(help_key, lang))}</small>',
    )


def checkbox(calculator: str, name: str, lang: str, checked: bool = False) -> str:
    ident = f"calc-{calculator}-{name}"
    mark = " checked" if checked else ""
    return field(
        calculator,
        name,
        f'<input id="{ident}" name="{name}" type="checkbox"{mark}>'
        f'<label for="{ident}">{escape(label(name, lang))}</label>',
    )


def select(calculator: str, name: str, lang: str, options: list[tuple[str, str]], selected: str) -> str:
    ident = f"calc-{calculator}-{name}"
    items = "".join(
        f'<option value="{escape(v)}"{" selected" if v == selected else ""}>{escape(t)}</option>' for v, t in options
    )
    return field(
        calculator,
        name,
        f'<label for="{ident}">{escape(label(name, lang))}</label><select id="{ident}" name="{name}">{items}</select>',
    )


def inputs_of(calculator: str, tables: dict, lang: str, target_options: list) -> list[str]:
    """The controls of each form, with defaults that give an answer as soon as the form is ready."""
    if calculator == "jump":
        armour = [(row["id"], text(row["armour"], lang)) for row in tables["jump-armour-penalty"]["rows"]]
        return [
            select(
                calculator,
                "direction",
                lang,
                [("horizontal", label("horizontal", lang)), ("vertical", label("vertical", lang))],
                "horizontal",
            ),
            text_input(calculator, "distance", lang, "10"),
            checkbox(calculator, "run_up", lang, checked=True),
            text_input(calculator, "speed", lang, "30"),
            select(calculator, "armour", lang, armour, "none"),
            text_input(calculator, "strength", lang, "12"),
            text_input(calculator, "tumbling", lang, "0"),
        ]
    if calculator == "breath":
        ranks = [("none", label("none_option", lang))] + [
            (str(row["rank_number"]), text(row["rank"], lang))
            for row in tables["swimming-breath-bonus"]["rows"]
            if row["rank_number"] is not None
        ]
        return [
            text_input(calculator, "constitution", lang, "12"),
            text_input(calculator, "endurance", lang, "0"),
            select(calculator, "swimming", lang, ranks, "none"),
            checkbox(calculator, "violent", lang),
        ]
    if calculator == "object-damage":
        return [
            select(calculator, "target", lang, [(v, t) for v, t in target_options], "object:good-wooden-door"),
            text_input(calculator, "damage", lang, "1d8+2", numeric=False),
            text_input(calculator, "strength", lang, "16"),
        ]
    if calculator == "initiative":
        return [
            text_input(calculator, "dexterity", lang, "12"),
            checkbox(calculator, "improved_initiative", lang),
            text_input(calculator, "roll", lang, "5"),
            textarea(calculator, "combatants", lang, "", "combatants_help"),
        ]
    if calculator == "initiative-points":
        attack = "attaque" if lang == "fr" else "attack"
        return [
            textarea(calculator, "combatants", lang, "Krom 10\nMazrok 4", "ip_combatants_help"),
            textarea(calculator, "actions", lang, f"Krom 5 {attack}\nKrom 5 {attack}", "ip_actions_help"),
        ]
    raise KeyError(calculator)


def render_form(calculator: str, tables: dict, lang: str, target_options: list) -> str:
    """The whole form: inputs, then the results area the browser fills (empty until the runtime is ready)."""
    title = TITLES[calculator][0 if lang == "fr" else 1]
    outputs = "".join(
        f'<div class="codex-output"><dt>{escape(label(name, lang))}</dt><dd data-output="{name}" data-value=""></dd></div>'
        for name in OUTPUTS[calculator]
    )
    return (
        f'<form class="codex-calculator" data-calculator="{calculator}" data-lang="{lang}" autocomplete="off" novalidate>'
        f"<fieldset><legend>{escape(title)}</legend>"
        f"{''.join(inputs_of(calculator, tables, lang, target_options))}</fieldset>"
        f'<div class="codex-results" aria-live="polite">'
        f'<p class="codex-status" data-output="status">{escape(label("loading", lang))}</p>'
        f'<p class="codex-error" data-output="error" role="alert"></p>'
        f'<dl class="codex-outputs">{outputs}</dl>'
        f'<div data-output="table"></div><ul class="codex-notes" data-output="notes"></ul>'
        f'<details class="codex-working" open><summary>{escape(label("working", lang))}</summary><ol data-output="working"></ol></details>'
        f"</div><noscript><p>{escape(label('noscript', lang))}</p></noscript></form>"
    )

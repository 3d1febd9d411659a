"""Initiative points (PI): the timeline of a combat round (seed 003, "L'initiative").

Runs unchanged under CPython and MicroPython 1.27 (see calc_common): no dict-order reliance, total sort keys.

The rules, as this module reads them
------------------------------------
- Each round a combatant gets 20 PI, one PI = half a second (``ROUND_PI``). The form takes each combatant's
  *current* PI (20 at the start of a round, less after earlier actions or a carried deficit).
- An action costs PI (``action_cost``: attack = weapon speed; walk or run = 1 per tenth of the move; parry with a
  weapon = opposing weapon speed / 2, rounded up here because the ruler is graduated in whole PI; parry with a
  shield = 2; spell = casting time; free action = 0).
- The ruler ("l'échelonnage des actions dans le temps"): a combatant slides from his PI before the action (start)
  to his PI after it (end). A combatant at a current PI strictly between the two points can act or react (parry...)
  before the action ends; one exactly at the start or at the end cannot (the Krom/Mazrok example: Mazrok at 4 is
  beyond Krom's end at 5 and cannot parry). A combatant who has declared nothing more and still has PI (waiting,
  "Attendre") can break his wait at any moment: he can react to any action that ends below his PI. A combatant in
  the middle of his own action sits at that action's end on the ruler (he has already slid): he can react only
  if that end lies between the two points.
- The combatant with the most PI acts first; when his action ends above everyone else's PI he acts again before
  the others (Krom: 10 -> 5, still above Mazrok's 4). Ties start together; among them the cheaper action is taken
  first (the fastest action resolves first), then the order of the form.
- A combatant may keep declaring actions while his PI is above 0, even one costing more than he has left: the
  deficit carries over, and the next round starts with 20 minus the deficit (Brugor: 2 PI, axe speed 7 -> -5,
  next round 15). At 0 PI or less no action at all (Brugor cannot attack twice to -12); a deficit larger than a
  round also eats the following rounds ("voire aux rounds suivants"). Unused positive PI are not carried (each
  round gives 20 afresh; the seed only carries the excess cost).
- Free actions (cost 0) can be taken at any moment of the round, even at 0 PI or less ("à n'importe quel moment
  dans le tour" is the more specific rule); they slide nobody, so nobody can react "during" them.
- Declarations: each combatant's first action of the form is his declaration for the round. A costlier action is
  considered declared first, so a combatant may revise his declaration after hearing any strictly costlier one
  (Reivax, attack 5: against an orc's attack costing 10 he may switch to a shield parry; against a rapier attack
  costing 3 he may not). Equal costs: neither is declared before the other, no revision.

Where the original text and the author's "[NON ! ...]" corrections differ (this module follows the corrections)
-----------------------------------------------------------------------------------------------------------
1. Resolution order. Original: "le personnage avec le plus haut score commence à agir en premier, et cela se
   poursuit dans l'ordre" -- actions are resolved in the order of the combatants' scores, i.e. in the order they
   *start*. Correction: everyone starts acting at the same time (the start of the round) and the fastest actions
   resolve first, i.e. in the order they *end* (highest end PI first). Examples where the answers differ:
   at the start of a round A and B both have 20 PI, A's attack costs 10 and B's 3: the original gives no order
   between equal scores (or A first if the "costlier declared first" note is read as an order of acting); the
   correction resolves B's attack (at 17) before A's (at 10). Krom 10 attacks twice (cost 5 each), Mazrok 4
   attacks (cost 2): the original paragraph resolves Krom, Krom, Mazrok; the correction (and the ruler paragraph,
   since Mazrok at 4 lies between Krom's 5 and 0) resolves Krom (at 5), Mazrok (at 2), Krom (at 0). The output
   ``order`` is this resolution order; ``details.steps`` lists the actions in the order they start.
2. Declarations. Original: declarations count from the costliest to the cheapest (the Reivax example). Correction:
   everyone declares at the same time, notices the others' actions after "XXXX (2 ?)" segments, may cancel and
   start a new action from 0 after 1 segment, but not "XXXX" segments before his own action resolves. The
   correction leaves its delays blank, so the timeline applies the costlier-first rule (``may_revise``), which the
   issue requires for Reivax. ``switch_in_time`` gives the correction's answer with the tentative 2 segments of
   notice and 1 of restart: it agrees for Reivax (orc: 2 + 1 + shield parry 2 = 5 <= 10, yes; rapier: the blow
   lands at 3, before he could even restart, no) but differs elsewhere, e.g. Reivax with a two-handed sword
   (cost 10) facing a sword (cost 8): the original says Reivax declared first and may not revise; the correction
   lets him notice at 2 and parry with his shield by 5, before the blow at 8. Cancelling actions mid-way is not
   simulated in the timeline.
3. Several actions while the opponent does one ("Dernière précision"): the correction and the ruler agree.

Form (``calculate``)
--------------------
- combatants: one per line "Name PI" (the name may hold spaces: "Orc 1 12", "Sir Birimor 11"); PI 0..20.
- actions: one per line "Name cost [label]", each combatant's in the order he takes them; his first line is his
  declaration for the round. Names match case-insensitively (ASCII and Latin-1 capitals, see ``fold``); cost
  0..200 (0 = free action). Spaces and no-break spaces separate words.
- outputs: ``order`` = the resolution order (value "Krom,Mazrok,Krom", simultaneous ones joined by "+"; text
  "1. Krom (attaque) 10→5 ; 2. ..."), ``carry_over`` (value "Brugor:-5;..." or "none"; text with the next
  round's PI). ``working`` says which rule gave each step; ``details`` holds ``steps`` (``timeline``),
  ``declarations`` and ``carry_over`` (``carry_overs``).
"""

from calculators.calc_common import (
    SPACES,
    InputError,
    ascii_lower,
    digits_value,
    fmt_int,
    is_digits,
    lang_of,
    ok_result,
    output,
    tr,
)

ROUND_PI = 20  # PI a combatant gets at the start of each round
MAX_PI = 20  # a current score cannot exceed a round's worth
MAX_COST = 200  # ten rounds: a long spell
MAX_COMBATANTS = 30
MAX_ACTIONS = 100
MAX_NAME = 40
MAX_LABEL = 60
MAX_FIELD = 4000
SHIELD_PARRY_COST = 2
NOTICE_SEGMENTS = 2  # correction: "au bout de XXXX (2 ?) segments"
RESTART_SEGMENTS = 1  # correction: "on ne peut recommencer une action qu'après 1 segment"

ACTION_KINDS = ("attack", "walk", "run", "parry_weapon", "parry_shield", "spell", "free")


# ---------------------------------------------------------------- pure rule functions


def action_cost(kind, value=0):
    """PI cost of an action from the seed's table.

    attack: value = weapon speed; walk / run: value = number of tenths of the move (1 PI each, multipliable);
    parry_weapon: value = opposing weapon speed, halved and rounded up; parry_shield: 2; spell: value = casting
    time; free: 0.
    """
    if kind not in ACTION_KINDS:
        raise ValueError("unknown action kind: " + str(kind))
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("value must be a whole number >= 0")
    if kind == "parry_weapon":
        return (value + 1) // 2
    if kind == "parry_shield":
        return SHIELD_PARRY_COST
    if kind == "free":
        return 0
    return value


def can_act(pi, cost):
    """An action needs PI above 0 (free actions: any moment)."""
    return cost == 0 or pi > 0


def can_react(pi, start, end):
    """A combatant at `pi` can act or react before an action sliding from `start` to `end` ends (strictly between)."""
    return end < pi < start


def may_revise(own_cost, other_cost):
    """Declaration rule: a costlier action counts as declared first, so its target may revise a cheaper one."""
    return other_cost > own_cost


def switch_in_time(other_cost, new_cost, notice=NOTICE_SEGMENTS, restart=RESTART_SEGMENTS):
    """The correction's reading: noticing the other's action after `notice` segments, cancelling and restarting
    after `restart`, can a new action of `new_cost` be over before the other's resolves (both started together)?"""
    return notice + restart + new_cost <= other_cost


def next_round(end_pi):
    """Carry-over of a final PI score: (deficit, rounds lost entirely, PI at the start of the first round he acts).

    Only a deficit carries: the next round starts with 20 + end when end < 0; while that is 0 or less the whole
    round is spent finishing the action and the rest carries on.
    """
    deficit = -end_pi if end_pi < 0 else 0
    start = ROUND_PI - deficit
    lost = 0
    while start <= 0:
        lost += 1
        start += ROUND_PI
    return (deficit, lost, start)


def _combatant_key(pos, index, cost):
    # highest PI first; among ties the cheaper (faster) action first, then the form's order
    return (-pos, cost, index)


def timeline(combatants, actions):
    """The round's steps on the PI ruler.

    combatants: list of (name, pi); actions: list of (name, cost) or (name, cost, label), each combatant's in the
    order he takes them (names must be among the combatants). Returns a list of steps in the order they start:
    {"step", "name", "label", "cost", "start", "end", "performed", "free", "overspend", "acts_again",
     "reactors": [{"name", "pi", "rule"}], "resolves": rank (1 = first resolved, equal ranks together, 0 when not
     performed), "rules": [rule keys]}.
    """
    names = [c[0] for c in combatants]
    pos = [c[1] for c in combatants]
    queues = [[] for _ in combatants]
    for a_index in range(len(actions)):
        act = actions[a_index]
        label = act[2] if len(act) > 2 else ""
        who = names.index(act[0])
        queues[who].append((act[1], label, a_index))
    steps = []
    refused = [[] for _ in combatants]
    while True:
        best = None
        for i in range(len(names)):
            # at 0 PI or less only free actions remain possible (scores never rise within the round)
            while queues[i] and not can_act(pos[i], queues[i][0][0]):
                refused[i].append(queues[i].pop(0))
            if queues[i]:
                key = _combatant_key(pos[i], i, queues[i][0][0])
                if best is None or key < best[0]:
                    best = (key, i)
        if best is None:
            break
        i = best[1]
        cost, label, a_index = queues[i].pop(0)
        start = pos[i]
        end = start - cost
        pos[i] = end
        rules = []
        if cost == 0:
            rules.append("free")
        else:
            rules.append("slide")
        if end < 0 < start:
            rules.append("overspend")
        reactors = []
        if cost > 0:
            order = []
            for j in range(len(names)):
                if j != i:
                    order.append((-pos[j], j))
            order.sort()
            for pair in order:
                j = pair[1]
                q = pos[j]
                if q <= 0:
                    continue
                if can_react(q, start, end):
                    reactors.append({"name": names[j], "pi": q, "rule": "between"})
                elif not queues[j] and q > end:
                    reactors.append({"name": names[j], "pi": q, "rule": "waiting"})
            rules.append("react" if reactors else "no_react")
        acts_again = False
        if end > 0:
            acts_again = True
            for j in range(len(names)):
                if j != i and pos[j] > 0 and pos[j] >= end:
                    acts_again = False
            if acts_again and cost > 0:
                rules.append("acts_again")
        steps.append(
            {
                "step": len(steps) + 1,
                "name": names[i],
                "label": label,
                "cost": cost,
                "start": start,
                "end": end,
                "performed": True,
                "free": cost == 0,
                "overspend": end < 0 < start,
                "acts_again": acts_again,
                "reactors": reactors,
                "resolves": 0,
                "rules": rules,
                "action": a_index,
            }
        )
    # refused: actions at 0 PI or less
    for i in range(len(names)):
        for item in refused[i]:
            steps.append(
                {
                    "step": len(steps) + 1,
                    "name": names[i],
                    "label": item[1],
                    "cost": item[0],
                    "start": pos[i],
                    "end": pos[i],
                    "performed": False,
                    "free": False,
                    "overspend": False,
                    "acts_again": False,
                    "reactors": [],
                    "resolves": 0,
                    "rules": ["refused"],
                    "action": item[2],
                }
            )
    # correction: the fastest actions resolve first = by end PI, highest first; equal ends together
    ends = []
    for s in steps:
        if s["performed"] and s["end"] not in ends:
            ends.append(s["end"])
    ends.sort()
    ends.reverse()
    for s in steps:
        if s["performed"]:
            s["resolves"] = ends.index(s["end"]) + 1
    return steps


def resolution_order(steps):
    """The performed steps in the order they resolve: list of groups (lists of steps resolving together)."""
    keyed = []
    for s in steps:
        if s["performed"]:
            keyed.append((s["resolves"], s["step"], s))
    keyed.sort(key=lambda k: (k[0], k[1]))
    groups = []
    for k in keyed:
        if groups and groups[-1][0]["resolves"] == k[0]:
            groups[-1].append(k[2])
        else:
            groups.append([k[2]])
    return groups


def carry_overs(combatants, steps):
    """Per combatant (form order): {"name", "start", "end", "deficit", "rounds_lost", "next_pi"}."""
    result = []
    for c in combatants:
        end = c[1]
        for s in steps:
            if s["name"] == c[0] and s["performed"]:
                end = s["end"]
        deficit, lost, nxt = next_round(end)
        result.append(
            {"name": c[0], "start": c[1], "end": end, "deficit": deficit, "rounds_lost": lost, "next_pi": nxt}
        )
    return result


def declarations(combatants, actions):
    """Each combatant's first action is his declaration; costlier ones count as declared first.

    Returns a list in the order the declarations count (cost descending, ties in form order):
    {"name", "cost", "label", "rank" (equal costs share a rank), "may_revise_after": [names of costlier ones]}.
    """
    firsts = []
    for c_index in range(len(combatants)):
        name = combatants[c_index][0]
        for act in actions:
            if act[0] == name:
                firsts.append((-act[1], c_index, name, act[1], act[2] if len(act) > 2 else ""))
                break
    firsts.sort()
    result = []
    costs = []
    for f in firsts:
        if f[3] not in costs:
            costs.append(f[3])
    for f in firsts:
        after = []
        for g in firsts:
            if g[2] != f[2] and may_revise(f[3], g[3]):
                after.append(g[2])
        result.append(
            {"name": f[2], "cost": f[3], "label": f[4], "rank": costs.index(f[3]) + 1, "may_revise_after": after}
        )
    return result


# ---------------------------------------------------------------- form parsing

FIELD_NAMES = {"combatants": ("combattants", "combatants"), "actions": ("actions", "actions")}

MESSAGES = {
    "empty": ("Indiquez au moins une ligne dans « {field} ».", "Enter at least one line in “{field}”."),
    "too_long": ("Le champ « {field} » est trop long.", "“{field}” is too long."),
    "too_many": ("Trop de lignes dans « {field} » (au plus {max}).", "Too many lines in “{field}” (at most {max})."),
    "combatant_format": (
        "Ligne {line} de « {field} » : écrivez « Nom PI », par exemple « Krom 10 ».",
        "Line {line} of “{field}”: write “Name PI”, for example “Krom 10”.",
    ),
    "pi_not_whole": (
        "Ligne {line} de « {field} » : les PI de {name} doivent être un nombre entier.",
        "Line {line} of “{field}”: {name}'s PI must be a whole number.",
    ),
    "pi_negative": (
        "Ligne {line} de « {field} » : les PI de {name} ne peuvent pas être négatifs.",
        "Line {line} of “{field}”: {name}'s PI cannot be negative.",
    ),
    "pi_range": (
        "Ligne {line} de « {field} » : les PI de {name} doivent être compris entre 0 et {max} "
        "(un round donne {max} PI).",
        "Line {line} of “{field}”: {name}'s PI must be between 0 and {max} (a round gives {max} PI).",
    ),
    "name_long": (
        "Ligne {line} de « {field} » : nom trop long (au plus {max} caractères).",
        "Line {line} of “{field}”: name too long (at most {max} characters).",
    ),
    "duplicate": (
        "Ligne {line} de « {field} » : {name} est déjà dans la liste.",
        "Line {line} of “{field}”: {name} is already listed.",
    ),
    "action_format": (
        "Ligne {line} de « {field} » : écrivez « Nom coût [libellé] », par exemple « Krom 5 attaque ».",
        "Line {line} of “{field}”: write “Name cost [label]”, for example “Krom 5 attack”.",
    ),
    "unknown_name": (
        "Ligne {line} de « {field} » : « {name} » n’est pas un des combattants.",
        "Line {line} of “{field}”: “{name}” is not one of the combatants.",
    ),
    "cost_not_whole": (
        "Ligne {line} de « {field} » : le coût doit être un nombre entier de PI.",
        "Line {line} of “{field}”: the cost must be a whole number of PI.",
    ),
    "cost_negative": (
        "Ligne {line} de « {field} » : un coût ne peut pas être négatif.",
        "Line {line} of “{field}”: a cost cannot be negative.",
    ),
    "cost_range": (
        "Ligne {line} de « {field} » : le coût doit être compris entre 0 et {max} PI.",
        "Line {line} of “{field}”: the cost must be between 0 and {max} PI.",
    ),
    "label_long": (
        "Ligne {line} de « {field} » : libellé trop long (au plus {max} caractères).",
        "Line {line} of “{field}”: label too long (at most {max} characters).",
    ),
}


def _msg(key, lang, pairs):
    pick = MESSAGES[key]
    text = pick[0] if lang_of(lang) == "fr" else pick[1]
    for pair in pairs:
        text = text.replace("{" + pair[0] + "}", pair[1])
    return text


def _fail(key, field, lang, pairs=()):
    labels = FIELD_NAMES[field]
    all_pairs = [("field", labels[0] if lang_of(lang) == "fr" else labels[1])]
    for pair in pairs:
        all_pairs.append(pair)
    raise InputError({"ok": False, "error": _msg(key, lang, all_pairs), "field": field})


def _tokens(line):
    """Split on calc_common.SPACES only (ASCII whitespace and no-break spaces: identical under CPython and
    MicroPython, whose str.split differ on other Unicode spaces)."""
    out = []
    word = ""
    for ch in line:
        if ch in SPACES:
            if word != "":
                out.append(word)
            word = ""
        else:
            word += ch
    if word != "":
        out.append(word)
    return out


def _lines(form, field, lang):
    raw = form.get(field) if isinstance(form, dict) else None
    if raw is None or isinstance(raw, bool):
        raw = ""
    if not isinstance(raw, str):
        raw = str(raw)
    if len(raw) > MAX_FIELD:
        _fail("too_long", field, lang)
    result = []
    number = 0
    for line in raw.split("\n"):
        number += 1
        tokens = _tokens(line)
        if tokens:
            result.append((number, tokens))
    if not result:
        _fail("empty", field, lang)
    return result


def fold(name):
    """Case-folded name for matching: ASCII and Latin-1 capitals (É -> é), the same under both Pythons."""
    low = ascii_lower(name)
    out = []
    for ch in low:
        code = ord(ch)
        if 0xC0 <= code <= 0xDE and code != 0xD7:
            out.append(chr(code + 32))
        else:
            out.append(ch)
    return "".join(out)


def _number(text):
    """(kind, value): kind 'ok', 'negative' or 'bad'."""
    body = text
    negative = False
    if body[:1] in ("-", "\u2212"):
        negative = True
        body = body[1:]
    elif body[:1] == "+":
        body = body[1:]
    if not is_digits(body) or len(body) > 9:
        return ("bad", 0)
    value = digits_value(body)
    if negative and value > 0:
        return ("negative", -value)
    return ("ok", value)


def parse_combatants(form, lang):
    """[(name, pi)] from the "combatants" text; raises InputError."""
    field = "combatants"
    lines = _lines(form, field, lang)
    if len(lines) > MAX_COMBATANTS:
        _fail("too_many", field, lang, [("max", str(MAX_COMBATANTS))])
    result = []
    seen = []
    for number, tokens in lines:
        line = str(number)
        if len(tokens) < 2:
            _fail("combatant_format", field, lang, [("line", line)])
        name = " ".join(tokens[:-1])
        if len(name) > MAX_NAME:
            _fail("name_long", field, lang, [("line", line), ("max", str(MAX_NAME))])
        kind, value = _number(tokens[-1])
        if kind == "bad":
            _fail("pi_not_whole", field, lang, [("line", line), ("name", name)])
        if kind == "negative":
            _fail("pi_negative", field, lang, [("line", line), ("name", name)])
        if value > MAX_PI:
            _fail("pi_range", field, lang, [("line", line), ("name", name), ("max", str(MAX_PI))])
        low = fold(name)
        if low in seen:
            _fail("duplicate", field, lang, [("line", line), ("name", name)])
        seen.append(low)
        result.append((name, value))
    return result


def parse_actions(form, lang, combatants):
    """[(name, cost, label)] from the "actions" text, names matched to the combatants (case ignored, see fold)."""
    field = "actions"
    lines = _lines(form, field, lang)
    if len(lines) > MAX_ACTIONS:
        _fail("too_many", field, lang, [("max", str(MAX_ACTIONS))])
    lowered = [fold(c[0]) for c in combatants]
    result = []
    for number, tokens in lines:
        line = str(number)
        found = -1
        k = len(tokens) - 1
        while k >= 1:
            candidate = fold(" ".join(tokens[:k]))
            if candidate in lowered:
                found = lowered.index(candidate)
                break
            k -= 1
        if found < 0:
            # the longest prefix that is followed by a number names the unknown combatant
            shown = tokens[0]
            k2 = len(tokens) - 1
            while k2 >= 1:
                if _number(tokens[k2])[0] != "bad":
                    shown = " ".join(tokens[:k2])
                    break
                k2 -= 1
            if len(tokens) < 2:
                _fail("action_format", field, lang, [("line", line)])
            if len(shown) > MAX_NAME:
                shown = shown[:MAX_NAME] + "…"
            _fail("unknown_name", field, lang, [("line", line), ("name", shown)])
        kind, value = _number(tokens[k])
        if kind == "bad":
            _fail("cost_not_whole", field, lang, [("line", line)])
        if kind == "negative":
            _fail("cost_negative", field, lang, [("line", line)])
        if value > MAX_COST:
            _fail("cost_range", field, lang, [("line", line), ("max", str(MAX_COST))])
        label = " ".join(tokens[k + 1 :])
        if len(label) > MAX_LABEL:
            _fail("label_long", field, lang, [("line", line), ("max", str(MAX_LABEL))])
        result.append((combatants[found][0], value, label))
    return result


# ---------------------------------------------------------------- localized working


def _who(step, lang):
    if step["label"]:
        return step["name"] + " (" + step["label"] + ")"
    return step["name"]


def _names(items, lang):
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + tr(lang, " et ", " and ") + items[-1]


def _step_lines(step, lang):
    lines = []
    who = _who(step, lang)
    s = fmt_int(step["start"])
    e = fmt_int(step["end"])
    c = fmt_int(step["cost"])
    n = str(step["step"])
    if not step["performed"]:
        lines.append(
            tr(
                lang,
                n + ". " + who + " : refusée — avec " + s + " PI (0 ou moins), aucune action n’est possible "
                "ce round (règle : « en aucun cas une action si son score est de 0 ou moins »).",
                n + ". " + who + ": refused — at " + s + " PI (0 or less) no action is possible this round "
                "(rule: “never any action at a score of 0 or less”).",
            )
        )
        return lines
    if step["free"]:
        lines.append(
            tr(
                lang,
                n + ". " + who + " : action gratuite, coût 0, à " + s + " PI (règle : action gratuite, "
                "possible à n’importe quel moment du tour ; personne ne coulisse).",
                n + ". " + who + ": free action, cost 0, at " + s + " PI (rule: free action, possible at "
                "any moment of the round; nobody slides).",
            )
        )
        return lines
    lines.append(
        tr(
            lang,
            n + ". " + who + " : coulisse de " + s + " à " + e + " PI (coût " + c + ") — règle graduée : "
            "l’action s’étale de "
            + s
            + " à "
            + e
            + " ; résolue au rang "
            + str(step["resolves"])
            + " (correction : les actions les plus rapides sont résolues en premier).",
            n + ". " + who + ": slides from " + s + " to " + e + " PI (cost " + c + ") — ruler rule: the "
            "action spans "
            + s
            + " to "
            + e
            + "; resolved in position "
            + str(step["resolves"])
            + " (correction: the fastest actions resolve first).",
        )
    )
    if step["overspend"]:
        lines.append(
            tr(
                lang,
                "   Coût " + c + " au-delà des " + s + " PI restants : permis car le score est positif ; "
                "le déficit de " + fmt_int(-step["end"]) + " est reporté au round suivant.",
                "   Cost " + c + " beyond the " + s + " PI left: allowed because the score is positive; "
                "the deficit of " + fmt_int(-step["end"]) + " carries over to the next round.",
            )
        )
    between = [r["name"] + " (" + fmt_int(r["pi"]) + ")" for r in step["reactors"] if r["rule"] == "between"]
    waiting = [r["name"] + " (" + fmt_int(r["pi"]) + ")" for r in step["reactors"] if r["rule"] == "waiting"]
    if between:
        lines.append(
            tr(
                lang,
                "   Peut agir ou réagir avant la fin : "
                + _names(between, lang)
                + " — entre "
                + e
                + " et "
                + s
                + " sur la règle.",
                "   Can act or react before it ends: "
                + _names(between, lang)
                + " — between "
                + e
                + " and "
                + s
                + " on the ruler.",
            )
        )
    if waiting:
        lines.append(
            tr(
                lang,
                "   Peut aussi réagir : " + _names(waiting, lang) + " — en attente (rien d’autre déclaré), "
                "avec plus de PI que la fin de l’action (" + e + ").",
                "   Can also react: " + _names(waiting, lang) + " — waiting (nothing else declared), with "
                "more PI than the action's end (" + e + ").",
            )
        )
    if not step["reactors"]:
        lines.append(
            tr(
                lang,
                "   Personne entre " + s + " et " + e + " : nul ne peut agir ni réagir (parer) avant la fin "
                "de l’action.",
                "   Nobody between " + s + " and " + e + ": no one can act or react (parry) before the action ends.",
            )
        )
    if step["acts_again"]:
        lines.append(
            tr(
                lang,
                "   À " + e + " PI, " + step["name"] + " a encore plus de PI que tous les autres : il peut "
                "agir à nouveau avant eux.",
                "   At " + e + " PI, " + step["name"] + " still has more PI than all the others: he can act "
                "again before them.",
            )
        )
    return lines


def _declaration_lines(decls, lang):
    lines = []
    if len(decls) < 2:
        return lines
    parts = []
    for d in decls:
        parts.append(d["name"] + " (" + fmt_int(d["cost"]) + ")")
    lines.append(
        tr(
            lang,
            "Déclarations (première action de chacun), comptées de la plus coûteuse à la moins coûteuse : "
            + ", ".join(parts)
            + ".",
            "Declarations (each one's first action), counted from the costliest to the cheapest: "
            + ", ".join(parts)
            + ".",
        )
    )
    for d in decls:
        if d["may_revise_after"]:
            lines.append(
                tr(
                    lang,
                    "   " + d["name"] + " (coût " + fmt_int(d["cost"]) + ") peut revenir sur sa déclaration ; "
                    "considérées comme déclarées avant la sienne car plus coûteuses, les actions de : "
                    + _names(d["may_revise_after"], lang)
                    + ".",
                    "   " + d["name"] + " (cost " + fmt_int(d["cost"]) + ") may change his declaration "
                    "after that of " + _names(d["may_revise_after"], lang) + ", costlier and so counted "
                    "as declared first.",
                )
            )
        else:
            lines.append(
                tr(
                    lang,
                    "   " + d["name"] + " (coût " + fmt_int(d["cost"]) + ") ne peut pas revenir sur sa "
                    "déclaration : aucune action plus coûteuse n’est déclarée avant la sienne.",
                    "   " + d["name"] + " (cost " + fmt_int(d["cost"]) + ") may not change his "
                    "declaration: no costlier action counts as declared before his.",
                )
            )
    return lines


def _carry_lines(carries, lang):
    lines = []
    for c in carries:
        if c["deficit"] == 0:
            continue
        text = tr(
            lang,
            c["name"]
            + " finit à "
            + fmt_int(c["end"])
            + " PI : le round suivant commence avec "
            + str(ROUND_PI)
            + " − "
            + str(c["deficit"])
            + " PI",
            c["name"]
            + " ends at "
            + fmt_int(c["end"])
            + " PI: the next round starts with "
            + str(ROUND_PI)
            + " − "
            + str(c["deficit"])
            + " PI",
        )
        if c["rounds_lost"] > 0:
            text += tr(
                lang,
                ", soit "
                + str(c["rounds_lost"])
                + " round(s) entier(s) sans action, puis "
                + str(c["next_pi"])
                + " PI (report sur les rounds suivants).",
                ", that is "
                + str(c["rounds_lost"])
                + " whole round(s) without action, then "
                + str(c["next_pi"])
                + " PI (carried over the following rounds).",
            )
        else:
            text += " = " + str(c["next_pi"]) + " PI" + tr(lang, " (règle du report).", " (carry-over rule).")
        lines.append(text)
    if not lines:
        lines.append(
            tr(
                lang,
                "Aucun déficit : rien n’est reporté (les PI restants ne se reportent pas).",
                "No deficit: nothing carries over (unused PI do not carry).",
            )
        )
    return lines


def _order_output(steps, lang):
    groups = resolution_order(steps)
    if not groups:
        return output("none", tr(lang, "aucune action", "no action"))
    values = []
    texts = []
    rank = 0
    for group in groups:
        rank += 1
        values.append("+".join([s["name"] for s in group]))
        parts = []
        for s in group:
            parts.append(_who(s, lang) + " " + fmt_int(s["start"]) + "→" + fmt_int(s["end"]))
        texts.append(str(rank) + ". " + tr(lang, " en même temps que ", " together with ").join(parts))
    return output(",".join(values), tr(lang, " ; ", "; ").join(texts))


def _carry_output(carries, lang):
    values = []
    texts = []
    for c in carries:
        if c["deficit"] > 0:
            values.append(c["name"] + ":" + str(-c["deficit"]))
            if c["rounds_lost"] > 0:
                texts.append(
                    tr(
                        lang,
                        c["name"]
                        + " "
                        + fmt_int(-c["deficit"])
                        + " ("
                        + str(c["rounds_lost"])
                        + " round(s) perdu(s), puis "
                        + str(c["next_pi"])
                        + " PI)",
                        c["name"]
                        + " "
                        + fmt_int(-c["deficit"])
                        + " ("
                        + str(c["rounds_lost"])
                        + " round(s) lost, then "
                        + str(c["next_pi"])
                        + " PI)",
                    )
                )
            else:
                texts.append(
                    tr(
                        lang,
                        c["name"] + " " + fmt_int(-c["deficit"]) + " (" + str(c["next_pi"]) + " PI au round suivant)",
                        c["name"] + " " + fmt_int(-c["deficit"]) + " (" + str(c["next_pi"]) + " PI next round)",
                    )
                )
    if not values:
        return output("none", tr(lang, "aucun report", "no carry-over"))
    return output(";".join(values), tr(lang, " ; ", "; ").join(texts))


def calculate(form, tables, lang):
    """The form contract: combatants ("Name PI" per line), actions ("Name cost [label]" per line, each
    combatant's in the order he takes them). Never raises."""
    lang = lang_of(lang)
    if not isinstance(form, dict):
        form = {}
    try:
        combatants = parse_combatants(form, lang)
        actions = parse_actions(form, lang, combatants)
    except InputError as exc:
        return exc.result
    steps = timeline(combatants, actions)
    carries = carry_overs(combatants, steps)
    decls = declarations(combatants, actions)
    working = [
        tr(
            lang,
            "Lecture suivie : la correction de l’auteur (« [NON ! …] ») — tous commencent à agir en même "
            "temps et les actions les plus rapides sont résolues en premier ; une action coulisse du score "
            "de PI avant l’action au score après.",
            "Reading followed: the author's correction (“[NON ! …]”) — everyone starts acting at the same "
            "time and the fastest actions resolve first; an action slides from the PI score before it to the "
            "score after it.",
        )
    ]
    for line in _declaration_lines(decls, lang):
        working.append(line)
    for step in steps:
        for line in _step_lines(step, lang):
            working.append(line)
    for line in _carry_lines(carries, lang):
        working.append(line)
    outputs = {"order": _order_output(steps, lang), "carry_over": _carry_output(carries, lang)}
    details = {"steps": steps, "declarations": decls, "carry_over": carries, "reading": "correction"}
    return ok_result(outputs, working, details)

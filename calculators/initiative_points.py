"""Initiative points (PI): the timeline of a combat round (seed 003, "L'initiative").

Runs unchanged under CPython and MicroPython 1.27 (see calc_common): no dict-order reliance, total sort keys.

The rules, as this module reads them
------------------------------------
- Each round a combatant gets 20 PI, one PI = half a second (the constant ``round-pi`` of
  data/calculators/initiative-points.yaml, where the texts are too). The form takes each combatant's *current* PI
  (20 at the start of a round, less after earlier actions or a carried deficit).
- An action costs PI (table ip-action-costs: attack = weapon speed, parry with a shield = 2...); the form takes
  each action's cost as a number.
- The ruler ("l'échelonnage des actions dans le temps"): a combatant slides from his PI before the action (start)
  to his PI after it (end). A combatant at a current PI strictly between the two points can act or react (parry...)
  before the action ends; one exactly at the start or at the end cannot (a reading: the draft does not say, and the
  Krom/Mazrok example, Mazrok at 4 beyond Krom's end at 5, does not settle it; open question ip-between-bounds).
  "Si aucun ne se trouve entre les deux points, nul ne peut agir avant la fin de l'action": one outside them
  cannot, even with nothing declared. A combatant in the middle of his own action sits at that action's end on the
  ruler (he has already slid): he can react only if that end lies between the two points.
- The combatant with the most PI acts first; when his action ends above everyone else's PI he acts again before
  the others (Krom: 10 -> 5, still above Mazrok's 4). Among equal scores the cheaper action is taken first, then
  the order of the form (a reading, open question ip-fastest-first).
- A combatant may keep declaring actions while his PI is above 0, even one costing more than he has left: the
  deficit carries over, and the next round starts with 20 minus the deficit (Brugor: 2 PI, axe speed 7 -> -5,
  next round 15). At 0 PI or less no action at all (Brugor cannot attack twice to -12); a deficit larger than a
  round also eats the following rounds ("voire aux rounds suivants": 20 added each round while the score stays at
  0 or less, a reading, open question ip-carry-over-rounds). Unused positive PI are not carried (each round gives
  20 afresh; the seed only carries the excess cost: a reading, open question ip-unused-points).
- Free actions (cost 0) can be taken at any moment of the round; at 0 PI or less too by default ("à n'importe
  quel moment dans le tour" read as the more specific rule), not at all with the setting ``free_at_zero`` off ("en
  aucun cas une quelconque action": the two sentences disagree, open question ip-free-action-at-zero). They slide
  nobody, so nobody can react "during" them.
- Declarations, as the author corrected them (the default, setting ``declaration_rule`` = "corrected"): everyone
  declares at the same time; each one perceives the others' actions ``notice`` segments after they begin ("au bout
  de XXXX (2 ?) segments"), and may then abandon his action in progress and start another from zero, one segment
  later (constant ``restart-segments``), but not less than ``cancel_limit`` segments before his own resolves
  ("XXXX", no value given: 2 by default, like the other delay). One segment is read as one PI on the ruler; the
  delays are settings (open question ip-declaration-delays). Each action's roll is made when it resolves, with
  the penalties of wounds taken meanwhile. An abandoned action spans the PI it cost (up to the restart) and never
  resolves. Reivax (20, attack 5: 20 -> 15) perceives the orc's attack begun at 20 at 18, three segments before his
  own resolves: he may abandon it at 18 and parry with his shield from 17 to 15.
- The earlier declaration rule, struck out by the author, stays as a named variant (``declaration_rule`` =
  "earlier"): each combatant's first action is his declaration; a costlier action counts as declared first, so a
  combatant may revise his declaration after hearing any strictly costlier one (Reivax, attack 5: against the orc's
  attack costing 10 he may switch to a shield parry; against a rapier costing 3 he may not).
- Several actions while the opponent makes one (the correction's "dernière précision"): the ruler gives it, a
  combatant who slides fast acts again before a slower one resolves.

Resolution order: the original text ("le personnage avec le plus haut score commence à agir en premier, et cela se
poursuit dans l'ordre") resolves actions in the order they *start*; the correction ("les persos commencent tous à
agir en même temps ... les actions les plus rapides sont résolues en premier") in the order they *end*, highest end
PI first, which this module follows (a reading: "fastest" could also be the cheapest; open question
ip-fastest-first). Krom 10 attacks twice (cost 5 each), Mazrok 4 attacks (cost 2): the original resolves Krom,
Krom, Mazrok; the correction Krom (at 5), Mazrok (at 2), Krom (at 0). The output ``order`` is this resolution order;
``details.steps`` lists the actions in the order they start.

Form (``calculate``)
--------------------
- combatants: one per line "Name PI" (the name may hold spaces: "Orc 1 12", "Sir Birimor 11"); PI 0..20.
- actions: one per line "Name cost [label]", each combatant's in the order he takes them; his first line is his
  declaration for the round. Names match case-insensitively (ASCII and Latin-1 capitals, see ``fold``); cost
  0..200 (0 = free action). Spaces and no-break spaces separate words.
- outputs: ``order`` = the resolution order (value "Krom,Mazrok,Krom", simultaneous ones joined by "+"; text
  "1. Krom (attaque) 10→5 ; 2. ..."), ``carry_over`` (value "Brugor:-5;..." or "none"; text with the next
  round's PI). ``working`` says which rule gave each step; ``details`` holds ``steps`` (``timeline``),
  ``perceptions`` (``perceptions``; ``declarations`` under the earlier rule), ``carry_over`` (``carry_overs``) and
  ``settings``.
- settings (see above; a form without them reads as their defaults): ``declaration_rule``, ``notice``,
  ``cancel_limit``, ``free_at_zero``.
"""

from calculators.calc_common import (
    SPACES,
    Context,
    InputError,
    declared_input,
    digits_value,
    fold,
    is_digits,
    number_text,
    ok_result,
    output,
    read_form,
)

DECLARATION = {
    "id": "initiative-points",
    "rule": "initiative-points/time-ruler.md",
    "tables": [],
    "inputs": [
        {
            "name": "combatants",
            "kind": "textarea",
            "default": "Krom 10\nMazrok 4",
            "examples": [
                "Krom 10\nMazrok 4",
                "Brugor 2",
                "Reivax 20\nOrc 18",
                "A 20\nB 20\nC 12",
                "Sir Birimor 11\nLegalos 15\nFandalg 9\nOrc 1 12\nOrc 2 10",
                "\u00c9lise\u00a0 8\nKrom 0",
                "Krom -1",
                "Krom dix",
                "Krom",
                "Krom 25",
                "Krom 1\nkrom 2",
            ],
        },
        {
            "name": "actions",
            "kind": "textarea",
            "examples": [
                "Krom 5 attaque\nKrom 5 attaque\nMazrok 2 parade",
                "Brugor 7 hache\nBrugor 7 hache",
                "Reivax 5 attaque\nOrc 10 attaque",
                "A 10\nB 3\nB 3 parry\nA 0 shout",
                "Legalos 4 arc\nOrc 1 8 cimeterre\nsir birimor 6 \u00e9p\u00e9e\nFandalg 50 boule de feu\nOrc 2 2 parade",
                "\u00e9lise 3\nKrom 2\n\t\n\u00c9lise 9 \u2212",
                "Mazrok 3",
                "Krom 1000",
                "Krom cinq",
                "Krom -2",
                "Krom",
            ],
        },
        # The settings of the readings (open questions ip-declaration-delays, ip-free-action-at-zero); a form
        # without them reads as their defaults. The defaults of the trackers' settings are these.
        {"name": "declaration_rule", "kind": "choice", "values": ["corrected", "earlier"], "default": "corrected"},
        {"name": "notice", "kind": "integer", "min": 0, "max": 20, "default": 2},
        {"name": "cancel_limit", "kind": "integer", "min": 0, "max": 20, "default": 2},
        {"name": "free_at_zero", "kind": "checkbox", "default": True},
    ],
    "outputs": ["order", "carry_over"],
    "reference": None,
}
SETTINGS = ("declaration_rule", "notice", "cancel_limit", "free_at_zero")

MAX_COST = 200  # ten rounds: a long spell
MAX_COMBATANTS = 30
MAX_ACTIONS = 100
MAX_NAME = 40
MAX_LABEL = 60
MAX_FIELD = 4000


# ---------------------------------------------------------------- pure rule functions


def can_act(pi, cost, free_at_zero=True):
    """An action needs PI above 0; a free action too, unless `free_at_zero` (the two sentences of the draft that
    disagree: open question ip-free-action-at-zero, a setting)."""
    return pi > 0 or (cost == 0 and free_at_zero)


def perception(own_start, own_end, other_start, notice, limit, other_until=None):
    """The author's correction of the declarations: an action begun at `other_start` is perceived `notice` segments
    later (one segment read as one PI on the ruler: open question ip-declaration-delays). Returns (the moment
    it is perceived, whether the perceiver's action sliding from `own_start` to `own_end` is then in progress and
    the other's action still there to be seen, whether he may still abandon his: not less than `limit` segments
    before it resolves).

    What one perceives comes from the fight as it stood at that segment, not from the order the actions were
    entered in: an action abandoned at `other_until` was there to be seen from its start until that moment,
    inclusive (two who notice each other at the same segment may both abandon at that segment); None when it was
    not abandoned."""
    seen = other_start - notice
    running = own_end < seen <= own_start and (other_until is None or seen >= other_until)
    return (seen, running, running and seen - own_end >= limit)


def abandoned_at(step, rules):
    """The moment an abandoned action was abandoned: its span ends where the next one starts, one segment
    (``restart-segments``) after the abandonment; None for an action that was not abandoned."""
    if not step["abandoned"]:
        return None
    return step["end"] + rules["restart-segments"]


def can_react(pi, start, end):
    """A combatant at `pi` can act or react before an action sliding from `start` to `end` ends (strictly between)."""
    return end < pi < start


def may_revise(own_cost, other_cost):
    """The earlier declaration rule (a named variant): a costlier action counts as declared first, so its target
    may revise a cheaper one."""
    return other_cost > own_cost


def next_round(end_pi, rules):
    """Carry-over of a final PI score: (deficit, rounds lost entirely, PI at the start of the first round he acts).

    Only a deficit carries: the next round starts with 20 + end when end < 0; while that is 0 or less the whole
    round is spent finishing the action and the rest carries on.
    """
    deficit = -end_pi if end_pi < 0 else 0
    start = rules["round-pi"] - deficit
    lost = 0
    while start <= 0:
        lost += 1
        start += rules["round-pi"]
    return (deficit, lost, start)


def next_round_pi(end_pi, rules):
    """The PI a combatant has at the start of the very next round: a round's PI less his deficit (unused PI do not
    carry). 0 or less while a long action still runs: he can take no action that round, and what is left carries on
    to the one after (Brugor at −5: 15; at −25: −5, then 15, as ``next_round`` counts it)."""
    if end_pi >= 0:
        return rules["round-pi"]
    return rules["round-pi"] + end_pi


def _combatant_key(pos, index, cost):
    # highest PI first; among ties the cheaper (faster) action first, then the form's order
    return (-pos, cost, index)


def timeline(combatants, actions, free_at_zero=True):
    """The round's steps on the PI ruler.

    combatants: list of (name, pi); actions: list of (name, cost), (name, cost, label) or (name, cost, label,
    abandoned), each combatant's in the order he takes them (names must be among the combatants); an abandoned
    action (the correction) spans what it cost before the next one starts and never resolves. Returns a list of
    steps in the order they start:
    {"step", "name", "label", "cost", "start", "end", "performed", "free", "overspend", "acts_again", "abandoned",
     "reactors": [{"name", "pi", "rule"}], "resolves": rank (1 = first resolved, equal ranks together, 0 when not
     performed or abandoned), "rules": [rule keys]}.
    """
    names = [c[0] for c in combatants]
    pos = [c[1] for c in combatants]
    queues = [[] for _ in combatants]
    for a_index in range(len(actions)):
        act = actions[a_index]
        label = act[2] if len(act) > 2 else ""
        abandoned = len(act) > 3 and act[3] is True
        who = names.index(act[0])
        queues[who].append((act[1], label, a_index, abandoned))
    steps = []
    refused = [[] for _ in combatants]
    while True:
        best = None
        for i in range(len(names)):
            # at 0 PI or less only free actions remain possible (scores never rise within the round)
            while queues[i] and not can_act(pos[i], queues[i][0][0], free_at_zero):
                refused[i].append(queues[i].pop(0))
            if queues[i]:
                key = _combatant_key(pos[i], i, queues[i][0][0])
                if best is None or key < best[0]:
                    best = (key, i)
        if best is None:
            break
        i = best[1]
        cost, label, a_index, abandoned = queues[i].pop(0)
        start = pos[i]
        end = start - cost
        pos[i] = end
        rules = []
        if abandoned:
            rules.append("abandoned")
        elif cost == 0:
            rules.append("free")
        else:
            rules.append("slide")
        if end < 0 < start:
            rules.append("overspend")
        reactors = []
        if cost > 0 and not abandoned:
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
            rules.append("react" if reactors else "no_react")
        acts_again = False
        if end > 0:
            acts_again = True
            for j in range(len(names)):
                if j != i and pos[j] > 0 and pos[j] >= end:
                    acts_again = False
            if acts_again and cost > 0 and not abandoned:
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
                "abandoned": abandoned,
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
                    "abandoned": False,
                    "reactors": [],
                    "resolves": 0,
                    "rules": ["refused"],
                    "action": item[2],
                }
            )
    # correction: the fastest actions resolve first = by end PI, highest first; equal ends together
    ends = []
    for s in steps:
        if s["performed"] and not s["abandoned"] and s["end"] not in ends:
            ends.append(s["end"])
    ends.sort()
    ends.reverse()
    for s in steps:
        if s["performed"] and not s["abandoned"]:
            s["resolves"] = ends.index(s["end"]) + 1
    return steps


def resolution_order(steps):
    """The performed steps in the order they resolve: list of groups (lists of steps resolving together)."""
    keyed = []
    for index in range(len(steps)):
        s = steps[index]
        if s["resolves"] > 0:
            keyed.append((s["resolves"], s["step"], index))
    keyed.sort()
    groups = []
    for k in keyed:
        if groups and groups[-1][0]["resolves"] == k[0]:
            groups[-1].append(steps[k[2]])
        else:
            groups.append([steps[k[2]]])
    return groups


def carry_overs(combatants, steps, rules):
    """Per combatant (form order): {"name", "start", "end", "deficit", "rounds_lost", "next_pi"}."""
    result = []
    for c in combatants:
        end = c[1]
        for s in steps:
            if s["name"] == c[0] and s["performed"]:
                end = s["end"]
        deficit, lost, nxt = next_round(end, rules)
        result.append(
            {"name": c[0], "start": c[1], "end": end, "deficit": deficit, "rounds_lost": lost, "next_pi": nxt}
        )
    return result


def perceptions(steps, notice, limit, rules):
    """The correction: for each action under way (performed, not free, not abandoned), the others' actions its
    combatant perceives while it runs (an abandoned one too, when it was still running as he noticed it:
    ``perception``): {"name", "label", "start", "end", "other", "other_label", "other_start", "seen", "may",
    "restart" (where a new action would start: one segment after abandoning), "latest" (the last moment he may
    abandon)}, in the order the steps start."""
    found = []
    for own in steps:
        if not own["performed"] or own["free"] or own["abandoned"]:
            continue
        for other in steps:
            if other["name"] == own["name"] or not other["performed"] or other["free"]:
                continue
            until = abandoned_at(other, rules)
            seen, running, may = perception(own["start"], own["end"], other["start"], notice, limit, until)
            if running:
                found.append(
                    {
                        "name": own["name"],
                        "label": own["label"],
                        "start": own["start"],
                        "end": own["end"],
                        "other": other["name"],
                        "other_label": other["label"],
                        "other_start": other["start"],
                        "seen": seen,
                        "may": may,
                        "restart": seen - rules["restart-segments"],
                        "latest": own["end"] + limit,
                    }
                )
    return found


def declarations(combatants, actions):
    """The earlier declaration rule (struck out by the author, a named variant): each combatant's first action is
    his declaration; costlier ones count as declared first.

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


def _fail(key, field, ctx, values=()):
    pairs = [("field", ctx.field(field))]
    for pair in values:
        pairs.append(pair)
    raise InputError({"ok": False, "error": ctx.text(key, pairs), "field": field})


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


def _lines(form, field, ctx):
    raw = form.get(field) if isinstance(form, dict) else None
    if raw is None or isinstance(raw, bool):
        raw = ""
    if not isinstance(raw, str):
        raw = str(raw)
    if len(raw) > MAX_FIELD:
        _fail("text_too_long", field, ctx)
    result = []
    number = 0
    for line in raw.split("\n"):
        number += 1
        tokens = _tokens(line)
        if tokens:
            result.append((number, tokens))
    if not result:
        _fail("no_line", field, ctx)
    return result


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


def parse_combatants(form, ctx):
    """[(name, pi)] from the "combatants" text; raises InputError."""
    field = "combatants"
    lines = _lines(form, field, ctx)
    if len(lines) > MAX_COMBATANTS:
        _fail("too_many", field, ctx, [("max", str(MAX_COMBATANTS))])
    result = []
    seen = []
    for number, tokens in lines:
        line = str(number)
        if len(tokens) < 2:
            _fail("combatant_format", field, ctx, [("line", line)])
        name = " ".join(tokens[:-1])
        if len(name) > MAX_NAME:
            _fail("name_long", field, ctx, [("line", line), ("max", str(MAX_NAME))])
        kind, value = _number(tokens[-1])
        if kind == "bad":
            _fail("pi_not_whole", field, ctx, [("line", line), ("name", name)])
        if kind == "negative":
            _fail("pi_negative", field, ctx, [("line", line), ("name", name)])
        if value > ctx.constant("round-pi"):
            _fail("pi_range", field, ctx, [("line", line), ("name", name)])
        low = fold(name)
        if low in seen:
            _fail("duplicate", field, ctx, [("line", line), ("name", name)])
        seen.append(low)
        result.append((name, value))
    return result


def parse_actions(form, ctx, combatants):
    """[(name, cost, label)] from the "actions" text, names matched to the combatants (case ignored, see fold)."""
    field = "actions"
    lines = _lines(form, field, ctx)
    if len(lines) > MAX_ACTIONS:
        _fail("too_many", field, ctx, [("max", str(MAX_ACTIONS))])
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
                _fail("action_format", field, ctx, [("line", line)])
            if len(shown) > MAX_NAME:
                shown = shown[:MAX_NAME] + "…"
            _fail("unknown_name", field, ctx, [("line", line), ("name", shown)])
        kind, value = _number(tokens[k])
        if kind == "bad":
            _fail("cost_not_whole", field, ctx, [("line", line)])
        if kind == "negative":
            _fail("cost_negative", field, ctx, [("line", line)])
        if value > MAX_COST:
            _fail("cost_range", field, ctx, [("line", line), ("max", str(MAX_COST))])
        label = " ".join(tokens[k + 1 :])
        if len(label) > MAX_LABEL:
            _fail("label_long", field, ctx, [("line", line), ("max", str(MAX_LABEL))])
        result.append((combatants[found][0], value, label))
    return result


# ---------------------------------------------------------------- localized working


def step_who(step):
    if step["label"]:
        return step["name"] + " (" + step["label"] + ")"
    return step["name"]


def _names(items, ctx):
    if len(items) == 1:
        return items[0]
    return ctx.text("names_and", [("names", ", ".join(items[:-1])), ("last", items[-1])])


def step_values(step):
    """The values a text about one step on the ruler prints: its number, who (with the action's label), where he
    starts and ends, his deficit."""
    return [
        ("step", str(step["step"])),
        ("who", step_who(step)),
        ("name", step["name"]),
        ("start", number_text(step["start"])),
        ("end", number_text(step["end"])),
        ("deficit", number_text(-step["end"])),
    ]


def step_lines(step, ctx):
    values = step_values(step) + [("cost", number_text(step["cost"])), ("rank", str(step["resolves"]))]
    if not step["performed"]:
        return [ctx.text("step_refused", values)]
    if step["abandoned"]:
        return [ctx.text("step_abandoned", values)]
    if step["free"]:
        return [ctx.text("step_free", values)]
    lines = [ctx.text("step_slides", values)]
    if step["overspend"]:
        lines.append(ctx.text("step_overspend", values))
    between = [r["name"] + " (" + number_text(r["pi"]) + ")" for r in step["reactors"]]
    if between:
        lines.append(ctx.text("step_between", values + [("names", _names(between, ctx))]))
    if not step["reactors"]:
        lines.append(ctx.text("step_nobody", values))
    if step["acts_again"]:
        lines.append(ctx.text("step_acts_again", values))
    return lines


def _declaration_lines(decls, ctx):
    lines = []
    if len(decls) < 2:
        return lines
    parts = []
    for d in decls:
        parts.append(d["name"] + " (" + number_text(d["cost"]) + ")")
    lines.append(ctx.text("declarations", [("list", ", ".join(parts))]))
    for d in decls:
        values = [("name", d["name"]), ("cost", number_text(d["cost"]))]
        if d["may_revise_after"]:
            lines.append(ctx.text("may_revise", values + [("names", _names(d["may_revise_after"], ctx))]))
        else:
            lines.append(ctx.text("may_not_revise", values))
    return lines


def _perception_lines(found, settings, ctx):
    """The correction's declarations: when each one perceives the others' actions and whether he may still abandon
    his own; then where each action's roll is made."""
    lines = [
        ctx.text(
            "perceive_intro",
            [
                ("notice_segments", counted(ctx, "segments", settings["notice"])),
                ("limit_segments", counted(ctx, "segments", settings["cancel_limit"])),
            ],
        )
    ]
    for f in found:
        values = [
            ("name", f["name"]),
            ("who", f["name"] + (" (" + f["label"] + ")" if f["label"] else "")),
            ("other", f["other"] + (" (" + f["other_label"] + ")" if f["other_label"] else "")),
            ("other_start", number_text(f["other_start"])),
            ("seen", number_text(f["seen"])),
            ("end", number_text(f["end"])),
            ("restart", number_text(f["restart"])),
            ("latest", number_text(f["latest"])),
        ]
        lines.append(ctx.text("perceive_may" if f["may"] else "perceive_late", values))
    lines.append(ctx.text("roll_at_resolution"))
    return lines


def declaration_lines(combatants, actions, steps, settings, ctx):
    """What the working says of the declarations, under the rule the settings choose."""
    if settings["declaration_rule"] == "earlier":
        return [ctx.text("rule_earlier")] + _declaration_lines(declarations(combatants, actions), ctx)
    return _perception_lines(perceptions(steps, settings["notice"], settings["cancel_limit"], ctx.rules), settings, ctx)


def parse_settings(form, ctx):
    """The readings' settings of the form (declared inputs SETTINGS); one the form does not hold reads as its
    default. Raises InputError."""
    specs = [declared_input(DECLARATION, name) for name in SETTINGS]
    present = {}
    for spec in specs:
        present[spec["name"]] = form[spec["name"]] if spec["name"] in form else spec["default"]
    return read_form({"inputs": specs}, present, ctx)


def default_settings():
    """The settings a new fight starts with (the trackers'): the declared defaults."""
    result = {}
    for name in SETTINGS:
        result[name] = declared_input(DECLARATION, name)["default"]
    return result


def counted(ctx, key, n):
    """A number with its noun, for one or for more: the text `key`_1 for 1, `key`_0 for 0 when the data has one
    (French writes « 0 segment »), else `key`_n, its {n} filled."""
    if n == 0 and ctx.entry("texts", key + "_0") is not None:
        return ctx.text(key + "_0")
    if n == 1:
        return ctx.text(key + "_1")
    return ctx.text(key + "_n", [("n", str(n))])


def _carry_values(carry, ctx):
    return [
        ("lost_rounds", counted(ctx, "whole_rounds", carry["rounds_lost"])),
        ("rounds_lost", counted(ctx, "rounds_lost", carry["rounds_lost"])),
        ("name", carry["name"]),
        ("end", number_text(carry["end"])),
        ("deficit", str(carry["deficit"])),
        ("shortfall", number_text(-carry["deficit"])),
        ("lost", str(carry["rounds_lost"])),
        ("next", str(carry["next_pi"])),
    ]


def carry_lines(carries, ctx):
    lines = []
    for c in carries:
        if c["deficit"] == 0:
            continue
        lines.append(ctx.text("carry_rounds_lost" if c["rounds_lost"] > 0 else "carry", _carry_values(c, ctx)))
    if not lines:
        lines.append(ctx.text("no_deficit"))
    return lines


def _order_output(steps, ctx):
    groups = resolution_order(steps)
    if not groups:
        return output("none", ctx.text("no_action"))
    values = []
    texts = []
    rank = 0
    for group in groups:
        rank += 1
        values.append("+".join([s["name"] for s in group]))
        parts = []
        for s in group:
            parts.append(step_who(s) + " " + number_text(s["start"]) + "→" + number_text(s["end"]))
        texts.append(str(rank) + ". " + ctx.text("together_with").join(parts))
    return output(",".join(values), ctx.text("list_separator").join(texts))


def _carry_output(carries, ctx):
    values = []
    texts = []
    for c in carries:
        if c["deficit"] > 0:
            values.append(c["name"] + ":" + str(-c["deficit"]))
            key = "carry_output_rounds_lost" if c["rounds_lost"] > 0 else "carry_output"
            texts.append(ctx.text(key, _carry_values(c, ctx)))
    if not values:
        return output("none", ctx.text("no_carry_over"))
    return output(";".join(values), ctx.text("list_separator").join(texts))


def calculate(form, data, lang):
    """The form contract: combatants ("Name PI" per line), actions ("Name cost [label]" per line, each
    combatant's in the order he takes them). Never raises."""
    ctx = Context(data, DECLARATION["id"], lang)
    if not isinstance(form, dict):
        form = {}
    try:
        ctx.require(DECLARATION)
        combatants = parse_combatants(form, ctx)
        actions = parse_actions(form, ctx, combatants)
        settings = parse_settings(form, ctx)
    except InputError as exc:
        return exc.result
    steps = timeline(combatants, actions, settings["free_at_zero"])
    carries = carry_overs(combatants, steps, ctx.rules)
    working = [ctx.text("reading")]
    for line in declaration_lines(combatants, actions, steps, settings, ctx):
        working.append(line)
    for step in steps:
        for line in step_lines(step, ctx):
            working.append(line)
    for line in carry_lines(carries, ctx):
        working.append(line)
    outputs = {"order": _order_output(steps, ctx), "carry_over": _carry_output(carries, ctx)}
    details = {"steps": steps, "carry_over": carries, "settings": settings}
    if settings["declaration_rule"] == "earlier":
        details["declarations"] = declarations(combatants, actions)
    else:
        details["perceptions"] = perceptions(steps, settings["notice"], settings["cancel_limit"], ctx.rules)
    return ok_result(outputs, working, details)


def page_extras(form, result, data, lang, rolls):
    """Under the answer: the round's steps on the PI ruler, in the order they start."""
    ctx = Context(data, DECLARATION["id"], lang)
    rows = []
    for step in (result.get("details") or {}).get("steps", []):
        reactors = []
        for r in step.get("reactors", []):
            reactors.append(r["name"])
        rows.append(
            [
                str(step["step"]),
                step["name"],
                step.get("label") or "",
                str(step["start"]) + " → " + str(step["end"]),
                ", ".join(reactors) or "—",
            ]
        )
    table = {
        "caption": ctx.text("steps_caption"),
        "columns": [
            ctx.text("steps_step"),
            ctx.text("steps_who"),
            ctx.text("steps_action"),
            ctx.text("steps_pi"),
            ctx.text("steps_reactors"),
        ],
        "rows": rows,
    }
    return {"ok": True, "table": table, "notes": []}

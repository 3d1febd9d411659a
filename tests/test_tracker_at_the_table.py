"""The combat trackers as a game master uses them at the table, on a 390×844 phone, by taps (issue 35): whatever the
browser kept that cannot be read is set aside, shown after a reload and importable, never lost; each tap's answer
shows in view beside what was tapped; rolls are typed as dice are read; a step that discards work offers its undo;
the steps fit the screen and keep their numbers; the typed d10s, not the page's, decide a hold's lapse; two who
notice each other at the same segment both cancel, in either tap order; a fight saved by an earlier site plays on
under the rule it was played under; and a players' view in a second tab follows the GM's without what they hide."""

from __future__ import annotations

import json

import pytest

from calculators import page_glue
from calculators.tracker_common import TrackerContext
from tests.audit_pages import PHONE
from tests.reused_tab import reused_tab
from tests.tracker_pages import IDLE, PAGES, PREFIX, Tracker, keep_in_browser, open_tracker
from tests.tracker_plays import SAVED, data, saved

ANSWER = "[data-answer]:not(:empty)"


@pytest.fixture(scope="module")
def phone_tab(browser):
    with reused_tab(browser, viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block") as tab:
        yield tab


@pytest.fixture
def phone(phone_tab):
    """A phone's tab as if new (tests/reused_tab.py)."""
    with phone_tab.as_new() as page:
        yield page


def on_phone(phone, site_url: str, lang: str, tracker_id: str) -> Tracker:
    return open_tracker(phone, site_url, lang, tracker_id, tap=True)


def answer_box(tracker: Tracker) -> dict:
    """Where the answer to the last tap is, and its words (one place holds it at a time)."""
    found = tracker.root.locator(ANSWER)
    assert found.count() == 1, "one answer, in one place"
    box = found.bounding_box()
    return {"top": box["y"], "bottom": box["y"] + box["height"], "text": found.locator("span").first.text_content()}


def assert_in_view_beside(tracker: Tracker, tapped_box: dict, expected: str | None) -> None:
    """The answer says `expected` (None: something), wholly on the screen, not under the round's bar, within 250 px
    of the tap; the board's line at the top does not say it again."""
    shown = answer_box(tracker)
    assert shown["text"] == expected if expected is not None else shown["text"].strip()
    assert tracker.text("announce") == ""
    bar = tracker.root.locator(".codex-tracker-round").bounding_box()
    in_bar = tracker.root.locator(f".codex-tracker-round {ANSWER}").count() == 1
    covered = not in_bar and 0 < bar["y"] < PHONE["height"]  # the bar, stuck at the screen's foot, covers below it
    floor = bar["y"] if covered else PHONE["height"]
    assert 0 <= shown["top"] and shown["bottom"] <= floor + 1, (shown, floor)
    middle = tapped_box["y"] + tapped_box["height"] / 2
    assert min(abs(shown["top"] - middle), abs(shown["bottom"] - middle)) <= 250, (shown, tapped_box)


def tap_and_place(tracker: Tracker, locator) -> dict:
    """Tap a control; the place it had on the screen when tapped."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    tracker.press(locator)
    return box


def python_says(tracker_id: str, state, action: dict, lang: str) -> dict:
    return page_glue.track(tracker_id, state, action, data(tracker_id), lang, [])


def add_all(tracker: Tracker, combatants) -> None:
    for name, values in combatants:
        tracker.add(name, **values)


# ---------------------------------------------------------------- nothing lost


DAMAGED = {
    "not JSON": lambda kept: "{codex: oops",
    "cut short": lambda kept: json.dumps(kept)[:70],
    "not an object": lambda kept: json.dumps([kept]),
    "a bare state": lambda kept: json.dumps(kept["state"]),
}


@pytest.mark.parametrize("damage", list(DAMAGED))
def test_a_damaged_save_is_set_aside_kept_after_a_reload_and_discarded_only_on_a_second_tap(phone, site_url, damage):
    fixture = next(f for f in map(saved, SAVED) if f["tracker"] == "initiative-points")
    raw = DAMAGED[damage](fixture["kept"])
    tracker = on_phone(phone, site_url, "fr", "initiative-points")
    phone.evaluate("([key, raw]) => localStorage.setItem(key, raw)", ["codex-tracker:initiative-points", raw])
    for _ in range(2):  # shown again after a reload, from where it was set aside
        phone.reload()
        tracker.wait()
        aside = tracker.root.locator("[data-output=aside]")
        assert aside.is_visible()
        assert tracker.root.locator("[data-output=aside-text]").input_value() == raw
        assert tracker.text("aside-reason")
    kept_aside = phone.evaluate("(key) => localStorage.getItem(key)", "codex-tracker:initiative-points:aside")
    assert json.loads(kept_aside) == [raw]
    importing = tracker.root.locator("[data-aside=import]")
    tapped = tap_and_place(tracker, importing)
    if damage == "a bare state":  # readable once pasted back: the fight returns whole
        names = [c["name"] for c in fixture["kept"]["state"]["combatants"]]
        assert [c["name"] for c in tracker.state()["combatants"]] == names
        assert not aside.is_visible()
        assert tracker.root.locator(f"{ANSWER} [data-undo-step]").count() == 1
        return
    refused = python_says("initiative-points", None, {"action": "import", "text": raw}, "fr")
    assert not refused["ok"]
    assert_in_view_beside(tracker, tapped, refused["error"])
    discard = tracker.root.locator("[data-aside=discard]")
    tracker.press(discard)
    texts = TrackerContext(data("initiative-points"), "initiative-points-tracker", "fr")
    assert aside.is_visible() and discard.text_content() == texts.text("aside_discard_confirm")
    tracker.press(discard)
    assert not aside.is_visible()
    assert phone.evaluate("(key) => localStorage.getItem(key)", "codex-tracker:initiative-points:aside") is None


def test_a_storage_that_refuses_everything_still_runs_the_tracker(browser, site_url):
    context = browser.new_context(viewport=PHONE, service_workers="block")
    context.add_init_script("Object.defineProperty(window, 'localStorage', { get() { throw new Error('denied'); } });")
    try:
        tracker = open_tracker(context.new_page(), site_url, "en", "initiative-points")
        tracker.add("Krom", ip="10")
        assert [c["name"] for c in tracker.state()["combatants"]] == ["Krom"]
    finally:
        context.close()


# ---------------------------------------------------------------- every answer where the GM looks


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_answer_shows_in_view_beside_what_was_tapped(phone, site_url, lang):
    tracker = on_phone(phone, site_url, lang, "initiative-points")
    add_all(tracker, [("Reivax", {"ip": "20"}), ("Orc", {"ip": "20"})])
    declare = tracker.form("declare")
    declare.locator("input[name=who][value=Reivax]").check()
    declare.locator("[name=cost]").fill("5")
    before = tracker.state()
    tapped = tap_and_place(tracker, tracker.button("declare", declare))
    said = python_says(
        "initiative-points", before, {"action": "declare", "who": "Reivax", "cost": "5", "label": ""}, lang
    )
    assert_in_view_beside(tracker, tapped, said["view"]["announce"])
    # a refusal (nothing to cancel for yet) beside the button, not under « Qui » far above
    kept = tracker.state()
    tapped = tap_and_place(tracker, tracker.button("revise", declare))
    refused = python_says(
        "initiative-points", kept, {"action": "revise", "who": "Reivax", "cost": "5", "label": ""}, lang
    )
    assert not refused["ok"] and refused["field"] == "who"
    assert_in_view_beside(tracker, tapped, refused["error"])
    assert tracker.error_for("who") == ""
    # the round's bar answers in the bar, at the screen's foot
    tapped = tap_and_place(tracker, tracker.root.locator(".codex-tracker-round [data-action=next-round]"))
    assert tracker.root.locator(f".codex-tracker-round {ANSWER}").count() == 1
    assert_in_view_beside(tracker, tapped, None)
    # the theme's back-to-top button never covers them
    phone.mouse.wheel(0, -400)
    phone.wait_for_timeout(300)
    assert not phone.locator(".md-top").is_visible()


def test_a_typed_value_refused_is_said_beside_its_field_which_keeps_the_focus(phone, site_url):
    tracker = on_phone(phone, site_url, "en", "initiative-points")
    tracker.add("Krom", ip="10")
    declare = tracker.form("declare")
    declare.locator("[name=cost]").fill("abc")
    tracker.press(tracker.button("declare", declare))
    assert tracker.error_for("cost")
    cost = declare.locator("[name=cost]")
    assert cost.evaluate("(input) => document.activeElement === input")
    assert cost.evaluate("(input) => input.selectionStart === 0 && input.selectionEnd === input.value.length")
    assert tracker.root.locator(".codex-tracker-answer--quiet").count() == 1  # said once to screen readers


def test_rolls_are_typed_as_the_dice_are_read_one_field_after_the_other(phone, site_url):
    tracker = on_phone(phone, site_url, "fr", "adnd-round")
    add_all(
        tracker,
        [
            ("Reivax", {"kind": "pc", "dexterity": "16"}),
            ("Legalos", {"kind": "pc", "dexterity": "18"}),
            ("Orcs", {"kind": "group", "dexterity": ""}),
        ],
    )
    tracker.round_button("next-round")
    fields = tracker.root.locator("input[name=roll]")
    assert [fields.nth(i).get_attribute("inputmode") for i in range(3)] == ["numeric"] * 3
    fields.nth(0).tap()
    phone.keyboard.type("3")  # replaces the page's proposal: not « 53 »
    phone.keyboard.press("Enter")
    phone.wait_for_function(IDLE, arg=tracker.id)
    assert fields.nth(1).evaluate("(input) => document.activeElement === input")
    phone.keyboard.type("0")  # refused: said beside that field, which keeps the focus, its value selected
    phone.keyboard.press("Enter")
    phone.wait_for_function(IDLE, arg=tracker.id)
    assert fields.nth(1).evaluate("(input) => document.activeElement === input")
    assert "10" in tracker.error_for("roll")
    phone.keyboard.type("7")
    phone.keyboard.press("Enter")
    phone.wait_for_function(IDLE, arg=tracker.id)
    assert fields.nth(2).evaluate("(input) => document.activeElement === input")
    phone.keyboard.type("5")
    phone.keyboard.press("Enter")
    phone.wait_for_function(IDLE, arg=tracker.id)
    assert [c["roll"] for c in tracker.state()["combatants"]] == [3, 7, 5]
    assert [fields.nth(i).input_value() for i in range(3)] == ["3", "7", "5"]


def test_fields_that_describe_one_combatant_are_cleared_after_adding_them(phone, site_url):
    tracker = on_phone(phone, site_url, "fr", "adnd-round")
    tracker.add("Birimor", kind="pc", dexterity="14", improved=True, modifier="-2")
    form = tracker.form("add")
    assert [form.locator(f"[name={name}]").input_value() for name in ("name", "dexterity", "modifier")] == ["", "", "0"]
    assert not form.locator("[name=improved]").is_checked()
    assert form.locator("[name=name]").evaluate("(input) => document.activeElement === input")


@pytest.mark.parametrize(
    "tracker_id, setup, action",
    [
        ("initiative-points", [("Krom", {"ip": "10"}), ("Mazrok", {"ip": "4"})], "reset"),
        ("initiative-points", [("Krom", {"ip": "10"}), ("Mazrok", {"ip": "4"})], "remove"),
        ("initiative-points", [("Krom", {"ip": "10"}), ("Mazrok", {"ip": "4"})], "import"),
        (
            "adnd-round",
            [("Reivax", {"kind": "pc", "dexterity": "16"}), ("Orcs", {"kind": "group", "dexterity": ""})],
            "next-round",
        ),
    ],
)
def test_a_step_that_discards_work_offers_its_undo_beside_it(phone, site_url, tracker_id, setup, action):
    tracker = on_phone(phone, site_url, "fr", tracker_id)
    add_all(tracker, setup)
    if action == "next-round":
        tracker.round_button("next-round")
        tracker.round_button("next-turn")  # mid-round: a segment still to play
    if action == "import":  # another fight pasted over this one
        tracker.root.locator("details.codex-tracker-share summary").tap()
        tracker.root.locator("textarea[name=text]").fill('["codex-ip",1,2,[["Élise",8]],[]]')
    before = tracker.state()
    button = {
        "import": tracker.root.locator("[data-action=import]"),
        "reset": tracker.root.locator("[data-action=reset]"),
        "remove": tracker.root.locator("[data-action=remove][data-who=Mazrok]"),
        "next-round": tracker.root.locator(".codex-tracker-round [data-action=next-round]"),
    }[action]
    tapped = tap_and_place(tracker, button)
    assert tracker.state() != before
    assert_in_view_beside(tracker, tapped, None)
    undo = tracker.root.locator(f"{ANSWER} [data-undo-step]")
    tracker.press(undo)
    assert tracker.state() == before


def test_the_steps_fit_a_phone_and_keep_their_numbers_as_actions_are_added(phone, site_url):
    tracker = on_phone(phone, site_url, "en", "initiative-points")
    add_all(tracker, [("Sir Birimor the Fearless", {"ip": "20"}), ("Orcs of the Red Hand", {"ip": "20"})])
    tracker.declare("Orcs of the Red Hand", 10, "two-handed sword")
    first = [row[:4] for row in tracker.drawn()["table"]]
    tracker.declare("Sir Birimor the Fearless", 3, "rapier")
    tracker.declare("Sir Birimor the Fearless", 3, "rapier")
    rows = [row[:4] for row in tracker.drawn()["table"]]
    assert rows[: len(first)] == first  # the steps drawn keep their number, place, action and points
    assert [row[0] for row in rows] == ["1", "2", "3"]
    table = tracker.root.locator("[data-output=table] .codex-table")
    assert table.evaluate("(box) => box.scrollWidth <= box.clientWidth")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    cell = tracker.root.locator("[data-output=table] td").first
    assert cell.evaluate("(td) => getComputedStyle(td, '::before').content") != "none"  # each cell named


# ---------------------------------------------------------------- rules that do not depend on the order of taps


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_typed_rolls_not_the_pages_decide_whether_a_hold_lapses(phone, site_url, lang):
    """Fandalg holds « Sommeil si un orc franchit la porte »; next round the page's own d10s would put him first, but
    the GM types the table's (Fandalg 6, orcs 4): the hold stands at the orcs' segment and can be triggered there."""
    tracker = on_phone(phone, site_url, lang, "adnd-round")
    add_all(tracker, [("Fandalg", {"kind": "pc", "dexterity": "9"}), ("Orcs", {"kind": "group", "dexterity": ""})])
    tracker.round_button("next-round")
    for who, roll in (("Fandalg", "1"), ("Orcs", "9")):
        field = tracker.root.locator(f"input[name=roll][data-who={who}]")
        field.fill(roll)
        field.press("Tab")
        tracker.page.wait_for_function(IDLE, arg=tracker.id)
    tracker.round_button("next-turn")  # Fandalg's segment
    declare = tracker.form("declare")
    declare.locator("input[name=who][value=Fandalg]").check()
    declare.locator("[name=hold]").select_option("conditional")
    declare.locator("[name=label]").fill("Sommeil si un orc franchit la porte")
    tracker.press(tracker.button("declare", declare))
    assert tracker.state()["holds"][0]["who"] == "Fandalg"
    tracker.page.evaluate("() => { window.crypto.getRandomValues = (a) => { a.fill(0); return a; }; }")
    tracker.round_button("next-round")  # the page's d10s: all 1s, Fandalg first
    assert tracker.state()["holds"] and "Fandalg" in tracker.state()["holds"][0]["who"]
    for who, roll in (("Fandalg", "6"), ("Orcs", "4")):
        field = tracker.root.locator(f"input[name=roll][data-who={who}]")
        field.fill(roll)
        field.press("Tab")
        tracker.page.wait_for_function(IDLE, arg=tracker.id)
    tracker.round_button("next-turn")  # segment 4: the orcs
    trigger = tracker.root.locator("[data-action=act][data-who=Fandalg]")
    assert trigger.is_visible()
    tracker.press(trigger)
    assert [a["who"] for a in tracker.state()["acted"]] == ["Fandalg"]


def cancel_both(tracker: Tracker, first: str, second: str) -> dict:
    tracker.press(tracker.root.locator("[data-action=reset]"))
    add_all(tracker, [("Reivax", {"ip": "20"}), ("Orc", {"ip": "20"})])
    tracker.declare("Reivax", 5, "attaque")
    tracker.declare("Orc", 10, "épée à deux mains")
    new = {"Reivax": (2, "parade (bouclier)"), "Orc": (3, "esquive")}
    for who in (first, second):
        tracker.declare(who, new[who][0], new[who][1], action="revise")
        assert tracker.root.locator(".codex-tracker-answer--error").count() == 0, tracker.answer()
    return tracker.state()


def test_two_who_notice_each_other_at_once_both_cancel_in_either_tap_order(phone, site_url):
    tracker = on_phone(phone, site_url, "fr", "initiative-points")
    one = cancel_both(tracker, "Reivax", "Orc")
    other = cancel_both(tracker, "Orc", "Reivax")
    key = lambda action: (action["who"], action["cost"], action["label"], action.get("abandoned", False))  # noqa: E731
    assert sorted(map(key, one["actions"])) == sorted(map(key, other["actions"]))
    assert [a["cost"] for a in one["actions"] if a.get("abandoned")] == [3, 3]  # both stop at 18, restart at 17


def test_a_fight_saved_by_an_earlier_site_plays_on_under_its_rule_and_says_so_once(phone, site_url):
    fixture = next(f for f in map(saved, SAVED) if f["tracker"] == "initiative-points")
    tracker = on_phone(phone, site_url, "fr", "initiative-points")
    keep_in_browser(phone, "initiative-points", fixture["kept"])
    phone.reload()
    tracker.wait()
    said = python_says("initiative-points", fixture["kept"]["state"], {"action": "view"}, "fr")["view"]["announce"]
    assert said and tracker.text("announce") == said
    assert tracker.state()["settings"]["declaration_rule"] == "earlier"
    assert tracker.form("settings").locator("[name=declaration_rule]").input_value() == "earlier"
    phone.reload()
    tracker.wait()
    assert tracker.text("announce") == ""


# ---------------------------------------------------------------- the players' view


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_players_view_follows_the_gm_without_what_the_gm_hides(browser, site_url, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        gm = open_tracker(context.new_page(), site_url, lang, "initiative-points")
        players_page = context.new_page()
        players_page.goto(site_url + PREFIX[lang] + PAGES["initiative-points"] + "?players")
        players = Tracker(players_page, "initiative-points")
        players_page.wait_for_function("() => document.documentElement.classList.contains('codex-players-view')")
        players.wait()
        gm.page.bring_to_front()  # the GM's tab is the one tapped (a tab behind waits seconds for its frames)
        add_all(gm, [("Reivax", {"ip": "20"}), ("Zorglub", {"ip": "18"})])
        gm.press(gm.root.locator("[data-action=hide][data-who=Zorglub]"))
        gm.declare("Reivax", 5, "attaque")
        form = gm.form("declare")
        form.locator("input[name=who][value=Zorglub]").check()
        form.locator("[name=label]").fill("poison")
        form.locator("[name=secret]").check()
        form.locator("[name=cost]").fill("3")
        gm.press(gm.button("declare", form))
        lanes = "() => [...document.querySelectorAll('.codex-ruler-lane')].map((g) => g.dataset.combatant).join()"
        players_page.wait_for_function(f"() => ({lanes})() === 'Reivax'", timeout=1000)
        shown = players.root.inner_text()
        assert "Reivax" in shown and "Zorglub" not in shown and "poison" not in shown
        assert players.root.locator("form, button").filter(visible=True).count() == 0
        assert players_page.locator(".md-header").is_hidden()
        expected = python_says("initiative-points", gm.state(), {"action": "players"}, lang)["view"]
        assert players.text("title") == expected["title"]
        assert players_page.evaluate("(key) => localStorage.getItem(key)", "codex-tracker:initiative-points")
        before = players_page.evaluate("(key) => localStorage.getItem(key)", "codex-tracker:initiative-points")
        gm.press(gm.root.locator("[data-action=hide][data-who=Zorglub]"))  # shown again
        players_page.wait_for_function(f"() => ({lanes})() === 'Reivax,Zorglub'", timeout=1000)
        assert "poison" not in players.root.inner_text()  # the action itself stays secret
        assert before != players_page.evaluate("(key) => localStorage.getItem(key)", "codex-tracker:initiative-points")
    finally:
        context.close()


def test_the_round_trackers_players_view_hides_a_secret_hold(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        gm = open_tracker(context.new_page(), site_url, "fr", "adnd-round")
        players_page = context.new_page()
        players_page.goto(site_url + "/" + PAGES["adnd-round"] + "?players")
        players = Tracker(players_page, "adnd-round")
        players.wait()
        gm.page.bring_to_front()
        add_all(gm, [("Fandalg", {"kind": "pc", "dexterity": "9"}), ("Orcs", {"kind": "group", "dexterity": ""})])
        gm.round_button("next-round")
        gm.round_button("next-turn")
        who = gm.state()["came"][0]["who"] if gm.state().get("came") else "Fandalg"
        declare = gm.form("declare")
        declare.locator(f"input[name=who][value={who}]").check()
        declare.locator("[name=hold]").select_option("conditional")
        declare.locator("[name=label]").fill("Sommeil si un orc franchit la porte")
        declare.locator("[name=secret]").check()
        gm.press(gm.button("declare", declare))
        players_page.wait_for_function("() => document.querySelector('[data-list=waiting]') !== null", timeout=1000)
        shown = players.root.inner_text()
        assert who in shown and "Sommeil" not in shown
    finally:
        context.close()

"""Overland travel calculator (seed 000, "Déplacement hors combat"): the seed's rules, hand-worked journeys, the
readings it follows, and invariants (the cross-runtime vectors are generated from its declaration:
tests/test_calculator_vectors.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import page_glue, travel
from calculators.calc_common import Context
from tests import calculator_vectors as cv

DATA = cv.browser_data()
RULES = Context(DATA, "travel", "en").rules
SPEEDS = {row["id"]: row for row in DATA["travel-speeds"]["rows"]}
BOOSTS = [row["id"] for row in DATA["travel-boosts"]["rows"]]
OUTPUTS = travel.DECLARATION["outputs"]
HUMAN = "human-elf-half-elf-half-orc-horse-cart"
DWARF = "dwarf-gnome-hobbit-ox-cart"


def form(*boosts: str, **fields: str) -> dict[str, str]:
    values = {"subject": HUMAN, "terrain": "base", "road": "", "headwind": "", "overload": "none", "distance": "20"}
    values.update({row_id: "on" if row_id in boosts else "" for row_id in BOOSTS})
    values.update(fields)
    return values


def answer(values: dict[str, str], lang: str = "en") -> dict:
    result = travel.calculate(values, DATA, lang)
    assert result["ok"], result
    return result


def speed(values: dict[str, str]) -> str:
    return answer(values)["outputs"]["speed"]["value"]


# ---------------------------------------------------------------- the seed's numbers


def test_the_seed_numbers_are_the_data_constants():
    # seed 000: headwind -33 % flying; overload -50 %; above 1.5x the capacity: 1 / 0.5 / 0.1; non-magical cap +2
    assert RULES == {
        "headwind-flying-cut-percent": 33,
        "overload-speed-percent": 50,
        "heavy-overload-factor": 1.5,
        "heavy-overload-base": 1,
        "heavy-overload-difficult": 0.5,
        "heavy-overload-very-difficult": 0.1,
        "non-magical-boost-cap": 2,
    }


def test_every_subject_and_terrain_reads_the_travel_table():
    for subject, row in SPEEDS.items():
        for terrain, column in travel.COLUMNS.items():
            shown = speed(form(subject=subject, terrain=terrain))
            assert shown == str(row[column]), (subject, terrain)


def test_a_road_or_flying_cancels_the_terrain_penalties():
    assert speed(form(subject=DWARF, terrain="very-difficult", road="on")) == "4"
    assert speed(form(subject="fly", terrain="very-difficult")) == "15"


def test_the_main_road_boost_is_also_a_road():
    # reading chosen (open question travel-main-road-as-road): base column 4, +1 for the main road
    result = answer(form("main-road", subject=DWARF, terrain="very-difficult"))
    assert result["outputs"]["speed"]["value"] == "5"
    assert any("main road is a road" in line for line in result["working"])


def test_a_strong_headwind_cuts_flying_speed_by_a_third_and_nothing_else():
    assert speed(form(subject="fly", headwind="on")) == "10.05"  # 15 x 0.67
    walking = answer(form(headwind="on"))
    assert walking["outputs"]["speed"]["value"] == "5"
    assert any("only flying speed" in line for line in walking["working"])


def test_overload_halves_the_speed():
    assert speed(form(overload="overloaded")) == "2.5"
    assert speed(form(subject="giant-size", terrain="difficult", overload="overloaded")) == "3"


def test_an_overload_above_one_and_a_half_times_the_capacity_sets_the_speed_by_terrain():
    assert speed(form(overload="heavy")) == "1"
    assert speed(form(overload="heavy", terrain="difficult")) == "0.5"
    assert speed(form(overload="heavy", terrain="very-difficult")) == "0.1"
    # boosts and wind no longer count; a road still makes the terrain normal
    assert speed(form("spells", "forced-march", overload="heavy", terrain="difficult", road="on")) == "1"


def test_each_boost_adds_one_and_a_non_magical_combination_adds_at_most_two():
    for boost in BOOSTS:
        assert speed(form(boost)) == "6", boost
    assert speed(form("spells", "forced-march")) == "7"
    assert speed(form("spells", "forced-march", "fatigue-resistance")) == "7"
    capped = answer(form(*BOOSTS))
    assert capped["outputs"]["speed"]["value"] == "7"
    assert any("at most +2" in line for line in capped["working"])


def test_boosts_come_before_wind_and_overload():
    # reading chosen (open question travel-boosts-and-overload-order): (5 + 1) x 50 % = 3, not 5 x 50 % + 1
    assert speed(form("forced-march", overload="overloaded")) == "3"
    assert speed(form("spells", subject="fly", headwind="on")) == "10.72"  # (15 + 1) x 0.67


def test_travel_time_in_hours_and_minutes_rounded_up():
    assert answer(form(distance="20"))["outputs"]["hours"] == {"value": "4", "text": "4 h"}
    assert answer(form(distance="22"))["outputs"]["hours"] == {"value": "4.4", "text": "4 h 24 min"}
    assert answer(form(distance="1", subject="giant-size"))["outputs"]["hours"]["text"] == "6 min"
    assert answer(form(distance="1", overload="heavy", terrain="very-difficult"))["outputs"]["hours"]["text"] == "10 h"
    assert travel.travel_minutes(25, 1100) == 137  # 25 km at 11 km/h = 136.36... min, rounded up


def test_answers_in_french_use_the_decimal_comma():
    result = answer(form(subject="fly", headwind="on"), "fr")
    assert result["outputs"]["speed"]["text"] == "10,05"
    assert all("." not in line.split("km/h")[0][-6:] for line in result["working"] if "10,05" in line)


def test_nonsense_is_refused_in_the_readers_language():
    for lang, range_words, negative_words in (
        ("en", "between 1 and 10,000", "cannot be negative"),
        ("fr", "compris entre 1 et 10\u202f000", "ne peut pas être négatif"),
    ):
        for distance, words in (("0", range_words), ("-3", negative_words), ("douze", "")):
            result = travel.calculate(form(distance=distance), DATA, lang)
            assert result["ok"] is False and result["field"] == "distance", (lang, distance)
            assert words in result["error"], (lang, distance, result["error"])
    unknown = travel.calculate(form(subject="dragon"), DATA, "en")
    assert unknown["ok"] is False and unknown["field"] == "subject"
    bad_box = travel.calculate(form(spells="maybe"), DATA, "en")
    assert bad_box["ok"] is False and bad_box["field"] == "spells" and "boosts — Spells" in bad_box["error"]


def test_the_page_glue_finds_the_calculator_by_its_declared_id():
    assert page_glue.run("travel", form(), DATA, "en", [])["outputs"]["speed"]["value"] == "5"


# ---------------------------------------------------------------- invariants


@settings(max_examples=200, deadline=None)
@given(
    subject=st.sampled_from(sorted(SPEEDS)),
    terrain=st.sampled_from(sorted(travel.COLUMNS)),
    road=st.booleans(),
    headwind=st.booleans(),
    overload=st.sampled_from(["none", "overloaded", "heavy"]),
    boosts=st.sets(st.sampled_from(BOOSTS)),
    distance=st.integers(1, 10000),
)
def test_every_journey_answers_within_the_contract(subject, terrain, road, headwind, overload, boosts, distance):
    values = form(
        *boosts,
        subject=subject,
        terrain=terrain,
        road="on" if road else "",
        headwind="on" if headwind else "",
        overload=overload,
        distance=str(distance),
    )
    result = answer(values)
    cv.check_contract(result, OUTPUTS)
    km_h = float(result["outputs"]["speed"]["value"])
    base = SPEEDS[subject]["base"]
    assert 0 < km_h <= base + RULES["non-magical-boost-cap"] + 1  # never faster than base plus every boost
    if overload == "none" and not (headwind and subject == "fly"):
        assert km_h >= SPEEDS[subject]["very_difficult"]  # only overload and wind slow a group below its table
    hours = float(result["outputs"]["hours"]["value"])
    assert hours * km_h >= distance - 0.02 * km_h  # rounded up, never short of the distance

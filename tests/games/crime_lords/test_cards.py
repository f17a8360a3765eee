"""The card data: counts the rulebook gives, and validation that names card and field."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from tabletop_games.crime_lords import cards
from tabletop_games.crime_lords.cards import CARDSET, DISTRICTS, CrookDef, load_cards, validate

from tabletop.data import structure_records
from tabletop.errors import CorruptRecord


# rules: cl-components
def test_counts_from_the_components_list() -> None:
    """"Components": 8 Mobs, 36 Crooks, 52 Rackets, 16 Specials."""
    assert len(CARDSET.mobs) == 8
    assert len(CARDSET.crooks) == 36
    assert len(CARDSET.rackets) == 52
    assert len(CARDSET.specials) == 16


# rules: cl-components
def test_three_crooks_of_power_6_and_the_named_ones() -> None:
    """"Power Increases for Hits": the three strongest Crooks are already at 6."""
    assert sum(c.power == 6 for c in CARDSET.crooks) == 3
    names = {c.name for c in CARDSET.crooks}
    for n in ("Mom Parker", '"Smoothie" Smythe', "Gimpy", "The Great Zebrini",
              "Bentley Grimes", "Judge Cohen", '"Shyster" Shatner', "Anita Callahan",
              "Bro Bronson", "Captain Shepherd"):
        assert n in names
    mom = next(c for c in CARDSET.crooks if c.name == "Mom Parker")
    assert mom.power == 6 and mom.effects[0].amount == 2 and mom.effects[0].scope == "mob"


# rules: cl-districts
def test_every_district_has_every_regular_type_and_a_unique_one() -> None:
    """"Districts": each district "has one instance of each 'regular' Racket, and one or
    more unique Rackets"; "Rackets": an ordinary racket has "five different examples, one
    in each district", a special one is one-of-a-kind. So every type has 1 or 5 cards."""
    count = Counter(r.rtype for r in CARDSET.rackets)
    odd = {t: n for t, n in count.items() if n not in (1, len(DISTRICTS))}
    assert not odd, f"types that are neither regular nor unique: {odd}"
    regular = {t for t, n in count.items() if n == len(DISTRICTS)}
    unique = {t for t, n in count.items() if n == 1}
    assert regular and unique
    for d in DISTRICTS:
        types = [r.rtype for r in CARDSET.rackets if r.district == d]
        assert sorted(t for t in types if t in regular) == sorted(regular), d
        assert any(t in unique for t in types), f"{d} has no unique Racket"


# rules: cl-districts
def test_each_district_has_its_own_gang() -> None:
    """Our card list: 9 regular types x 5 + 7 unique Rackets, among them one local Street
    Gang per district with Power and a token that helps takeovers there. **[designed]**"""
    count = Counter(r.rtype for r in CARDSET.rackets)
    assert sorted(count.values()) == [1] * 7 + [5] * 9, count
    gangs = [r for r in CARDSET.rackets if count[r.rtype] == 1 and "Gang" in r.rtype]
    assert sorted(r.district for r in gangs) == sorted(DISTRICTS)
    for g in gangs:
        assert g.power > 0 and [e.kind for e in g.effects] == ["district_aid"]


def test_mob_boss_bonuses() -> None:
    """"Starting your Mob": the Old Family's Boss token is +3; the Downtowners draw extra."""
    by = {m.id: m for m in CARDSET.mobs}
    assert by["old_family"].boss_bonus == 3
    assert by["downtowners"].effects[0].kind == "extra_draw"
    assert by["north_side"].effects[0].kind == "interfere_takeover"


# rules: cl-effect-vocabulary
def test_a_bad_card_is_refused_naming_card_and_field() -> None:
    bad = [{"id": "x", "name": "Bad Bart", "power": 9, "resistance": 1, "pronoun": "he"}]
    with pytest.raises(CorruptRecord, match="Bad Bart|x") as err:
        structure_records(bad, CrookDef, "crooks.json")
    assert "power" in str(err.value)
    bad = [{"id": "y", "name": "Odd", "power": 2, "resistance": 1,
            "effects": [{"kind": "teleport"}]}]
    with pytest.raises(CorruptRecord, match="y"):
        structure_records(bad, CrookDef, "crooks.json")


def test_cross_checks_name_the_card() -> None:
    crook = CrookDef("z", "Zed", 2, 1, "he", ("Tulips",))
    broken = cards.CardSet(CARDSET.mobs, (*CARDSET.crooks, crook), CARDSET.rackets,
                           CARDSET.specials)
    with pytest.raises(CorruptRecord, match="card z: field weakness"):
        validate(broken)


def test_data_files_load_and_are_json() -> None:
    assert load_cards() == CARDSET
    from importlib import resources
    text = resources.files("tabletop_games.crime_lords").joinpath("data", "crooks.json").read_text()
    assert len(json.loads(text)) == 36


# rules: cl-special-timing
def test_specials_have_the_three_timings() -> None:
    """"Special Cards": "some may be used at any time, and others may be used only as part of
    a specified action" - both kinds are in the deck; a timing we do not know is refused."""
    timings = Counter(sp.timing for sp in CARDSET.specials)
    assert timings["any"] >= 1 and timings["attack"] >= 1 and timings["turn"] >= 1
    bad = [{"id": "w", "name": "Whenever", "timing": "sometimes",
            "effects": [{"kind": "cash", "amount": 5}]}]
    with pytest.raises(CorruptRecord, match="w") as err:
        structure_records(bad, cards.SpecialDef, "specials.json")
    assert "timing" in str(err.value)


# rules: cl-regular-actions
def test_calm_and_agitate_move_the_markers_the_card_names() -> None:
    """The effect vocabulary: ``amount`` markers, one when the card names none."""
    from tabletop_games.crime_lords import flow
    from tabletop_games.crime_lords.scenario import blank, boss, sub

    assert flow.markers(cards.Effect("agitate", amount=2)) == 2
    assert flow.markers(cards.Effect("calm")) == 1
    s = blank(2)
    boss(s, 0, "big_sal")
    tony = sub(s, 0, "tony_two_times", "big_sal", (1, 0))
    boss(s, 1, "judge_cohen")
    kid = sub(s, 1, "kid_cobb", "judge_cohen", (1, 0))
    flow.use_ability(s, tony, kid)
    assert s.unhappy[kid] == flow.markers(cards.effects_of(tony, "agitate")[0]) == 1
    assert not s.tokens[tony]

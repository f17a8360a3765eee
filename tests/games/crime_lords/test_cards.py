"""The card data: counts the rulebook gives, and validation that names card and field."""

from __future__ import annotations

import json

import pytest

from games.crime_lords import cards
from games.crime_lords.cards import CARDSET, DISTRICTS, CrookDef, load_cards, validate
from tabletop.data import structure_records
from tabletop.errors import CorruptRecord


def test_counts_from_the_components_list() -> None:
    """"Components": 8 Mobs, 36 Crooks, 52 Rackets, 16 Specials."""
    assert len(CARDSET.mobs) == 8
    assert len(CARDSET.crooks) == 36
    assert len(CARDSET.rackets) == 52
    assert len(CARDSET.specials) == 16


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


def test_every_district_has_every_regular_type() -> None:
    """"Districts": one of each regular Racket per district, plus unique ones."""
    regular = {"Numbers", "Casinos", "Bookmaking", "Loan Sharking", "Protection",
               "Speakeasies", "Smuggling", "Fencing"}
    for d in DISTRICTS:
        types = [r.rtype for r in CARDSET.rackets if r.district == d]
        assert regular <= set(types)
        assert len(types) > len(regular)


def test_mob_boss_bonuses() -> None:
    """"Starting your Mob": the Old Family's Boss token is +3; the Downtowners draw extra."""
    by = {m.id: m for m in CARDSET.mobs}
    assert by["old_family"].boss_bonus == 3
    assert by["downtowners"].effects[0].kind == "extra_draw"
    assert by["north_side"].effects[0].kind == "interfere_takeover"


def test_a_bad_card_is_refused_naming_card_and_field() -> None:
    bad = [{"id": "x", "name": "Bad Bart", "power": 9, "resistance": 1}]
    with pytest.raises(CorruptRecord, match="Bad Bart|x") as err:
        structure_records(bad, CrookDef, "crooks.json")
    assert "power" in str(err.value)
    bad = [{"id": "y", "name": "Odd", "power": 2, "resistance": 1,
            "effects": [{"kind": "teleport"}]}]
    with pytest.raises(CorruptRecord, match="y"):
        structure_records(bad, CrookDef, "crooks.json")


def test_cross_checks_name_the_card() -> None:
    crook = CrookDef("z", "Zed", 2, 1, ("Tulips",))
    broken = cards.CardSet(CARDSET.mobs, (*CARDSET.crooks, crook), CARDSET.rackets,
                           CARDSET.specials)
    with pytest.raises(CorruptRecord, match="card z: field weakness"):
        validate(broken)


def test_data_files_load_and_are_json() -> None:
    assert load_cards() == CARDSET
    from importlib import resources
    text = resources.files("games.crime_lords").joinpath("data", "crooks.json").read_text()
    assert len(json.loads(text)) == 36

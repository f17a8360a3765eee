"""The designed content: counts the rulebook states, and bad records refused by name."""

from __future__ import annotations

import pytest
from tabletop_games.crimopolis.cards import (
    LOCATIONS,
    FortuneDef,
    JobDef,
    NewsDef,
    TileDef,
    checked,
    fortunes,
    jobs,
    newsflashes,
    tiles,
)

from tabletop.data import structure_records
from tabletop.errors import CorruptRecord


# rules: cp-tiles, cp-jobs, cp-cards
def test_counts_from_the_component_list():
    """COMPONENTS: 48 city tiles (15 with a clock), 48 jobs, 42 newsflashes, 48 fortunes."""
    assert len(tiles()) == 48
    assert sum(t.clock for t in tiles().values()) == 15
    assert {t.streets for t in tiles().values()} == {3, 4}
    assert len(jobs()) == 48 and len(newsflashes()) == 42 and len(fortunes()) == 48


def test_named_locations_exist_and_every_job_has_a_tile():
    """The locations the rulebook names are tiles, and each job's block can appear."""
    names = {t.name for t in tiles().values()}
    for loc in ("BANK", "HOUSE", "LAKE", "PARK", "MARKET", "DOCTORS", "BUTCHERY",
                "GRAVEYARD", "POST OFFICE"):
        assert loc in names
    pairs = {(t.name, t.colour) for t in tiles().values()}
    for j in jobs().values():
        assert (j.location, j.colour) in pairs
    assert any(j.gangsters > 3 for j in jobs().values())


# rules: cp-tiles
def test_the_rulebooks_tile_shapes():
    """UNDERSTANDING TILES: HOUSE and LAKE have 3 street sections, BANK has 4; PARK, MARKET
    and BUTCHERY can form large blocks (the examples' PARK & MARKET, PARK & BUTCHERY)."""
    by_name = {t.name: t.streets for t in tiles().values()}
    assert by_name["HOUSE"] == by_name["LAKE"] == by_name["PARK"] == 3
    assert by_name["MARKET"] == by_name["BUTCHERY"] == 3
    assert by_name["BANK"] == 4


def test_effect_vocabulary_covers_the_issue_kinds():
    """Destinies, defences, job-time fortunes, game-end fortunes and Bombing all exist."""
    f = list(fortunes().values())
    assert any(x.destiny for x in f) and any(x.destiny for x in newsflashes().values())
    assert any(x.effect == "defence" for x in f)
    assert any(x.effect.startswith("job_") for x in f)
    assert any(x.game_end for x in f)
    assert any(x.effect == "bombing" for x in f)


@pytest.mark.parametrize(
    ("cls", "record", "field"),
    [
        (TileDef, {"id": "T99", "name": "MOON", "colour": "pink", "streets": 4}, "name"),
        (TileDef, {"id": "T98", "name": "BANK", "colour": "pink", "streets": 5}, "streets"),
        (JobDef, {"id": "J99", "title": "x", "location": "BANK", "colour": "pink",
                  "gangsters": 0, "hours": 3, "prestige": 2}, "gangsters"),
        (NewsDef, {"id": "N99", "title": "x", "text": "y", "effect": "explode",
                   "amount": 0}, "effect"),
        (FortuneDef, {"id": "F99", "title": "x", "text": "y", "effect": "bombing",
                      "amount": 2, "destiny": True}, "destiny"),
    ],
)
# rules: cp-data-checked
def test_bad_records_are_refused_naming_card_and_field(cls, record, field):
    with pytest.raises(CorruptRecord) as err:
        checked(structure_records([record], cls, "test.json"), "test.json")
    assert f"card {record['id']}" in str(err.value)
    assert f"field {field!r}" in str(err.value)


def test_a_record_of_the_wrong_type_or_shape_is_refused_by_the_loader():
    with pytest.raises(CorruptRecord, match="T97"):
        structure_records([{"id": "T97", "name": "BANK", "colour": "pink", "streets": "x"}],
                          TileDef, "test.json")
    with pytest.raises(CorruptRecord, match="T96"):
        structure_records([{"id": "T96", "name": "BANK", "colour": "pink", "streets": 4,
                            "wings": 2}], TileDef, "test.json")


def test_duplicate_ids_are_refused():
    rec = {"id": "T95", "name": "BANK", "colour": "pink", "streets": 4}
    with pytest.raises(CorruptRecord, match="field 'id'"):
        checked(structure_records([rec, rec], TileDef, "test.json"), "test.json")


def test_locations_list_is_complete():
    assert {t.name for t in tiles().values()} == set(LOCATIONS)

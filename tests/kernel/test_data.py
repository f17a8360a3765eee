"""Loading card data: a bad record is refused naming the file, the card and the field."""

from __future__ import annotations

import attrs
import pytest

from tabletop.data import structure_records
from tabletop.errors import CorruptRecord


@attrs.frozen
class Crook:
    name: str
    power: int = attrs.field(validator=[attrs.validators.ge(1), attrs.validators.le(6)])
    ability: str = "none"


def test_good_records_load_as_frozen_definitions() -> None:
    crooks = structure_records([{"name": "Gimpy", "power": 2}], Crook, "crooks.json")
    assert crooks == [Crook("Gimpy", 2)]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        crooks[0].power = 3  # type: ignore[misc]


@pytest.mark.parametrize("record, fragment", [
    ({"name": "Mom Parker", "power": "six"}, "Mom Parker.power"),
    ({"name": "Mom Parker", "power": 9}, "'power' must be <= 6: 9"),
    ({"name": "Mom Parker"}, "power"),
    ({"name": "Mom Parker", "power": 6, "hat": "yes"}, "hat"),
])
def test_bad_records_name_the_card_and_field(record: dict[str, object], fragment: str) -> None:
    with pytest.raises(CorruptRecord, match="crooks.json") as info:
        structure_records([record], Crook, "crooks.json")
    assert fragment in str(info.value)


def test_a_file_must_hold_a_list() -> None:
    with pytest.raises(CorruptRecord, match="list"):
        structure_records({"name": "x"}, Crook, "crooks.json")

"""Card and tile definitions: frozen records loaded and validated from ``data/``.

Tiles, jobs, newsflashes and fortunes are designed by us (the rulebook prints no almanac);
their effects use the small vocabulary in :mod:`tabletop_games.crimopolis.effects`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import attrs

from tabletop.data import load_records
from tabletop.errors import CorruptRecord

PACKAGE = "tabletop_games.crimopolis"

LOCATIONS = (
    "HOUSE", "LAKE", "PARK", "MARKET", "BUTCHERY",
    "BANK", "DOCTORS", "GRAVEYARD", "POST OFFICE", "SPEAKEASY", "CASINO", "HOTEL",
)
COLOURS = ("pink", "teal", "orange", "grey")
NEWS_EFFECTS = ("calm", "prestige", "hours", "recruit", "retreat", "arrest", "fortune")
FORTUNE_EFFECTS = (
    "hours", "recruit", "bombing", "job_hours", "job_crew", "job_prestige", "defence",
    "shield", "arrest", "keep",
)
# Effects that make sense as a destiny (executed at the start of the target's next turn).
DESTINY_EFFECTS = ("hours", "recruit", "arrest")


def _check(test: Callable[[Any], bool], why: str, **kw: Any) -> Any:
    """A field whose value must pass ``test``; :func:`validate` reports ``why`` by name."""
    return attrs.field(metadata={"check": test, "why": why}, **kw)


def _one_of(values: tuple[Any, ...], **kw: Any) -> Any:
    return _check(lambda x: x in values, f"must be one of {', '.join(map(str, values))}", **kw)


def _between(lo: int, hi: int, **kw: Any) -> Any:
    return _check(lambda x: lo <= x <= hi, f"must be from {lo} to {hi}", **kw)


# cp-data-checked
def validate(record: Any, where: str) -> None:
    """Refuse a record whose field breaks its rule, naming the file, the card and the field."""
    for field in attrs.fields(type(record)):
        test = field.metadata.get("check")
        value = getattr(record, field.name)
        if test is not None and not test(value):
            raise CorruptRecord(
                f"{where}: card {record.id}: field {field.name!r} = {value!r} "
                f"{field.metadata['why']}"
            )
    effect = getattr(record, "effect", None)
    if getattr(record, "destiny", False) and effect not in DESTINY_EFFECTS:
        raise CorruptRecord(
            f"{where}: card {record.id}: field 'destiny': effect {effect!r} cannot be a destiny"
        )


@attrs.frozen
class TileDef:
    """A city tile: its location name, district colour, 3 or 4 street sections, clock icon."""

    id: str
    name: str = _one_of(LOCATIONS)
    colour: str = _one_of(COLOURS)
    streets: int = _one_of((3, 4))
    clock: bool = False

    @property
    def sides(self) -> tuple[str, str, str, str]:
        """Side types before rotation (N, E, S, W); a 3-street tile's block edge is south."""
        return ("street", "street", "block" if self.streets == 3 else "street", "street")


@attrs.frozen
class JobDef:
    """A job: where it is done (location and colour), crew, hours and prestige earned."""

    id: str
    title: str
    location: str = _one_of(LOCATIONS)
    colour: str = _one_of(COLOURS)
    gangsters: int = _between(1, 6)
    hours: int = _between(1, 7)
    prestige: int = _between(1, 10)


@attrs.frozen
class NewsDef:
    """A newsflash: drawn and played right after a job; ``destiny`` ones go on a gang."""

    id: str
    title: str
    text: str
    effect: str = _one_of(NEWS_EFFECTS)
    amount: int = _between(-3, 3)
    destiny: bool = False


@attrs.frozen
class FortuneDef:
    """A fortune: an ability played in its owner's turn (or as a defence); ``game_end``
    prestige counts while it stays unplayed in hand."""

    id: str
    title: str
    text: str
    effect: str = _one_of(FORTUNE_EFFECTS)
    amount: int = _between(-3, 3)
    destiny: bool = False
    game_end: int = _between(0, 5, default=0)


def checked(records: list[Any], where: str) -> dict[str, Any]:
    """Records by id, each validated; a duplicate id is refused too."""
    out: dict[str, Any] = {}
    for record in records:
        validate(record, where)
        if record.id in out:
            raise CorruptRecord(f"{where}: card {record.id}: field 'id' is used twice")
        out[record.id] = record
    return out


# cp-tiles
@cache
def tiles() -> dict[str, TileDef]:
    """The 48 city tiles by id."""
    return checked(load_records(PACKAGE, "tiles.json", TileDef), f"{PACKAGE}/data/tiles.json")


# cp-jobs
@cache
def jobs() -> dict[str, JobDef]:
    """The 48 job cards by id."""
    return checked(load_records(PACKAGE, "jobs.json", JobDef), f"{PACKAGE}/data/jobs.json")


# cp-cards
@cache
def newsflashes() -> dict[str, NewsDef]:
    """The 42 newsflash cards by id."""
    return checked(load_records(PACKAGE, "newsflashes.json", NewsDef), f"{PACKAGE}/data/newsflashes.json")


@cache
def fortunes() -> dict[str, FortuneDef]:
    """The 48 fortune cards by id."""
    return checked(load_records(PACKAGE, "fortunes.json", FortuneDef), f"{PACKAGE}/data/fortunes.json")

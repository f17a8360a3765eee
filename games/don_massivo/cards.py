"""Card definitions of Don Massivo: Gangster cards, Stooge cards (loot) and Fence cards.

The definitions live in ``data/*.json`` as frozen attrs records and are loaded once. Cards are
moved around the table as their string ids; these tables look the definitions up. Every amount
of money in this module is in thousands of dollars ($1,000 notes are the smallest money).
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import attrs

from tabletop.data import read_data_file, structure_records
from tabletop.errors import CorruptRecord

T = TypeVar("T")


class _Card(Protocol):
    """What every card record has: the string id it is moved around the table as."""

    @property
    def id(self) -> str: ...


C = TypeVar("C", bound=_Card)

KINDS = ("money", "jewellery", "art")
"""The three kinds of loot; every Gangster and Stooge card belongs to one (rulebook: Hints)."""

FENCE_EFFECTS = ("buy", "casino")
"""What a card of the Fence piles does when it is on top: a fence buys loot, a Casino card
starts a Casino game (the whole effect vocabulary of the Fence deck)."""

FENCES_PER_PILE = 8
"""Fences dealt to each of the three Fence piles, before its Casino card is shuffled in."""
SAFE_TOP = 4
"""The top 4 cards of every Fence pile are fences: its Casino card lies among the bottom 5."""

_in_kinds = attrs.validators.in_(KINDS)


def _prices_ok(instance: FenceCard, attribute: attrs.Attribute[dict[str, int]], value: dict[str, int]) -> None:
    if sorted(value) != sorted(KINDS):
        raise ValueError(f"'prices' must name exactly {', '.join(KINDS)}, got {sorted(value)}")
    for kind, price in value.items():
        if not isinstance(price, int) or price < 0:
            raise ValueError(f"'prices' for {kind} must be a whole number >= 0, got {price!r}")


@attrs.frozen
class GangsterCard:
    """A gangster: his strength counts when robbing (from the hand) and when defending (in
    the display); his kind makes him a specialist when stealing."""

    id: str
    name: str
    kind: str = attrs.field(validator=_in_kinds)
    strength: int = attrs.field(validator=[attrs.validators.ge(1), attrs.validators.le(3)])


@attrs.frozen
class StoogeCard:
    """A stooge bringing in loot: ``value`` loot units of one kind, sold to a fence."""

    id: str
    name: str
    kind: str = attrs.field(validator=_in_kinds)
    value: int = attrs.field(validator=[attrs.validators.ge(1), attrs.validators.le(3)])


@attrs.frozen
class FenceCard:
    """A card of the Fence piles: a fence paying ``prices[kind]`` thousand per loot unit, or
    (``effect == "casino"``) a Casino card."""

    id: str
    name: str
    effect: str = attrs.field(validator=attrs.validators.in_(FENCE_EFFECTS))
    prices: dict[str, int] = attrs.field(validator=_prices_ok)

    @property
    def is_casino(self) -> bool:
        """Whether this card starts a Casino game instead of buying loot."""
        return self.effect == "casino"


def check_records(records: Any, cls: type[T], where: str) -> list[T]:
    """Each record as a ``cls``, refusing a bad one with the card and the field named.

    The records are first built directly, so an attrs validator's message (which names the
    field) reaches the error; the kernel's cattrs structuring then does the typed load.
    """
    if isinstance(records, list):
        for index, record in enumerate(records):
            if not isinstance(record, dict):
                continue
            label = str(record.get("id") or record.get("name") or f"#{index + 1}")
            try:
                cls(**record)
            except (TypeError, ValueError) as exc:
                raise CorruptRecord(f"{where}: card {label}: {exc}") from None
    return structure_records(records, cls, where)


def load_deck(filename: str, cls: type[T]) -> list[T]:
    """The records of ``data/<filename>`` (tabletop.data.read_data_file) as ``cls``."""
    where = f"tabletop_games.don_massivo/data/{filename}"
    return check_records(read_data_file("tabletop_games.don_massivo", filename), cls, where)


def _unique(records: list[C], filename: str) -> dict[str, C]:
    out: dict[str, C] = {}
    for record in records:
        if record.id in out:
            raise CorruptRecord(f"tabletop_games.don_massivo/data/{filename}: card {record.id}: "
                                f"'id' is used twice")
        out[record.id] = record
    return out


def load_cards() -> tuple[dict[str, GangsterCard], dict[str, StoogeCard], dict[str, FenceCard]]:
    """Load and validate the three decks (a bad card is refused naming card and field)."""
    # dm-gangster-deck, dm-stooge-deck, dm-fence-deck
    gangsters = _unique(load_deck("gangsters.json", GangsterCard), "gangsters.json")
    stooges = _unique(load_deck("stooges.json", StoogeCard), "stooges.json")
    fences = _unique(load_deck("fences.json", FenceCard), "fences.json")
    casinos = [f for f in fences.values() if f.is_casino]
    if len(casinos) != 3:
        raise CorruptRecord(f"tabletop_games.don_massivo/data/fences.json: {len(casinos)} Casino cards, "
                            "the rules need exactly 3 (one per Fence pile)")
    return gangsters, stooges, fences


GANGSTERS, STOOGES, FENCES = load_cards()
STRENGTH: dict[str, int] = {cid: c.strength for cid, c in GANGSTERS.items()}
GANGSTER_KIND: dict[str, str] = {cid: c.kind for cid, c in GANGSTERS.items()}
LOOT_KIND: dict[str, str] = {cid: c.kind for cid, c in STOOGES.items()}
LOOT_VALUE: dict[str, int] = {cid: c.value for cid, c in STOOGES.items()}
CASINO_IDS: tuple[str, ...] = tuple(cid for cid, c in FENCES.items() if c.is_casino)
FENCE_IDS: tuple[str, ...] = tuple(cid for cid, c in FENCES.items() if not c.is_casino)


def price(fence_id: str, loot_id: str) -> int:
    """What fence ``fence_id`` pays (in thousands) for the stooge card ``loot_id``."""
    return FENCES[fence_id].prices[LOOT_KIND[loot_id]] * LOOT_VALUE[loot_id]


def money_text(thousands: int) -> str:
    """An amount as it is written on the notes: ``$12,000``."""
    return f"${thousands * 1000:,}"

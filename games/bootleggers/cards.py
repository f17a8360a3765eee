"""Bootleggers' components as data: Speakeasies, trucks, Muscle cost bands, Men of Action.

Everything is read once from ``games/bootleggers/data/`` through
:func:`tabletop.data.load_records` and validated here: a bad record is refused with
:class:`~tabletop.errors.CorruptRecord` naming the card and the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import attrs

from tabletop.data import load_records
from tabletop.errors import CorruptRecord

PACKAGE = "tabletop_games.bootleggers"

#: The steps of a round in which Thug cards may be played (Muscle cards are shown).
WINDOWS = ("offers", "influence", "production", "loading", "loaded", "lined_up")
#: How a Men of Action card is redeemed.
CARD_KINDS = ("influence", "still", "double_still", "speakeasy_improvement", "thug")
#: The effect vocabulary of Thug cards, each implemented once in thugs.py.
EFFECTS = (
    "steal_die", "profit_bonus", "copper_in_house", "steal_truck", "investigation",
    "bust_speakeasy", "windfall", "buy_influence", "bust_shipment", "vigorish", "warehouse",
    "safe_house", "extra_demand_die", "big_payoff", "destroy_influence", "borrow_truck",
    "steal_sale", "hijack", "turf_war", "muscle_bonus", "packing_heat", "moll",
    "move_improvement", "recruiting", "union_boss", "replace_influence", "double_cross",
)
#: What a Thug card is played on.
TARGETS = (
    "none", "seat", "rival", "open_speakeasy", "open_speakeasy_no_omalley", "speakeasy",
    "occupied_speakeasy", "rival_speakeasy", "rival_remote", "rival_still", "empty_truck",
    "loaded_truck", "lined_truck", "hijack", "improvement", "union_boss",
)


#: a field's rule: ``("min", n)``, ``("in", choices)`` or ``("range", lo, hi)``
Rule = tuple[Any, ...]


def _field_problems(record: object, rules: dict[str, Rule]) -> list[str]:
    """``field: what is wrong`` for every field breaking its rule.

    Rules: ``("min", n)``, ``("in", choices)``, ``("range", lo, hi)``. We check here rather
    than with attrs validators because the kernel's record loader reports a failing
    validator only as "invalid value", without the field (see the report).
    """
    out = []
    for name, rule in rules.items():
        value = getattr(record, name)
        if rule[0] == "min" and value < rule[1]:
            out.append(f"{name}: must be at least {rule[1]}, got {value}")
        elif rule[0] == "in" and value not in rule[1]:
            out.append(f"{name}: {value!r} is not one of {', '.join(map(str, rule[1]))}")
        elif rule[0] == "range" and not rule[1] <= value <= rule[2]:
            out.append(f"{name}: must be between {rule[1]} and {rule[2]}, got {value}")
    return out


@attrs.frozen
class SpeakeasyDef:
    """One Speakeasy of the board: its influence circles, squares, dice and prices."""

    id: str
    name: str
    circles: int
    shaded: int
    squares: int
    dice: int
    price: int
    margin: int
    min_players: int
    unlimited: bool = False
    price_mid: int = 0
    margin_mid: int = 0

    def problems(self) -> list[str]:
        """What is wrong with this record (empty: nothing)."""
        out = _field_problems(self, {
            "circles": ("min", 0), "shaded": ("range", 0, self.circles), "squares": ("min", 0),
            "dice": ("min", 0), "price": ("min", 1), "margin": ("min", 0),
            "min_players": ("range", 2, 6), "price_mid": ("min", 0), "margin_mid": ("min", 0),
        })
        if not self.unlimited and self.dice < 1:
            out.append("dice: a Speakeasy of limited consumption needs dice")
        return out

    def wholesale(self, players: int) -> int:
        """The wholesale price per crate for this player count."""
        return self.price_mid if self.price_mid and 3 <= players <= 5 else self.price

    def profit(self, players: int) -> int:
        """The profit margin per crate for this player count."""
        return self.margin_mid if self.margin_mid and 3 <= players <= 5 else self.margin


@attrs.frozen
class TruckDef:
    """A truck size: capacity, Truck-card price, Driver Graft, miniatures and cards."""

    id: str
    name: str
    capacity: int
    price: int
    graft: int
    miniatures: int
    cards: int

    def problems(self) -> list[str]:
        """What is wrong with this record (empty: nothing)."""
        return _field_problems(self, {
            "capacity": ("min", 1), "price": ("min", 0), "graft": ("min", 0),
            "miniatures": ("min", 0), "cards": ("min", 0)})


@attrs.frozen
class MuscleBand:
    """Muscle cards ``first``..``last`` cost ``cost`` $G to play."""

    first: int
    last: int
    cost: int
    designed: bool = False

    @property
    def id(self) -> str:
        """A name for error messages."""
        return f"{self.first}-{self.last}"

    def problems(self) -> list[str]:
        """What is wrong with this record (empty: nothing)."""
        return _field_problems(self, {
            "first": ("range", 1, 72), "last": ("range", self.first, 72), "cost": ("min", 0)})


@attrs.frozen
class CardDef:
    """A Men of Action card: how it is redeemed and, for Thugs, its effect and timing."""

    id: str
    name: str
    kind: str
    count: int
    text: str
    amount: int = 0
    price: int = 0
    effect: str = ""
    target: str = "none"
    windows: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    designed_copies: int = 0
    #: what the card does in a few words, shown beside its name in menus
    brief: str = ""

    def problems(self) -> list[str]:
        """What is wrong with this record (empty: nothing)."""
        out = _field_problems(self, {
            "kind": ("in", CARD_KINDS), "count": ("min", 1), "amount": ("min", 0),
            "price": ("min", 0), "effect": ("in", ("", *EFFECTS)), "target": ("in", TARGETS),
            "designed_copies": ("range", 0, self.count)})
        bad = [w for w in self.windows if w not in WINDOWS]
        if bad:
            out.append(f"windows: unknown window {bad[0]!r} (windows: {', '.join(WINDOWS)})")
        if self.kind == "thug" and not self.effect:
            out.append("effect: a Thug card needs an effect")
        if self.kind != "thug" and self.effect:
            out.append("effect: only Thug cards have an effect")
        if self.kind == "thug" and not self.windows:
            out.append("windows: a Thug card needs play windows")
        if self.effect in ("buy_influence", "vigorish", "big_payoff") and self.price <= 0:
            out.append(f"price: {self.effect} needs a price")
        if self.effect in ("buy_influence", "destroy_influence", "borrow_truck", "muscle_bonus",
                           "safe_house", "profit_bonus", "extra_demand_die") and self.amount <= 0:
            out.append(f"amount: {self.effect} needs an amount")
        if self.kind in ("influence", "still", "double_still") and self.amount <= 0:
            out.append("amount: must be at least 1")
        if not self.brief or len(self.brief) > 40:
            out.append("brief: say what the card does in 1 to 40 characters")
        return out


class _Record(Protocol):
    """A record of the data files: its id (for the error message) and its own check."""

    @property
    def id(self) -> str: ...

    def problems(self) -> list[str]: ...


R = TypeVar("R", bound=_Record)


def checked(records: list[R], filename: str) -> list[R]:
    """Refuse the first record with a problem, naming the file, the card and the field."""
    for r in records:
        problems = r.problems()
        if problems:
            raise CorruptRecord(f"{PACKAGE}/data/{filename}: card {r.id}: {problems[0]}")
    return records


def _check_unique(records: Sequence[object], what: str, field: str = "id") -> None:
    seen: set[str] = set()
    for r in records:
        key = getattr(r, field)
        if key in seen:
            raise CorruptRecord(f"{PACKAGE}/data/{what}: card {key}: {field} is not unique")
        seen.add(key)


# bl-speakeasies
def load_speakeasies() -> tuple[SpeakeasyDef, ...]:
    """The six Speakeasies, smallest first."""
    recs = checked(load_records(PACKAGE, "speakeasies.toml", SpeakeasyDef, key="speakeasies"),
                   "speakeasies.toml")
    _check_unique(recs, "speakeasies.toml")
    return tuple(recs)


# bl-trucks
def load_trucks() -> dict[int, TruckDef]:
    """Truck sizes by capacity."""
    recs = checked(load_records(PACKAGE, "trucks.toml", TruckDef, key="trucks"), "trucks.toml")
    _check_unique(recs, "trucks.toml")
    return {t.capacity: t for t in recs}


# bl-muscle-costs
def load_muscle_costs() -> tuple[int, ...]:
    """The cost of each Muscle card, indexed by its number (index 0 unused)."""
    bands = checked(load_records(PACKAGE, "muscle.toml", MuscleBand, key="bands"), "muscle.toml")
    costs = [-1] * 73
    for band in bands:
        for n in range(band.first, band.last + 1):
            if costs[n] != -1:
                raise CorruptRecord(f"{PACKAGE}/data/muscle.toml: card {n}: in two bands")
            costs[n] = band.cost
    missing = [n for n in range(1, 73) if costs[n] == -1]
    if missing:
        raise CorruptRecord(f"{PACKAGE}/data/muscle.toml: card {missing[0]}: no cost band")
    costs[0] = 0
    return tuple(costs)


def validate_cards(cards: list[CardDef]) -> None:
    """Each card's fields, unique ids, and 80 cards in all."""
    checked(cards, "men_of_action.toml")
    _check_unique(cards, "men_of_action.toml")
    total = sum(c.count for c in cards)
    if total != 80:
        raise CorruptRecord(f"{PACKAGE}/data/men_of_action.toml: the deck holds {total} cards, "
                            "not 80")


# bl-card-data, bl-men-of-action, bl-thug-copies
def load_cards() -> dict[str, CardDef]:
    """Men of Action card definitions by key."""
    cards = load_records(PACKAGE, "men_of_action.toml", CardDef, key="cards")
    validate_cards(cards)
    return {c.id: c for c in cards}


def deck_ids(cards: dict[str, CardDef]) -> list[str]:
    """One id per physical card, ``key#n``, in data order."""
    return [f"{c.id}#{i}" for c in cards.values() for i in range(1, c.count + 1)]


def key_of(card_id: str) -> str:
    """The definition key of a physical card id."""
    return card_id.partition("#")[0]


SPEAKEASIES = load_speakeasies()
TRUCKS = load_trucks()
#: Truck sizes by their card id ("small", ...)
TRUCK_BY_NAME = {t.id: t for t in TRUCKS.values()}
MUSCLE_COST = load_muscle_costs()
CARDS = load_cards()
ALL_CARD_IDS = tuple(deck_ids(CARDS))
SUBDECKS = ((1, 18), (19, 36), (37, 54), (55, 72))

"""The 54-card deck: rank definitions loaded from ``data/cards.toml`` and the lookups play uses.

A card in play is a short string id: rank plus suit (``"7H"``, ``"10S"``, ``"QD"``, ``"AC"``)
or a joker's own id (``"RJ"``, ``"BJ"``). Everything the rules need to know about a card —
its kind, its value as money, its price as a territory, its points — comes from its rank's
:class:`CardDef`, so a table that wants other prices edits the data file, not the code.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

import attrs

from tabletop.data import load_records, read_data_file
from tabletop.errors import CorruptRecord

KINDS = ("money", "territory", "hitman", "joker")
# The effect vocabulary: each kind of effect is implemented once, in effects.py.
EFFECTS = ("none", "eliminate_henchman", "police_raid", "mob_attack")
SUITS = "CDHS"
SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _check_card(card: CardDef) -> None:
    """Refuse a rank definition whose fields do not fit its kind (names the field)."""
    if card.kind == "money" and card.value <= 0:
        raise ValueError("field value: a money card needs a value above 0")
    if card.kind == "territory" and card.cost <= 0:
        raise ValueError("field cost: a territory needs a cost above 0")
    if card.kind != "money" and card.value:
        raise ValueError("field value: only money cards have a value")
    if card.kind != "territory" and card.cost:
        raise ValueError("field cost: only territories have a cost")
    if card.kind == "hitman" and card.effect != "eliminate_henchman":
        raise ValueError("field effect: a hit man must eliminate a henchman")
    if card.kind == "joker" and card.effect not in ("police_raid", "mob_attack"):
        raise ValueError("field effect: a joker is a police_raid or a mob_attack")
    if card.kind in ("money", "territory") and card.effect != "none":
        raise ValueError(f"field effect: a {card.kind} card has no effect")
    if card.kind == "joker" and card.suits:
        raise ValueError("field suits: a joker is a single card without a suit")
    if card.kind != "joker" and (not card.suits or any(s not in SUITS for s in card.suits)):
        raise ValueError(f"field suits: {card.suits!r} must be letters of {SUITS}")


@attrs.frozen
class CardDef:
    """One rank of the deck: what its cards are and how they are handled."""

    id: str = attrs.field(validator=attrs.validators.min_len(1))
    name: str
    kind: str = attrs.field(validator=attrs.validators.in_(KINDS))
    effect: str = attrs.field(default="none", validator=attrs.validators.in_(EFFECTS))
    value: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    cost: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    points: int = attrs.field(default=0, validator=attrs.validators.ge(0))
    suits: str = ""

    def __attrs_post_init__(self) -> None:
        _check_card(self)

    def card_ids(self) -> list[str]:
        """The ids of this rank's cards in a fresh deck."""
        return [self.id + s for s in self.suits] if self.suits else [self.id]


@attrs.frozen
class District:
    """The part of Chicago a territory card stands for (flavour shown on the table)."""

    card: str
    name: str = attrs.field(validator=attrs.validators.min_len(1))


def _precheck(package: str, filename: str) -> None:
    """Build each raw card record directly, so a refusal keeps the validator's own words
    (which name the field); the kernel's loader reports only "invalid value" for them."""
    data = read_data_file(package, filename)
    records = data.get("cards") if isinstance(data, dict) else None
    for index, record in enumerate(records if isinstance(records, list) else []):
        if not isinstance(record, dict):
            continue
        name = record.get("id") or f"#{index + 1}"
        try:
            CardDef(**record)
        except TypeError as exc:
            raise CorruptRecord(f"{package}/data/{filename}: card {name}: {exc}") from None
        except ValueError as exc:
            raise CorruptRecord(f"{package}/data/{filename}: card {name}: {exc}") from None


def load_deck(
    package: str = "tabletop_games.chicago_diy", filename: str = "cards.toml"
) -> tuple[dict[str, CardDef], dict[str, str]]:
    """The card id -> definition table and the territory id -> district name table.

    Refuses a deck with a repeated card, a territory without a district, or a district for
    a card that is not a territory (CorruptRecord names the card).
    """
    # ch-deck: one rank per record, its kind, value, price and points; ch-districts
    _precheck(package, filename)
    ranks = load_records(package, filename, CardDef, key="cards")
    cards: dict[str, CardDef] = {}
    for rank in ranks:
        for cid in rank.card_ids():
            if cid in cards:
                raise CorruptRecord(f"{package}/data/{filename}: card {cid}: appears twice")
            cards[cid] = rank
    districts = {}
    for d in load_records(package, filename, District, key="districts"):
        if d.card not in cards or cards[d.card].kind != "territory":
            raise CorruptRecord(
                f"{package}/data/{filename}: district {d.name}: field card: "
                f"{d.card!r} is not a territory card"
            )
        districts[d.card] = d.name
    for cid, rank in cards.items():
        if rank.kind == "territory" and cid not in districts:
            raise CorruptRecord(f"{package}/data/{filename}: card {cid}: field district: missing")
    return cards, districts


CARDS, DISTRICTS = load_deck()
DECK: tuple[str, ...] = tuple(CARDS)  # a fresh deck, in data-file order
TERRITORY_COUNT = sum(1 for c in CARDS.values() if c.kind == "territory")

# Flat lookups used on every decision (a dict get is cheaper than an attribute chain).
VALUE = {cid: c.value for cid, c in CARDS.items()}
COST = {cid: c.cost for cid, c in CARDS.items()}
POINTS = {cid: c.points for cid, c in CARDS.items()}
KIND = {cid: c.kind for cid, c in CARDS.items()}
EFFECT = {cid: c.effect for cid, c in CARDS.items()}


def _label(cid: str) -> str:
    card = CARDS[cid]
    if card.kind == "joker":
        return f"{card.name} joker"
    text = card.id + SUIT_SIGNS[cid[-1]]
    if card.kind == "territory":
        return f"{text} ({DISTRICTS[cid]})"
    return text


LABELS = {cid: _label(cid) for cid in CARDS}

# What each effect of the vocabulary does, in a few words for menus, narration and pictures.
_DOES = {
    "eliminate_henchman": "eliminates one henchman of a rival",
    "police_raid": "sends a rival's territory back into the deck",
    "mob_attack": "takes a rival's territory, no dice rolled",
}


def _role(cid: str) -> str:
    card = CARDS[cid]
    if card.kind == "money":
        return f"money, ${card.value}"
    if card.kind == "territory":
        return f"territory, price ${card.cost}, {card.points} points"
    return f"{'hit man' if card.kind == 'hitman' else 'joker'}: {_DOES[card.effect]}"


ROLES = {cid: _role(cid) for cid in CARDS}
SPECIALS = frozenset(cid for cid, c in CARDS.items() if c.kind in ("hitman", "joker"))


def label(cid: str) -> str:
    """A card as players name it: ``7♥``, ``Q♠ (Cicero)``, ``A♣``, ``Police raid joker``."""
    return LABELS[cid]


def role(cid: str) -> str:
    """What a card is and does, briefly: ``money, $7``, ``hit man: eliminates one henchman
    of a rival``, ``territory, price $15, 10 points``."""
    return ROLES[cid]


def labels(cards: Sequence[str]) -> str:
    """Cards named in a row: ``7♠, 6♠``."""
    return ", ".join(label(c) for c in cards)


def hit_men_back(cards: Sequence[str]) -> str:
    """The words for the hit men (aces) among discards going back into the deck: once
    played, an ace comes back into play with the next shuffle."""
    aces = [label(c) for c in cards if KIND[c] == "hitman"]
    if not aces:
        return ""
    if len(aces) == 1:
        return f"; the hit man {aces[0]} returns with them"
    return f"; the hit men {', '.join(aces)} return with them"


def money_in(hand: list[str]) -> int:
    """The dollars a hand holds."""
    return sum(VALUE[c] for c in hand)


# the money cards of the deck, richest first: what a hand of n cards could hold at most
_RICHEST = sorted((VALUE[c] for c in CARDS if VALUE[c]), reverse=True)


def most_money(cards: int) -> int:
    """The most dollars a hand of ``cards`` cards could hold: a public bound, since hand
    sizes and the deck are public (five cards hold at most $49)."""
    return sum(_RICHEST[:max(0, cards)])


def out_of_reach(cards: int, bribe: int) -> str:
    """Why a hand of ``cards`` cards cannot hold ``bribe`` dollars, in words: "a hand of 3
    cards holds at most $30, the bribe is $50" ("" when it could)."""
    most = most_money(cards)
    if most >= bribe:
        return ""
    if not cards:
        return f"an empty hand holds no money, the bribe is ${bribe}"
    size = "1 card" if cards == 1 else f"{cards} cards"
    return f"a hand of {size} holds at most ${most}, the bribe is ${bribe}"


@functools.lru_cache(maxsize=4096)
def _value_sets(values: tuple[int, ...], cost: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of ``values`` that pays ``cost`` with no card to spare."""
    found: set[tuple[int, ...]] = set()
    for size in range(1, len(values) + 1):
        for combo in combinations(values, size):
            total = sum(combo)
            # minimal: dropping the smallest card would no longer cover the cost
            if total >= cost and total - min(combo) < cost:
                found.add(tuple(sorted(combo, reverse=True)))
    # cheapest first, then fewest cards: a stable, sensible order for menus and agents
    return tuple(sorted(found, key=lambda s: (sum(s), len(s), s)))


def payments(hand: list[str], cost: int) -> list[tuple[str, ...]]:
    """The ways to pay ``cost`` from ``hand``'s money cards.

    No change is given (there is no bank), so a payment may overpay, but it never includes a
    card that is not needed. Cards of equal value are interchangeable: one payment per
    multiset of values, naming the first such cards in hand order.
    """
    # ch-payment
    money = [c for c in hand if VALUE[c]]
    values = tuple(sorted((VALUE[c] for c in money), reverse=True))
    out = []
    for value_set in _value_sets(values, cost):
        pool = money[:]
        picked = []
        for v in value_set:
            for i, c in enumerate(pool):
                if VALUE[c] == v:
                    picked.append(pool.pop(i))
                    break
        out.append(tuple(picked))
    return out


def next_cards(hand: list[str], offered: list[str], cost: int) -> list[str]:
    """The money cards that may be put toward paying ``cost`` next, one at a time, when
    ``offered`` (cards of ``hand``) are already put forward: exactly the cards that keep the
    payment on its way to one of :func:`payments` (no card to spare). One card per value
    (equal values are interchangeable), the first in hand order, lowest value first."""
    # ch-payment-steps: only cards that keep the payment within ch-payment
    values = tuple(sorted((VALUE[c] for c in hand if VALUE[c]), reverse=True))
    have = sorted(VALUE[c] for c in offered)
    wanted: set[int] = set()
    for value_set in _value_sets(values, cost):
        rest = list(value_set)
        try:
            for v in have:
                rest.remove(v)
        except ValueError:
            continue  # this payment does not hold the cards already offered
        wanted.update(rest)
    out: dict[int, str] = {}
    for c in hand:
        v = VALUE[c]
        if v in wanted and v not in out and c not in offered:
            out[v] = c
    return [out[v] for v in sorted(out)]

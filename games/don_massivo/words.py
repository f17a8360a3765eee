"""How Don Massivo's cards, places and sums read in the game's text: one wording shared by
the rules' events, the menus, the text view, the picture and the glossary.

Only data is imported here (cards and location names), so every rule module may use it.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.don_massivo.actions import LOCATION_NAMES
from games.don_massivo.cards import FENCES, GANGSTERS, KINDS, STOOGES, money_text
from tabletop.engine import seat_label

__all__ = ["LOCATION_NAMES", "a_kind", "count", "fence_prices", "fence_text", "gangster_short", "gangster_strength",
           "gangster_text", "listing", "loot_short", "loot_text", "money_text", "who"]

LOCATION_SHORT = {"west": "West Side", "east": "East Side", "bank": "Bank",
                  "villa": "Villa", "prison": "Prison"}
"""Location names where space is short (the board lines, the picture)."""


def who(seat: int | None) -> str:
    """A seat as every text names it: "Player 2"."""
    return seat_label(seat)


def count(n: int, thing: str, plural: str | None = None) -> str:
    """``n`` things, with the plural right: "1 Stooge card", "3 Stooge cards"."""
    return f"{n} {thing if n == 1 else plural or thing + 's'}"


def listing(parts: Sequence[str]) -> str:
    """Parts joined as a sentence lists them: "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def a_kind(kind: str) -> str:
    """A kind of loot with its article: "a money", "an art"."""
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def gangster_text(card: str) -> str:
    """A Gangster card in full: "Gems Galante (jewellery, strength 2)"."""
    g = GANGSTERS[card]
    return f"{g.name} ({g.kind}, strength {g.strength})"


def gangster_strength(card: str) -> str:
    """A gangster by name and strength, as a robbery counts him: "Gems Galante 2"."""
    g = GANGSTERS[card]
    return f"{g.name} {g.strength}"


def gangster_short(card: str) -> str:
    """A Gangster card where space is short: "Gems Galante (jewellery 2)"."""
    g = GANGSTERS[card]
    return f"{g.name} ({g.kind} {g.strength})"


def loot_text(card: str) -> str:
    """A Stooge card in full: "the diamond ring (jewellery, 2 loot)"."""
    s = STOOGES[card]
    return f"the {s.name} ({s.kind}, {s.value} loot)"


def loot_short(card: str) -> str:
    """A Stooge card where space is short: "diamond ring (jewellery 2)"."""
    s = STOOGES[card]
    return f"{s.name} ({s.kind} {s.value})"


def fence_prices(card: str) -> str:
    """What a fence pays per loot unit: "$3,000 money / $1,000 jewellery / $1,000 art"."""
    prices = FENCES[card].prices
    return " / ".join(f"{money_text(prices[k])} {k}" for k in KINDS)


def fence_text(card: str | None) -> str:
    """The top card of a Fence pile: "Launderer ($3k money, $1k jewellery, $1k art)", "the
    Casino", or "(empty)"."""
    if card is None:
        return "(empty)"
    f = FENCES[card]
    if f.is_casino:
        return "the Casino"
    return f"{f.name} (" + ", ".join(f"${f.prices[k]}k {k}" for k in KINDS) + ")"

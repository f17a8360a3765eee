"""How the table names its things in words: seats, Speakeasies, stills, trucks, cards, money.

Every text a player reads (narration, menus, the table view, the picture) names things
through these helpers, so a truck is "Player 2's Small Truck #3" everywhere: trucks are
numbered from 1 in the order they came into play, Remote Stills by their board (1-6), seats
by ``seat_label``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.bootleggers.board import DOCK_NAMES
from games.bootleggers.cards import CARDS, MUSCLE_COST, SPEAKEASIES, TRUCKS, key_of
from tabletop.engine import seat_label

if TYPE_CHECKING:
    from games.bootleggers.board import Truck

#: Truck sizes by capacity, as the rulebook names them.
TRUCK_NAME = {t.capacity: t.name.split()[0] for t in TRUCKS.values()}


def money(n: int) -> str:
    """An amount of dough: ``$3G``."""
    return f"${n}G"


def crates(n: int) -> str:
    """``1 crate``, ``3 crates``."""
    return f"{n} crate{'' if n == 1 else 's'}"


def men(n: int) -> str:
    """Influence markers, as the rulebook's mobsters call them: ``1 man``, ``2 men``."""
    return f"{n} {'man' if n == 1 else 'men'}"


def dice(n: int) -> str:
    """``1 die``, ``2 dice``."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def speakeasy(i: int) -> str:
    """A Speakeasy by its board index, or the Back Room for ``-1``."""
    return "the Back Room" if i < 0 else SPEAKEASIES[i].name


def still_place(code: int) -> str:
    """A still by its action code: ``0`` the Family Still, ``1 + r`` Remote Still ``r + 1``,
    ``-1`` the Back Room (where a die waits)."""
    if code < 0:
        return "Back Room"
    return "Family Still" if code == 0 else f"Remote Still {code}"


def still(owner: int, code: int) -> str:
    """``Player 1's Family Still`` (see :func:`still_place` for the codes)."""
    return f"{seat_label(owner)}'s {still_place(code)}"


def dock(code: int) -> str:
    """A dock by its code: ``Majority Dock``."""
    return f"{DOCK_NAMES[code]} Dock"


def truck(t: Truck) -> str:
    """``Small Truck #3`` (numbered from 1)."""
    return f"{TRUCK_NAME[t.capacity]} Truck #{t.id + 1}"


def owned_truck(t: Truck, with_cargo: bool = False) -> str:
    """``Player 2's Small Truck #3``, with ``(4 crates)`` when asked."""
    text = f"{seat_label(t.owner)}'s {truck(t)}"
    if t.renter >= 0:
        text += f" (rented by {seat_label(t.renter)})"
    if with_cargo:
        text += f" ({crates(t.cargo)})"
    return text


def card(card_id: str) -> str:
    """A Men of Action card's name, from its physical id (``hit#2``) or key (``hit``)."""
    return CARDS[key_of(card_id)].name


def card_with_brief(card_id: str) -> str:
    """A card's name and, in brackets, what it does in a few words (for menus)."""
    d = CARDS[key_of(card_id)]
    return f"{d.name} ({d.brief})" if d.brief else d.name


def muscle(n: int) -> str:
    """A Muscle card with its cost: ``Muscle 47 (costs $3G)``."""
    return f"Muscle {n} (costs {money(MUSCLE_COST[n])})"


def seats(who: list[int]) -> str:
    """``Player 1``, ``Player 1 and Player 3``, ``Player 1, Player 2 and Player 3``."""
    return listed([seat_label(p) for p in who]) if who else "nobody"


def listed(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def hand_left(thugs: list[str], muscle: list[int]) -> str:
    """What a Mobster still holds, shown at the end: ``held the Thug cards Hit and Moll,
    and the Muscle cards 68 and 70``; ``held no cards``."""
    parts = []
    if thugs:
        parts.append(f"the Thug card{'s' if len(thugs) > 1 else ''} "
                     + listed([card(c) for c in thugs]))
    if muscle:
        parts.append(f"the Muscle card{'s' if len(muscle) > 1 else ''} "
                     + listed([str(n) for n in sorted(muscle)]))
    return "held " + (", and ".join(parts) if parts else "no cards")

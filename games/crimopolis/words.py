"""How Crimopolis names things for players: seats, places, tiles, jobs and cards.

Every sentence the game writes (menus, events, the text map, the picture's tooltips) takes its
names from here, so a seat is always "Player 2 (Green)", a block always "the BANK at 1,0"
and a card always its title with what it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.crimopolis.cards import FortuneDef, NewsDef, fortunes, jobs, newsflashes, tiles
from games.crimopolis.city import GANGS, SIDE_NAMES, City, parse_street
from tabletop.engine import seat_label

if TYPE_CHECKING:
    from games.crimopolis.state import CrimopolisState


def who(seat: int) -> str:
    """A seat as every text names it: ``Player 2 (Green)``."""
    return f"{seat_label(seat)} ({GANGS[seat]})"


def plural(n: int, word: str, many: str = "") -> str:
    """``1 gangster``, ``3 gangsters`` (``many`` for an irregular plural)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def hours(n: int) -> str:
    """``1 hour``, ``3 hours``."""
    return plural(n, "hour")


def home_label(tile: str) -> str:
    """``Yellow HQ`` or ``Yellow Safe House`` for a home tile id (``HQ0``, ``SH0``)."""
    gang = GANGS[int(tile[2:])]
    return f"{gang} HQ" if tile.startswith("HQ") else f"{gang} Safe House"


def tile_name(tile: str) -> str:
    """A placed tile's name: ``BANK``, ``Green HQ``, ``Green Safe House``."""
    return home_label(tile) if tile[:2] in ("HQ", "SH") else tiles()[tile].name


def tile_words(tile: str) -> str:
    """A tile with what tells it apart: ``the BANK (teal, 4 streets, clock)``."""
    if tile[:2] in ("HQ", "SH"):
        return f"the {home_label(tile)}"
    d = tiles()[tile]
    return f"the {d.name} ({d.colour}, {d.streets} streets{', clock' if d.clock else ''})"


def tile_face(tile: str) -> tuple[str, ...]:
    """What a player sees of a tile: two tiles with the same face are the same choice."""
    if tile[:2] in ("HQ", "SH"):
        return (tile,)
    d = tiles()[tile]
    return (d.name, d.colour, str(d.streets), str(d.clock))


def cell_of(node: str) -> tuple[int, int]:
    """The cell (x, y) a block id or street id names."""
    if node[0] == "s":
        x, y, _ = parse_street(node)
        return x, y
    col, row = node[1:].split(",")
    return int(col), int(row)


def block_words(city: City, block: str) -> str:
    """``the BANK at 1,0``, ``the PARK & MARKET at 0,2``, ``the Green HQ at -1,0``."""
    x, y = cell_of(block)
    name = " & ".join(tile_name(t) for t in city.block_tiles[block])
    return f"the {name} at {x},{y}"


def street_words(city: City, street: str) -> str:
    """``the north street of the BANK at 1,0`` (named after the tile it lies along)."""
    x, y, side = parse_street(street)
    tile = city.grid.at(x, y)
    name = tile_name(tile.tile) if tile is not None else "empty cell"
    return f"the {SIDE_NAMES[side]} street of the {name} at {x},{y}"


def place_words(city: City, node: str) -> str:
    """A street section or a block in words."""
    return street_words(city, node) if node[0] == "s" else block_words(city, node)


def side_of(city: City, block: str, street: str) -> str:
    """A street next to ``block`` named from the block: ``north`` (a large block adds the
    tile: ``north of the PARK``)."""
    x, y, side = parse_street(street)
    if not city.is_large(block):
        return SIDE_NAMES[side]
    tile = city.grid.at(x, y)
    assert tile is not None
    return f"{SIDE_NAMES[side]} of the {tile_name(tile.tile)} at {x},{y}"


def job_words(job: str) -> str:
    """``'Night-time visit' (GRAVEYARD, pink: 1 gangster, 2 hours, 2 prestige)``."""
    d = jobs()[job]
    return (f"'{d.title}' ({d.location}, {d.colour}: {plural(d.gangsters, 'gangster')}, "
            f"{hours(d.hours)}, {d.prestige} prestige)")


def card_def(card: str) -> NewsDef | FortuneDef:
    """The definition of a newsflash (``N..``) or fortune (``F..``) card."""
    return newsflashes()[card] if card[0] == "N" else fortunes()[card]


def card_title(card: str) -> str:
    """A newsflash's or fortune's title in quotes: ``'Night owl'``."""
    return f"'{card_def(card).title}'"


def game_end_words(card: str) -> str:
    """What an unplayed fortune is worth at the end: `` (worth 2 prestige at the end)``."""
    worth = fortunes()[card].game_end
    return f" (worth {worth} prestige at the end if kept)" if worth else ""


def card_words(card: str) -> str:
    """A card with its text: ``'Laughing stock': Nobody believes it was you: ...``; a
    fortune adds what it is worth at the end while unplayed."""
    d = card_def(card)
    extra = game_end_words(card) if card[0] == "F" else ""
    return f"'{d.title}'{extra}: {d.text}"


def card_face(card: str) -> tuple[str, ...]:
    """What a player sees of a card: two cards with the same face are the same choice."""
    d = card_def(card)
    worth = fortunes()[card].game_end if card[0] == "F" else 0
    return (d.title, d.text, d.effect, str(d.amount), str(worth))


def distinct(cards: list[str],
             face: Callable[[str], tuple[str, ...]] = card_face) -> list[str]:
    """The first card of each face among ``cards``, in order: identical cards are one choice."""
    seen: set[tuple[str, ...]] = set()
    out: list[str] = []
    for card in cards:
        key = face(card)
        if key not in seen:
            seen.add(key)
            out.append(card)
    return out


def destiny_effect(card: str, now: bool = False) -> str:
    """What a destiny does to the gang it lies in front of, in a few words (``now``: as it
    is executed)."""
    d = card_def(card)
    when = "now" if now else "at the start of its next turn"
    if d.effect == "hours":
        return f"{hours(abs(d.amount))} {'more' if d.amount > 0 else 'less'} {when}"
    if d.effect == "recruit":
        return f"{plural(d.amount, 'gangster')} recruited for free {when}"
    return f"{plural(d.amount, 'gangster')} on a street arrested {when}"


def clock_words(state: CrimopolisState) -> str:
    """``Player 1 (Yellow) has 5 hours left``."""
    return f"{who(state.active)} has {hours(state.hours)} left"


def listed(items: list[str]) -> str:
    """``'A'``, ``'A' and 'B'``, ``'A', 'B' and 'C'``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def hand_words(jobs_held: list[str], fortunes_held: list[str]) -> str:
    """A hand shown at the end: ``the jobs 'A' and 'B'; the fortune 'C' (2 prestige at the
    end)``; empty for an empty hand."""
    parts = []
    if jobs_held:
        word = "job" if len(jobs_held) == 1 else "jobs"
        parts.append(f"the {word} " + listed([f"'{jobs()[j].title}'" for j in jobs_held]))
    if fortunes_held:
        word = "fortune" if len(fortunes_held) == 1 else "fortunes"
        cards = [card_title(c) + (f" ({fortunes()[c].game_end} prestige at the end)"
                                  if fortunes()[c].game_end else "") for c in fortunes_held]
        parts.append(f"the {word} " + listed(cards))
    return "; ".join(parts)

"""How Crimopolis names things for players: seats, places, tiles, jobs and cards, and how it
says an action (``describe``, ``describe_public``, the typed ``amount`` of a move, the menu's
``action_group``).

Every sentence the game writes (menus, events, the text map, the picture's tooltips) takes its
names from here, so a seat is always "Player 2 (Green)", a block always "the BANK at 1,0"
and a card always its title with what it does.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabletop.amounts import Amount
from tabletop.engine import seat_label
from tabletop.odds import percent

from .actions import (
    AbortJob,
    Accept,
    ChooseTarget,
    Defend,
    DoJob,
    EndTurn,
    ExecuteDestiny,
    Invest,
    KeepJob,
    LeaveEmpty,
    Move,
    Occupy,
    PlaceHQ,
    PlaceTile,
    PlayFortune,
    Recruit,
    RedrawJobs,
    TakeOver,
)
from .cards import FortuneDef, NewsDef, fortunes, jobs, newsflashes, tiles
from .city import GANGS, SIDE_NAMES, City, parse_street

if TYPE_CHECKING:
    from .state import CrimopolisState


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


# cp-identical-choices
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


def block_short(city: City, block: str) -> str:
    """``BANK 1,0``: a block as the map shows it."""
    x, y = cell_of(block)
    return f"{' & '.join(tile_name(t) for t in city.block_tiles[block])} {x},{y}"


# -- the actions, as said at the table ------------------------------------------------
def _hours(state: CrimopolisState, cost: int) -> str:
    if cost == 0:
        return f"no time, {hours(state.hours)} left"
    return f"{hours(cost)}, {state.hours - cost} left"


def takes_words(state: CrimopolisState, block: str, takes: tuple[tuple[str, int], ...]) -> str:
    """``3 gangsters (2 from north, 1 from west)``: how many enter and from which street."""
    n = sum(k for _, k in takes)
    parts = ", ".join(f"{k} from {side_of(state.city, block, street)}" for street, k in takes)
    return f"{plural(n, 'gangster')} ({parts})"


def describe_public(state: CrimopolisState, action: Any) -> str:
    """The action as the rivals see it: which of the two drawn jobs is kept stays secret."""
    if type(action) is KeepJob:
        return "keeps one of the two jobs drawn and puts the other back on top"
    return describe(state, action)


def describe(state: CrimopolisState, action: Any) -> str:
    """The action as said at the table, with its time and what it does; the CLI and the
    transcripts put the seat's name ("Player 2") before it."""
    city = state.city
    me = state.to_act if state.to_act is not None else state.active
    kind = type(action)
    if kind is Move:
        return _describe_move(state, me, action)
    if kind is Occupy:
        worth = 3 if city.is_large(action.block) else 1
        return (f"occupies {block_words(city, action.block)} with "
                f"{takes_words(state, action.block, action.takes)}, {worth} influence "
                f"— {_hours(state, 3)}")
    if kind is TakeOver:
        d = city.board.total(action.block)
        rival = who(city.board.occupants(action.block)[0])
        return (f"takes over {block_words(city, action.block)} from {rival} ({d} "
                f"defending) with {takes_words(state, action.block, action.takes)}: +1 "
                f"prestige, +{d} bodies — {_hours(state, 3)}")
    if kind is DoJob:
        job = jobs()[action.job]
        cost, _ = state.job_cost(job)
        holders = city.board.occupants(action.block)
        d = city.board.total(action.block)
        over = (f", taking it over from {who(holders[0])} (+1 prestige, +{d} bodies)"
                if holders else "")
        boost = f" + {state.boost_prestige} armed" if state.boost_prestige else ""
        return (f"does the job '{job.title}' at {block_short(city, action.block)}"
                f"{over} with {takes_words(state, action.block, action.takes)}: "
                f"{job.prestige}{boost} prestige, {news_odds(state)} — {_hours(state, cost)}")
    if kind is Recruit:
        home = city.hq[me] if action.to == "hq" else city.safe[me]
        where = "HQ" if action.to == "hq" else "Safe House"
        return (f"recruits a gangster into its {where} ({city.board.total(home) + 1} "
                f"there, {state.supply[me] - 1} left in supply) — {_hours(state, 2)}")
    if kind is Invest:
        return f"invests in a fortune (draws the top fortune card) — {_hours(state, 2)}"
    if kind is AbortJob:
        return (f"aborts the job '{jobs()[action.job].title}' (draws 2 jobs, keeps 1)"
                f" — {_hours(state, 3)}")
    if kind is KeepJob:
        p = state.prompts[-1] if state.prompts else None
        other = [j for j in (p.options if p else ()) if j != action.job][:1]
        back = f" and puts '{jobs()[other[0]].title}' back on top" if other else ""
        return f"keeps the job {job_words(action.job)}{back}"
    if kind is RedrawJobs:
        shown = jobs()[state.hands[me][0]] if state.hands[me] else None
        target = f" for the {shown.location} ({shown.colour})" if shown else ""
        return (f"shows its two jobs{target}, discards them and draws two new ones "
                "— no time")
    if kind is PlayFortune:
        return f"{_describe_fortune(state, me, action)} — no time"
    if kind is ExecuteDestiny:
        return (f"executes its destiny {card_title(action.card)} "
                f"({destiny_effect(action.card, now=True)})")
    if kind is ChooseTarget:
        p = state.prompts[-1]
        whom = "itself" if action.seat == me else who(action.seat)
        return (f"places the destiny newsflash {card_title(p.card)} in front of "
                f"{whom}: {destiny_effect(p.card)}")
    if kind is Defend:
        p = state.prompts[-1]
        return f"cancels the destiny {card_title(p.card)} with {card_title(action.card)}"
    if kind is Accept:
        p = state.prompts[-1]
        return (f"lets the destiny {card_title(p.card)} lie in front of it "
                f"({destiny_effect(p.card)})")
    if kind is EndTurn:
        nxt = who((state.active + 1) % state.players)
        if not state.hours:
            return "ends its turn"
        return f"ends its turn, passing {hours(state.hours)} on to {nxt}"
    if kind is PlaceHQ:
        return f"places its HQ at {action.x},{action.y}, with its first recruit"
    if kind is PlaceTile:
        return _describe_tile(state, me, action)
    if kind is LeaveEmpty:
        x, y = state.prompts[-1].cell if state.prompts else (0, 0)
        return f"places no Safe House and leaves the cell {x},{y} empty"
    return "an action this game does not know"


# cp-news-odds
def news_odds(state: CrimopolisState) -> str:
    """What the newsflash drawn after a job may do to its prestige, with the chances as the
    table can count them: the unseen newsflashes (those not seen going under the deck), or
    the top card when every card of the pile was seen. ``then the newsflash: 21% 1 to 3 more,
    17% 1 or 2 less``."""
    if state.shield:
        return "its newsflash ignored (the armed fortune)"
    pile = state.decks[1].draw_pile
    if not pile:
        return "no newsflash left to draw"
    unseen = pile[state.pub_bottom[1]:] or pile[-1:]
    defs = newsflashes()
    changes = [defs[c].amount for c in unseen if defs[c].effect == "prestige"]
    parts = []
    for amounts, word in (([a for a in changes if a > 0], "more"),
                          ([-a for a in changes if a < 0], "less")):
        if amounts:
            share = percent(Fraction(len(amounts), len(unseen)))
            parts.append(f"{share} {_span(sorted(set(amounts)))} {word}")
    if not parts:
        return "then the newsflash, which changes no prestige"
    return "then the newsflash: " + ", ".join(parts)


def _span(values: list[int]) -> str:
    """``2``, ``1 or 2``, ``1 to 3``."""
    if len(values) == 1:
        return str(values[0])
    if len(values) == 2:
        return f"{values[0]} or {values[1]}"
    return f"{values[0]} to {values[-1]}"


def _describe_move(state: CrimopolisState, me: int, action: Move) -> str:
    path, extra = _route(state, me, action)
    return (f"moves {plural(action.n, 'gangster')} {path}{extra} "
            f"— {_hours(state, _move_cost(state, me, action))}")


def _move_cost(state: CrimopolisState, me: int, action: Move) -> int:
    """1 hour, or none onto a place where the mover already stands or into a block."""
    return 0 if action.dst[0] == "b" or state.city.board.count(action.dst, me) else 1


def _route(state: CrimopolisState, me: int, action: Move) -> tuple[str, str]:
    """Where a move goes, short (``from BANK 1,-1 south street to HOTEL 1,0 west street``,
    ``round BANK 1,-1 from its south to its east street``, ``from its HQ 0,0 to its north
    street``), and what stepping there does (``, ambushing ...``, ``, exploring``)."""
    city = state.city
    src, dst = action.src, action.dst
    extra = ""
    rivals = [o for o in city.board.occupants(dst) if o != me]
    if rivals:
        extra = f", ambushing {plural(city.board.count(dst, rivals[0]), 'gangster')} of " \
                f"{who(rivals[0])} one for one"
    if dst in city.open_streets:
        extra += ", exploring"
    if src[0] == "s" and dst[0] == "s" and cell_of(src) == cell_of(dst):
        x, y = cell_of(src)
        path = (f"round {_tile_at(city, x, y)} {x},{y} from its {SIDE_NAMES[_side(src)]} to "
                f"its {SIDE_NAMES[_side(dst)]} street")
        return path, extra
    if src[0] == "b" and city.board.has(dst) and src in city.board.neighbours(dst):
        to = f"its {side_of(city, src, dst)} street"  # out of a block onto its own street
    else:
        to = _short_place(city, me, dst)
    return f"from {_short_place(city, me, src)} to {to}", extra


def _side(street: str) -> int:
    return "NESW".index(street[-1])


def _tile_at(city: City, x: int, y: int) -> str:
    t = city.grid.at(x, y)
    return tile_name(t.tile) if t is not None else "the empty cell"


def _short_place(city: City, me: int, node: str) -> str:
    """``its HQ 0,0``, ``BANK 1,-1``, ``BANK 1,-1 south street``: a place as the map shows
    it."""
    if node == city.hq[me]:
        return f"its HQ {node[1:]}"
    if node == city.safe[me]:
        return f"its Safe House {node[1:]}"
    if node[0] == "b":
        return block_short(city, node)
    x, y = cell_of(node)
    return f"{_tile_at(city, x, y)} {x},{y} {SIDE_NAMES[_side(node)]} street"


# cp-move-typed
def amount(state: CrimopolisState, action: Any) -> Amount | None:
    """MOVE GANGSTERS: 1, 2 or 3 gangsters move together, a number typed rather than three
    lines of the menu; the question names the route and its time."""
    if type(action) is not Move:
        return None
    me = state.to_act if state.to_act is not None else state.active
    cost = _move_cost(state, me, action)
    when = f"for {hours(cost)}" if cost else "for no time"
    path, extra = _route(state, me, action)
    return Amount(f"Move gangsters {path} {when}{extra}", action.n, unit="gangsters")


def _describe_fortune(state: CrimopolisState, me: int, action: PlayFortune) -> str:
    f = fortunes()[action.card]
    worth = game_end_words(action.card)
    if f.destiny:
        whom = "itself" if action.seat == me else who(action.seat)
        return (f"plays the destiny {card_title(action.card)}{worth} on {whom}: "
                f"{destiny_effect(action.card)}")
    if action.block:
        board = state.city.board
        rival = board.occupants(action.block)[0]
        k = min(f.amount, board.count(action.block, rival))
        return (f"plays {card_title(action.card)}{worth} on "
                f"{block_words(state.city, action.block)}: {plural(k, 'gangster')} of "
                f"{who(rival)} blown out")
    return f"plays {card_words(action.card)}"


def _describe_tile(state: CrimopolisState, me: int, action: PlaceTile) -> str:
    tile = action.tile
    if tile[0] == "T":
        d = tiles()[tile]
        if d.streets == 4:
            return f"places {tile_words(tile)} at {action.x},{action.y}"
        clock = ", clock" if d.clock else ""
        return (f"places the {d.name} ({d.colour}{clock}) at {action.x},{action.y}, "
                f"its block edge facing {SIDE_NAMES[(2 + action.rotation) % 4]}")
    owner = int(tile[2:])
    whose = "its" if owner == me else f"{who(owner)}'s"
    return f"places {whose} Safe House at {action.x},{action.y}"


def action_group(state: CrimopolisState, action: Any) -> str:
    """The menu heading of an action in a long list: moves by where they start, entries by
    block, fortunes by card, tiles by tile."""
    kind = type(action)
    city = state.city
    if kind is Move:
        return f"Move from {place_words(city, action.src)}"
    if kind is Occupy:
        return f"Occupy {block_words(city, action.block)}"
    if kind is TakeOver:
        return f"Take over {block_words(city, action.block)}"
    if kind is DoJob:
        return f"Do the job '{jobs()[action.job].title}' at {block_words(city, action.block)}"
    if kind is PlayFortune:
        return f"Play the fortune {card_title(action.card)}"
    if kind is AbortJob:
        return "Abort a job"
    if kind is PlaceTile:
        return f"Place {tile_words(action.tile)}"
    if kind is PlaceHQ:
        return "Place your HQ"
    return ""

"""What each seat may know and how the table reads: observations, determinization,
descriptions of actions, the text view, and reasons for refusing an action.

Hidden (rulebook: Hints and further rules): the kinds of the cards in a hand (their numbers
are public), the Stooge and Fence piles, and what lies face down in a display until phase 4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.don_massivo import casino
from games.don_massivo.actions import (
    LOCATION_NAMES,
    OPEN_LOCATIONS,
    PRISON,
    DiscardCard,
    Done,
    FaceDown,
    LayGangster,
    LeanOnFence,
    Move,
    Pay,
    PlaceToken,
    Recruit,
    Rob,
    SellCard,
    SellTo,
    SendSpecialist,
    SetDisplayMoney,
    ShowGangster,
    Stake,
    Steal,
    Strike,
    TakeBackGangster,
    TakeBackMoney,
    Use,
)
from games.don_massivo.cards import (
    CASINO_IDS,
    FENCES,
    FENCES_PER_PILE,
    GANGSTERS,
    SAFE_TOP,
    STOOGES,
    money_text,
)
from games.don_massivo.money import DOWN, PILE
from tabletop.engine import seat_label
from tabletop.hidden import redeal
from tabletop.rng import Rng

if TYPE_CHECKING:
    from games.don_massivo.state import DonMassivoState


# -- observation -----------------------------------------------------------------------------
def observation(state: DonMassivoState, seat: int | None) -> dict[str, Any]:
    """Public table plus the seat's own hand and money pile."""
    seats = []
    for s in range(state.players):
        entry: dict[str, Any] = {
            "tokens": list(state.tokens[s]),
            "display_money": state.shown(s),
            "display_gangsters": list(state.show_g[s]),
            "facedown_gangsters": len(state.down_g[s]),
            "facedown_notes": state.down(s) > 0,
            "hand_gangsters": len(state.hand_g[s]),
            "hand_stooges": len(state.hand_s[s]),
        }
        if s == seat:
            entry["pile"] = state.pile(s)
            entry["facedown_money"] = state.down(s)
            entry["facedown_cards"] = list(state.down_g[s])
        else:
            entry["money_off_display"] = state.pile(s) + state.down(s)
        seats.append(entry)
    out: dict[str, Any] = {
        "seat": seat, "step": state.step, "turn": state.turn, "current": state.current,
        "to_act": state.to_act, "seats": seats,
        "fence_tops": [state.fence_top(p) for p in range(3)],
        "fence_sizes": [len(p) for p in state.fence_piles],
        "fence_discard": list(state.fence_discard), "casinos_out": list(state.casinos_out),
        "gangster_deck": len(state.gangsters.draw_pile),
        "gangster_discard": list(state.gangsters.discard_pile),
        "stooge_deck": len(state.stooges.draw_pile),
        "stooge_discard": list(state.stooges.discard_pile),
        "place_queue": list(state.place_queue), "moved": state.moved, "target": state.target,
        "deal": state.deal, "usable": list(state.usable), "used": list(state.used),
        "west_alt": state.west_alt, "east_alt": state.east_alt, "laid": list(state.laid),
        "specialists": list(state.specialists), "sell_pile": state.sell_pile,
        "offered": list(state.offered),
        "casino": None if state.casino is None else state.casino.view(seat),
        "facedown_queue": list(state.facedown_queue), "over": state.over,
        "winners": list(state.winners), "end_reason": state.end_reason,
        "events": state.log.view(seat),
    }
    if seat is not None:
        out["hand"] = {"gangsters": list(state.hand_g[seat]),
                       "stooges": list(state.hand_s[seat])}
    return out


# -- determinization -----------------------------------------------------------------------------
def determinize(state: DonMassivoState, seat: int | None, rng: Rng) -> DonMassivoState:
    """A copy in which the others' hands and face-down cards, the draw piles, the hidden part
    of the Fence piles, others' face-down amounts and sealed stakes are drawn anew."""
    copy = state.clone()
    others = [s for s in range(state.players) if s != seat]
    # Gangster cards the seat cannot see, then Stooge cards.
    zones = [zone for s in others for zone in (copy.hand_g[s], copy.down_g[s])]
    copy.gangsters.draw_pile[:] = redeal(rng, zones, copy.gangsters.draw_pile)
    copy.stooges.draw_pile[:] = redeal(rng, [copy.hand_s[s] for s in others],
                                       copy.stooges.draw_pile)
    # The Fence piles below their face-up tops; each unplayed Casino stays in its own pile,
    # never among the top four cards the pile started with.
    hidden = [p[:-1] for p in copy.fence_piles]
    pool = [c for h in hidden for c in h if c not in CASINO_IDS]
    rng.shuffle(pool)
    at = 0
    for p, cards in enumerate(copy.fence_piles):
        if not cards:
            continue
        casinos = [c for c in hidden[p] if c in CASINO_IDS]
        n = len(hidden[p]) - len(casinos)
        part = pool[at:at + n]
        at += n
        if casinos:
            size = len(cards)
            removed = FENCES_PER_PILE + 1 - size
            lowest = max(1, SAFE_TOP - removed)  # depth below the top card
            depth = lowest + rng.below(size - lowest)
            part.insert(size - 1 - depth, casinos[0])
        cards[:-1] = part
    # Face-down notes of the others: only the total off the display is known.
    for s in others:
        notes = copy.down(s)
        if notes:
            total = notes + copy.pile(s)
            new = 1 + rng.below(total)
            copy.money.holdings[DOWN[s]] = new
            copy.money.holdings[PILE[s]] = total - new
    # Sealed Casino stakes of the others.
    choice = copy.casino
    if choice is not None and not choice.revealed:
        for i, s in enumerate(choice.order):
            if s != seat and choice.commitments[i] is not None:
                choice.commitments[i] = casino.encode(rng.choice(casino.stake_options(copy, s)))
    copy.rng = rng.fork("determinize")
    return copy


# -- words ------------------------------------------------------------------------------------------
def _who(seat: int | None) -> str:
    return seat_label(seat)


def _gangster(card: str) -> str:
    g = GANGSTERS[card]
    return f"{g.name} ({g.kind}, strength {g.strength})"


def _loot(card: str) -> str:
    s = STOOGES[card]
    return f"the {s.name} ({s.kind}, {s.value} loot)"


def _fence(card: str | None) -> str:
    if card is None:
        return "(empty)"
    f = FENCES[card]
    if f.is_casino:
        return "Casino"
    p = f.prices
    return f"{f.name} ${p['money']}k/${p['jewellery']}k/${p['art']}k"


def describe_public(state: DonMassivoState, action: Any) -> str:
    """The action as the other players see it: a Casino stake is sealed until everyone has
    staked, and what goes face down into a display stays hidden until phase 4."""
    who = _who(state.to_act)
    if isinstance(action, Stake):
        return f"{who} seals a Casino stake"
    if isinstance(action, FaceDown):
        if not action.card and not action.amount:
            return f"{who} adds nothing face down"
        return f"{who} adds something face down to the display"
    return describe(state, action)


def describe(state: DonMassivoState, action: Any) -> str:
    """The action as said at the table."""
    who = _who(state.to_act)
    if isinstance(action, PlaceToken):
        return f"{who} places a token at {LOCATION_NAMES[action.location]}"
    if isinstance(action, TakeBackMoney):
        return f"{who} takes {money_text(action.amount)} back out of the display"
    if isinstance(action, TakeBackGangster):
        return f"{who} takes {_gangster(action.card)} back out of the display"
    if isinstance(action, Move):
        here = state.tokens[state.current][action.token] if state.tokens[state.current] else "?"
        if here == action.location:
            return f"{who} keeps the token at {LOCATION_NAMES[here]}"
        return (f"{who} moves a token from {LOCATION_NAMES.get(here, here)} to "
                f"{LOCATION_NAMES[action.location]}")
    if isinstance(action, Pay):
        return f"{who} pays Player {action.target + 1}"
    if isinstance(action, Rob):
        return f"{who} robs Player {action.target + 1}"
    if isinstance(action, LayGangster):
        return f"{who} lays {_gangster(action.card)} into the robbery"
    if isinstance(action, Strike):
        return f"{who}'s gangsters strike"
    if isinstance(action, Use):
        verb = {"west": "steals at", "east": "sells loot at", "bank": "collects interest at"}
        return f"{who} {verb[action.location]} {LOCATION_NAMES[action.location]}"
    if isinstance(action, Recruit):
        return f"{who} recruits two gangsters at the West Side (Villa)"
    if isinstance(action, LeanOnFence):
        return (f"{who} leans on the {_fence(state.fence_top(action.pile))} of Fence pile "
                f"{action.pile + 1} (Villa)")
    if isinstance(action, SendSpecialist):
        return f"{who} sends {_gangster(action.card)} as a specialist"
    if isinstance(action, Steal):
        return f"{who} pulls off the job"
    if isinstance(action, SellTo):
        return f"{who} deals with the {_fence(state.fence_top(action.pile))} of pile " \
               f"{action.pile + 1}"
    if isinstance(action, SellCard):
        return f"{who} hands over {_loot(action.card)}"
    if isinstance(action, Stake):
        if action.amount == 0:
            return f"{who} stays out of the Casino game"
        return f"{who} stakes {money_text(action.amount)} on {action.kind}"
    if isinstance(action, FaceDown):
        if not action.card and not action.amount:
            return f"{who} adds nothing face down"
        parts = ([_gangster(action.card)] if action.card else []) + (
            [money_text(action.amount)] if action.amount else [])
        return f"{who} adds {' and '.join(parts)} face down to the display"
    if isinstance(action, SetDisplayMoney):
        return f"{who} leaves {money_text(action.amount)} in the display"
    if isinstance(action, ShowGangster):
        return f"{who} puts {_gangster(action.card)} into the display"
    if isinstance(action, DiscardCard):
        name = _gangster(action.card) if action.card in GANGSTERS else _loot(action.card)
        return f"{who} discards {name}"
    if isinstance(action, Done):
        return f"{who} is done ({STEP_TEXT.get(state.step, state.step)})"
    return repr(action)


STEP_TEXT = {
    "place": "placing tokens", "move": "phase 2: move a token",
    "deal": "phase 2: pay or rob a player at the token's location",
    "rob": "robbing: lay gangsters, then strike", "locations": "phase 3: use the locations",
    "steal": "stealing: send specialists, then pull off the job",
    "sell_pick": "selling: choose one of the top fences", "sell": "selling: hand over loot",
    "casino": "the Casino game: stake in secret", "facedown": "adding face down to the display",
    "refresh_take": "phase 4: take gangsters back out of the display",
    "refresh_money": "phase 4: decide the money in the display",
    "refresh_add": "phase 4: add gangsters to the display",
    "limit": "phase 4: the hand limit",
}


def render(state: DonMassivoState, seat: int | None) -> str:
    """The table as ``seat`` sees it."""
    lines = [f"Don Massivo, turn {state.turn}: {_who(state.current)} is the current player"]
    if state.over:
        lines.append(f"GAME OVER: {state.end_reason}")
    for s in range(state.players):
        mark = ">" if s == state.to_act else " "
        show = ", ".join(_gangster(c) for c in state.show_g[s]) or "no gangsters"
        money = (f"pile {money_text(state.pile(s))}" if s == seat
                 else f"off display {money_text(state.pile(s) + state.down(s))}")
        extra = ""
        if state.down_g[s] or state.down(s):
            hidden = ([f"{len(state.down_g[s])} card(s)"] if state.down_g[s] else []) + (
                ["notes"] if state.down(s) else [])
            extra = "; face down: " + " and ".join(hidden)
        where = ", ".join(LOCATION_NAMES[t] for t in state.tokens[s]) or "nowhere yet"
        lines.append(
            f"{mark} {_who(s)}: tokens at {where}"
            f"; {money}; display {money_text(state.shown(s))} with {show} (defence "
            f"{state.defence(s)}){extra}; hand {len(state.hand_g[s])} gangster(s), "
            f"{len(state.hand_s[s])} stooge(s)")
    lines.append("Fences on top: " + " | ".join(
        f"{p + 1}: {_fence(state.fence_top(p))} ({len(state.fence_piles[p])} cards)"
        for p in range(3)) + f"; Casinos played {len(state.casinos_out)}/3")
    if seat is not None:
        lines.append("Your hand: " + ("; ".join(
            [_gangster(c) for c in state.hand_g[seat]] + [_loot(c) for c in state.hand_s[seat]])
            or "empty"))
    recent = state.log.recent(3, seat)
    if recent:
        lines.append("Lately: " + "; ".join(recent))
    if not state.over:
        lines.append(f"Now: {STEP_TEXT[state.step]} ({_who(state.to_act)})")
    return "\n".join(lines)


def why_illegal(state: DonMassivoState, action: Any) -> str:
    """A reason a player understands."""
    if isinstance(action, (Move, PlaceToken)) and getattr(action, "location", None) == PRISON:
        return "nobody moves a token into the Prison"
    if isinstance(action, Move) and action.location not in OPEN_LOCATIONS:
        return f"there is no location {action.location!r}"
    if isinstance(action, Move) and state.step == "move" and PRISON in state.tokens[state.current]:
        return "the token in Prison must be the one that moves"
    if isinstance(action, Move) and state.step == "move" and state.players > 2:
        return "a token must move to another location where another player has a token"
    if isinstance(action, Rob) and state.step == "deal":
        return ("you can only rob a player whose token stands where your moved token is, "
                "and you need a gangster")
    if isinstance(action, Pay) and state.step == "deal":
        return "you can only pay a player whose token stands where your moved token is"
    if isinstance(action, (SellCard, ShowGangster, LayGangster, SendSpecialist,
                           DiscardCard)) and state.step in STEP_TEXT:
        return f"that card is not in the right hand now ({STEP_TEXT[state.step]})"
    if isinstance(action, (Recruit, LeanOnFence)):
        return ("only a player with a token at Don Massivo's Villa, using that Side this turn, "
                "may do this once, before stealing or selling")
    if isinstance(action, Stake):
        return "a stake is $0 (no kind) or $1,000-$5,000 on money, jewellery or art, from your pile"
    if state.over:
        return "the game is over"
    return f"now is the time for {STEP_TEXT.get(state.step, state.step)}"

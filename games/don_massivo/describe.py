"""Actions in words: what a player reads in his menu (``describe``), what the others read when
it is taken (``describe_public``), the menu headings of long lists (``action_group``), and the
reasons for refusing an action (``why_illegal``).

A choice that involves a card says what the card does there ("attack 2 -> 4"), from public
facts only, except where ``describe_public`` gives the others a shorter version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.don_massivo.actions import (
    OPEN_LOCATIONS,
    PRISON,
    DiscardCard,
    Done,
    FaceDown,
    GiveLoot,
    Guard,
    LayGangster,
    LeanOnFence,
    Move,
    Pay,
    PayCash,
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
from games.don_massivo.cards import GANGSTER_KIND, GANGSTERS, STRENGTH, price
from games.don_massivo.locations import INTEREST_STEP, RECRUIT_DRAW, STEAL_DRAW
from games.don_massivo.money import BAIL, PAYMENT
from games.don_massivo.words import (
    LOCATION_NAMES,
    a_kind,
    count,
    fence_text,
    gangster_short,
    gangster_text,
    listing,
    loot_text,
    money_text,
    who,
)

if TYPE_CHECKING:
    from games.don_massivo.state import DonMassivoState

LOCATION_USE = {
    "west": "steal loot", "east": "sell loot to a fence",
    "bank": "interest on a display", "villa": "hand limit 10, alternative actions",
    "prison": "no action; $2,000 bail to leave",
}
"""What each location lets a player do, in a few words (the board, the menus)."""

STEP_TEXT = {
    "place": "placing tokens",
    "move": "phase 2: move a token (then pay or rob a player where it stands)",
    "deal": "phase 2: pay or rob a player at the token's location",
    "rob": "robbing: lay gangsters, then strike",
    "defend": "robbed: throw gangsters from the hand into the defence, or stand down",
    "payment": "paying: $2,000 or a loot card", "locations": "phase 3: use the locations",
    "steal": "stealing: send specialists, then pull off the job",
    "sell_pick": "selling: choose one of the top fences", "sell": "selling: hand over loot",
    "casino": "the Casino game: stake in secret", "facedown": "adding face down to the display",
    "refresh_take": "phase 4: take gangsters back out of the display",
    "refresh_money": "phase 4: decide the money in the display",
    "refresh_add": "phase 4: add gangsters to the display",
    "limit": "phase 4: the hand limit",
}
"""What the seat to act is deciding, step by step."""


def _others_there(state: DonMassivoState, location: str, seat: int) -> str:
    """", where Player 2 and Player 3 stand" (the players ``seat`` could deal with there)."""
    there = state.others_at(location, seat)
    verb = "stands" if len(there) == 1 else "stand"
    return f", where {listing([who(s) for s in there])} {verb}" if there else ""


def describe_public(state: DonMassivoState, action: Any) -> str:
    """The action as the other players see it: a Casino stake is sealed until everyone has
    staked, what goes face down into a display stays hidden until phase 4, and what the
    seller's hand would fetch is his own business; a loot card given as payment and a card
    discarded from the hand show only their backs."""
    me = who(state.to_act)
    if isinstance(action, Stake):
        return f"{me} seals a Casino stake"
    if isinstance(action, FaceDown):
        if not action.card and not action.amount:
            return f"{me} adds nothing face down"
        return f"{me} adds something face down to the display"
    if isinstance(action, GiveLoot):
        return f"{me} pays {who(state.target)} with a loot card from his hand"
    if isinstance(action, DiscardCard):
        return f"{me} discards a card from his hand, face down"
    if isinstance(action, SellTo):
        return (f"{me} deals with the {fence_text(state.fence_top(action.pile))} of Fence "
                f"pile {action.pile + 1}")
    return describe(state, action)


def describe(state: DonMassivoState, action: Any) -> str:
    """The action as said at the table, with what it does."""
    me, seat = who(state.to_act), state.to_act
    text = _describe_card_action(state, action)
    if text:
        return f"{me} {text}"
    if isinstance(action, PlaceToken):
        loc = action.location
        return f"{me} places a token at {LOCATION_NAMES[loc]} ({LOCATION_USE[loc]})"
    if isinstance(action, TakeBackMoney):
        shown = state.shown(state.current)
        return (f"{me} takes {money_text(action.amount)} back out of the display "
                f"({money_text(shown)} -> {money_text(shown - action.amount)})")
    if isinstance(action, Move):
        return _describe_move(state, action)
    if isinstance(action, Pay):
        amount = min(PAYMENT, state.pile(state.current))
        both = "then uses both tokens' locations; " if state.players > 2 else ""
        loot = " or a loot card" if state.hand_s[state.current] else ""
        return (f"{me} pays {who(action.target)} {money_text(amount)}{loot} ({both}"
                f"{who(action.target)} plays next)")
    if isinstance(action, Rob):
        shown = state.shown(action.target)
        hand = len(state.hand_g[action.target])
        return (f"{me} robs {who(action.target)}: beat defence {state.defence(action.target)} "
                f"and {count(hand, 'Gangster card')} in his hand to take "
                f"{money_text(shown // 2)} (half of {money_text(shown)}); fail and the token "
                "goes to Prison")
    if isinstance(action, PayCash):
        amount = min(PAYMENT, state.pile(state.current))
        return f"{me} pays {who(state.target)} {money_text(amount)} in money"
    if isinstance(action, Strike):
        attack = sum(STRENGTH[c] for c in state.laid)
        return (f"{me}'s gangsters strike: attack {attack} against display defence "
                f"{state.defence(state.target)} (he may throw in gangsters from his hand)")
    if isinstance(action, Use):
        return f"{me} {_use_text(state, action.location)}"
    if isinstance(action, Recruit):
        return (f"{me} recruits {RECRUIT_DRAW} Gangster cards (the Villa's West Side "
                "alternative action; stealing stays open)")
    if isinstance(action, LeanOnFence):
        return (f"{me} leans on the {fence_text(state.fence_top(action.pile))} of Fence pile "
                f"{action.pile + 1}: it is discarded (the Villa's East Side alternative action)")
    if isinstance(action, Steal):
        sent = len(state.specialists)
        extra = f", and {count(sent, 'specialist')} search" + ("es" if sent == 1 else "")
        return f"{me} pulls off the job: draws {STEAL_DRAW} Stooge cards{extra if sent else ''}"
    if isinstance(action, SellTo):
        assert seat is not None
        top = state.fence_top(action.pile)
        worth = sum(price(top, c) for c in state.hand_s[seat]) if top else 0
        return (describe_public(state, action)
                + f" (all your loot would fetch {money_text(worth)} here)")
    if isinstance(action, Stake):
        if action.amount == 0:
            return f"{me} stays out of the Casino game"
        return f"{me} stakes {money_text(action.amount)} on {action.kind}"
    if isinstance(action, FaceDown):
        if not action.card and not action.amount:
            return f"{me} adds nothing face down"
        parts = ([gangster_text(action.card)] if action.card else []) + (
            [money_text(action.amount)] if action.amount else [])
        return f"{me} adds {' and '.join(parts)} face down to the display"
    if isinstance(action, SetDisplayMoney):
        return f"{me} {_display_money_text(state, action.amount)}"
    if isinstance(action, Done):
        return f"{me} {_done_text(state)}"
    return f"{me} does something this game cannot name"


def _describe_card_action(state: DonMassivoState, action: Any) -> str:
    """The words (after the player's name) for an action that plays one card, with what the
    card does there; "" for other actions."""
    seat = state.current
    if isinstance(action, TakeBackGangster):
        d = state.defence(seat)
        return (f"takes {gangster_text(action.card)} back out of the display (defence "
                f"{d} -> {d - STRENGTH[action.card]})")
    if isinstance(action, LayGangster):
        attack = sum(STRENGTH[c] for c in state.laid)
        return (f"lays {gangster_text(action.card)} into the robbery (attack {attack} -> "
                f"{attack + STRENGTH[action.card]}, defence {state.defence(state.target)})")
    if isinstance(action, Guard):
        attack = sum(STRENGTH[c] for c in state.laid)
        d = state.defence(state.target) + sum(STRENGTH[c] for c in state.guard)
        after = d + STRENGTH[action.card]
        verdict = "the robbery fails" if after >= attack else "still short"
        return (f"throws {gangster_text(action.card)} into the defence (defence {d} -> "
                f"{after} against attack {attack}: {verdict}; discarded after the fight)")
    if isinstance(action, GiveLoot):
        return f"pays {who(state.target)} with {loot_text(action.card)} instead of money"
    if isinstance(action, SendSpecialist):
        return (f"sends {gangster_text(action.card)} as a specialist: he finds "
                f"{a_kind(GANGSTER_KIND[action.card])} Stooge card, then is discarded")
    if isinstance(action, SellCard):
        fence = state.fence_top(state.sell_pile)
        worth = money_text(price(fence, action.card)) if fence else "$0"
        return f"hands over {loot_text(action.card)}: {worth} from this fence"
    if isinstance(action, ShowGangster):
        d = state.defence(seat)
        return (f"puts {gangster_text(action.card)} into the display (defence {d} -> "
                f"{d + STRENGTH[action.card]})")
    if isinstance(action, DiscardCard):
        name = gangster_text(action.card) if action.card in GANGSTERS else loot_text(action.card)
        return f"discards {name}"
    return ""


def _describe_move(state: DonMassivoState, action: Move) -> str:
    me, seat = who(state.current), state.current
    there = _others_there(state, action.location, seat)
    if len(state.tokens[seat]) <= action.token:  # asked before the tokens are placed
        return f"{me} moves a token to {LOCATION_NAMES[action.location]}{there}"
    here = state.tokens[seat][action.token]
    if here == action.location:
        return f"{me} keeps his token at {LOCATION_NAMES[here]}{there}"
    bail = f" (bail {money_text(BAIL)})" if here == PRISON else ""
    return (f"{me} moves a token from {LOCATION_NAMES[here]} to "
            f"{LOCATION_NAMES[action.location]}{there}{bail}")


def _use_text(state: DonMassivoState, location: str) -> str:
    if location == "west":
        return f"steals at the West Side (draws {STEAL_DRAW} Stooge cards, specialists find more)"
    if location == "east":
        return "sells loot at the East Side (to one of the top fences)"
    at_bank = [s for s in range(state.players) if "bank" in state.tokens[s]]
    paid = listing([f"{who(s)} {money_text(state.shown(s) // INTEREST_STEP)}" for s in at_bank])
    return (f"collects interest at the Bank ($1,000 per full {money_text(INTEREST_STEP)} face "
            f"up, for everyone there: {paid})")


def _display_money_text(state: DonMassivoState, amount: int) -> str:
    shown = state.shown(state.current)
    if amount == shown:
        return f"leaves the {money_text(shown)} in the display as it is"
    if amount < shown:
        return (f"takes {money_text(shown - amount)} out of the display, leaving "
                f"{money_text(amount)}")
    return f"adds {money_text(amount - shown)} to the display, making {money_text(amount)}"


def _done_text(state: DonMassivoState) -> str:
    if state.step == "sell":
        fence = state.fence_top(state.sell_pile)
        worth = sum(price(fence, c) for c in state.offered) if fence else 0
        return (f"closes the sale: {count(len(state.offered), 'loot card')} for "
                f"{money_text(worth)}")
    return {
        "locations": "ends phase 3 (uses no more locations)",
        "refresh_take": "takes no more gangsters out of the display",
        "refresh_add": "adds no more gangsters to the display (his turn ends)",
        "defend": "stands down: throws no more gangsters into the defence",
    }.get(state.step, f"is done ({STEP_TEXT.get(state.step, 'this step')})")


def action_group(state: DonMassivoState, action: Any) -> str:
    """The menu heading of an action in a long list ("" stands alone)."""
    if isinstance(action, TakeBackMoney):
        return "Take money back out of the display"
    if isinstance(action, TakeBackGangster):
        return "Take a gangster back out of the display"
    if isinstance(action, SetDisplayMoney):
        if action.amount == state.shown(state.current):
            return ""
        low = action.amount // 10 * 10
        return f"Leave {money_text(low)} to {money_text(low + 9)} in the display"
    if isinstance(action, FaceDown):
        if action.card:
            return f"Add {gangster_short(action.card)} face down"
        return "Add only notes face down" if action.amount else ""
    if isinstance(action, ShowGangster):
        return "Put a gangster into the display"
    if isinstance(action, DiscardCard):
        return "Discard a Gangster card" if action.card in GANGSTERS else "Discard a Stooge card"
    if isinstance(action, Stake):
        return f"Stake on {action.kind}" if action.amount else ""
    if isinstance(action, LayGangster):
        return "Lay a gangster into the robbery"
    if isinstance(action, Guard):
        return "Throw a gangster into the defence"
    if isinstance(action, GiveLoot):
        return "Pay with a loot card"
    if isinstance(action, SendSpecialist):
        return "Send a specialist"
    if isinstance(action, SellCard):
        return "Hand over loot"
    return ""


def why_illegal(state: DonMassivoState, action: Any) -> str:
    """A reason a player understands."""
    if state.over:
        return "the game is over"
    if isinstance(action, (Move, PlaceToken)) and getattr(action, "location", None) == PRISON:
        return "nobody moves a token into the Prison"
    if isinstance(action, Move) and action.location not in OPEN_LOCATIONS:
        return "there is no such location"
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
    return f"now is the time for {STEP_TEXT.get(state.step, 'something else')}"

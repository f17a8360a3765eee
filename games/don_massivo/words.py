"""How Don Massivo says things: its cards, places and sums (one wording shared by the rules'
events, the menus, the text view, the picture and the glossary), and its actions: what a
player reads in his menu (``describe``), what the others read when it is taken
(``describe_public``), the menu headings of long lists (``action_group``) and the money
decisions typed as sums (``amount``).

A choice that involves a card says what the card does there ("attack 2 -> 4"), from public
facts only, except where ``describe_public`` gives the others a shorter version. Only data
(cards, actions, the rules' numbers) and the odds are imported here, so every rule module may
use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabletop.amounts import Amount
from tabletop.engine import seat_label
from tabletop.odds import percent

from . import odds
from .actions import (
    LOCATION_NAMES,
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
from .cards import (
    FENCES,
    GANGSTER_KIND,
    GANGSTERS,
    KINDS,
    STOOGES,
    STRENGTH,
    money_text,
    price,
)
from .rules import BAIL, INTEREST_STEP, PAYMENT, RECRUIT_DRAW, STEAL_DRAW

if TYPE_CHECKING:
    from .state import DonMassivoState

__all__ = [
    "LOCATION_NAMES",
    "LOCATION_SHORT",
    "LOCATION_USE",
    "STEP_TEXT",
    "a_kind",
    "action_group",
    "amount",
    "count",
    "describe",
    "describe_public",
    "fence_prices",
    "fence_text",
    "gangster_short",
    "gangster_strength",
    "gangster_text",
    "listing",
    "loot_short",
    "loot_text",
    "money_text",
    "who",
]

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
    seller's hand would fetch is his own business; a loot card given as payment shows only its
    back; a robber's chances are counted from his own view, so the others read the robbery
    without them. (A card discarded at the hand limit lands face up on its discard pile: it
    is named.)"""
    me = who(state.to_act)
    if isinstance(action, Stake):
        return f"{me} seals a Casino stake"
    if isinstance(action, FaceDown):
        if not action.card and not action.amount:
            return f"{me} adds nothing face down"
        return f"{me} adds something face down to the display"
    if isinstance(action, GiveLoot):
        return f"{me} pays {who(state.target)} with a loot card from his hand"
    if isinstance(action, SellTo):
        return (f"{me} deals with the {fence_text(state.fence_top(action.pile))} of Fence "
                f"pile {action.pile + 1}")
    if isinstance(action, (Rob, LayGangster, Strike)):
        return f"{me} {_robbery_text(state, action, chance=False)}"
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
    if isinstance(action, (Rob, Strike)):
        return f"{me} {_robbery_text(state, action, chance=True)}"
    if isinstance(action, PayCash):
        amount = min(PAYMENT, state.pile(state.current))
        return f"{me} pays {who(state.target)} {money_text(amount)} in money"
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
                + f" (all the loot in his hand would fetch {money_text(worth)} here)")
    if isinstance(action, Stake):
        if action.amount == 0:
            return f"{me} stays out of the Casino game"
        return f"{me} stakes {money_text(action.amount)} on {_kind_odds(state, action.kind)}"
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
        return _robbery_text(state, action, chance=True)
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
    if state.step == "defend":
        shown = state.shown(state.target)
        return (f"stands down, ending his defence: the robbery succeeds and {who(state.current)} "
                f"takes {money_text(shown // 2)} (half of the {money_text(shown)} in his "
                "display)")
    return {
        "locations": "ends phase 3 (uses no more locations)",
        "refresh_take": "ends taking gangsters back out of the display (phase 4)",
        "refresh_add": "ends phase 4 and his turn (adds no more gangsters to the display)",
    }.get(state.step, f"is done with {STEP_TEXT.get(state.step, 'this step')}")


def _kind_odds(state: DonMassivoState, kind: str) -> str:
    """A kind of loot with the chance, as the seat to act sees it, that the Casino turns up a
    card of it: "jewellery: wins if the Stooge card turned over is jewellery (14 of the 38 it
    may be: 37%)"."""
    seat = state.to_act
    assert seat is not None
    hits, cards = odds.kind_chance(state, seat, kind)
    if not cards:
        return f"{kind}: no Stooge card is left to turn over, so nobody can win (0%)"
    return (f"{kind}: wins if the Stooge card turned over is {kind} ({hits} of the {cards} "
            f"it may be: {percent(Fraction(hits, cards))})")


def amount(state: DonMassivoState, action: Any) -> Amount | None:
    """The money decisions typed as a sum of dollars (``State.amount``): money taken out of
    the display during the turn, the notes added face down (one question per gangster choice,
    "no gangster" first), the money left in the display in phase 4 and a Casino stake on a
    kind."""
    if isinstance(action, TakeBackMoney):
        shown = money_text(state.shown(state.current))
        return Amount(f"Take money out of the display into your pile (it holds {shown})",
                      1000 * action.amount, prefix="$")
    if isinstance(action, FaceDown):
        if action.card:
            what = f"Add {gangster_short(action.card)} face down, with notes"
        else:
            what = "Add notes face down without a gangster, $0 for nothing"
        return Amount(what, 1000 * action.amount, prefix="$")
    if isinstance(action, SetDisplayMoney):
        seat = state.current
        return Amount(f"Money to leave in your display (now {money_text(state.shown(seat))}, "
                      f"with {money_text(state.pile(seat))} in your pile)", 1000 * action.amount,
                      prefix="$")
    if isinstance(action, Stake) and action.amount:
        return Amount(f"Stake on {_kind_odds(state, action.kind)}", 1000 * action.amount,
                      prefix="$")
    return None


def action_group(state: DonMassivoState, action: Any) -> str:
    """The menu heading of an action in a long list ("" stands alone)."""
    if isinstance(action, TakeBackGangster):
        return "Take a gangster back out of the display"
    if isinstance(action, ShowGangster):
        return "Put a gangster into the display"
    if isinstance(action, DiscardCard):
        return "Discard a Gangster card" if action.card in GANGSTERS else "Discard a Stooge card"
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


# -- robberies: the sum the attack must beat, and the robber's chance -----------------------------
def _attack_sum(cards: list[str]) -> str:
    """The attack as a sum of strengths: "2 + 3 = 5" ("3" for one gangster)."""
    strengths = [STRENGTH[c] for c in cards]
    total = sum(strengths)
    return " + ".join(map(str, strengths)) + f" = {total}" if len(strengths) > 1 else str(total)


def _against(state: DonMassivoState, target: int) -> str:
    """What an attack must beat: the display defence and the hand the target may throw in."""
    hand = len(state.hand_g[target])
    d = state.defence(target)
    if not hand:
        return f"display defence {d} ({who(target)} has no Gangster card in hand to throw in)"
    return (f"display defence {d} + what {who(target)} throws in from his "
            f"{count(hand, 'Gangster card')} in hand")


def _outcome(state: DonMassivoState, target: int, attack: int, chance: bool) -> str:
    """Whether an attack of ``attack`` gets through, in words: it cannot (and why), it must, or
    what the target must throw in to stop it, with the chance (``chance``: for the robber's
    own eyes) that his hand cannot."""
    d = state.defence(target)
    if attack <= d:
        return f"cannot succeed: attack {attack} does not beat display defence {d}"
    if not state.hand_g[target]:
        return "succeeds for certain (100%)"
    need = attack - d
    hand = count(len(state.hand_g[target]), "Gangster card")
    text = f"succeeds unless he throws in strength {need} or more"
    if need <= len(state.hand_g[target]):  # every card is strength 1 or more
        return f"{text}, which his {hand} always make" + (" (0%)" if chance else "")
    if need > 3 * len(state.hand_g[target]):  # no card is stronger than 3
        return (f"succeeds for certain (100%): his {hand} add up to "
                f"{3 * len(state.hand_g[target])} at most")
    if chance:
        p = odds.robbery_chance(state, state.current, target, attack)
        text += f" ({percent(p)})"
    return text


def _prize(state: DonMassivoState, target: int) -> str:
    """What robbing ``target`` takes: half of his display, rounded down to $1,000."""
    shown = state.shown(target)
    if shown // 2 == 0:
        return f" for nothing (his display holds {money_text(shown)}; he plays next all the same)"
    return (f" for {money_text(shown // 2)} (half of the {money_text(shown)} in his display; "
            "he plays next)")


def _robbery_text(state: DonMassivoState, action: Any, chance: bool) -> str:
    """The words after the robber's name for choosing whom to rob, laying a gangster into the
    robbery or striking: the sum the attack must beat, in the order the rules count it
    (attack against display defence plus what the target throws in), and whether it gets
    through; with ``chance`` (the robber's own menu) the chance his hand cannot stop it,
    counted over the cards the robber cannot see."""
    seat = state.current
    if isinstance(action, Rob):
        target = action.target
        text = f"robs {who(target)}{_prize(state, target)}: the attack must beat " + _against(
            state, target)
        if chance:
            mine = state.hand_g[seat]
            attack = sum(STRENGTH[c] for c in mine)
            text += (f"; with all {count(len(mine), 'gangster')} in hand (attack {attack}) it "
                     + _outcome(state, target, attack, chance))
        return text + "; failing sends the token to Prison"
    target = state.target
    if isinstance(action, LayGangster):
        laid = [*state.laid, action.card]
        text = (f"lays {gangster_text(action.card)} into the robbery: attack "
                f"{_attack_sum(laid)} against {_against(state, target)}")
        if chance:
            attack = sum(STRENGTH[c] for c in laid)
            text += "; striking then " + _outcome(state, target, attack, chance)
        return text
    laid = state.laid
    attack = sum(STRENGTH[c] for c in laid)
    return (f"strikes: attack {_attack_sum(laid)} against {_against(state, target)}; it "
            + _outcome(state, target, attack, chance))

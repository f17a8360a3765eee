"""The glossary of Don Massivo: the game's terms and places first, then every card, built from
the card data (``i WORDS`` at a ``tabletop play`` prompt, the Cards section of ``tabletop
rules``). Rules in our own words, as implemented (RULES.md).
"""

from __future__ import annotations

from collections import defaultdict

from .cards import FENCES, GANGSTERS, KINDS, STOOGES
from .rules import (
    BAIL,
    HOUSE_MONEY,
    INTEREST_STEP,
    MAX_STAKE,
    PAYMENT,
    RECRUIT_DRAW,
    STEAL_DRAW,
)
from .words import a_kind, count, fence_prices, listing, money_text

TERMS = {
    "$100,000": "The goal. The game ends at once when a player possesses $100,000 or more, his "
    "money pile and his whole display (face-down notes included) counted together; he wins. "
    "Several at once (at the Bank): the richest wins.",
    "turn": "A turn has four phases: 1 draw a Gangster card; 2 move a token, then pay or rob "
    "a player there; 3 use the locations; 4 refresh your display. Turns do not go round the "
    "table: the player you paid or robbed plays next.",
    "who plays next": "Always the player the current player paid or robbed in phase 2 (also "
    "after a failed robbery). With 3-5 players the turn may go straight back to the player who "
    "gave it, but not twice in a row (no second return visit).",
    "token": "Each player has two tokens on the board. In phase 2 one of them moves to a "
    "location where another player's token stands (2 players: anywhere), then you pay or rob "
    "that player.",
    "money pile": "Your notes in front of you. The others see only one sum of it: your pile "
    "plus any notes lying face down in your display (\"off display\").",
    "off display": "What the others see of a player's money outside the face-up display: his "
    "money pile and his face-down notes together, as one sum.",
    "display": "Your display area: notes and Gangster cards laid out before you. Face-up notes "
    "count for $100,000, earn interest at the Bank and can be robbed (half of them); face-up "
    "gangsters defend it. In phase 4 you take things out, then add; in your own turn you may "
    "also take money and gangsters out before moving.",
    "face down": "When the current player is done with phase 3, each other player may add a "
    "sum of notes and one Gangster card to his display face down. Others see that something "
    "lies there, not what; everything is turned face up in the current player's phase 4.",
    "defence": "The strength of the face-up Gangster cards in a player's display, plus any "
    "gangsters the robbed player throws in from his hand (they are discarded after the fight). "
    "A robbery must beat it; face-down gangsters do not defend until they are turned up.",
    "attack": "The strength of the Gangster cards a robber lays from his hand. More than the "
    "defence (display and thrown-in gangsters) wins; all laid gangsters are discarded.",
    "kind": f"Every Gangster and Stooge card has a kind: {listing(list(KINDS))}. Fences pay "
    "by kind, a specialist finds loot of his kind, and a Casino stake names a kind.",
    "loot": "Stooge cards are the loot: each is worth 1 to 3 loot units of one kind. Sell it "
    "to a fence at the East Side for his price per unit of that kind.",
    "Gangster card": "A gangster of a kind with a strength of 1 to 3. From the hand he robs or "
    "goes stealing as a specialist; face up in the display he defends it.",
    "Stooge card": "A stooge who brought in loot: 1 to 3 loot units of one kind, sold to a "
    "fence. How many Stooge cards a hand holds is public, their kinds are not.",
    "fence": "A card of the Fence piles that buys loot: a price per loot unit for each kind. "
    "Only the top card of a pile can be sold to; after a sale it is discarded.",
    "Fence piles": "Three piles of fences, top card face up. When a new card turns up it may "
    "be a Casino card (never among a pile's first four); an empty pile stays empty.",
    "West Side": f"Location: steal. Draw {STEAL_DRAW} Stooge cards, plus one card of his kind "
    "for each specialist you send. A Villa holder may first recruit (West Side alternative "
    "action).",
    "East Side": "Location: sell. Hand any of your Stooge cards to one of the top fences and "
    "take his price per loot unit from the bank; the fence is discarded. A Villa holder may "
    "first lean on a fence (East Side alternative action).",
    "Bank": f"Location: interest. Everybody with a token at the Bank receives $1,000 for each "
    f"full {money_text(INTEREST_STEP)} face up in his display, all at the same moment.",
    "Don Massivo's Villa": "Location without an action of its own. A token there raises your "
    "hand limit to 10 and lets you use the West and East Side alternative actions once per "
    "turn. Advanced option villa_cut: the only Villa holder gets half of others' robberies.",
    "Villa": "Short for Don Massivo's Villa (see there).",
    "Prison": f"Where a failed robber's token goes. Nobody deals with a token there; it must "
    f"be the one you move next, and leaving costs {money_text(BAIL)} bail.",
    "bail": f"{money_text(BAIL)} (or all of your pile if less) to move a token out of Prison.",
    "paying": f"Phase 2: give the player you met {money_text(PAYMENT)} (or all your pile if "
    "less), or one Stooge card from your hand instead. He gives way and plays next; with 3-5 players you then use the locations of both "
    "your tokens. 2 players: you may pay without meeting him.",
    "robbing": "Phase 2: lay Gangster cards from your hand against the defence of the player "
    "you met; he may throw gangsters from his hand into it. Beat it and you take half of the money face up in his display, rounded down to "
    "$1,000; fail and your token goes to Prison. Either way he plays next. With 3-5 players "
    "you then use only your moved token's location; 2 players: no location.",
    "giving way": "A player who is paid or successfully robbed moves his token from the "
    "meeting place to where the current player's token came from (not out of Prison).",
    "no second return visit": "With 3-5 players you may pay or rob the player who gave you "
    "this turn (a return visit), but if your turn is itself a return visit, you may not.",
    "specialist": "A Gangster card sent from the hand when stealing at the West Side: Stooge "
    "cards are turned over until one of his kind shows, which you take (the others go to the "
    "discard pile); then he is discarded.",
    "West Side alternative action": f"Recruit: a Villa holder using the West Side draws "
    f"{RECRUIT_DRAW} Gangster cards, once per turn, before stealing; stealing stays open.",
    "East Side alternative action": "Lean on a fence: a Villa holder using the East Side "
    "throws the top card of one Fence pile onto the fence discard, once per turn, before "
    "selling.",
    "Casino game": f"Played when a Casino card turns up. Every player stakes $0 to "
    f"{money_text(MAX_STAKE)} in secret on a kind of loot; the bank adds "
    f"{money_text(HOUSE_MONEY)}. The top Stooge card is turned over: those who named its kind "
    "share the pot in proportion to their stakes. The third Casino card ends the game after "
    "its Casino game: the richest wins.",
    "stake": "Your sealed bet in a Casino game: an amount from your pile on one kind of loot.",
    "hand limit": "At the end of your turn at most 7 cards in hand (Gangster and Stooge "
    "cards), 10 with a token at the Villa. Put extra gangsters into your display or discard "
    "them; discard extra Stooge cards.",
    "curfew": "Option max_turns (default 100): if a turn would start after it, the game ends "
    "and the richest player wins.",
}
"""The game's own words, in the order a newcomer meets them."""


def gangster_entry(card: str) -> str:
    """What one Gangster card does."""
    g = GANGSTERS[card]
    return (f"Gangster card, {g.kind}, strength {g.strength}. Adds {g.strength} to an attack "
            f"from the hand, {g.strength} to the defence face up in a display, and as a "
            f"specialist at the West Side finds {a_kind(g.kind)} Stooge card.")


def stooge_entries() -> dict[str, str]:
    """One entry per Stooge card name (a name comes in several values)."""
    values: dict[tuple[str, str], list[int]] = defaultdict(list)
    for s in STOOGES.values():
        values[(s.name, s.kind)].append(s.value)
    return {name: f"Stooge card (loot), {kind}: {count(len(v), 'card')} in the game, worth "
            f"{listing([str(x) for x in sorted(v)])} loot units; a fence pays his {kind} price "
            "per unit." for (name, kind), v in values.items()}


def fence_entries() -> dict[str, str]:
    """One entry per kind of card in the Fence piles."""
    out: dict[str, str] = {}
    for cid, f in FENCES.items():
        if f.name in out:
            continue
        many = sum(1 for g in FENCES.values() if g.name == f.name)
        if f.is_casino:
            out[f.name] = (f"Casino card ({many} in the game, one in each Fence pile): when it "
                           "turns up on top of a pile, a Casino game is played at once; the "
                           "third one ends the game.")
        else:
            out[f.name] = (f"Fence ({many} in the Fence piles): pays {fence_prices(cid)} per "
                           "loot unit. Selling to him discards him.")
    return out


def glossary() -> dict[str, str]:
    """Every term, place and card by the name the game's text shows."""
    out = dict(TERMS)
    out.update(fence_entries())
    out.update({g.name: gangster_entry(cid) for cid, g in GANGSTERS.items()})
    out.update(stooge_entries())
    return out

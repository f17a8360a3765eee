"""The words of Chicago DIY explained: every kind of card, every territory card by the name
the table shows, and the game's terms, for ``i WORDS`` at a prompt and ``tabletop rules``.

Card entries are built from the card data, so a table that edits prices or points in
``data/cards.toml`` reads the new figures here too. The texts are our own words.
"""

from __future__ import annotations

from .cards import CARDS, DISTRICTS, label
from .rules import HAND_LIMIT, HIRE_PRICE, LAST_CALL_ROUND, MAX_HENCHMEN


def _ranks(kind: str) -> list[str]:
    """The rank ids of ``kind`` in data-file order ("J", "Q", "K")."""
    seen: list[str] = []
    for card in CARDS.values():
        if card.kind == kind and card.id not in seen:
            seen.append(card.id)
    return seen


def glossary() -> dict[str, str]:
    """Name -> what it is and does, in the order a newcomer meets them."""
    money = [CARDS[c] for c in CARDS if CARDS[c].kind == "money"]
    low, high = min(c.value for c in money), max(c.value for c in money)
    out = {
        f"Money card ({low} to {high})": (
            f"A card from {low} to {high}, worth its number in dollars. Kept hidden in your "
            "hand; pays for territories, henchmen and bribes (several cards together, no "
            "change given). At the end each dollar in hand is 1 point."),
        "Territory": (
            "A Jack, Queen or King: a district of Chicago, laid face up in front of its "
            "owner. Bought when drawn, won in battle or with the Mob attack joker, lost the "
            "same ways or to a police raid. Worth points at the end."),
    }
    for rank in _ranks("territory"):
        card = next(c for c in CARDS.values() if c.id == rank)
        out[card.name] = (f"A territory: price ${card.cost} when you draw it, "
                          f"{card.points} points at the end.")
    out["Free territory"] = (
        "A Jack, Queen or King dealt to you at the start: laid face up for free.")
    for cid in DISTRICTS:
        card = CARDS[cid]
        out[label(cid)] = (f"A {card.name} territory: price ${card.cost} when drawn, "
                           f"{card.points} points at the end.")
    out["Hit man (ace)"] = (
        "An ace, kept hidden in hand. Play it on your turn (before or after your action) to "
        "eliminate one henchman of any rival; the ace goes to the discard pile and comes "
        "back with the next shuffle.")
    for cid, card in CARDS.items():
        if card.effect == "police_raid":
            out[label(cid)] = (
                "The red joker. Play it on your turn on a rival's territory: the territory "
                "goes back into the deck, unless its owner pays the police the bribe (that "
                "money goes back into the deck). Set aside once played.")
        elif card.effect == "mob_attack":
            out[label(cid)] = (
                "The black joker. Play it on your turn on a rival's territory: you take it, "
                "no dice rolled, unless its owner pays you the bribe (the money comes into "
                "your hand). Set aside once played.")
    out.update({
        "Henchman": (
            "One of your gang, shown as a token. Each rolls a die for you in a battle, and "
            f"one is enough to defend all your territories. At most {MAX_HENCHMEN}; 2 points "
            "each at the end."),
        "Hire a henchman": (
            f"An action: roll a die. 4, 5 or 6: he joins for free; 1, 2 or 3: he wants "
            f"${HIRE_PRICE}, which you may pay or not."),
        "Draw a card": (
            "An action: take the top card of the draw pile. Money, hit men and jokers go into "
            "your hand (only you see which). A territory must be bought if your money "
            "covers its price, else it is shuffled back into the deck."),
        "Battle": (
            "An action: name a rival's territory. Both roll one die per henchman; the highest "
            "single die wins and the defender wins ties. A losing defender loses the "
            "territory to you, a losing attacker loses a henchman. A rival with no henchman "
            "loses it without a battle."),
        "Bribe": (
            "Money paid by a joker's victim to keep the territory, with money cards handed "
            "over face down: $50 by the rulebook (the option bribe changes it). The victim "
            "is asked only when a hand of its size could hold it: five cards hold at most "
            "$49, so the rulebook's $50 is never paid."),
        "Hand limit": (
            f"At the end of your turn you hold at most {HAND_LIMIT} cards: discard (or play "
            "hit men and jokers) down to it."),
        "Draw pile": "The face-down deck you draw from. Its size is public, its order is not.",
        "Discard pile": (
            "Money paid, played aces and discarded cards, face up. It is shuffled back into "
            "the deck when a card returns to it, and into a new draw pile when the draw pile "
            "runs out."),
        "Reshuffle": (
            "When the draw pile runs out, the discards become a new draw pile, with the hit "
            "men among them, as often as the option allows (once by default). The next time "
            "the draw pile runs out, the game ends."),
        "Set aside": "Jokers once played: out of the game for good.",
        "Points showing": (
            "What everyone can count of a player's score: 5 / 10 / 15 a Jack / Queen / King "
            "territory and 2 a henchman. Money in hand (hidden) adds $1 = 1 point at the end."),
        "Score": (
            "At the end: territories (5 / 10 / 15), 2 a henchman, $1 = 1 point of money in "
            "hand. Highest wins; equal scores go to more territories, then are shared."),
        "Last call": (
            f"The game also ends when round {LAST_CALL_ROUND} is over (a bound of ours; "
            "games end by the deck long before)."),
    })
    return out

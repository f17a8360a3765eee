"""How Chicago DIY names its things and says its actions: the seats ("Player 1"), counts in
words, the actions as said at the table (:func:`describe`, and :func:`describe_public` for
what the rest of the table reads), the menu headings and a final score in its parts.
Nothing here changes a state; the observation and the table as text are in
:mod:`tabletop_games.chicago_diy.views`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import seat_label
from tabletop.odds import percent

from .actions import (
    Attack,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Hire,
    HitMan,
    PayCard,
    PlayJoker,
)
from .cards import EFFECT, POINTS, label, money_in, most_money, out_of_reach, role
from .odds import FREE_HIRE_ROLL, free_hire_chance, win_chance
from .rules import HIRE_PRICE, LAST_CALL_ROUND, PAY_TERRITORY

if TYPE_CHECKING:
    from .state import ChicagoState


def seat_name(seat: int) -> str:
    """How the table calls a seat ("Player 1" for seat 0, as everywhere in Tabletop)."""
    return seat_label(seat)


def count(n: int, one: str, many: str) -> str:
    """``n`` things in words: "1 henchman", "3 henchmen"."""
    return f"{n} {one if n == 1 else many}"


def card_row(cards: tuple[str, ...] | list[str], sep: str = " ") -> str:
    """Cards in a row ("2♥ 3♦", or with ``sep`` ", " "2♥, 3♦"); "-" for none."""
    return sep.join(label(c) for c in cards) or "-"


def bribe_to(top: Any) -> str:
    """Whom the pending bribe goes to: "the police" or the mob's player."""
    return "the police" if top.get("effect") == "police_raid" else seat_name(top.get("attacker"))


def describe_public(state: ChicagoState, action: Any) -> str:
    """The action as the rest of the table sees it: a bribe is handed over face down, so
    they learn the sum but not which money cards paid it (a decision in RULES.md), and a
    refusal to pay does not say whether the hand could have paid."""
    # ch-bribe-face-down, ch-hire-always-asked
    top = state.decisions.top
    kind = type(action)
    if top is not None and kind is PayCard:
        n = len(state.offered) + 1
        return (f"puts a card face down toward the ${state.options.bribe} bribe to "
                f"{bribe_to(top)} to keep {label(top.get('territory'))}: "
                f"{count(n, 'card', 'cards')} so far")
    if kind is Decline:
        return _describe_decline(state, "", public=True)
    return describe(state, action)


def describe(state: ChicagoState, action: Any) -> str:
    """The action as said at the table by the player taking it ("draws a card"), with the
    numbers involved and, where dice decide, the roll it needs and its chance; the narrator
    puts the player's name in front. Said to the player himself (and to an all-seeing
    reader), so it may name his own cards: :func:`describe_public` is what the others read."""
    kind = type(action)
    top = state.decisions.top
    if kind is PayCard:
        return _describe_pay(state, action.card)
    if kind is Decline:
        return _describe_decline(state, _cannot_pay(state))
    if top is not None:
        return "does something this game does not know"
    if kind is Hire:
        return (f"tries to hire a henchman: needs {FREE_HIRE_ROLL} or more on one die "
                f"({percent(free_hire_chance())}) to hire him for free; on 1 to "
                f"{FREE_HIRE_ROLL - 1} he wants ${HIRE_PRICE}")
    if kind is Draw:
        left = count(len(state.deck.draw_pile), "card", "cards")
        return f"draws a card ({left} in the draw pile)"
    if kind is Attack:
        return _describe_attack(state, action.territory)
    if kind is HitMan:
        return _describe_hit_man(state, action.target)
    if kind is PlayJoker:
        return _describe_joker(state, action.card, action.territory)
    if kind is Discard:
        return f"discards {label(action.card)} ({role(action.card)})"
    if kind is EndTurn:
        return f"ends the turn: {_after_turn(state)}"
    return "does something this game does not know"


def _cannot_pay(state: ChicagoState) -> str:
    """Why the payer cannot pay the price due at all, in words ("" if he can): said to
    him alone, since his money is hidden."""
    payer = state.to_act
    due = state.price_due()
    if payer is None or not due:
        return ""
    money = money_in([c for c in state.hands[payer] if c not in state.offered])
    if money + money_in(state.offered) >= due:
        return ""
    return f"your money comes to only ${money}" if money else "your hand holds no money"


def _describe_decline(state: ChicagoState, why: str, public: bool = False) -> str:
    """Refusing to pay: the henchman is not hired, or the joker works. ``why`` says why the
    payer could not pay (his own view only; "" for the table); ``public``: as the table
    sees it, where money put toward a bribe lies face down."""
    top = state.decisions.top
    back = ""
    if state.offered:
        hidden = public and top is not None
        taken = count(len(state.offered), "card", "cards") if hidden else card_row(state.offered)
        back = f", takes back {taken}"
    if top is None:
        head = f"cannot pay ${HIRE_PRICE} ({why})" if why else f"does not pay ${HIRE_PRICE}"
        return f"{head}{back}: nobody is hired"
    territory = label(top.get("territory"))
    bribe = state.options.bribe
    if why:
        head = f"cannot pay the ${bribe} bribe ({why})"
    else:
        head = f"does not pay {bribe_to(top)} the ${bribe} bribe"
    if top.get("effect") == "police_raid":
        return f"{head}{back}: {territory} goes back into the deck"
    return f"{head}{back}: {bribe_to(top)} takes {territory}"


def _describe_pay(state: ChicagoState, card: str) -> str:
    """A payment step in words, with the running sum: "puts 9♦ toward Q♣ (Cicero), price
    $15: $9 of $15 so far" or, when the card completes it, "pays $16 (10♣, 6♦) for Q♣
    (Cicero), price $15: $1 over, no change given"."""
    top = state.decisions.top
    price = state.price_due()
    if top is not None:
        what = (f"the ${price} bribe to {bribe_to(top)} to keep "
                f"{label(top.get('territory'))}")
        paid_for = f"to {bribe_to(top)} to keep {label(top.get('territory'))}"
    elif state.phase == PAY_TERRITORY:
        what = f"{label(state.pending)}, price ${price}"
        paid_for = f"for {label(state.pending)}, price ${price}"
    else:
        what = f"the henchman's ${price}"
        paid_for = f"for the henchman, price ${price}"
    cards = [*state.offered, card]
    total = money_in(cards)
    if total < price:
        return f"puts {label(card)} toward {what}: ${total} of ${price} so far"
    over = f": ${total - price} over, no change given" if total > price else ""
    return f"pays ${total} ({card_row(cards, ', ')}) {paid_for}{over}"


def _describe_attack(state: ChicagoState, territory: str) -> str:
    """A battle with the roll it needs and its chance, in the rulebook's order: the dice (one
    per henchman on each side), the highest single die wins, the defender wins ties."""
    owner = state.owner_of(territory)
    them, name = seat_name(owner), label(territory)
    worth = f"{POINTS[territory]} points"
    if owner >= 0 and not state.henchmen[owner]:
        return f"takes {them}'s {name}, {worth}, without a battle: {them} has no henchman"
    actor = state.to_act
    dice = state.henchmen[actor] if actor is not None else 0
    theirs = state.henchmen[owner] if owner >= 0 else 0
    chance = percent(win_chance(dice, theirs))
    return (f"battles {them} for {name}, {worth}: needs a higher best die ({chance}): "
            f"{count(dice, 'die', 'dice')} against {theirs}, ties to {them}; a loss costs a "
            "henchman")


def _describe_hit_man(state: ChicagoState, target: int) -> str:
    """A hit man on ``target``: whose henchman goes and what is left."""
    them = seat_name(target)
    left = state.henchmen[target] - 1
    if left:
        return (f"sends a hit man (an ace) to eliminate one of {them}'s "
                f"{henchmen_count(left + 1)} ({left} left)")
    held = len(state.territories[target])
    tail = (f": {them}'s {count(held, 'territory is', 'territories are')} then undefended"
            if held else "")
    return f"sends a hit man (an ace) to eliminate {them}'s last henchman{tail}"


def _describe_joker(state: ChicagoState, card: str, territory: str) -> str:
    """A joker on a rival's territory: what it does, and whether its owner may bribe it
    away (a hand too small to hold the bribe is public knowledge)."""
    owner = state.owner_of(territory)
    them = seat_name(owner)
    what = f"plays the {label(card)} on {them}'s {label(territory)}"
    police = EFFECT[card] == "police_raid"
    effect = "sends it back into the deck" if police else "takes it, no dice rolled"
    bribe = state.options.bribe
    size = len(state.hands[owner]) if owner >= 0 else 0
    if most_money(size) < bribe:
        return f"{what}: {effect}; {them} cannot bribe ({out_of_reach(size, bribe)})"
    if police:
        return f"{what}: {effect}, unless {them} bribes the police with ${bribe}"
    return f"{what}: {effect}, unless {them} pays ${bribe} to keep it"


def _after_turn(state: ChicagoState) -> str:
    """What ending the turn brings: the next player, a reshuffle, or the end of the game."""
    deck = state.deck
    if not deck.draw_pile and not (state.reshuffles_left and deck.discard_pile):
        return "the draw pile is empty and cannot be refilled, so the game ends"
    if state.turn.turns_taken + 1 >= LAST_CALL_ROUND * state.players:
        return f"round {LAST_CALL_ROUND} is over, so the game ends (last call)"
    following = seat_name(state.turn.following(state.turn.current))
    if not deck.draw_pile:
        return f"the discards become a new draw pile, and {following} plays next"
    return f"{following} plays next"


def henchmen_count(n: int) -> str:
    """``n`` henchmen in words: "1 henchman", "3 henchmen"."""
    return count(n, "henchman", "henchmen")


def action_group(state: ChicagoState, action: Any) -> str:
    """The menu heading of ``action`` in a long list (the CLI groups over 20 actions)."""
    kind = type(action)
    if kind is Attack:
        return "Battle for a territory"
    if kind is PlayJoker:
        return f"Play the {label(action.card)}"
    if kind is HitMan:
        return "Send a hit man"
    if kind is PayCard:
        return "Pay"
    if kind is Discard:
        return "Discard a card"
    return ""


def score_parts(state: ChicagoState, seat: int) -> str:
    """A final score in its parts: "2 territories 20, 3 henchmen 6, money $11"."""
    terr = state.territories[seat]
    return (f"{count(len(terr), 'territory', 'territories')} "
            f"{sum(POINTS[t] for t in terr)}, {henchmen_count(state.henchmen[seat])} "
            f"{2 * state.henchmen[seat]}, money ${money_in(state.hands[seat])}")

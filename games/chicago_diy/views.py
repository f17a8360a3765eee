"""What players see and hear: observations, the table as text, actions in words, and the
reasons an action is refused. Nothing here changes a state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.chicago_diy.actions import (
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
from games.chicago_diy.cards import (
    COST,
    EFFECT,
    POINTS,
    label,
    money_in,
    most_money,
    out_of_reach,
    role,
)
from games.chicago_diy.odds import FREE_HIRE_ROLL, free_hire_chance, win_chance
from games.chicago_diy.rules import (
    AFTER,
    HAND_LIMIT,
    HIRE_PRICE,
    LAST_CALL_ROUND,
    OVER,
    PAY_HIRE,
    PAY_TERRITORY,
    count,
    seat_name,
)
from tabletop.narration import TABLE_WIDTH, wrap
from tabletop.odds import percent

if TYPE_CHECKING:
    from games.chicago_diy.state import ChicagoState


def _prompt(state: ChicagoState) -> dict[str, Any] | None:
    top = state.decisions.top
    if top is None:
        return None
    return {"seat": top.seat, "kind": top.kind, "effect": top.get("effect"),
            "territory": top.get("territory"), "attacker": top.get("attacker")}


def observation(state: ChicagoState, seat: int | None) -> dict[str, Any]:
    """All that is public, plus ``seat``'s own hand."""
    obs: dict[str, Any] = {
        "players": state.players,
        "to_act": state.to_act,
        "current": state.turn.current,
        "phase": state.phase,
        "round": state.round,
        "henchmen": list(state.henchmen),
        "territories": [list(t) for t in state.territories],
        "hand_sizes": [len(h) for h in state.hands],
        "draw_pile": len(state.deck.draw_pile),
        "discards": list(state.deck.discard_pile),
        "set_aside": list(state.set_aside),
        "reshuffles_left": state.reshuffles_left,
        "pending": state.pending,
        "shown": state.shown,
        "offered_count": len(state.offered),
        "offered": list(state.offered) if offered_seen(state, seat) else [],
        "prompt": _prompt(state),
        "bribe": state.options.bribe,
        "events": state.log.view(seat),
        "end_reason": state.end_reason,
    }
    if seat is not None:
        obs["seat"] = seat
        obs["hand"] = list(state.hands[seat])
    if state.phase == OVER:  # the hands are scored, so everyone sees them
        obs["hands"] = [list(h) for h in state.hands]
    return obs


def offered_seen(state: ChicagoState, seat: int | None) -> bool:
    """Whether ``seat`` sees the money put toward the payment due: its payer does, and all
    do for a territory or a henchman (laid down in sight); a bribe goes over face down."""
    return state.decisions.top is None or seat == state.to_act or state.phase == OVER


def _cards(cards: tuple[str, ...] | list[str], sep: str = " ") -> str:
    """Cards in a row ("2♥ 3♦", or with ``sep`` ", " "2♥, 3♦"); "-" for none."""
    return sep.join(label(c) for c in cards) or "-"


def _bribe_to(top: Any) -> str:
    """Whom the pending bribe goes to: "the police" or the mob's player."""
    return "the police" if top.get("effect") == "police_raid" else seat_name(top.get("attacker"))


def describe_public(state: ChicagoState, action: Any) -> str:
    """The action as the rest of the table sees it: a bribe is handed over face down, so
    they learn the sum but not which money cards paid it (a decision in RULES.md), and a
    refusal to pay does not say whether the hand could have paid."""
    top = state.decisions.top
    kind = type(action)
    if top is not None and kind is PayCard:
        n = len(state.offered) + 1
        return (f"puts a card face down toward the ${state.options.bribe} bribe to "
                f"{_bribe_to(top)} to keep {label(top.get('territory'))}: "
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
        taken = count(len(state.offered), "card", "cards") if hidden else _cards(state.offered)
        back = f", takes back {taken}"
    if top is None:
        head = f"cannot pay ${HIRE_PRICE} ({why})" if why else f"does not pay ${HIRE_PRICE}"
        return f"{head}{back}: nobody is hired"
    territory = label(top.get("territory"))
    bribe = state.options.bribe
    if why:
        head = f"cannot pay the ${bribe} bribe ({why})"
    else:
        head = f"does not pay {_bribe_to(top)} the ${bribe} bribe"
    if top.get("effect") == "police_raid":
        return f"{head}{back}: {territory} goes back into the deck"
    return f"{head}{back}: {_bribe_to(top)} takes {territory}"


def _describe_pay(state: ChicagoState, card: str) -> str:
    """A payment step in words, with the running sum: "puts 9♦ toward Q♣ (Cicero), price
    $15: $9 of $15 so far" or, when the card completes it, "pays $16 (10♣, 6♦) for Q♣
    (Cicero), price $15: $1 over, no change given"."""
    top = state.decisions.top
    price = state.price_due()
    if top is not None:
        what = (f"the ${price} bribe to {_bribe_to(top)} to keep "
                f"{label(top.get('territory'))}")
        paid_for = f"to {_bribe_to(top)} to keep {label(top.get('territory'))}"
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
    return f"pays ${total} ({_cards(cards, ', ')}) {paid_for}{over}"


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
                f"{_henchmen(left + 1)} ({left} left)")
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


def _henchmen(n: int) -> str:
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


def public_score(state: ChicagoState, seat: int) -> int:
    """Points everyone can count: territories and henchmen (money is hidden)."""
    return sum(POINTS[t] for t in state.territories[seat]) + 2 * state.henchmen[seat]


#: what "points showing" means, said under the table in two lines (one in the picture)
POINTS_LINES = ("Points showing: 5 / 10 / 15 a Jack / Queen / King territory, 2 a henchman;",
                "at the end, each $1 of money in hand adds 1 point.")
POINTS_NOTE = " ".join(POINTS_LINES)
#: the width the table is laid out for: a terminal of 80 columns shows it unbroken (the
#: terminal wraps each line again only when it is narrower)
RENDER_WIDTH = TABLE_WIDTH


def score_parts(state: ChicagoState, seat: int) -> str:
    """A final score in its parts: "2 territories 20, 3 henchmen 6, money $11"."""
    terr = state.territories[seat]
    return (f"{count(len(terr), 'territory', 'territories')} "
            f"{sum(POINTS[t] for t in terr)}, {_henchmen(state.henchmen[seat])} "
            f"{2 * state.henchmen[seat]}, money ${money_in(state.hands[seat])}")


def waiting(state: ChicagoState) -> str:
    """The question the table is waiting on, in words ("" when it is a plain turn)."""
    top = state.decisions.top
    if top is not None:
        return (f"{seat_name(top.seat)} may pay {_bribe_to(top)} ${state.options.bribe} to keep "
                f"{label(top.get('territory'))}, or let it go.")
    me = seat_name(state.turn.current)
    if state.phase == PAY_TERRITORY:
        return f"{me} must pay ${COST[state.pending]} for {label(state.pending)}.{_so_far(state)}"
    if state.phase == PAY_HIRE:
        return f"{me} may pay ${HIRE_PRICE} for the henchman, or hire nobody.{_so_far(state)}"
    if state.phase == AFTER and len(state.hands[state.turn.current]) > HAND_LIMIT:
        return (f"{me} holds more than {HAND_LIMIT} cards and discards down to {HAND_LIMIT} "
                "before the turn ends.")
    return ""


def _so_far(state: ChicagoState) -> str:
    """The money put toward a territory or a henchman so far (laid down in sight)."""
    if not state.offered:
        return ""
    return f" Put down so far: {_cards(state.offered)} (${money_in(state.offered)})."


def render(state: ChicagoState, seat: int | None) -> str:
    """The table as ``seat`` sees it: everyone's henchmen and territories, its own hand."""
    deck = state.deck
    head = f"Chicago DIY, round {state.round}"
    if state.phase == OVER:
        head += f": game over, {state.end_reason}"
    else:
        head += f": {seat_name(state.turn.current)}'s turn"
    lines = [
        head,
        (f"Draw pile {count(len(deck.draw_pile), 'card', 'cards')}, discard pile "
         f"{len(deck.discard_pile)}, reshuffles left {state.reshuffles_left}"),
    ]
    for s in range(state.players):
        mark = ">" if s == state.turn.current and state.phase != OVER else " "
        you = " (you)" if s == seat else ""
        lines.append(
            f"{mark} {seat_name(s)}{you}: {_henchmen(state.henchmen[s])}, "
            f"{count(len(state.hands[s]), 'card', 'cards')} in hand, "
            f"{public_score(state, s)} points showing"
        )
        terr = ", ".join(label(t) for t in state.territories[s]) or "none"
        lines.append(f"    territories: {terr}")
        if s == seat or state.phase == OVER:
            hand = state.hands[s]
            whose = "your hand" if s == seat else "hand"
            lines.append(f"    {whose}: {_cards(hand)} (${money_in(hand)} in money)")
    lines.extend(POINTS_LINES)
    question = waiting(state)
    if question and state.phase != OVER:
        lines.append(question)
    if state.log.view(seat):
        lines.append("Lately:")
        lines.extend(f"  - {event}" for event in state.log.recent(state.players + 3, seat))
    if state.phase == OVER:
        lines.append("Scores:")
        lines.extend(f"  {seat_name(s)} {state.score(s)}: {score_parts(state, s)}"
                     for s in range(state.players))
    return "\n".join(part for line in lines for part in wrap(line, RENDER_WIDTH))

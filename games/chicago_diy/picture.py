"""The Chicago DIY table drawn as SVG for one seat: the piles and the payment under way, then
each player's area with its henchmen as tokens in a tray of five places, its territories as
face-up cards in the owner's colour and its hand (face up for its own seat, face down for
everyone else).

It draws from the same state the text view (:mod:`tabletop_games.chicago_diy.views`) renders and
shows nothing that seat's observation does not hold: other hands are counted by their
backs, the draw pile by its size, money put down toward a bribe by its backs. Everything a
player acts on carries the id :mod:`tabletop_games.chicago_diy.targets` names it by.

Laid out to be read where the table page draws it (about 820 px wide): 800 wide, no text
under 11 px, every text inside its card or box.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from tabletop.pictures import Svg, heading, seat_colour, table_cloth, token
from tabletop.pictures.pieces import BACK, INK, PAPER

from . import targets as ids
from .actions import DECLINE, END_TURN
from .cards import CARDS, COST, DISTRICTS, KIND, POINTS, label, money_in, role
from .rules import (
    ACTION,
    AFTER,
    HAND_LIMIT,
    HIRE_PRICE,
    MAX_HENCHMEN,
    OVER,
    PAY_TERRITORY,
)
from .views import POINTS_LINES, offered_seen, public_score, waiting
from .words import count, seat_name

if TYPE_CHECKING:
    from .state import ChicagoState

WIDTH = 800
MARGIN = 12
CARD_W, CARD_H = 78, 88
STEP = 84  # from one card to the next in a row
ROW = CARD_H + 14  # from one row of cards to the next (room for a label between)
GAP = 14  # between a seat's territories and its hand
LEFT_W = 170  # a seat's name, henchmen and counts, left of its cards
LANE_X = MARGIN + LEFT_W + 8  # where a seat's cards start
SEAT_MIN_H = 116
PILES_Y = 102  # the top of the piles' cards
RIGHT_X = 380  # the reshuffles and the payment under way, right of the piles
TOP = 202  # where the first seat's area starts
MINI_W, MINI_H, MINI_STEP = 48, 56, 52  # the cards of a payment under way
MARK_W, MARK_H = 136, 32  # the "End turn" / "Do not pay" marker
RED = "#c0392b"
BLACK = "#333333"
GREY = "#444444"


def picture(state: ChicagoState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, who sees no hand)."""
    lanes = [_lane(state, s, seat) for s in range(state.players)]
    heights = [_seat_height(lane) for lane in lanes]
    height = TOP + sum(h + 8 for h in heights) + 34
    title = f"Chicago DIY, round {state.round}"
    title += ": game over" if state.phase == OVER else f": {seat_name(state.turn.current)}'s turn"
    svg = Svg(WIDTH, height, title=title)
    table_cloth(svg)
    heading(svg, MARGIN, 30, title, size=18)
    _marker(svg, state, seat)
    for i, line in enumerate(_note(state, seat)):
        svg.label(MARGIN, 56 + i * 16, line, size=12)
    _piles(svg, state)
    _payment(svg, state, seat)
    y: float = TOP
    for s, lane in enumerate(lanes):
        _seat(svg, state, s, seat, lane, y, heights[s])
        y += heights[s] + 8
    for i, line in enumerate(POINTS_LINES):
        svg.label(MARGIN, height - 22 + i * 14, line, size=11, fill=GREY)
    return svg.text()


def _note(state: ChicagoState, seat: int | None) -> list[str]:
    """At most two lines under the heading: how the game ended, what the table waits for,
    or what the seat to act may do now."""
    if state.phase == OVER:
        text = f"Game over: {state.end_reason}."
    else:
        text = waiting(state)
        if not text and seat is not None and seat == state.to_act:
            if state.phase == ACTION:
                text = ("Your turn: draw a card (the draw pile), hire a henchman (your "
                        "henchmen) or battle for a rival's territory; aces and jokers may "
                        "be played before or after.")
            elif state.phase == AFTER:
                text = "Play an ace or a joker from your hand, or end your turn."
    return textwrap.wrap(text, 100)[:2]


def _marker(svg: Svg, state: ChicagoState, seat: int | None) -> None:
    """The "End turn" or "Do not pay" marker, for the seat that may choose it now."""
    if seat is None or seat != state.to_act:
        return
    legal = state.legal_actions()
    if END_TURN in legal:
        element, words = ids.END_TURN_MARK, "End turn"
    elif DECLINE in legal:
        element, words = ids.DECLINE_MARK, "Do not pay"
    else:
        return
    x, y = WIDTH - MARGIN - MARK_W, 10
    svg.group(class_="box marker", id=element)
    svg.title(f"{words} (a choice for {seat_name(seat)})")
    svg.rect(x, y, MARK_W, MARK_H, rx=6, fill=PAPER, stroke=seat_colour(seat), stroke_width=3)
    svg.label(x + MARK_W / 2, y + 21, words, size=14, anchor="middle", font_weight="bold")
    svg.end()


def _piles(svg: Svg, state: ChicagoState) -> None:
    """The draw pile (backs), the discard pile (its top card face up: it is public), the
    jokers set aside and the reshuffles left."""
    deck = state.deck
    y = PILES_Y
    svg.label(MARGIN, y - 6, f"Draw pile: {len(deck.draw_pile)}", size=12)
    if deck.draw_pile:
        _back(svg, MARGIN, y, ids.DRAW_PILE, pile="draw")
    else:
        _empty(svg, MARGIN, y, ids.DRAW_PILE, "draw")
    x = MARGIN + 96
    svg.label(x, y - 6, f"Discards: {len(deck.discard_pile)}", size=12)
    if deck.discard_pile:
        _face(svg, x, y, deck.discard_pile[-1], None, ids.DISCARD_PILE, pile="discard")
    else:
        _empty(svg, x, y, ids.DISCARD_PILE, "discard")
    x += 96
    if state.set_aside:
        svg.label(x, y - 6, "Jokers set aside", size=12)
        for i, joker in enumerate(state.set_aside):
            _face(svg, x + i * STEP, y, joker, None, ids.set_aside_id(joker), pile="set-aside")
    svg.label(RIGHT_X, y - 6, f"Reshuffles left: {state.reshuffles_left}", size=12,
              font_weight="bold")
    if not state.price_due():
        for i, line in enumerate(("when the draw pile runs out, the discards become",
                                  "a new one; after that the game ends")):
            svg.label(RIGHT_X, y + 12 + i * 14, line, size=11, fill=GREY)


def _payment(svg: Svg, state: ChicagoState, viewer: int | None) -> None:
    """The payment under way: what it buys (a drawn territory, a henchman, a bribe) and the
    money put down so far, face up (a territory's or a henchman's, and the payer's own
    view of a bribe) or face down (a bribe, for everyone else)."""
    due = state.price_due()
    payer = state.to_act
    if not due or payer is None:
        return
    who = seat_name(payer)
    top = state.decisions.top
    offered = state.offered
    seen = offered_seen(state, viewer)
    if top is not None:
        to = "the police" if top.get("effect") == "police_raid" else seat_name(top.get("attacker"))
        what = f"{who}'s bribe to {to}: ${due} to keep {label(top.get('territory'))}"
    elif state.phase == PAY_TERRITORY:
        what = f"{who} buys {label(state.pending)} for ${COST[state.pending]}"
    else:
        what = f"{who} pays ${HIRE_PRICE} for a henchman"
    if offered:
        so_far = f"${money_in(offered)}" if seen else count(len(offered), "card", "cards")
        what += f"; {so_far} put down"
    for i, line in enumerate(textwrap.wrap(what, 58)[:2]):
        svg.label(RIGHT_X, PILES_Y + 12 + i * 14, line, size=11)
    x: float = RIGHT_X
    y = PILES_Y + 34
    if state.phase == PAY_TERRITORY and top is None:
        _mini(svg, x, y, state.pending, ids.territory_id(state.pending), BLACK,
              f"${COST[state.pending]}")
        x += MINI_STEP + 14
    for i, card in enumerate(offered):
        if seen:
            _mini(svg, x, y, card, ids.card_id(card), _suit_colour(card), f"${CARDS[card].value}")
        else:
            _mini(svg, x, y, "", ids.offered_back_id(i), BACK, "")
        x += MINI_STEP


def _lane(state: ChicagoState, s: int, viewer: int | None) -> list[tuple[str, str, float, int]]:
    """Where ``s``'s cards go: (card id, or "" for a face-down card; element id; x; row),
    territories first, then the hand after a gap, wrapping to a new row at the right edge.
    Money put down toward a payment is drawn with the payment, not in the hand."""
    show_hand = s == viewer or state.phase == OVER
    hand = state.hands[s]
    if s == state.to_act and state.offered:
        hand = [c for c in hand if c not in state.offered]
    items = [(t, ids.territory_id(t)) for t in state.territories[s]]
    items += [(c, ids.card_id(c)) if show_hand else ("", ids.back_id(s, i))
              for i, c in enumerate(hand)]
    out: list[tuple[str, str, float, int]] = []
    x, row = float(LANE_X), 0
    for i, (cid, element) in enumerate(items):
        if i and i == len(state.territories[s]):
            x += GAP  # the hand starts a little apart from the territories
        if x + CARD_W > WIDTH - MARGIN:
            x, row = float(LANE_X), row + 1
        out.append((cid, element, x, row))
        x += STEP
    return out


def _seat_height(lane: list[tuple[str, str, float, int]]) -> int:
    rows = (lane[-1][3] + 1) if lane else 1
    return max(SEAT_MIN_H, 16 + rows * ROW)


def _seat(svg: Svg, state: ChicagoState, s: int, viewer: int | None,
          lane: list[tuple[str, str, float, int]], y: float, h: float) -> None:
    """One player's area: name, henchmen and counts on the left, then the cards."""
    to_act = s == state.to_act
    colour = seat_colour(s)
    svg.group(class_="seat to-act" if to_act else "seat", id=ids.seat_id(s), data_seat=s + 1)
    svg.rect(MARGIN, y, WIDTH - 2 * MARGIN, h, rx=8, fill=colour, fill_opacity=0.12,
             stroke=colour, stroke_width=3 if to_act else 1)
    svg.circle(MARGIN + 16, y + 18, 7, fill=colour, stroke=INK, stroke_width=1)
    name = seat_name(s) + (" (you)" if s == viewer else "")
    svg.label(MARGIN + 28, y + 23, name, size=14, font_weight="bold")
    if to_act:
        svg.label(MARGIN + 28, y + 40, "\u25b6 to play", size=12, font_weight="bold")
    hand = len(state.hands[s])
    svg.label(MARGIN + 12, y + 96, f"{public_score(state, s)} points showing", size=12)
    if state.phase == OVER:
        svg.label(MARGIN + 12, y + 110, f"final score {state.score(s)}", size=12,
                  font_weight="bold")
    else:
        svg.label(MARGIN + 12, y + 110, f"{count(hand, 'card', 'cards')} in hand", size=11,
                  fill=GREY)
    svg.end()
    _henchmen(svg, state, s, y + 48)
    terr = state.territories[s]
    if terr:
        svg.label(LANE_X, y + 16, "Territories", size=11, fill=GREY)
    if len(lane) > len(terr):
        first = lane[len(terr)]
        whose = "Your hand" if s == viewer else "Hand"
        if state.phase != OVER and s == state.turn.current and hand > HAND_LIMIT:
            whose += f" (over {HAND_LIMIT})"
        svg.label(first[2], y + 16 + first[3] * ROW, whose, size=11, fill=GREY)
    for cid, element, x, row in lane:
        cy = y + 22 + row * ROW
        if cid:
            _face(svg, x, cy, cid, s if KIND[cid] == "territory" else None, element)
        else:
            _back(svg, x, cy, element, seat=s + 1)


def _henchmen(svg: Svg, state: ChicagoState, s: int, y: float) -> None:
    """A tray of five places: ``s``'s henchmen as tokens, the free places dashed."""
    n = state.henchmen[s]
    svg.group(class_="henchmen", id=ids.henchmen_id(s), data_seat=s + 1, data_count=n)
    svg.title(f"{seat_name(s)}: {count(n, 'henchman', 'henchmen')} of {MAX_HENCHMEN} "
              "(one die each in a battle, 2 points each)")
    svg.rect(MARGIN + 8, y, 150, 32, rx=16, fill=PAPER, fill_opacity=0.7,
             stroke=seat_colour(s), stroke_width=1)
    for i in range(MAX_HENCHMEN):
        cx, cy = MARGIN + 26 + i * 29, y + 16
        if i < n:
            token(svg, cx, cy, seat=s, label="H", r=11, kind="henchman")
        else:
            svg.circle(cx, cy, 10, fill="none", stroke=GREY, stroke_width=1,
                       stroke_dasharray="3 3")
    svg.end()


def _suit_colour(cid: str) -> str:
    return RED if cid[-1] in "HD" else BLACK


def _face(svg: Svg, x: float, y: float, cid: str, owner: int | None, element: str,
          pile: str | None = None) -> None:
    """A card face up: a territory in its owner's colour with its district and points, a
    money card with its value, a hit man or a joker with what it does."""
    kind = KIND[cid]
    if kind == "territory":
        band = seat_colour(owner) if owner is not None else BLACK
        name = label(cid).split(" ")[0]
        lines = [*textwrap.wrap(DISTRICTS[cid], 10), f"{POINTS[cid]} points"]
    elif kind == "joker":
        band = RED if CARDS[cid].effect == "police_raid" else BLACK
        name, lines = CARDS[cid].name, ["joker"]
    else:
        band = _suit_colour(cid)
        name = label(cid)
        lines = [f"${CARDS[cid].value}"] if kind == "money" else ["hit man"]
    svg.group(class_="card", id=element, transform=f"translate({x:g},{y:g})", data_card=cid,
              data_pile=pile)
    svg.title(f"{label(cid)}: {role(cid)}")
    svg.rect(0, 0, CARD_W, CARD_H, rx=6, fill=PAPER, stroke=INK, stroke_width=1)
    svg.rect(0, 0, CARD_W, 10, rx=3, fill=band)
    text_y = 30.0
    for part in textwrap.wrap(name, 7):
        svg.label(CARD_W / 2, text_y, part, size=17, anchor="middle", font_weight="bold")
        text_y += 18
    if kind == "money":  # the value is what matters: large, low on the card
        svg.label(CARD_W / 2, CARD_H - 18, lines[0], size=18, anchor="middle")
        lines = []
    for part in lines:
        svg.label(CARD_W / 2, text_y, part, size=11, anchor="middle")
        text_y += 13
    svg.end()


def _back(svg: Svg, x: float, y: float, element: str, **data: str | int) -> None:
    """A card face down: its back and nothing of its face."""
    svg.group(class_="card face-down", id=element, transform=f"translate({x:g},{y:g})",
              **{f"data_{k}": v for k, v in data.items()})
    svg.rect(0, 0, CARD_W, CARD_H, rx=6, fill=BACK, stroke=INK, stroke_width=1)
    svg.rect(6, 6, CARD_W - 12, CARD_H - 12, rx=4, fill="none", stroke="#ffffff",
             stroke_opacity=0.6, stroke_dasharray="4 3")
    svg.end()


def _empty(svg: Svg, x: float, y: float, element: str, pile: str) -> None:
    """An empty pile: its place, dashed."""
    svg.group(class_="pile empty", id=element, data_pile=pile)
    svg.rect(x, y, CARD_W, CARD_H, rx=6, fill=PAPER, fill_opacity=0.4, stroke=GREY,
             stroke_width=1, stroke_dasharray="4 3")
    svg.end()


def _mini(svg: Svg, x: float, y: float, cid: str, element: str, band: str,
          value: str) -> None:
    """A small card of a payment under way: the card and its price or value (``cid`` "":
    face down)."""
    if not cid:
        svg.group(class_="card face-down", id=element)
        svg.rect(x, y, MINI_W, MINI_H, rx=4, fill=BACK, stroke=INK, stroke_width=1)
        svg.end()
        return
    svg.group(class_="card", id=element, data_card=cid)
    svg.title(f"{label(cid)}: {role(cid)}")
    svg.rect(x, y, MINI_W, MINI_H, rx=4, fill=PAPER, stroke=INK, stroke_width=1)
    svg.rect(x, y, MINI_W, 8, rx=2, fill=band)
    svg.label(x + MINI_W / 2, y + 27, label(cid).split(" ")[0], size=14, anchor="middle",
              font_weight="bold")
    svg.label(x + MINI_W / 2, y + 45, value, size=11, anchor="middle")
    svg.end()

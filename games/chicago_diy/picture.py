"""The Chicago DIY table drawn as SVG for one seat: the piles, then each player's row with
henchmen as tokens, territories as face-up cards in the owner's colour, and the hand (face
up for its own seat, face down for everyone else).

It draws from the same state the text view (:mod:`games.chicago_diy.views`) renders and
shows nothing that seat's observation does not hold: other hands are counted by their
backs, the draw pile by its size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.chicago_diy.cards import CARDS, DISTRICTS, KIND, POINTS, label, role
from games.chicago_diy.rules import OVER, count, seat_name
from games.chicago_diy.views import POINTS_NOTE, public_score, waiting
from tabletop.pictures import Svg, card, heading, seat_colour, seat_row, table_cloth, token

if TYPE_CHECKING:
    from games.chicago_diy.state import ChicagoState

WIDTH = 1200
MARGIN = 20
CARD_W, CARD_H, STEP = 72, 96, 78
GAP = 18  # between a seat's territories and its hand
LANE_X = 190  # where a seat's cards start, right of its henchmen
TOP = 196  # where the first seat's row starts, below the piles
RED = "#c0392b"
BLACK = "#333333"


def picture(state: ChicagoState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, who sees no hand)."""
    lanes = [_lane(state, s, seat) for s in range(state.players)]
    height = TOP + sum(_seat_height(lane) for lane in lanes) + 40
    title = f"Chicago DIY, round {state.round}"
    svg = Svg(WIDTH, height, title=title)
    table_cloth(svg)
    if state.phase == OVER:
        title += f": game over, {state.end_reason}"
    else:
        title += f": {seat_name(state.turn.current)}'s turn"
    heading(svg, MARGIN, 30, title, size=18)
    note = waiting(state)
    if note and state.phase != OVER:
        svg.label(MARGIN, 52, note, size=12)
    _piles(svg, state)
    y: float = TOP
    for s, lane in enumerate(lanes):
        y = _seat(svg, state, s, seat, lane, y)
    svg.label(MARGIN, height - 16, POINTS_NOTE, size=11, fill="#444444")
    return svg.text()


def _piles(svg: Svg, state: ChicagoState) -> None:
    """The draw pile (backs), the discard pile (its top card face up: it is public), the
    reshuffles left and the jokers set aside."""
    deck = state.deck
    y = 66
    svg.label(MARGIN, y - 4, f"Draw pile: {count(len(deck.draw_pile), 'card', 'cards')}",
              size=11)
    if deck.draw_pile:
        card(svg, MARGIN, y, face_up=False, w=CARD_W, h=CARD_H, pile="draw")
    x = MARGIN + 150
    svg.label(x, y - 4, f"Discard pile: {len(deck.discard_pile)}", size=11)
    if deck.discard_pile:
        _face(svg, x, y, deck.discard_pile[-1], None, pile="discard")
    x += 150
    svg.label(x, y - 4, f"Reshuffles left: {state.reshuffles_left}", size=11)
    svg.label(x, y + 16, "when the draw pile runs out, the discards", size=10, fill="#555555")
    svg.label(x, y + 30, "become a new one; after that the game ends", size=10,
              fill="#555555")
    x += 260
    if state.set_aside:
        svg.label(x, y - 4, "Jokers set aside", size=11)
        for i, joker in enumerate(state.set_aside):
            _face(svg, x + i * STEP, y, joker, None, pile="set-aside")


def _lane(state: ChicagoState, s: int, viewer: int | None) -> list[tuple[str, float, int]]:
    """Where ``s``'s cards go: (card id, or "" for a face-down card, x, row), territories
    first, then the hand after a gap, wrapping to a new row at the right edge."""
    show_hand = s == viewer or state.phase == OVER
    items = [(t, 0.0) for t in state.territories[s]]
    items += [(c if show_hand else "", GAP) for c in state.hands[s]]
    out: list[tuple[str, float, int]] = []
    x, row = float(LANE_X), 0
    for i, (cid, gap) in enumerate(items):
        if i and i == len(state.territories[s]):
            x += gap  # the hand starts a little apart from the territories
        if x + CARD_W > WIDTH - MARGIN:
            x, row = float(LANE_X), row + 1
        out.append((cid, x, row))
        x += STEP
    return out


def _seat_height(lane: list[tuple[str, float, int]]) -> int:
    rows = (lane[-1][2] + 1) if lane else 1
    return 70 + 16 + rows * (CARD_H + 8) + 10


def _seat(svg: Svg, state: ChicagoState, s: int, viewer: int | None,
          lane: list[tuple[str, float, int]], y: float) -> float:
    """One player's row; returns where the next one starts."""
    terr, hand = state.territories[s], state.hands[s]
    counters = [("henchmen", state.henchmen[s]), ("cards in hand", len(hand)),
                ("territories", len(terr)), ("points showing", public_score(state, s))]
    if state.phase == OVER:
        counters.append(("final score", state.score(s)))
    used = seat_row(svg, MARGIN, y, WIDTH - 2 * MARGIN, s, seat_name(s), counters,
                    to_act=s == state.to_act, you=s == viewer)
    top = y + used + 14
    svg.label(MARGIN, top - 2, "Henchmen", size=10, fill="#555555")
    for i in range(state.henchmen[s]):
        token(svg, MARGIN + 14 + (i % 3) * 30, top + 16 + (i // 3) * 30, seat=s, label="H",
              r=12, tooltip="a henchman: one die in a battle, 2 points", kind="henchman")
    if terr:
        svg.label(LANE_X, top - 2, "Territories", size=10, fill="#555555")
    if hand:
        first = lane[len(terr)]
        whose = "Your hand" if s == viewer else "Hand"
        svg.label(first[1], top - 2 + first[2] * (CARD_H + 8), whose, size=10,
                  fill="#555555")
    for cid, x, row in lane:
        cy = top + 2 + row * (CARD_H + 8)
        if cid:
            _face(svg, x, cy, cid, s)
        else:
            card(svg, x, cy, face_up=False, w=CARD_W, h=CARD_H, seat=s + 1)
    return y + _seat_height(lane)


def _face(svg: Svg, x: float, y: float, cid: str, owner: int | None,
          pile: str | None = None) -> None:
    """A card face up: a territory in its owner's colour with its district and points, a
    money card with its value, a hit man or a joker with what it does."""
    kind = KIND[cid]
    if kind == "territory":
        band = seat_colour(owner) if owner is not None else BLACK
        lines = [DISTRICTS[cid], f"{POINTS[cid]} points"]
        name = label(cid).split(" ")[0]
    elif kind == "joker":
        band = RED if CARDS[cid].effect == "police_raid" else BLACK
        name, lines = CARDS[cid].name, ["joker"]
    else:
        band = RED if cid[-1] in "HD" else BLACK
        name = label(cid)
        lines = [f"${CARDS[cid].value}"] if kind == "money" else ["hit man"]
    card(svg, x, y, name, lines, w=CARD_W, h=CARD_H, colour=band,
         tooltip=f"{label(cid)}: {role(cid)}", card=cid, pile=pile)

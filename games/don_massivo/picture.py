"""The table drawn as an SVG picture for one seat (``State.picture``): the five locations with
the tokens on them, the Fence piles with their top cards, the draw and discard piles, the
Casino while it is open, and a row per player with his money, his display and his hand.

Drawn from the same state as the text view and showing only what that seat may see: the
others' hands and face-down additions lie face down (only how many), their money off the
display is one sum, sealed Casino stakes show only who has staked. The spectator (None) sees
the public table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.don_massivo.actions import LOCATIONS
from games.don_massivo.cards import FENCES, GANGSTERS, KINDS, STOOGES
from games.don_massivo.casino import HOUSE_MONEY, MAX_STAKE, decode
from games.don_massivo.describe import LOCATION_USE, STEP_TEXT
from games.don_massivo.words import LOCATION_SHORT, count, money_text, who
from tabletop.pictures import Svg, card, heading, seat_colour, seat_row, table_cloth, token

if TYPE_CHECKING:
    from games.don_massivo.state import DonMassivoState

WIDTH = 1200
MARGIN = 20
SMALL_W, SMALL_H = 70, 90
"""Cards in displays and hands."""
PILE_W, PILE_H = 84, 118
"""Cards on the piles."""
ROW_H = 70 + SMALL_H + 22
"""One player's row: his band and counters, then his cards and their caption."""
KIND_COLOURS = {"money": "#2e7d32", "jewellery": "#1565c0", "art": "#ad1457"}
"""The band on a Gangster or Stooge card, by its kind."""
INK_SOFT = "#444444"
BOARD_H = 104
"""The height of a location box."""
PILE_STEP = 110
"""From one pile to the next."""
TOP = 46 + BOARD_H + 14 + PILE_H + 56
"""Where the players' rows begin."""


def picture(state: DonMassivoState, seat: int | None) -> str:
    """The table as ``seat`` sees it, as an SVG document."""
    height = TOP + state.players * ROW_H + MARGIN
    svg = Svg(WIDTH, height, title=f"Don Massivo, turn {state.turn}")
    table_cloth(svg)
    heading(svg, MARGIN, 30, _title(state))
    svg.label(WIDTH - MARGIN, 30, f"Casino cards played: {len(state.casinos_out)} of 3",
              size=13, anchor="end", class_="casinos-played")
    _board(svg, state, 46)
    _piles(svg, state, seat, 46 + BOARD_H + 14)
    y = TOP
    for s in range(state.players):
        _player(svg, state, s, seat, y)
        y += ROW_H
    return svg.text()


def _title(state: DonMassivoState) -> str:
    if state.over:
        return f"Don Massivo: the game is over ({', '.join(who(w) for w in state.winners)} won)"
    text = f"Don Massivo, turn {state.turn}: {who(state.current)}'s turn"
    if state.to_act is not None:
        text += f"; now {who(state.to_act)}: {STEP_TEXT[state.step]}"
    return text


# -- the board ----------------------------------------------------------------------------------
def _board(svg: Svg, state: DonMassivoState, y: float) -> None:
    """Five location boxes in a row, each with its name, its use and its tokens."""
    gap = 10
    w = (WIDTH - 2 * MARGIN - 4 * gap) / 5
    for i, loc in enumerate(LOCATIONS):
        x = MARGIN + i * (w + gap)
        svg.group(class_="location", data_location=loc)
        svg.rect(x, y, w, BOARD_H, rx=8, fill="#f7f3e8" if loc != "prison" else "#d9d4cc",
                 stroke="#555555", stroke_width=1)
        svg.label(x + 10, y + 22, LOCATION_SHORT[loc], size=15, font_weight="bold")
        svg.label(x + 10, y + 40, LOCATION_USE[loc], size=10, fill=INK_SOFT)
        here = [s for s in range(state.players) for t in state.tokens[s] if t == loc]
        for j, s in enumerate(sorted(here)):
            cx = x + 22 + (j % 7) * 28
            cy = y + 68 + (j // 7) * 28
            token(svg, cx, cy, s, str(s + 1), r=12, tooltip=f"{who(s)}'s token",
                  location=loc)
        svg.end()


# -- the piles and the Casino -------------------------------------------------------------------
def _piles(svg: Svg, state: DonMassivoState, seat: int | None, y: float) -> None:
    x = MARGIN
    for p in range(3):
        _fence_pile(svg, state, p, x, y)
        x += PILE_STEP
    for deck, what in ((state.gangsters, "Gangster"), (state.stooges, "Stooge")):
        _draw_pile(svg, x, y, what, len(deck.draw_pile))
        x += PILE_STEP
        top = deck.discard_pile[-1] if deck.discard_pile else None
        _discard_pile(svg, x, y, what, top, len(deck.discard_pile))
        x += PILE_STEP
    _casino(svg, state, seat, x, y)


def _fence_pile(svg: Svg, state: DonMassivoState, p: int, x: float, y: float) -> None:
    """A Fence pile: its top card face up, the rest as an edge of face-down cards."""
    cards = state.fence_piles[p]
    svg.group(class_="fence-pile", data_pile=p + 1, data_cards=len(cards))
    svg.label(x, y + 10, f"Fence pile {p + 1}", size=10, font_weight="bold")
    if not cards:
        svg.rect(x, y + 16, PILE_W, PILE_H, rx=6, fill="none", stroke="#777777",
                 stroke_dasharray="5 4")
        svg.label(x + PILE_W / 2, y + 16 + PILE_H / 2, "empty", size=11, anchor="middle")
    else:
        for k in range(min(len(cards) - 1, 4), 0, -1):
            svg.rect(x + 3 * k, y + 16 + 3 * k, PILE_W, PILE_H, rx=6, fill="#5b4a8a",
                     stroke="#222222", stroke_width=0.6)
        _fence_card(svg, cards[-1], x, y + 16)
    svg.label(x, y + 16 + PILE_H + 26, count(len(cards), "card"), size=10, fill=INK_SOFT)
    svg.end()


def _fence_card(svg: Svg, cid: str, x: float, y: float) -> None:
    f = FENCES[cid]
    if f.is_casino:
        card(svg, x, y, "Casino", ["a Casino game", "is played now"], colour="#b8860b",
             tooltip="Casino card: every player stakes in secret on a kind of loot",
             deck="fence")
        return
    lines = [f"${f.prices[k]}k {k}" for k in KINDS]
    card(svg, x, y, f.name, ["per loot unit:", *lines], colour="#6d4c41",
         tooltip=f"{f.name}: pays " + ", ".join(lines) + " per loot unit", deck="fence")


def _draw_pile(svg: Svg, x: float, y: float, what: str, size: int) -> None:
    svg.group(class_="draw-pile", data_deck=what.lower(), data_cards=size)
    svg.label(x, y + 10, f"{what} pile", size=10, font_weight="bold")
    if size:
        card(svg, x, y + 16, face_up=False, w=PILE_W, h=PILE_H, deck=what.lower())
    else:
        svg.rect(x, y + 16, PILE_W, PILE_H, rx=6, fill="none", stroke="#777777",
                 stroke_dasharray="5 4")
    svg.label(x, y + 16 + PILE_H + 26, count(size, "card"), size=10, fill=INK_SOFT)
    svg.end()


def _discard_pile(svg: Svg, x: float, y: float, what: str, top: str | None,
                  size: int) -> None:
    svg.group(class_="discard-pile", data_deck=what.lower(), data_cards=size)
    svg.label(x, y + 10, f"{what} discards", size=10, font_weight="bold")
    if top is None:
        svg.rect(x, y + 16, PILE_W, PILE_H, rx=6, fill="none", stroke="#777777",
                 stroke_dasharray="5 4")
    else:
        _face_card(svg, top, x, y + 16, PILE_W, PILE_H)
    svg.label(x, y + 16 + PILE_H + 26, count(size, "card"), size=10, fill=INK_SOFT)
    svg.end()


def _casino(svg: Svg, state: DonMassivoState, seat: int | None, x: float, y: float) -> None:
    """The open Casino: who has staked (sealed, face down) and the seat's own stake."""
    choice = state.casino
    if choice is None:
        return
    w = WIDTH - MARGIN - x
    svg.group(class_="casino")
    svg.rect(x, y + 16, w, PILE_H, rx=8, fill="#fff4d6", stroke="#b8860b", stroke_width=1.5)
    svg.label(x + 10, y + 36, f"The Casino is open (Fence pile {state.casino_pile + 1})",
              size=13, font_weight="bold")
    number = len(state.casinos_out) + 1
    svg.label(x + 10, y + 52, f"Casino card {number} of 3; the bank adds "
              f"{money_text(HOUSE_MONEY)} to the pot", size=10, fill=INK_SOFT)
    svg.label(x + 10, y + 65, f"stakes of $0-{money_text(MAX_STAKE)} on a kind of loot, "
              "sealed until all have staked", size=10, fill=INK_SOFT)
    for i, s in enumerate(choice.order):
        cy = y + 81 + i * 12
        if s == seat and choice.has_committed(s):
            amount, kind = decode(choice.commitments[i])
            said = f"your stake: {money_text(amount)} on {kind}" if amount else "you stay out"
        else:
            said = "has staked" if choice.has_committed(s) else "to stake"
        svg.label(x + 10, cy, f"{who(s)}: {said}", size=10, class_="stake")
    svg.end()


# -- the players --------------------------------------------------------------------------------
def _player(svg: Svg, state: DonMassivoState, s: int, seat: int | None, y: float) -> None:
    """A player's band and counters, then his display (face-down additions as he may see
    them) and his hand (face up for himself only)."""
    money = (("money pile", money_text(state.pile(s))) if s == seat
             else ("off display", money_text(state.pile(s) + state.down(s))))
    counters = [money, ("display", money_text(state.shown(s))),
                ("defence", state.defence(s)),
                ("hand", f"{len(state.hand_g[s])} G + {len(state.hand_s[s])} S"),
                ("all money", money_text(state.total(s)))]
    seat_row(svg, MARGIN, y, WIDTH - 2 * MARGIN, s, who(s), counters,
             to_act=s == state.to_act, you=s == seat)
    where = ", ".join(LOCATION_SHORT[t] for t in state.tokens[s]) or "not placed yet"
    svg.label(MARGIN + 5 * 98 + 10, y + 50, f"tokens: {where}", size=11, fill=INK_SOFT)
    if s == state.current and not state.over:
        svg.label(MARGIN + 5 * 98 + 10, y + 64, "current player", size=11,
                  font_weight="bold", fill=seat_colour(s))
    top = y + 70
    half = (WIDTH - 2 * MARGIN) / 2
    _display(svg, state, s, seat, MARGIN, top, half - 20)
    _hand(svg, state, s, seat, MARGIN + half, top, half)


def _display(svg: Svg, state: DonMassivoState, s: int, seat: int | None, x: float, y: float,
             w: float) -> None:
    svg.group(class_="display", data_seat=s + 1)
    cards = [(c, True, False) for c in state.show_g[s]]
    cards += [(c, s == seat, True) for c in state.down_g[s]]
    notes_down = state.down(s) > 0
    step = _step(len(cards) + notes_down, w)
    cx = x
    for cid, visible, down in cards:
        if visible:
            _face_card(svg, cid, cx, y, SMALL_W, SMALL_H, note="face down" if down else "")
        else:
            card(svg, cx, y, face_up=False, w=SMALL_W, h=SMALL_H, deck="gangster")
        cx += step
    if notes_down:
        if s == seat:
            card(svg, cx, y, money_text(state.down(s)), ["notes", "face down"], w=SMALL_W,
                 h=SMALL_H, colour="#7a7a7a", deck="notes")
        else:
            card(svg, cx, y, face_up=False, w=SMALL_W, h=SMALL_H, deck="notes")
    hidden = f"; face down: {_down_words(state, s, seat)}" if cards[len(state.show_g[s]):] \
        or notes_down else ""
    svg.label(x, y + SMALL_H + 15, f"display: {money_text(state.shown(s))} face up, "
              f"{count(len(state.show_g[s]), 'gangster')}{hidden}", size=10, fill=INK_SOFT)
    svg.end()


def _down_words(state: DonMassivoState, s: int, seat: int | None) -> str:
    parts = []
    if state.down(s):
        parts.append(money_text(state.down(s)) if s == seat else "notes")
    if state.down_g[s]:
        parts.append(count(len(state.down_g[s]), "Gangster card"))
    return " and ".join(parts)


def _hand(svg: Svg, state: DonMassivoState, s: int, seat: int | None, x: float, y: float,
          w: float) -> None:
    svg.group(class_="hand", data_seat=s + 1)
    cards = [(c, "gangster") for c in state.hand_g[s]] + [(c, "stooge") for c in state.hand_s[s]]
    step = _step(len(cards), w)
    cx = x
    for cid, deck in cards:
        if s == seat:
            _face_card(svg, cid, cx, y, SMALL_W, SMALL_H)
        else:
            card(svg, cx, y, face_up=False, w=SMALL_W, h=SMALL_H, deck=deck)
        cx += step
    svg.label(x, y + SMALL_H + 15, f"hand: {count(len(state.hand_g[s]), 'Gangster card')}, "
              f"{count(len(state.hand_s[s]), 'Stooge card')}", size=10, fill=INK_SOFT)
    svg.end()


def _step(n: int, w: float) -> float:
    """How far apart ``n`` cards lie to fit in ``w`` (they overlap when many)."""
    if n <= 1:
        return SMALL_W + 6
    return min(SMALL_W + 6, (w - SMALL_W) / (n - 1))


def _face_card(svg: Svg, cid: str, x: float, y: float, w: float, h: float,
               note: str = "") -> None:
    """A Gangster or Stooge card face up."""
    extra = [note] if note else []
    if cid in GANGSTERS:
        g = GANGSTERS[cid]
        card(svg, x, y, g.name, [g.kind, f"strength {g.strength}", *extra], w=w, h=h,
             colour=KIND_COLOURS[g.kind], deck="gangster",
             tooltip=f"{g.name}: {g.kind} gangster, strength {g.strength}")
    else:
        st = STOOGES[cid]
        card(svg, x, y, st.name, [st.kind, f"{st.value} loot", *extra], w=w, h=h,
             colour=KIND_COLOURS[st.kind], deck="stooge",
             tooltip=f"{st.name}: {st.kind}, {st.value} loot units")

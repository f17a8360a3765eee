"""The table drawn as an SVG picture for one seat (``State.picture``): the five locations with
the tokens on them, the Fence piles with their top cards, the draw and discard piles, what the
turn is doing (a robbery, the Casino, a sale, a job at the West Side), and a row per player
with his money, his display and his hand.

Drawn from the same state as the text view and showing only what that seat may see: the
others' hands and face-down additions lie face down (only how many), their money off the
display is one sum, sealed Casino stakes show only who has staked. The spectator (None) sees
the public table.

Everything a player acts on carries an element id (``targets.py``), so the table is played by
clicking it. The picture is drawn :data:`WIDTH` wide for the table page's 820 px board column:
its smallest text (9) is then 11 px tall.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from tabletop.pictures import Svg, card, counter, heading, seat_colour, seat_row, table_cloth, token

from .actions import DONE, LOCATIONS
from .cards import FENCES, GANGSTERS, KINDS, STOOGES, STRENGTH
from .casino import decode
from .rules import HOUSE_MONEY, MAX_STAKE
from .targets import (
    DONE_ID,
    DONE_WORDS,
    ROBBERY_ID,
    STAY_OUT_ID,
    card_id,
    casino_id,
    counter_id,
    deck_id,
    display_id,
    display_money_id,
    down_notes_id,
    fence_id,
    hand_id,
    hidden_id,
    location_id,
    pile_id,
    seat_id,
    token_id,
)
from .words import (
    LOCATION_SHORT,
    LOCATION_USE,
    STEP_TEXT,
    count,
    fence_text,
    money_text,
    who,
)

if TYPE_CHECKING:
    from .state import DonMassivoState

WIDTH = 660
"""Drawn 820 px wide on the page, text of size 9 here is 11.2 px tall there."""
MARGIN = 14
INNER = WIDTH - 2 * MARGIN
SMALL_W, SMALL_H = 72, 92
"""Cards in displays, hands and the robbery."""
PILE_W, PILE_H = 76, 104
"""Cards on the piles."""
CARD_GAP = 5
KIND_COLOURS = {"money": "#2e7d32", "jewellery": "#1565c0", "art": "#ad1457"}
"""The band on a Gangster or Stooge card, by its kind."""
INK_SOFT = "#444444"
BOARD_TOP = 52
TOKEN_R, TOKEN_STEP = 11, 26
"""Tokens on a location: their radius and how far apart they stand."""
LOCATION_GAP = 6
LOCATION_W = (INNER - 4 * LOCATION_GAP) / 5
TOKENS_PER_ROW = int((LOCATION_W - 8) // TOKEN_STEP)
PILES_H = 16 + PILE_H + 18
"""The row of piles: a caption, the cards, their count."""
COUNTERS_H = 40
DONE_W = INNER - 5 * 98 - 8


def picture(state: DonMassivoState, seat: int | None) -> str:
    """The table as ``seat`` sees it, as an SVG document."""
    board_h = _board_height(state)
    piles_top = BOARD_TOP + board_h + 12
    turn_top = piles_top + PILES_H + 10
    turn_h = _turn_height(state)
    rows_top = turn_top + turn_h + (12 if turn_h else 0)
    heights = [_row_height(state, s, seat) for s in range(state.players)]
    svg = Svg(WIDTH, rows_top + sum(heights) + MARGIN, title=f"Don Massivo, turn {state.turn}")
    table_cloth(svg)
    _heading(svg, state)
    _board(svg, state, BOARD_TOP, board_h)
    _piles(svg, state, piles_top)
    _turn_box(svg, state, seat, turn_top, turn_h)
    y = rows_top
    for s in range(state.players):
        _player(svg, state, s, seat, y)
        y += heights[s]
    return svg.text()


def _heading(svg: Svg, state: DonMassivoState) -> None:
    """The turn and whose it is (wrapped to the picture), and how many Casinos have come."""
    if state.over:
        first = f"Don Massivo: the game is over ({', '.join(who(w) for w in state.winners)} won)"
        second = state.end_reason
    else:
        first = f"Don Massivo, turn {state.turn}: {who(state.current)}'s turn"
        second = "" if state.to_act is None else \
            f"now {who(state.to_act)}: {STEP_TEXT[state.step]}"
    heading(svg, MARGIN, 22, first, size=15)
    svg.label(WIDTH - MARGIN, 22, f"Casino cards: {len(state.casinos_out)} of 3", size=11,
              anchor="end", class_="casinos-played")
    if second:
        svg.label(MARGIN, 40, textwrap.shorten(second, 110, placeholder="..."), size=11,
                  fill=INK_SOFT)


# -- the board ----------------------------------------------------------------------------------
def _board_height(state: DonMassivoState) -> float:
    most = max((sum(t == loc for tokens in state.tokens for t in tokens) for loc in LOCATIONS),
               default=0)
    rows = max(2, -(-most // TOKENS_PER_ROW))
    return 52 + rows * TOKEN_STEP


def _board(svg: Svg, state: DonMassivoState, y: float, h: float) -> None:
    """Five location boxes in a row, each with its name, its use and its tokens."""
    for i, loc in enumerate(LOCATIONS):
        x = MARGIN + i * (LOCATION_W + LOCATION_GAP)
        svg.group(class_="location box", id=location_id(loc), data_location=loc)
        svg.title(f"{LOCATION_SHORT[loc]}: {LOCATION_USE[loc]}")
        svg.rect(x, y, LOCATION_W, h, rx=8, fill="#f7f3e8" if loc != "prison" else "#d9d4cc",
                 stroke="#555555", stroke_width=1)
        svg.label(x + 7, y + 17, LOCATION_SHORT[loc], size=13, font_weight="bold")
        for k, line in enumerate(textwrap.wrap(LOCATION_USE[loc], 20)[:2]):
            svg.label(x + 7, y + 31 + 11 * k, line, size=9, fill=INK_SOFT)
        here = sorted((s, t) for s in range(state.players)
                      for t, at in enumerate(state.tokens[s]) if at == loc)
        for j, (s, t) in enumerate(here):
            cx = x + 8 + TOKEN_R + (j % TOKENS_PER_ROW) * TOKEN_STEP
            cy = y + 52 + TOKEN_R + (j // TOKENS_PER_ROW) * TOKEN_STEP
            token(svg, cx, cy, s, str(s + 1), r=TOKEN_R, tooltip=f"{who(s)}'s token",
                  element=token_id(s, t), location=loc)
        svg.end()


# -- the piles ------------------------------------------------------------------------------------
def _piles(svg: Svg, state: DonMassivoState, y: float) -> None:
    """The three Fence piles, then the Gangster and Stooge draw and discard piles."""
    x = MARGIN
    for p in range(3):
        _fence_pile(svg, state, p, x, y)
        x += PILE_W + 16
    x += 4
    for deck, what in ((state.gangsters, "Gangster"), (state.stooges, "Stooge")):
        _draw_pile(svg, x, y, what, len(deck.draw_pile))
        x += 62
        top = deck.discard_pile[-1] if deck.discard_pile else None
        _discard_pile(svg, x, y, what, top, len(deck.discard_pile))
        x += PILE_W + 12


def _empty_place(svg: Svg, x: float, y: float, w: float = PILE_W) -> None:
    svg.rect(x, y, w, PILE_H, rx=6, fill="none", stroke="#777777", stroke_dasharray="5 4")


def _fence_pile(svg: Svg, state: DonMassivoState, p: int, x: float, y: float) -> None:
    """A Fence pile: its top card face up, the rest as an edge of face-down cards."""
    cards = state.fence_piles[p]
    svg.group(class_="fence-pile", id=fence_id(p), data_pile=p + 1, data_cards=len(cards))
    svg.label(x, y + 10, f"Fence pile {p + 1}", size=10, font_weight="bold")
    if not cards:
        _empty_place(svg, x, y + 16)
        svg.label(x + PILE_W / 2, y + 16 + PILE_H / 2, "empty", size=11, anchor="middle")
    else:
        for k in range(min(len(cards) - 1, 3), 0, -1):
            svg.rect(x + 3 * k, y + 16 + 3 * k, PILE_W, PILE_H, rx=6, fill="#5b4a8a",
                     stroke="#222222", stroke_width=0.6)
        _fence_card(svg, cards[-1], x, y + 16)
    svg.label(x, y + 16 + PILE_H + 22, count(len(cards), "card"), size=10, fill=INK_SOFT)
    svg.end()


def _fence_card(svg: Svg, cid: str, x: float, y: float) -> None:
    f = FENCES[cid]
    if f.is_casino:
        _card(svg, x, y, "Casino", ["a Casino game", "is played", "now"], colour="#b8860b",
              w=PILE_W, h=PILE_H, deck="fence",
              tooltip="Casino card: every player stakes in secret on a kind of loot")
        return
    lines = [f"${f.prices[k]}k {k}" for k in KINDS]
    _card(svg, x, y, f.name, ["per loot:", *lines], colour="#6d4c41", w=PILE_W, h=PILE_H,
          tooltip=f"{f.name}: pays " + ", ".join(lines) + " per loot unit", deck="fence")


def _draw_pile(svg: Svg, x: float, y: float, what: str, size: int) -> None:
    deck = what.lower()
    svg.group(class_="draw-pile", id=deck_id(deck, discards=False), data_deck=deck,
              data_cards=size)
    svg.label(x, y + 10, what, size=10, font_weight="bold")
    if size:
        card(svg, x, y + 16, face_up=False, w=56, h=PILE_H, deck=deck)
    else:
        _empty_place(svg, x, y + 16, 56)
    svg.label(x, y + 16 + PILE_H + 22, count(size, "card"), size=10, fill=INK_SOFT)
    svg.end()


def _discard_pile(svg: Svg, x: float, y: float, what: str, top: str | None,
                  size: int) -> None:
    deck = what.lower()
    svg.group(class_="discard-pile", id=deck_id(deck, discards=True), data_deck=deck,
              data_cards=size)
    svg.label(x, y + 10, "discards", size=10, font_weight="bold")
    if top is None:
        _empty_place(svg, x, y + 16)
    else:
        _face_card(svg, top, x, y + 16, PILE_W, PILE_H, None)
    svg.label(x, y + 16 + PILE_H + 22, count(size, "card"), size=10, fill=INK_SOFT)
    svg.end()


# -- what the turn is doing ----------------------------------------------------------------------
def _turn_height(state: DonMassivoState) -> float:
    if state.over:
        return 0
    if state.step in ("rob", "defend"):
        return 30 + SMALL_H + 12
    if state.step == "casino":
        assert state.casino is not None
        return max(98, 40 + 14 * len(state.casino.order))
    return 34


def _turn_box(svg: Svg, state: DonMassivoState, seat: int | None, y: float, h: float) -> None:
    """A box across the table for what the current turn is doing."""
    if not h:
        return
    if state.step in ("rob", "defend"):
        _robbery(svg, state, y, h)
    elif state.step == "casino":
        _casino(svg, state, seat, y, h)
    else:
        svg.group(class_="box turn", data_step=state.step)
        svg.rect(MARGIN, y, INNER, h, rx=8, fill="#fbf8ef", stroke="#999999", stroke_width=1)
        svg.label(MARGIN + 10, y + 21, textwrap.shorten(_turn_words(state), 100,
                                                        placeholder="..."), size=11)
        svg.end()


def _turn_words(state: DonMassivoState) -> str:
    """One line on the turn: who is placing, moving, using locations, selling or stealing."""
    me = who(state.current)
    step = state.step
    if step == "place":
        return f"{who(state.to_act)} places a token (click a location)"
    if step in ("move", "deal", "payment"):
        return f"Phase 2: {me} {STEP_TEXT[step].split(': ', 1)[1]}"
    if step in ("locations", "steal", "sell_pick", "sell"):
        left = [LOCATION_SHORT[loc] for loc in state.usable if loc not in state.used]
        text = f"Phase 3: {me} may use " + (", ".join(left) if left else "no more locations")
        if step == "steal":
            sent = ", ".join(GANGSTERS[c].name for c in state.specialists) or "none yet"
            text = f"Stealing at the West Side; specialists sent: {sent}"
        elif step == "sell_pick":
            text = f"{me} sells at the East Side: he chooses one of the top fences"
        elif step == "sell":
            fence = fence_text(state.fence_top(state.sell_pile))
            text = (f"{me} sells to the {fence} of Fence pile {state.sell_pile + 1}: "
                    f"{count(len(state.offered), 'loot card')} handed over")
        return text
    if step == "facedown":
        return f"Others add face down to their displays: {who(state.to_act)} now"
    return f"Phase 4: {me} refreshes his display"


def _robbery(svg: Svg, state: DonMassivoState, y: float, h: float) -> None:
    """The robbery under way: the gangsters laid (the attack) and thrown in (the defence)."""
    robber, victim = state.current, state.target
    attack = sum(STRENGTH[c] for c in state.laid)
    defence = state.defence(victim) + sum(STRENGTH[c] for c in state.guard)
    svg.group(class_="box robbery", id=ROBBERY_ID)
    svg.title(f"{who(robber)} robs {who(victim)}")
    svg.rect(MARGIN, y, INNER, h, rx=8, fill="#fbe9e7", stroke="#b71c1c", stroke_width=1.5)
    svg.label(MARGIN + 10, y + 20, f"{who(robber)} robs {who(victim)}: attack {attack} "
              f"against defence {defence}", size=12, font_weight="bold")
    x: float = MARGIN + 10
    for c in state.laid:
        _face_card(svg, c, x, y + 28, SMALL_W, SMALL_H, card_id(c), note="attacks")
        x += SMALL_W + CARD_GAP
    if not state.laid:
        svg.label(x, y + 44, "lay gangsters here", size=10, fill=INK_SOFT)
        x += 110
    x = max(x + 14, MARGIN + INNER / 2)
    for c in state.guard:
        _face_card(svg, c, x, y + 28, SMALL_W, SMALL_H, card_id(c), note="defends")
        x += SMALL_W + CARD_GAP
    svg.end()


def _casino(svg: Svg, state: DonMassivoState, seat: int | None, y: float, h: float) -> None:
    """The open Casino: who has staked (sealed), the seat's own stake, and a place to stake
    on each kind of loot or to stay out."""
    choice = state.casino
    assert choice is not None
    svg.group(class_="casino")
    svg.rect(MARGIN, y, INNER, h, rx=8, fill="#fff4d6", stroke="#b8860b", stroke_width=1.5)
    svg.label(MARGIN + 10, y + 18, f"The Casino is open (Fence pile {state.casino_pile + 1}, "
              f"card {len(state.casinos_out) + 1} of 3)", size=12, font_weight="bold")
    svg.label(MARGIN + 10, y + 32, f"stakes $0-{money_text(MAX_STAKE)}, sealed; the bank adds "
              f"{money_text(HOUSE_MONEY)}", size=10, fill=INK_SOFT)
    for i, s in enumerate(choice.order):
        if s == seat and choice.has_committed(s):
            amount, kind = decode(choice.commitments[i])
            said = f"your stake: {money_text(amount)} on {kind}" if amount else "you stay out"
        else:
            said = "has staked" if choice.has_committed(s) else "to stake"
        svg.label(MARGIN + 10, y + 48 + 14 * i, f"{who(s)}: {said}", size=10, class_="stake")
    x = MARGIN + INNER - 4 * 78
    for k, (what, element) in enumerate([*((kind, casino_id(kind)) for kind in KINDS),
                                         ("stay out", STAY_OUT_ID)]):
        bx, by = x + 78 * k, y + 44
        svg.group(class_="box stake-place", id=element)
        svg.rect(bx, by, 72, 40, rx=6, fill="#ffffff",
                 stroke=KIND_COLOURS.get(what, "#777777"), stroke_width=2)
        svg.label(bx + 36, by + 17, what, size=10, anchor="middle", font_weight="bold")
        svg.label(bx + 36, by + 31, "stake here" if what in KINDS else "stake $0", size=9,
                  anchor="middle", fill=INK_SOFT)
        svg.end()
    svg.end()


# -- the players ----------------------------------------------------------------------------------
def _cards_of(state: DonMassivoState, s: int) -> tuple[int, int]:
    """How many cards ``s``'s display (with its notes) and hand show."""
    shown = 1 + len(state.show_g[s]) + len(state.down_g[s]) + (state.down(s) > 0)
    return shown, len(state.hand_g[s]) + len(state.hand_s[s])


def _two_lines(state: DonMassivoState, s: int, seat: int | None) -> bool:
    """Whether the viewer's own display and hand need a line each, to lie side by side."""
    if s != seat:
        return False
    shown, held = _cards_of(state, s)
    return (shown + held) * (SMALL_W + CARD_GAP) - CARD_GAP + 16 > INNER


def _row_height(state: DonMassivoState, s: int, seat: int | None) -> float:
    lines = 2 if _two_lines(state, s, seat) else 1
    return 26 + COUNTERS_H + lines * (SMALL_H + 20) + 8


def _player(svg: Svg, state: DonMassivoState, s: int, seat: int | None, y: float) -> None:
    """A player's band and counters, then his display (face-down additions as he may see
    them) and his hand (face up for himself only)."""
    name = who(s) + (", current player" if s == state.current and not state.over else "")
    seat_row(svg, MARGIN, y, INNER, s, name, to_act=s == state.to_act, you=s == seat,
             element=seat_id(s))
    where = ", ".join(LOCATION_SHORT[t] for t in state.tokens[s]) or "no tokens yet"
    svg.label(MARGIN + INNER - 8, y + 17, where, size=11, anchor="end", fill="#ffffff",
              class_="tokens-at")
    money = (("money pile", money_text(state.pile(s))) if s == seat
             else ("off display", money_text(state.pile(s) + state.down(s))))
    counters: list[tuple[str, tuple[str, str | int]]] = [("money", money), ("display", ("display", money_text(state.shown(s)))),
                ("defence", ("defence", state.defence(s))),
                ("hand", ("hand: G + S", f"{len(state.hand_g[s])} + {len(state.hand_s[s])}")),
                ("total", ("all money", money_text(state.total(s))))]
    for i, (key, (label, value)) in enumerate(counters):
        element = pile_id(s) if key == "money" else counter_id(s, key)
        counter(svg, MARGIN + 98 * i, y + 26, label, value, element=element, seat=s + 1)
    if s == seat and s == state.to_act and DONE in state.legal_actions():
        _done_marker(svg, state, s, MARGIN + INNER - DONE_W, y + 26)
    top = y + 26 + COUNTERS_H
    shown = _cards_of(state, s)[0]
    if _two_lines(state, s, seat):
        _display(svg, state, s, seat, MARGIN, top, INNER)
        _hand(svg, state, s, seat, MARGIN, top + SMALL_H + 20, INNER)
        return
    wanted = shown * (SMALL_W + CARD_GAP) - CARD_GAP
    gap = 16
    split: float = wanted + gap
    if s != seat:  # the others' hands are backs, which may overlap; their displays are read
        split = max(INNER / 2, min(split, INNER - 180))
    _display(svg, state, s, seat, MARGIN, top, split - gap)
    _hand(svg, state, s, seat, MARGIN + split, top, INNER - split)


def _done_marker(svg: Svg, state: DonMassivoState, s: int, x: float, y: float) -> None:
    """The "Done" of the step, for the seat to act: no more locations, close the sale..."""
    svg.group(class_="box done", id=DONE_ID)
    svg.title(state.describe(DONE))
    svg.rect(x, y, DONE_W, 36, rx=8, fill="#ffffff", stroke=seat_colour(s), stroke_width=2.5)
    svg.label(x + DONE_W / 2, y + 23, DONE_WORDS.get(state.step, "Done"), size=12,
              anchor="middle", font_weight="bold")
    svg.end()


def _display(svg: Svg, state: DonMassivoState, s: int, seat: int | None, x: float, y: float,
             w: float) -> None:
    svg.group(class_="display", id=display_id(s), data_seat=s + 1)
    _zone(svg, x, y, w)
    cards = [(c, card_id(c), False) for c in state.show_g[s]]
    cards += [(c, card_id(c) if s == seat else hidden_id(s, "display", i), True)
              for i, c in enumerate(state.down_g[s])]
    notes_down = state.down(s) > 0
    step = _step(1 + len(cards) + notes_down, w)
    _card(svg, x, y, money_text(state.shown(s)), ["notes", "face up"], w=SMALL_W, h=SMALL_H,
          colour="#7a7a7a", deck="notes", element=display_money_id(s),
          tooltip=f"{who(s)}'s display: {money_text(state.shown(s))} in notes face up")
    cx = x + step
    for cid, element, down in cards:
        if s == seat or not down:
            _face_card(svg, cid, cx, y, SMALL_W, SMALL_H, element,
                       note="face down" if down else "")
        else:
            card(svg, cx, y, face_up=False, w=SMALL_W, h=SMALL_H, deck="gangster",
                 element=element)
        cx += step
    if notes_down:
        if s == seat:
            _card(svg, cx, y, money_text(state.down(s)), ["notes", "face down"], w=SMALL_W,
                  h=SMALL_H, colour="#7a7a7a", deck="notes", element=down_notes_id(s),
                  tooltip=f"your notes face down: {money_text(state.down(s))}")
        else:
            card(svg, cx, y, face_up=False, w=SMALL_W, h=SMALL_H, deck="notes",
                 element=down_notes_id(s))
    hidden = len(state.down_g[s]) + notes_down
    caption = f"display ({hidden} face down)" if hidden else "display"
    svg.label(x, y + SMALL_H + 14, caption, size=10, fill=INK_SOFT)
    svg.end()


def _hand(svg: Svg, state: DonMassivoState, s: int, seat: int | None, x: float, y: float,
          w: float) -> None:
    svg.group(class_="hand", id=hand_id(s), data_seat=s + 1)
    _zone(svg, x, y, w)
    cards = [(c, "gangster") for c in state.hand_g[s]] + [(c, "stooge") for c in state.hand_s[s]]
    step = _step(len(cards), w)
    cx = x
    for i, (cid, deck) in enumerate(cards):
        if s == seat:
            note = "for sale" if cid in state.offered else ""
            _face_card(svg, cid, cx, y, SMALL_W, SMALL_H, card_id(cid), note=note)
        else:
            card(svg, cx, y, face_up=False, w=SMALL_W, h=SMALL_H, deck=deck,
                 element=hidden_id(s, "hand", i))
        cx += step
    svg.label(x, y + SMALL_H + 14, "hand", size=10, fill=INK_SOFT)
    svg.end()


def _zone(svg: Svg, x: float, y: float, w: float) -> None:
    """The clickable ground of a row of cards (a display, a hand): a click between two cards,
    or on an empty hand, still lands on the row (transparent, drawn under the cards)."""
    svg.rect(x - 4, y - 4, w + 8, SMALL_H + 24, fill="#ffffff", fill_opacity=0,
             class_="zone")


def _step(n: int, w: float) -> float:
    """How far apart ``n`` cards lie to fit in ``w`` (they overlap when many)."""
    if n <= 1:
        return SMALL_W + CARD_GAP
    return max(8.0, min(SMALL_W + CARD_GAP, (w - SMALL_W) / (n - 1)))


def _face_card(svg: Svg, cid: str, x: float, y: float, w: float, h: float,
               element: str | None, note: str = "") -> None:
    """A Gangster or Stooge card face up (``element``: its id, None for none)."""
    extra = [note] if note else []
    eid = element
    if cid in GANGSTERS:
        g = GANGSTERS[cid]
        _card(svg, x, y, g.name, [g.kind, f"strength {g.strength}", *extra], w=w, h=h,
              colour=KIND_COLOURS[g.kind], deck="gangster", element=eid,
              tooltip=f"{g.name}: {g.kind} gangster, strength {g.strength}")
    else:
        st = STOOGES[cid]
        _card(svg, x, y, st.name, [st.kind, f"{st.value} loot", *extra], w=w, h=h,
              colour=KIND_COLOURS[st.kind], deck="stooge", element=eid,
              tooltip=f"{st.name}: {st.kind}, {st.value} loot units")


def _card(svg: Svg, x: float, y: float, name: str, lines: list[str], w: float, h: float,
          colour: str, tooltip: str, deck: str, element: str | None = None) -> None:
    """A card of ``deck`` face up in this picture's sizes (a 660-wide picture: 11 and 9 read
    as 11 px at desktop size)."""
    card(svg, x, y, name, lines, w=w, h=h, colour=colour, tooltip=tooltip, element=element,
         name_size=11, line_size=9, deck=deck)

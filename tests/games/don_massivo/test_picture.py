"""The picture of the table (State.picture): well-formed SVG, the pieces a position holds, and
nothing a seat may not see (page, Hints: hand kinds are secret; phase 4: face-down additions
stay hidden until turned up; reconstructed Casino: stakes are sealed)."""

from __future__ import annotations

from xml.etree import ElementTree

from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.actions import FACEDOWN, LEAN, Stake
from tabletop_games.don_massivo.cards import GANGSTERS, STOOGES

from tabletop.rng import Rng

from .test_casino import casino_next, leaning_villa_holder
from .test_refresh import to_phase4

SVG = "{http://www.w3.org/2000/svg}"


def pieces(svg: str, cls: str) -> list[ElementTree.Element]:
    """The groups of the picture whose class is exactly ``cls``."""
    root = ElementTree.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def test_every_seat_and_the_spectator_get_well_formed_svg_all_game_long():
    st = GAME.new_state(4, 2)
    rng = Rng.from_seed(2, "picture")
    step = 0
    while not st.is_over and step < 900:
        if step % 40 == 0:
            for seat in (*range(4), None):
                root = ElementTree.fromstring(st.picture(seat))
                # drawn 820 px wide on the page, its smallest text (9) must be 11 px there
                assert root.tag == f"{SVG}svg" and 600 <= float(root.get("width")) <= 820 * 9 / 11
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
        step += 1


def test_a_known_position_draws_its_pieces(table):
    """Five locations, two tokens a player, three Fence piles, the display's notes and
    cards face up, the others' hands face down, one card each."""
    st = to_phase4(table)
    shown = [table.g("art", 3), table.g("money", 1)]
    table.display(st, 1, shown)
    table.hand(st, 1, gangsters=[table.g("jewellery", 2)], stooges=[table.s("art", 1)])
    table.hand(st, 0, stooges=[table.s("money", 3)])
    svg = st.picture(0)
    assert len(pieces(svg, "location box")) == 5
    assert len(pieces(svg, "token")) == 6
    assert len(pieces(svg, "fence-pile")) == 3
    root = ElementTree.fromstring(svg)
    display = next(g for g in root.iter(f"{SVG}g")
                   if g.get("class") == "display" and g.get("data-seat") == "2")
    faces = [c for c in display.iter(f"{SVG}g") if c.get("class") == "card"]
    assert [c.get("data-deck") for c in faces] == ["notes", "gangster", "gangster"]
    assert GANGSTERS[shown[0]].name in ElementTree.tostring(display, encoding="unicode")
    hand = next(g for g in root.iter(f"{SVG}g")
                if g.get("class") == "hand" and g.get("data-seat") == "2")
    backs = [c for c in hand.iter(f"{SVG}g") if c.get("class") == "card face-down"]
    assert len(backs) == 2  # one Gangster and one Stooge card, faces hidden
    own = next(g for g in root.iter(f"{SVG}g")
               if g.get("class") == "hand" and g.get("data-seat") == "1")
    assert STOOGES[table.s("money", 3)].name in ElementTree.tostring(own, encoding="unicode")
    seats = pieces(svg, "seat") + pieces(svg, "seat to-act")
    assert len(seats) == 3 and len(pieces(svg, "seat to-act")) == 1


# rules dm-face-down-hidden
def test_a_seat_never_sees_another_hand_or_a_face_down_card(table):
    st = to_phase4(table)
    hidden_g, hidden_s, down = table.g("jewellery", 3), table.s("art", 2), table.g("money", 3)
    table.hand(st, 2, gangsters=[hidden_g, down], stooges=[hidden_s])
    table.money(st, 2, pile=9)
    table.play(st, FACEDOWN[("", 0)], FACEDOWN[(down, 5)])
    secrets = [GANGSTERS[hidden_g].name, STOOGES[hidden_s].name, GANGSTERS[down].name]
    for viewer in (0, 1, None):
        svg = st.picture(viewer)
        assert not any(name in svg for name in secrets), viewer
        assert "$5,000" not in svg  # the face-down notes' sum
    own = st.picture(2)
    assert all(name in own for name in secrets) and "$5,000" in own


# rules dm-stakes-sealed
def test_sealed_stakes_show_only_who_has_staked(table):
    st = leaning_villa_holder(table)
    for s in range(3):
        table.money(st, s, pile=10)
    casino_next(st, 1)
    table.play(st, LEAN[1], Stake(4, "jewellery"))
    assert len(pieces(st.picture(1), "casino")) == 1
    assert "jewellery" not in " ".join(
        t.text or "" for t in ElementTree.fromstring(st.picture(1)).iter(f"{SVG}text")
        if (t.get("class") or "") == "stake")
    assert "your stake: $4,000 on jewellery" in st.picture(0)
    assert "Player 1: has staked" in st.picture(1)


def test_the_picture_is_unchanged_by_the_seats_own_determinization():
    """Whatever the seat cannot see may be redrawn at random without changing its picture."""
    st = GAME.new_state(3, 9)
    rng = Rng.from_seed(9, "walk")
    for step in range(400):
        if step % 50 == 0:
            seat = st.to_act
            assert st.determinize(seat, Rng(step)).picture(seat) == st.picture(seat)
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
        if st.is_over:
            break


def test_a_click_between_two_cards_lands_on_their_row():
    # the display and the hand are targets (a card goes there): their ground is clickable,
    # not only the cards on it, so a click in a gap or on an empty hand still finds the row
    state = GAME.new_state(3, 5)
    svg = state.picture(0)
    for cls in ("display", "hand"):
        for group in pieces(svg, cls):
            ground = group[0]
            assert ground.tag.endswith("rect") and ground.get("class") == "zone", cls
            assert ground.get("fill-opacity") == "0" and ground.get("fill") not in (None, "none")
            widths = [float(r.get("width")) for r in group.iter() if r.tag.endswith("rect")]
            assert float(ground.get("width")) == max(widths)

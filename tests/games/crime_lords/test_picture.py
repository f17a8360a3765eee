"""The picture of the table: well-formed SVG, the pieces of a known position, and nothing a
seat may not see."""

from __future__ import annotations

from xml.etree import ElementTree

from tabletop_games.crime_lords import GAME
from tabletop_games.crime_lords.scenario import blank, boss, free, racket, special, sub

NS = "{http://www.w3.org/2000/svg}"


def _groups(svg: str) -> list[ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return list(root.iter(f"{NS}g"))


def _count(svg: str, cls: str, **data: str) -> int:
    """How many groups carry class ``cls`` (one of their classes) and the data attributes."""
    return sum(1 for g in _groups(svg) if cls in g.get("class", "").split()
               and all(g.get(f"data-{k}") == v for k, v in data.items()))


def _position():
    s = blank(2, ("old_family", "carnival_boys"))
    boss(s, 0, "mom_parker")
    vera = sub(s, 0, "velvet_vera", "mom_parker", (1, 0))
    kid = sub(s, 0, "kid_cobb", "velvet_vera", (2, 0))
    s.unhappy[vera], s.unhappy[kid] = 2, 1
    s.pbonus[kid] = 1
    s.tokens[kid] = False
    boss(s, 1, "judge_cohen")
    sub(s, 1, "anita_callahan", "judge_cohen", (0, 1))
    racket(s, 0, "north_numbers")
    racket(s, 1, "east_casinos")
    free(s, "slim_jim")
    free(s, "south_fencing")
    special(s, 0, "payday_1")
    special(s, 1, "tipped_off_1")
    special(s, 1, "inside_man")
    return s


def test_the_picture_is_well_formed_and_of_a_sensible_size() -> None:
    s = _position()
    for seat in (0, 1, None):
        root = ElementTree.fromstring(s.picture(seat))
        assert float(root.get("width")) == 820  # the board's width on a desktop page
    assert ElementTree.fromstring(GAME.new_state(8, 1).picture(3)).tag == f"{NS}svg"


def test_a_known_position_draws_its_pieces() -> None:
    """Two Mobs as laid out (5 Crooks: two Bosses, a Lieutenant under each), the markers
    and tokens they hold, the Rackets, the uncontrolled area and the hands."""
    s = _position()
    svg = s.picture(0)
    assert _count(svg, "card", kind="crook") == 6          # 5 in Mobs, 1 uncontrolled
    assert _count(svg, "card", kind="crook", rank="Boss") == 2
    assert _count(svg, "card", kind="crook", rank="Lieutenant") == 2
    assert _count(svg, "lieutenant-marker") == 2           # Velvet Vera, Anita Callahan
    assert _count(svg, "card", kind="racket") == 3         # two held, one uncontrolled
    assert _count(svg, "unhappy-marker") == 3              # Vera 2, Kid 1
    assert _count(svg, "power-marker") == 1                # Kid +1
    assert _count(svg, "token") == 4                       # every Crook but Kid Cobb
    assert _count(svg, "seat") == 2 and _count(svg, "to-act") == 1
    assert _count(svg, "card", kind="special") == 1        # the viewer's Payday
    assert _count(svg, "face-down") == 2                   # Player 2's two Specials
    assert "Kid Cobb" in svg and "Power 9" in svg          # Mom Parker 6 + 3


def test_a_seat_never_sees_another_hand_or_a_hidden_treasury() -> None:
    s = _position()
    s.money = [37, 64]
    mine, theirs, nobody = s.picture(0), s.picture(1), s.picture(None)
    assert "Payday" in mine and "Tipped Off" not in mine and "Inside Man" not in mine
    assert "Tipped Off" in theirs and "Inside Man" in theirs and "Payday" not in theirs
    for name in ("Payday", "Tipped Off", "Inside Man"):
        assert name not in nobody
    assert _count(nobody, "face-down") == 3
    assert "37 G" in mine and "64 G" not in mine
    assert "64 G" in theirs and "37 G" not in theirs
    assert "37 G" not in nobody and "64 G" not in nobody


def test_the_auction_is_drawn_while_it_is_on() -> None:
    s = GAME.new_state(3, 7)
    svg = s.picture(None)
    from tabletop_games.crime_lords.words import name
    assert "Up for auction: " + name(s.auc_card) in svg
    assert "bidding money" in svg and ">25 G<" in svg

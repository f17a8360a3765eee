"""The picture of the table (issue "A browser table"): well-formed SVG, the pieces a known
position holds, and nothing a seat may not see."""

from __future__ import annotations

from xml.etree import ElementTree

from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.cards import fortunes, jobs
from tabletop_games.crimopolis.scenario import build, card_with, give_fortune, give_job, tile_of

NS = "{http://www.w3.org/2000/svg}"


def groups(svg: str, cls: str) -> list[ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    return [g for g in root.iter(f"{NS}g") if cls in (g.get("class") or "").split()]


def position():
    """Yellow's HQ with 2 inside, an orange BANK held by 1 Green, 3 Yellow on its north
    street; Yellow holds a job and a fortune, Green a fortune; a destiny lies before Green."""
    s = build([("HQ0", 0, 0, 0), (tile_of("BANK", "orange"), 1, 0, 0), ("HQ1", 2, 0, 0)],
              [("b0,0", 0, 2), ("b1,0", 1, 1), ("s1,0N", 0, 3)])
    give_job(s, 0, "J22")
    give_fortune(s, 0, card_with("hours", amount=3))
    give_fortune(s, 1, card_with("bombing"))
    cop = card_with("arrest")
    s.decks[2].draw_pile.remove(cop)
    s.destinies[1].append(cop)
    return s


def test_the_picture_is_well_formed_svg_of_a_sensible_size():
    s = GAME.new_state(3, 1)
    root = ElementTree.fromstring(s.picture(None))
    assert root.tag == f"{NS}svg"
    assert 900 <= float(root.get("width")) <= 1400


def test_a_known_position_draws_its_tiles_gangsters_homes_and_destiny():
    s = position()
    svg = s.picture(0)
    assert len(groups(svg, "tile")) == 3 and len(groups(svg, "home")) == 2
    drawn = sorted((g.get("data-seat"), g.get("data-count")) for g in groups(svg, "gangsters"))
    assert drawn == [("1", "2"), ("1", "3"), ("2", "1")]
    (destiny,) = groups(svg, "destiny")
    assert destiny.get("data-seat") == "2" and "Dirty cop" in ElementTree.tostring(
        destiny, encoding="unicode")
    assert len(groups(svg, "clock")) == 1 and len(groups(svg, "seat")) == 2
    assert groups(svg, "street-missing")  # the cells around the city wait to be explored
    assert len(groups(svg, "to-act")) == 1


def test_a_seat_sees_its_own_cards_and_only_the_backs_of_the_others():
    s = position()
    mine = s.picture(0)
    faces = [c for c in groups(mine, "card") if "face-down" not in c.get("class")]
    texts = " ".join(ElementTree.tostring(c, encoding="unicode") for c in faces)
    assert "Teller's little slip" in texts
    assert "Sleepless week" in texts
    assert "Bombing" not in mine  # Green's fortune, face down for Yellow
    assert len(groups(mine, "face-down")) == 1 + len(s.hands[1])
    spectator = s.picture(None)
    for hand in (*s.hands, *s.fortune_hands):
        for c in hand:
            title = (jobs()[c] if c[0] == "J" else fortunes()[c]).title
            assert title not in spectator
    assert "Dirty cop" in spectator  # a destiny lies face up


def test_a_job_card_shows_all_it_says():
    """Job texts were cut off ("Penthouse party ... 5 gangsters,"): the card now holds its
    title, location, colour, crew, hours and prestige, none of it cut."""
    s = position()
    give_job(s, 0, "J48")
    (card,) = [g for g in groups(s.picture(0), "card") if g.get("id") == "job-j48"]
    lines = [t.text for t in card.iter(f"{NS}text")]
    assert lines == ["Penthouse", "party", "HOTEL pink", "5 gangsters", "6 h, 7 prestige"]
    assert all(float(t.get("font-size")) >= 12.5 for t in card.iter(f"{NS}text"))


def test_every_text_is_large_enough_for_the_page():
    """The picture is 900 units wide (drawn 820 px wide on the page): no text is under 12.5
    units (11 px there)."""
    s = position()
    root = ElementTree.fromstring(s.picture(0))
    assert float(root.get("width")) == 900
    assert min(float(t.get("font-size")) for t in root.iter(f"{NS}text")) >= 12.5

"""Playing from the board: every legal action names elements its seat's picture draws
(``targets``), the decisions the issue names have targets, each kind of action points at the
cards a player would click, and no id tells a seat what it may not see."""

from __future__ import annotations

from collections import Counter

import pytest
from tabletop_games.crime_lords import GAME
from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords.scenario import blank, boss, card, free, racket, special, sub

from tabletop.agents import random_choice
from tabletop.pictures.targets import element_id, element_ids, target_problems
from tabletop.rng import Rng

#: the decisions the issue asks to be playable from the board
NAMED = {"Bid", "PassBid", "Recruit", "Takeover", "Hit", "Place", "PlaySpecial", "EndTurn",
         "TakeTen", "ChooseBoss", "Done", "Commit"}


def _games(players: int, seeds: range, moves: int, **options: object):
    """Each position (before every move) of random games, up to ``moves`` moves each."""
    for seed in seeds:
        s = GAME.new_state(players, seed, options or None)
        rng = Rng.from_seed(seed, "targets")
        for _ in range(moves):
            if s.is_over:
                break
            yield s
            s.apply(random_choice(s.legal_actions(), rng))


@pytest.mark.parametrize(("players", "seeds", "options"),
                         [(2, range(3), {}), (4, range(1), {"open_table": True}),
                          (8, range(1), {})])
def test_every_target_of_every_legal_action_is_drawn(players: int, seeds: range,
                                                     options: dict) -> None:
    targeted: Counter[str] = Counter()
    for s in _games(players, seeds, 300, **options):
        assert target_problems(s, s.to_act) == []
        for action in s.legal_actions():
            names = s.targets(action)
            assert names, f"{s.describe(action)} has no target on the board"
            targeted[type(action).__name__] += 1
    if players == 2:
        assert NAMED <= set(targeted), NAMED - set(targeted)


def test_no_id_reveals_what_the_seat_may_not_see() -> None:
    """A seat's picture, ids included, is the same in every world it cannot tell apart;
    others' Specials are named by their place, never by their face."""
    checked = 0
    for s in _games(3, range(1), 400):
        if s.round < 2 or checked > 40:
            continue
        checked += 1
        for seat in range(3):
            svg = s.picture(seat)
            other = s.determinize(seat, Rng.from_seed(checked, "world"))
            assert other.picture(seat) == svg
            for p in range(3):
                if p != seat and s.specials[p]:
                    assert f'id="hand-{p + 1}-card-1"' in svg
    assert checked


def _table():
    """Seat 0 (Old Family): Mom Parker, Velvet Vera east of her; seat 1: Judge Cohen with
    Anita Callahan north; Slim Jim and South Side Fencing uncontrolled."""
    s = blank(2, ("old_family", "carnival_boys"))
    boss(s, 0, "mom_parker")
    sub(s, 0, "velvet_vera", "mom_parker", (1, 0))
    boss(s, 1, "judge_cohen")
    sub(s, 1, "anita_callahan", "judge_cohen", (0, 1))
    racket(s, 1, "east_casinos")
    free(s, "slim_jim")
    free(s, "south_fencing")
    s.forget_legal_actions()
    return s


def test_attacks_target_the_leader_then_what_he_attacks() -> None:
    s = _table()
    vera, jim, casinos = card("velvet_vera"), card("slim_jim"), card("east_casinos")
    anita, fencing = card("anita_callahan"), card("south_fencing")
    legal = s.legal_actions()
    assert A.Recruit(vera, jim) in legal
    assert s.targets(A.Recruit(vera, jim)) == ("crook-velvet-vera", "crook-slim-jim")
    assert s.targets(A.Takeover(vera, casinos)) == ("crook-velvet-vera", "racket-east-side-casinos")
    assert s.targets(A.Takeover(vera, fencing)) == ("crook-velvet-vera",
                                                    "racket-south-side-fencing")
    assert s.targets(A.Hit(vera, anita)) == ("crook-velvet-vera", "crook-anita-callahan")
    svg = s.picture(0)
    for element in ("crook-velvet-vera", "crook-slim-jim", "racket-east-side-casinos",
                    "crook-anita-callahan", "racket-south-side-fencing"):
        assert element_ids(svg).count(element) == 1


def test_the_turns_other_actions_point_where_they_go() -> None:
    s = _table()
    vera, mom = card("velvet_vera"), card("mom_parker")
    assert s.targets(A.Move(vera)) == ("crook-velvet-vera", "mob-1")
    assert s.targets(A.Drop(vera)) == ("crook-velvet-vera", "uncontrolled")
    assert s.targets(A.GiveCrook(1, vera)) == ("crook-velvet-vera", "seat-2")
    assert s.targets(A.DoubleCross(vera)) == ("crook-velvet-vera", "crook-mom-parker")
    assert s.targets(A.GiveMoney(1, 5)) == ("seat-2",)
    assert s.targets(A.TAKE_TEN) == ("done",) and s.targets(A.LEAVE) == ("seat-1",)
    assert A.Move(vera) in s.legal_actions() and mom == s.mobs[0].root
    assert "Take 10 G, end turn" in s.picture(0)  # the Done marker says what it does
    assert 'id="done"' not in s.picture(1)        # and only the seat to act has one


def test_placing_a_crook_targets_him_then_an_open_place() -> None:
    """Moving Velvet Vera: she waits under the Mob, and each open side of Mom Parker is a
    place drawn in the picture."""
    s = _table()
    s.apply(A.Move(card("velvet_vera")))
    assert s.phase == "place"
    places = [a for a in s.legal_actions() if isinstance(a, A.Place)]
    assert places
    svg = s.picture(0)
    for a in places:
        first, where = s.targets(a)
        assert first == "crook-velvet-vera"
        assert where == element_id("spot", 1, a.x, a.y)
        assert f'id="{where}"' in svg
    assert (1, 0) in {(a.x, a.y) for a in places}  # she may go back where she was


def test_a_bid_targets_the_card_up_for_auction_and_passing_the_done_marker() -> None:
    s = GAME.new_state(3, 7)
    assert s.phase == "auction"
    up = s.picture(s.actor)
    bids = [a for a in s.legal_actions() if isinstance(a, A.Bid)]
    firsts = {s.targets(a) for a in bids}
    assert len(firsts) == 1  # one element: the page shows the number field there
    (element,) = firsts.pop()
    assert f'id="{element}"' in up and element.split("-")[0] in ("crook", "racket", "special")
    s.apply(bids[0])
    assert s.targets(A.PASS_BID) == ("done",) and "Pass" in s.picture(s.actor)


def test_specials_target_the_card_then_what_it_is_played_on() -> None:
    s = _table()
    wind = special(s, 0, "second_wind_1")
    rumor = special(s, 0, "ugly_rumor_1")
    s.tokens[card("velvet_vera")] = False
    s.forget_legal_actions()
    legal = s.legal_actions()
    assert A.PlaySpecial(wind, card("velvet_vera")) in legal
    assert s.targets(A.PlaySpecial(wind, card("velvet_vera"))) == (
        "special-second-wind-1", "crook-velvet-vera")
    assert s.targets(A.PlaySpecial(rumor, card("anita_callahan"))) == (
        "special-ugly-rumor-1", "crook-anita-callahan")
    assert 'id="special-second-wind-1"' in s.picture(0)
    assert "special-second-wind" not in s.picture(1)  # face down there, by its place
    assert 'id="hand-1-card-1"' in s.picture(1)


def test_card_names_fit_their_cards() -> None:
    """The longest names wrap or shrink inside the card (measured in Chromium by
    tests/web/test_picture_fit.py; here: no name is cut)."""
    s = blank(2, ("old_family", "carnival_boys"))
    boss(s, 0, "two_bit_tommy")
    for cid in ("the_great_zebrini", "smoothie_smythe", "bentley_grimes"):
        free(s, cid)
    svg = s.picture(0)
    assert "Two-Bit" in svg and "Zebrini" in svg and "..." not in svg

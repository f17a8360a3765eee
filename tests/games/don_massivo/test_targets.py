"""Playing from the board (State.targets, targets.py): every legal action names elements its
seat's picture draws, every decision of a game has them, each kind of action names the
elements a player would click (the token then the location, the card then where it goes, one
element for the whole of an amount), and no id tells what a seat may not see."""

from __future__ import annotations

import pytest
from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.actions import (
    DISCARD,
    DONE,
    FACEDOWN,
    GIVE_LOOT,
    GUARD,
    LAY,
    LEAN,
    MOVES,
    PAY,
    PAY_CASH,
    PLACE,
    RECRUIT,
    ROB,
    SELL,
    SELL_TO,
    SET_MONEY,
    SHOW,
    SPECIALIST,
    STAKES,
    STEAL,
    STRIKE,
    TAKE_G,
    TAKE_MONEY,
    USE,
    Stake,
)
from tabletop_games.don_massivo.cards import KINDS

from tabletop.pictures.targets import element_ids, target_problems
from tabletop.rng import Rng

from .test_casino import casino_next, leaning_villa_holder
from .test_locations import put_on_top
from .test_refresh import to_phase4


def ids(state, seat):
    """The element ids of ``seat``'s picture."""
    return set(element_ids(state.picture(seat)))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_every_legal_action_of_a_game_is_playable_from_the_seats_picture(players, seed):
    """Over a whole random game: every legal action of the seat to act names elements, and
    (the first few times each step comes up, as drawing is slow) its picture draws all of
    them, each id once (conformance check 6)."""
    st = GAME.new_state(players, seed)
    rng = Rng.from_seed(seed, "targets")
    checked: dict[str, int] = {}
    while not st.is_over:
        legal = st.legal_actions()
        assert all(st.targets(a) for a in legal), [st.describe(a) for a in legal
                                                    if not st.targets(a)]
        if checked.get(st.step, 0) < 6:
            checked[st.step] = checked.get(st.step, 0) + 1
            assert target_problems(st, st.to_act) == []
        st.apply(legal[rng.below(len(legal))])
    assert {"place", "move", "deal", "rob", "locations", "steal", "sell", "facedown",
            "refresh_money"} <= set(checked)


def test_placing_a_token_targets_the_location(table):
    st = GAME.new_state(3, 5)
    assert st.targets(PLACE["villa"]) == ("location-villa",)
    assert "location-villa" in ids(st, st.to_act)


def test_moving_a_token_targets_the_token_then_the_location(table):
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    assert st.targets(MOVES[(1, "bank")]) == ("token-1-2", "location-bank")
    assert st.targets(MOVES[(0, "villa")]) == ("token-1-1", "location-villa")


def test_paying_and_robbing_share_the_other_players_token_where_they_meet(table):
    """One element, two actions: the page offers a menu (pay or rob) at his token."""
    st = table.new(3, [["west", "east"], ["villa", "bank"], ["villa", "villa"]])
    table.hand(st, 0, gangsters=[table.g("money", 3)], stooges=[table.s("art", 1)])
    table.money(st, 0, pile=5)
    table.play(st, MOVES[(0, "bank")])
    assert st.targets(PAY[1]) == st.targets(ROB[1]) == ("token-2-2",)
    table.play(st, PAY[1])
    assert st.targets(PAY_CASH) == ("counter-1-money", "seat-2")
    assert st.targets(GIVE_LOOT[table.s("art", 1)]) == ("card-" + table.s("art", 1).lower(),
                                                        "seat-2")
    assert target_problems(st, 0) == []


def test_a_two_player_payment_without_meeting_targets_the_other_players_band(table):
    st = table.new(2, [["west", "east"], ["bank", "villa"]])
    table.money(st, 0, pile=5)
    table.play(st, MOVES[(0, "west")])  # stays put: no meeting
    assert st.targets(PAY[1]) == ("seat-2",)


def test_a_robbery_lays_cards_into_it_and_strikes_at_it(table):
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    laid, thrown = table.g("money", 3), table.g("art", 1)
    table.money(st, 1, shown=9)
    table.hand(st, 0, gangsters=[laid])
    table.hand(st, 1, gangsters=[thrown])
    table.play(st, MOVES[(0, "bank")], ROB[1])
    assert st.targets(LAY[laid]) == (f"card-{laid.lower()}", "robbery")
    table.play(st, LAY[laid])
    assert st.targets(STRIKE) == ("robbery",)
    assert f"card-{laid.lower()}" in ids(st, 0)  # the laid gangster lies in the robbery
    table.play(st, STRIKE)
    assert st.step == "defend" and st.to_act == 1
    assert st.targets(GUARD[thrown]) == (f"card-{thrown.lower()}", "robbery")
    assert st.targets(DONE) == ("done",)
    assert 'id="done"' in st.picture(1) and "Stand down" in st.picture(1)
    assert 'id="done"' not in st.picture(0)  # the marker is the defender's own


def test_the_locations_of_phase_three(table):
    """Stealing and the Villa's recruiting share the West Side (a menu there); leaning on a
    fence is a click on its pile; specialists go to the West Side; the job is done there."""
    st = table.new(3, [["bank", "villa"], ["west", "east"], ["east", "east"]])
    table.money(st, 0, pile=4)
    specialist = table.g("jewellery", 1)
    table.hand(st, 0, gangsters=[specialist])
    table.play(st, MOVES[(0, "west")], PAY[1])
    legal = st.legal_actions()
    assert USE["west"] in legal and RECRUIT in legal
    assert st.targets(USE["west"]) == st.targets(RECRUIT) == ("location-west",)
    assert st.targets(LEAN[2]) == ("fence-3",)
    assert st.targets(DONE) == ("done",) and "Done: end phase 3" in st.picture(0)
    table.play(st, USE["west"])
    assert st.targets(SPECIALIST[specialist]) == (f"card-{specialist.lower()}", "location-west")
    assert st.targets(STEAL) == ("location-west",)
    assert target_problems(st, 0) == []


def test_selling_hands_loot_to_the_chosen_fence(table):
    from tabletop_games.don_massivo.cards import FENCES

    st = table.new(3, [["bank", "villa"], ["east", "west"], ["west", "west"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "east")], PAY[1])
    put_on_top(st, 1, next(c for p in st.fence_piles for c in p if FENCES[c].name == "Jeweller"))
    loot = table.s("jewellery", 3)
    table.hand(st, 0, stooges=[loot])
    assert st.targets(USE["east"]) == ("location-east",)
    table.play(st, USE["east"])
    assert st.targets(SELL_TO[1]) == ("fence-2",)
    table.play(st, SELL_TO[1])
    assert st.targets(SELL[loot]) == (f"card-{loot.lower()}", "fence-2")
    table.play(st, SELL[loot])
    assert st.targets(DONE) == ("done",) and "Close the sale" in st.picture(0)
    assert target_problems(st, 0) == []


def test_each_money_question_stands_on_one_element(table):
    """An amount decision: all its sums name the same element, where the page shows the
    number field."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, shown=6)
    legal = st.legal_actions()
    takes = [a for a in legal if a in TAKE_MONEY.values()]
    assert len(takes) == 6 and {st.targets(a) for a in takes} == {("display-1-money",)}
    st = to_phase4(table)
    guard = table.g("art", 2)
    table.hand(st, 1, gangsters=[guard])
    table.money(st, 1, pile=3)
    st.forget_legal_actions()
    assert st.to_act == 1
    plain = {st.targets(FACEDOWN[("", a)]) for a in range(4)}
    with_card = {st.targets(FACEDOWN[(guard, a)]) for a in range(4)}
    assert plain == {("display-2-money",)}
    assert with_card == {(f"card-{guard.lower()}", "display-2")}
    assert target_problems(st, 1) == []


def test_phase_four_moves_cards_between_hand_display_and_discards(table):
    st = to_phase4(table)
    back, kept = table.g("money", 2), table.g("art", 3)
    table.display(st, 0, [back])
    table.hand(st, 0, gangsters=[kept])
    table.play(st, FACEDOWN[("", 0)], FACEDOWN[("", 0)])
    assert st.targets(TAKE_G[back]) == (f"card-{back.lower()}", "hand-1")
    assert st.targets(DONE) == ("done",) and "Done taking back" in st.picture(0)
    table.play(st, DONE)
    assert {st.targets(a) for a in SET_MONEY[:5]} == {("display-1-money",)}
    table.play(st, SET_MONEY[0])
    assert st.targets(SHOW[kept]) == (f"card-{kept.lower()}", "display-1")
    assert st.targets(DISCARD[kept]) == (f"card-{kept.lower()}", "gangster-discards")
    assert st.targets(DISCARD[table.s("art", 1)])[1] == "stooge-discards"
    assert target_problems(st, 0) == []


def test_casino_stakes_target_a_place_for_each_kind_and_one_for_staying_out(table):
    st = leaning_villa_holder(table)
    for s in range(3):
        table.money(st, s, pile=10)
    casino_next(st, 1)
    table.play(st, LEAN[1])
    assert st.step == "casino"
    for kind in KINDS:
        stakes = [a for a in STAKES if a.kind == kind]
        assert {st.targets(a) for a in stakes} == {(f"casino-{kind}",)}
    assert st.targets(Stake(0, "")) == ("casino-stay-out",)
    assert target_problems(st, st.to_act) == []


def test_ids_name_the_others_cards_by_their_places_only(table):
    """A seat's picture names its own cards and the face-up ones; another hand and what lies
    face down in another display are named by place, so the ids tell nothing hidden."""
    st = to_phase4(table)
    mine, hidden, down = table.g("money", 1), table.g("jewellery", 3), table.g("art", 2)
    table.hand(st, 0, gangsters=[mine])
    table.hand(st, 2, gangsters=[hidden, down])
    table.play(st, FACEDOWN[("", 0)], FACEDOWN[(down, 0)])
    for viewer in (0, 1, None):
        seen = ids(st, viewer)
        assert not {f"card-{hidden.lower()}", f"card-{down.lower()}"} & seen
        assert {"hand-3-card-1", "display-3-card-1"} <= seen
    assert {f"card-{hidden.lower()}", f"card-{down.lower()}"} <= ids(st, 2)
    assert f"card-{mine.lower()}" in ids(st, 0) and f"card-{mine.lower()}" not in ids(st, 1)


def test_element_ids_are_stable_from_move_to_move():
    """The board's places and pieces keep their ids: a token is the same token wherever it
    stands, a location the same location."""
    st = GAME.new_state(3, 11)
    rng = Rng.from_seed(11, "stable")
    fixed = {f"location-{loc}" for loc in ("west", "east", "bank", "villa", "prison")}
    fixed |= {f"fence-{p}" for p in (1, 2, 3)} | {"gangster-pile", "stooge-discards"}
    for _ in range(60):
        if st.is_over:
            break
        seen = ids(st, 0)
        assert fixed <= seen
        if st.step not in ("place",):
            assert {f"token-{s}-{t}" for s in (1, 2, 3) for t in (1, 2)} <= seen
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])

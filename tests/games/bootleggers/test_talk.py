"""Actions and questions in words (talk.py): seats as "Player 1", trucks from #1, cards with
what they do, the money involved, secrets kept from the others, long menus in groups."""

from __future__ import annotations

from games.bootleggers import GAME
from games.bootleggers.actions import OfferCrates, OfferTruck, PickMuscle, PlayThug, TakeOffer
from games.bootleggers.muscle import new_truck


def test_a_muscle_pick_names_the_card_and_its_cost_to_its_player_only() -> None:
    """Phase 1: Muscle cards are chosen face down and revealed together; the card's cost
    (Muscle card bands) shows in the menu."""
    state = GAME.new_state(3, 2)
    pick = next(a for a in state.legal_actions() if isinstance(a, PickMuscle))
    text = state.describe(pick)
    assert f"Muscle {pick.card} (costs $" in text and "face down" in text
    public = state.describe_public(pick)
    assert str(pick.card) not in public and "face down" in public


def test_offers_say_what_they_cost_and_do():
    s = GAME.new_state(2, 1)
    s.apply(PickMuscle(s.muscle_hands[0][-1]))
    s.apply(PickMuscle(s.muscle_hands[1][0]))
    assert "(costs $" in s.describe(TakeOffer(-1)) and "graft $" in s.describe(TakeOffer(-1))
    s.offers[0] = "hit#1"
    assert s.describe(TakeOffer(0)).endswith(
        "takes Hit (remove 1 man from a Speakeasy) from offer space 1")


def test_thug_plays_read_like_table_talk(make_table, goto):
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[2] = [2, 2, 1]
    goto(s, "lined_up", [0])
    truck = new_truck(s, 1, 6)
    truck.cargo = 5
    assert s.describe(PlayThug("mob_war", 2, 1, 2)) == (
        "Player 1 plays Mob War at Mother's Groceries, removing a man each of Player 2 and "
        "Player 3 [remove 2 men from a Speakeasy]")
    assert "removing a man of Player 2 [" in s.describe(PlayThug("hit", 2, 1))
    assert ", buying 2 men for $10G [" in s.describe(PlayThug("state_politics", -1, 2))
    assert s.describe(PlayThug("bust_a_shipment", truck.id)).startswith(
        f"Player 1 plays G-Men: Bust a Shipment on Player 2's Medium Truck #{truck.id + 1} "
        "(5 crates)")
    assert "Family Still ($3G or it idles)" in s.describe(PlayThug("vigorish", 1, -1))


def test_deal_offers_name_the_partner_and_the_truck_from_one(make_table, goto):
    s = make_table(3)
    goto(s, "deals", [0])
    assert s.describe(OfferCrates(1, 3, 2)) == "Player 1 offers Player 2 3 crates for $2G"
    assert s.describe(OfferTruck(2, 0, -1, True)) == (
        "Player 1 offers to sell his Small Truck #1 to Player 3 for a Thug card")


def test_long_deal_menus_come_in_groups_by_partner(make_table, goto):
    """Five partners, seven lots and five prices make 175 crate offers: the menu groups
    them by partner (one line each) and the trucks likewise."""
    s = make_table(6)
    goto(s, "deals", [0])
    s.crates[0] = 12
    s.forget_legal_actions()
    legal = s.legal_actions()
    groups = {s.action_group(a) for a in legal}
    assert len(legal) > 150
    assert "Offer crates to Player 2" in groups and "Offer a truck to Player 6" in groups
    assert len(groups) == 11  # crates and a truck for each of 5 partners, and "done"

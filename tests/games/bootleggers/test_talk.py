"""Actions and questions in words (talk.py): seats as "Player 1", trucks from #1, cards with
what they do, the money involved, secrets kept from the others, long menus in groups."""

from __future__ import annotations

from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import (
    REFUSE,
    AskPrice,
    OfferCrates,
    OfferTruck,
    PickMuscle,
    PlayThug,
    TakeOffer,
)
from tabletop_games.bootleggers.muscle import new_truck

from tabletop.amounts import amount_questions, parse_amount
from tabletop.cli.menus import build_menus


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
    assert s.describe(OfferCrates(1, 3)) == (
        "Player 1 offers Player 2 3 crates (the price comes next)")
    assert s.describe(OfferTruck(2, 0, True)) == (
        "Player 1 offers Player 3 his Small Truck #1 to buy (the price comes next)")
    s.apply(OfferTruck(2, 0, True))
    assert s.describe(AskPrice(-1)) == (
        "Player 1 asks Player 3 for a Thug card of his choice for buying his Small Truck #1")
    assert s.describe(AskPrice(0)) == (
        "Player 1 asks Player 3 nothing for buying his Small Truck #1 (a favour, or a promise)")
    s.apply(AskPrice(7))
    assert s.describe(REFUSE) == (
        "Player 3 turns down Player 1's offer: his Small Truck #1 to buy for $7G")


def test_deals_are_typed_amounts_crates_then_price(make_table, goto):
    # RULES.md: bl-deals, bl-deal-price
    """Any number of crates to any partner, then any price from $0G to $99G or a Thug card:
    each a typed amount (one menu line), no fixed lots or price list."""
    s = make_table(6)
    goto(s, "deals", [0])
    s.crates[0] = 12
    s.forget_legal_actions()
    questions, _ = amount_questions(s.legal_actions(), s.amount)
    assert [q.prompt() for q in questions] == [
        f"Crates to offer Player {p} (1 to 12 crates)" for p in range(2, 7)]
    s.apply(OfferCrates(3, 11))
    legal = s.legal_actions()
    questions, others = amount_questions(legal, s.amount)
    assert [q.prompt() for q in questions] == [
        "Price asked of Player 4 for the 11 crates ($0 to $99G)"]
    assert [s.describe(legal[i]) for i in others] == [
        "Player 1 asks Player 4 for a Thug card of his choice for the 11 crates"]
    index = parse_amount("$8G", questions[0])
    assert isinstance(index, int)
    s.apply(legal[index])
    assert s.to_act == 3 and s.decisions.top.get("price") == 8
    assert "Waiting for Player 4 to answer Player 1's offer: 11 crates for $8G." in s.render(3)


def test_long_deal_menus_come_in_groups_by_partner(make_table, goto):
    """Five partners, each with a typed number of crates and a truck to rent or sell: the
    crates are one line per partner, the trucks grouped by partner."""
    s = make_table(6)
    goto(s, "deals", [0])
    s.crates[0] = 12
    for _ in range(4):
        new_truck(s, 0, 4)
    s.forget_legal_actions()
    legal = s.legal_actions()
    top, full = build_menus(s, legal, [s.describe(a) for a in legal])
    lines = [text for text, _ in top.lines]
    assert lines == [*(line for p in range(2, 7) for line in (
        f"Crates to offer Player {p} (1 to 12 crates)",
        f"Offer a truck to Player {p} (10 choices)")), "Player 1 is done dealing"]
    assert full is not None

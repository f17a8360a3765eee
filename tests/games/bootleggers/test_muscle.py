"""Setup, Phase 1 (Muscle), Phase 3 (production and the Copper) and Phase 6 (muscle.py)."""

from __future__ import annotations

from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import (
    END_TURN,
    ChooseRemote,
    PickMuscle,
    PlaceDie,
    PlaceImprovement,
    TakeOffer,
)
from tabletop_games.bootleggers.cards import MUSCLE_COST, SUBDECKS
from tabletop_games.bootleggers.muscle import graft, move_copper, phase_six, produce

ALICE, BOB, CHARLIE, DAVID = range(4)


def test_setup_deals_three_from_each_subdeck():
    # RULES.md: bl-setup-muscle, bl-setup-holdings, bl-offers-dealt
    """Preparation: three Muscle cards from each sub-deck, a Family Still with one die, one
    Small Truck, $10G and one marker in the Back Room."""
    s = GAME.new_state(4, 7)
    for p in range(4):
        hand = s.muscle_hands[p]
        assert len(hand) == 12
        for first, last in SUBDECKS:
            assert sum(first <= c <= last for c in hand) == 3
        assert s.cash(p) == 10 and s.family[p] == 1 and s.back_influence[p] == 1
        assert [t.capacity for t in s.trucks if t.owner == p] == [4]
    assert len(s.offers) == 4 and all(s.offers) and s.truck_offer


def test_short_game_deals_two_from_each_subdeck():
    # RULES.md: bl-short-game
    """Optional shorter game: eight rounds, two cards from each quarter of the deck."""
    s = GAME.new_state(3, 1, {"short_game": True})
    assert all(len(h) == 8 for h in s.muscle_hands) and s.last_round == 8


def test_muscle_costs_follow_the_bands():
    # RULES.md: bl-muscle-costs
    """Muscle costs: 1-12 $0, 13-27 $1G, 28-45 $2G; [designed] 46-66 $3G, 67-72 $4G."""
    assert {MUSCLE_COST[n] for n in range(1, 13)} == {0}
    assert {MUSCLE_COST[n] for n in range(13, 28)} == {1}
    assert {MUSCLE_COST[n] for n in range(28, 46)} == {2}
    assert {MUSCLE_COST[n] for n in range(46, 67)} == {3}
    assert {MUSCLE_COST[n] for n in range(67, 73)} == {4}


def test_sealed_picks_stay_hidden_until_everyone_has_chosen():
    # RULES.md: bl-hidden
    # RULES.md: bl-sealed-muscle
    """Phase 1 steps 3-4: cards are laid face down and revealed together."""
    s = GAME.new_state(3, 2)
    card = s.muscle_hands[0][0]
    s.apply(PickMuscle(card))
    assert "own" not in s.observation(1)["sealed"]
    assert s.observation(0)["sealed"]["own"] == card
    assert s.observation(1)["sealed"]["committed"] == [0]
    assert s.shown == [0, 0, 0]
    s.apply(PickMuscle(s.muscle_hands[1][5]))
    s.apply(PickMuscle(s.muscle_hands[2][11]))
    assert s.step == "offers" and s.shown[0] == card
    assert s.order == sorted(range(3), key=lambda p: -s.shown[p])


def test_graft_and_cost_paid_as_far_as_the_money_goes(make_table, goto):
    # RULES.md: bl-payroll
    """Phase 1 step 5a: graft ($1G small/medium, $2G large) plus the card's cost; a Mobster
    who cannot pay pays all he has, without debt."""
    s = make_table(2, muscle=[70, 5])
    from tabletop_games.bootleggers.muscle import new_truck
    new_truck(s, 0, 9)
    assert graft(s, 0) == 3
    s.money.burn("seat:0", 8)  # $2G left, $7G due
    s.paid = [False, False]
    goto(s, "offers")
    from tabletop_games.bootleggers.flow import run
    run(s)
    assert s.cash(0) == 0 and s.step == "offers"


def test_truck_card_bought_or_discarded(make_table, goto):
    # RULES.md: bl-card-truck
    """Phase 1, Truck cards: pay the price and take the truck; one who cannot pay loses the
    card. An unchosen Truck card stays on offer."""
    s = make_table(2)
    s.truck_offer = "large#1"
    s.truck_deck.draw_pile.remove("large#1")
    goto(s, "offers", [0, 1])
    s.money.burn("seat:0", 8)  # $2G: a Large Truck costs $3G
    s.apply(TakeOffer(-1))
    assert s.truck_offer == "" and "large#1" in s.truck_deck.discard_pile
    assert not any(t.capacity == 9 for t in s.trucks)


def test_truck_card_stays_when_unchosen(make_table, goto):
    # RULES.md: bl-offers-dealt, bl-offers-left
    s = make_table(2)
    truck = s.truck_offer
    _give(s, 0, "influence")
    s.offers.reverse()
    _give(s, 0, "influence")
    assert not s.invariants()
    goto(s, "offers", [0, 1])
    s.apply(TakeOffer(0))
    s.apply(TakeOffer(1))
    # the round went on; the truck card is still there, Men of Action are gone
    assert s.truck_offer == truck
    assert s.step != "offers"


def test_unchosen_men_of_action_are_discarded(make_table, goto):
    # RULES.md: bl-offers-left
    """Phase 1 step 7: one Mobster took the Truck, so one Men of Action card is discarded."""
    s = make_table(2)
    goto(s, "offers", [0, 1])
    left = s.offers[1]
    s.apply(TakeOffer(-1))
    s.apply(TakeOffer(0))
    while s.step == "offers":
        s.apply(s.legal_actions()[0])
    assert left in s.deck.discard_pile


def _give(s, seat, key):
    card = next(c for c in s.deck.draw_pile if c.startswith(key + "#"))
    s.deck.draw_pile.remove(card)
    if s.offers[0]:
        s.deck.discard(s.offers[0])
    s.offers[0] = card
    return card


def test_influence_card_goes_to_the_back_room(make_table, goto):
    # RULES.md: bl-card-influence
    """Influence cards: markers from the supply into the Back Room."""
    s = make_table(2)
    _give(s, 0, "double_influence")
    goto(s, "offers", [0, 1])
    s.apply(TakeOffer(0))
    assert s.back_influence[0] == 3


def test_double_still_two_dice_or_remote(make_table, goto):
    # RULES.md: bl-faq-double-still
    # RULES.md: bl-card-double-still
    """Double Still Improvement: two dice (FAQ: both on the Family Still, both on a Remote
    Still, or one on each) or a new Remote Still with one die."""
    s = make_table(2)
    s.remote_owner[0], s.remote_dice[0] = 0, 1
    _give(s, 0, "double_still")
    goto(s, "offers", [0, 1])
    s.apply(TakeOffer(0))
    assert set(s.legal_actions()) == {ChooseRemote(True), ChooseRemote(False)}
    s.apply(ChooseRemote(False))
    assert PlaceDie(1) in s.legal_actions() and PlaceDie(0) in s.legal_actions()
    s.apply(PlaceDie(0))
    s.apply(PlaceDie(1))
    assert s.family[0] == 2 and s.remote_dice[0] == 2


def test_double_still_opens_a_remote(make_table, goto):
    # RULES.md: bl-card-double-still
    s = make_table(2)
    _give(s, 0, "double_still")
    goto(s, "offers", [0, 1])
    s.apply(TakeOffer(0))
    s.apply(ChooseRemote(True))
    assert s.remote_owner.count(0) == 1 and s.remote_dice[s.remote_owner.index(0)] == 1


def test_still_die_may_wait_in_back_room_and_be_placed_later(make_table, goto):
    # RULES.md: bl-card-still, bl-back-room-placement
    """Hints on bidding: improvement dice may wait in the Back Room and be placed whenever
    Muscle cards are shown."""
    s = make_table(2)
    _give(s, 0, "still_improvement")
    goto(s, "offers", [0, 1])
    s.apply(TakeOffer(0))
    s.apply(PlaceDie(-1))
    assert s.back_dice[0] == 1
    assert PlaceDie(0) in s.legal_actions()  # still seat 0's turn: place it now
    s.apply(PlaceDie(0))
    assert s.family[0] == 2 and s.back_dice[0] == 0


def test_speakeasy_improvement_placed_or_kept(make_table, goto):
    # RULES.md: bl-card-speakeasy-improvement
    s = make_table(2)
    _give(s, 0, "speakeasy_improvement")
    goto(s, "offers", [0, 1])
    s.apply(TakeOffer(0))
    assert PlaceImprovement(0) not in s.legal_actions()  # O'Malley's has no squares
    s.apply(PlaceImprovement(2))
    assert s.improvements[2] == 1


def test_copper_example(make_table, dice):
    # RULES.md: bl-copper-moves
    """Rulebook, Phase 3 example: Alice (with the Copper) rolls 5-3 at home and 5-2 at her
    Remote Still, Bob 6, Charlie 5 at home and 6-3 remote, David 4-3. Alice's Family Still is
    shut by the 5 (0 crates) but her Remote makes 7; Bob 6; Charlie 14; David 7. The Copper
    moves to David: only Family Still production counts."""
    s = make_table(4, muscle=[40, 30, 20, 10])
    s.round_no = 5
    s.copper = ALICE
    s.family = [2, 1, 1, 2]
    s.remote_owner[0], s.remote_dice[0] = ALICE, 2
    s.remote_owner[1], s.remote_dice[1] = CHARLIE, 2
    s.rng = dice([5, 3, 5, 2, 6, 5, 6, 3, 4, 3])  # in Muscle order: Alice, Bob, Charlie, David
    mark = s.log.total
    produce(s)
    assert s.crates == [7, 6, 14, 7]
    assert s.copper == DAVID
    told = [e.text for e in s.log.since(mark)]  # the dice, the crates and the Copper's move
    assert told[0] == ("Player 1's Family Still rolls 5+3, shut by the Copper (a 5 was "
                       "rolled); Remote Still 1 rolls 5+2 = 7: 7 crates to his Back Room "
                       "(now 7).")
    assert told[2] == ("Player 3's Family Still rolls 5; Remote Still 2 rolls 6+3 = 9: "
                       "14 crates to his Back Room (now 14).")
    assert told[-1] == ("The Copper moves from Player 1's Family Still to Player 4's, which "
                        "made the most (7 crates).")


def test_copper_tie_goes_to_lowest_muscle(make_table):
    # RULES.md: bl-copper-moves
    """Phase 3 step 3: ties go against the lowest Muscle."""
    s = make_table(3, muscle=[10, 50, 30])
    s.round_no = 4
    move_copper(s, [6, 6, 2])
    assert s.copper == 0


def test_copper_waits_until_round_four_and_bites_from_round_five(make_table, dice):
    # RULES.md: bl-copper-bites
    s = make_table(2, muscle=[10, 20])
    s.round_no = 3
    move_copper(s, [6, 2])
    assert s.copper == -1
    s.round_no = 4
    s.copper = 0
    s.rng = dice([1, 5])  # seat 1 first (higher Muscle), then seat 0 rolls a 5
    produce(s)
    assert s.crates[0] == 5  # round 4: the Copper does not stop the still yet


def test_phase_six_bonus_and_announcement(make_table):
    # RULES.md: bl-heat
    """Phase 6: at the end of rounds 4 and 8 everyone gains a marker and the poorest
    (ties: lowest Muscle) one more; all money is announced."""
    s = make_table(3, muscle=[10, 50, 30])
    s.round_no = 4
    s.money.burn("seat:0", 3)
    s.money.burn("seat:2", 3)
    phase_six(s)
    assert s.back_influence == [3, 2, 2]
    assert s.announced == [7, 10, 7] and s.announced_round == 4
    assert s.observation(1)["announced"] == [7, 10, 7]


def test_end_turn_offered_after_taking_a_thug(make_table, goto):
    # RULES.md: bl-card-thug
    """Thug cards may be played at once or kept: after taking one, its player may still
    play Thugs in his turn, then ends it."""
    s = make_table(2)
    _give(s, 0, "recruiting")
    goto(s, "offers", [0, 1])
    s.apply(TakeOffer(0))
    assert END_TURN in s.legal_actions() and s.to_act == 0


def test_new_truck_owes_graft_from_next_round(make_table, goto):
    # RULES.md: bl-new-truck-graft
    """Truck cards: no graft for the new truck in the round it is bought, graft after."""
    s = make_table(2)
    s.truck_offer = "large#2"
    s.truck_deck.draw_pile.remove("large#2")
    goto(s, "offers", [0, 1])
    s.apply(TakeOffer(-1))
    assert s.cash(0) == 10 - 3  # paid the truck, graft of this round was already paid
    assert graft(s, 0) == 1 + 2


def test_speakeasy_improvement_card_gives_nothing_when_all_markers_are_out(make_table, goto):
    # RULES.md: bl-improvement-markers-out
    """RULES.md, Phase 1 [decided]: with all 12 Speakeasy Improvement markers out, the card
    gives nothing, and the table is told why (the kind that never fires in bot play)."""
    s = make_table(2)
    s.improvements[1:5] = [1, 2, 3, 4]
    s.back_impr[1] = 2
    _give(s, 0, "speakeasy_improvement")
    goto(s, "offers", [0, 1])
    mark = s.log.total
    s.apply(TakeOffer(0))
    assert s.decisions.top is None and s.back_impr[0] == 0
    said = [e for e in s.log.since(mark) if e.kind == "improvement"]
    assert said and "All 12" in said[0].text and "Player 1 nothing" in said[0].text

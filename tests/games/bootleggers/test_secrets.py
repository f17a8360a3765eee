"""Secrets stay secret: whether a Mobster is asked something never depends on the Thug cards
he holds (only on how many, which everyone sees), and staying out of a question one takes
no part in is one answer."""

from __future__ import annotations

from tabletop_games.bootleggers.actions import END_TURN, REACT, PlayThug, TakeOffer
from tabletop_games.bootleggers.agents import HeuristicAgent
from tabletop_games.bootleggers.flow import run

from tabletop.rng import Rng

A, B, C, D = range(4)
MOTHERS = 2


def test_every_rival_holding_thug_cards_is_asked_about_a_thug_card(make_table, goto, give):
    # RULES.md: bl-hidden
    """G-Men: Investigation cancels a Thug card just played. Asking only its holders would
    tell the table who holds one: every rival with a Thug card in hand is asked, in Muscle
    order; the one without an Investigation can only let it stand (and stays out of it);
    a rival with no Thug card at all (public) is not asked."""
    s = make_table(4, muscle=[40, 30, 20, 10])
    s.influence[MOTHERS] = [2, 1, 1, 1]
    give(s, A, "hit")
    give(s, B, "moll")
    give(s, C, "investigation")
    goto(s, "production", [A])
    s.apply(PlayThug("hit", MOTHERS, B))
    assert s.to_act == B and s.legal_actions() == (REACT[0],)
    assert s.stay_out() == REACT[0]
    s.apply(REACT[0])
    assert s.to_act == C and set(s.legal_actions()) == set(REACT)
    assert s.stay_out() is None  # he may cancel it: he takes part
    s.apply(REACT[0])
    assert s.decisions.top is None and s.influence[MOTHERS][B] == 0  # D was never asked


def test_a_thug_window_turn_does_not_tell_whether_a_card_is_playable(make_table, goto, give):
    """A seat holding a Thug card gets its turn in a Thug window whether or not the card
    may be played then (Hey, Free Truck only once the trucks are loaded): both just say
    they are done, and staying out plays that."""
    s = make_table(3, muscle=[30, 20, 10])
    give(s, A, "hey_free_truck")  # not playable before the trucks are loaded
    give(s, B, "moll")  # playable now
    goto(s, "production", [A, B, C])
    run(s)
    assert s.to_act == A and s.legal_actions() == (END_TURN,)
    assert s.stay_out() == END_TURN
    s.apply(END_TURN)
    assert s.to_act == B and END_TURN in s.legal_actions() and len(s.legal_actions()) > 1
    assert s.stay_out() is None


def test_after_taking_an_offer_a_thug_holder_keeps_his_turn_whatever_he_holds(make_table,
                                                                           goto, give):
    """Phase 1: after his offer a Mobster may still play Thug cards; he is asked whenever he
    holds one, playable or not."""
    s = make_table(2)
    give(s, A, "hey_free_truck")
    s.offers = [c if not c.startswith("hey_free") else "" for c in s.offers]
    goto(s, "offers", [A, B])
    s.apply(TakeOffer(next(i for i, c in enumerate(s.offers) if c)))
    if s.decisions.top is not None:  # a die or an improvement to place first
        s.apply(s.legal_actions()[0])
    assert s.to_act == A and END_TURN in s.legal_actions()


def test_bots_do_not_repeat_an_offer_just_turned_down(make_table, goto):
    """Phase 4 deals: a Mobster makes up to two offers a round; after a refusal the bot
    does not put the same offer again in the same step."""
    from tabletop_games.bootleggers.actions import AskPrice, OfferCrates, RefuseDeal

    s = make_table(2)
    s.crates = [9, 0]
    goto(s, "deals", [A])
    bot = HeuristicAgent()
    first = bot.choose(s, s.legal_actions(), Rng(1))
    assert isinstance(first, OfferCrates)
    s.apply(first)
    price = bot.choose(s, s.legal_actions(), Rng(1))
    assert isinstance(price, AskPrice) and price.price >= 0
    s.apply(price)
    s.apply(RefuseDeal())
    for k in range(20):
        trial = s.clone()
        again = bot.choose(trial, trial.legal_actions(), Rng(k))
        if again == first:
            trial.apply(again)
            assert bot.choose(trial, trial.legal_actions(), Rng(k)) != price

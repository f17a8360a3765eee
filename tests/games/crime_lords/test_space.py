"""The fixed action space, the observation tensor, perturb and the bids of any amount."""

from __future__ import annotations

from games.crime_lords import GAME, space
from games.crime_lords import actions as A
from games.crime_lords.cards import N_CROOKS
from games.crime_lords.scenario import blank, boss, card, special, sub
from tabletop.rng import Rng


def test_every_legal_action_of_random_games_is_numbered_and_back() -> None:
    """Issue 18 §2: every legal action maps into the space and back, distinct actions to
    distinct numbers, and the space does not depend on the game's course."""
    for players in (2, 4):
        size = GAME.action_space(players, None)
        assert size == space.size(players)
        for seed in range(2):
            s = GAME.new_state(players, seed)
            rng = Rng.from_seed(seed)
            for _ in range(400):
                if s.is_over:
                    break
                legal = s.legal_actions()
                numbers = s.legal_indices()
                assert len(set(numbers)) == len(legal)
                assert all(0 <= n < size for n in numbers)
                assert [s.action_from_index(n) for n in numbers] == list(legal)
                s.apply(legal[rng.below(len(legal))])


def test_a_placement_is_numbered_by_its_superior_and_side() -> None:
    """"Laying out the Mob": a Crook goes on an open side of a stronger Crook; the number
    says which superior and which side, the Crook being placed is the question's."""
    s = blank(2)
    boss(s, 0, "big_sal")
    butcher = card("the_butcher")
    s.phase, s.layout_queue, s.loc[butcher] = "layout", [butcher], 0
    s.draw_pile.remove(butcher)
    for a in s.legal_actions():
        assert type(a) is A.Place and s.action_from_index(s.action_index(a)) == a
    assert len({s.action_index(a) for a in s.legal_actions()}) == 4


def test_the_tensor_has_its_shape_and_hides_rival_specials() -> None:
    """The tensor has the declared length, and a rival's Special (hidden) reads the same as
    a card in the deck, while the seat's own Special is seen in its hand."""
    s = blank(2)
    boss(s, 0, "big_sal")
    boss(s, 1, "bugsy_small")
    special(s, 1, "sure_thing_1")
    t0 = s.observation_tensor(0)
    assert len(t0) == GAME.observation_shape(2, None)[0]
    s2 = s.clone()
    s2.specials[1] = [card("hot_tip_1")]
    s2.loc[card("sure_thing_1")], s2.loc[card("hot_tip_1")] = -1, 1
    assert s2.observation_tensor(0) == t0
    assert s.observation_tensor(1) != s2.observation_tensor(1)


def test_perturb_changes_only_what_the_seat_cannot_see() -> None:
    """perturb swaps a rival's face-down Special with one from the deck: the seat's view is
    the same, the rival's hand is not."""
    s = blank(2)
    boss(s, 0, "big_sal")
    boss(s, 1, "bugsy_small")
    special(s, 1, "sure_thing_1")
    p = s.perturb(0, Rng.from_seed(1))
    assert p is not None and p.specials[1] != s.specials[1]
    assert p.observation(0) == s.observation(0) and p.render(0) == s.render(0)


# rules: cl-bid-any-amount
def test_a_bid_may_be_any_amount_the_bidding_money_pays() -> None:
    """"Bidding for Crooks": players bid "any amount"; every amount from the high bid + 1
    to the bidding money left is offered (issue 16 §2), and the opening bid may be 0."""
    s = GAME.new_state(2, 3)
    assert s.phase == "auction"
    have = s.bid_money[s.actor]
    assert [a.amount for a in s.legal_actions()] == list(range(have + 1))
    s.apply(A.Bid(7))
    legal = s.legal_actions()
    assert [a.amount for a in legal if type(a) is A.Bid] == list(range(8, 26))
    assert A.PASS_BID in legal
    assert s.action_group(A.Bid(13)) == "Bid 11 to 20 G"
    assert s.action_group(A.Bid(8)) == "Bid 10 G or less"
    assert s.action_group(A.Bid(25)) == "Bid 21 to 25 G"


def test_the_space_holds_two_payments_per_crook() -> None:
    """Paying short ("Sequence of Play", step 2): a Crook's whole wage or 1 G of it."""
    s = blank(2)
    sal = boss(s, 0, "big_sal")
    butcher = sub(s, 0, "the_butcher", "big_sal", (1, 0))
    s.phase, s.pay_due = "pay", {sal: 0, butcher: 4}
    full, one = s.action_index(A.Pay(butcher, 4)), s.action_index(A.Pay(butcher, 1))
    assert full != one
    assert s.action_from_index(full) == A.Pay(butcher, 4)
    assert s.action_from_index(one) == A.Pay(butcher, 1)
    assert space.size(2) - len(space.listed(2)) == 6 * N_CROOKS

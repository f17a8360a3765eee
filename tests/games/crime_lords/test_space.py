"""The fixed action space, the observation tensor, perturb and the bids of any amount."""

from __future__ import annotations

from tabletop_games.crime_lords import GAME, space
from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords.cards import CARDS, N_CROOKS
from tabletop_games.crime_lords.scenario import blank, boss, card, special, sub
from tabletop_games.crime_lords.state import CrimeLordsState

from tabletop.amounts import Amount, AmountQuestion, parse_amount
from tabletop.cli.menus import build_menus
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


# rules: cl-bid-any-amount cl-free-actions cl-trades
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


def test_a_bid_is_typed_and_the_number_typed_is_the_amount_bid() -> None:
    """Issue 26 §2: the bids are one amount decision, one menu line "Your bid for X, wage 5
    G a turn, 7 G as your Boss (8 to 25 G)"; typing 13 bids 13 G, never 12 or 14."""
    s = GAME.new_state(2, 3)
    s.apply(A.Bid(7))
    legal = s.legal_actions()
    texts = [s.describe(a) for a in legal]
    top, _ = build_menus(s, legal, texts)
    (text, question), (passing, index) = top.lines
    assert isinstance(question, AmountQuestion) and question.values == list(range(8, 26))
    assert text.startswith(f"Your bid for {CARDS[s.auc_card].name}") and text.endswith(
        "(8 to 25 G)")
    assert legal[index] == A.PASS_BID and "passes on" in passing
    for typed in ("8", "13", "25 G"):
        assert legal[parse_amount(typed, question)] == A.Bid(int(typed.split()[0]))
    assert isinstance(parse_amount("7", question), str)


def test_the_bid_shows_the_wage_of_a_crook_and_the_income_of_a_racket() -> None:
    """Issue 26 §1: "a Crook's wage is shown with the card" in the auction: his Power each
    turn, more as Boss (the Boss token adds to it); a Racket's income."""
    s = blank(2, ("old_family", "carnival_boys"))
    mike = card("iron_mike")
    s.phase, s.actor, s.auc_card = "auction", 0, mike
    assert s.amount(A.Bid(3)) == Amount(
        "Your bid for Iron Mike Dolan, wage 5 G a turn, 8 G as your Boss", 3, unit="G")
    assert "wage 5 G" in s.render(0)
    numbers = card("north_numbers")
    s.auc_card = numbers
    assert s.amount(A.Bid(3)).question.endswith(f"income {CARDS[numbers].income} G a turn")


def test_gifts_and_money_in_deals_may_be_any_amount_up_to_the_bound() -> None:
    """"Gifts and Trades": money is given, sold for or asked in any amount (issue 26 §2:
    not 1, 5 or 10 G); a player offers 1 G up to what he holds (at most 199 G at once, the
    bound of the fixed action space), and every such action is numbered and back."""
    def turn(money: int) -> CrimeLordsState:
        s = blank(2)
        boss(s, 0, "big_sal")
        boss(s, 1, "judge_cohen")
        s.phase, s.actor, s.current, s.free_left, s.money = "actions", 0, 0, 4, [money, 300]
        return s

    s = turn(37)
    legal = s.legal_actions()
    gifts = [a.amount for a in legal if type(a) is A.GiveMoney]
    offers = [a.money for a in legal if type(a) is A.OfferTrade and a.card < 0]
    assert gifts == offers == list(range(1, 38))
    assert s.amount(A.GiveMoney(1, 12)) == Amount(
        "Give money to Player 2 (The Downtowners)", 12, unit="G")
    for a in legal:
        assert s.action_from_index(s.action_index(a)) == a
    s = turn(500)
    gifts = [a.amount for a in s.legal_actions() if type(a) is A.GiveMoney]
    assert gifts == list(range(1, 200))
    s.apply(A.OfferTrade(1, -1, 150))
    asks = [a.money for a in s.legal_actions() if type(a) is A.AskFor]
    assert asks == []  # never money for money


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

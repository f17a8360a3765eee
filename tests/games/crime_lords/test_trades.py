"""Rule scenarios for "Gifts and Trades": sales, purchases, swaps, refusals, throwing the game."""

from __future__ import annotations

from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords import victory
from tabletop_games.crime_lords.scenario import blank, boss, card, racket, special, sub

from tabletop.rng import Rng


def _table(**options):
    s = blank(2, **options)
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    return s


# rules: cl-trades
def test_a_sale_is_made_at_once_when_accepted() -> None:
    """"Gifts and Trades": a Racket sold for money ("traded for money"); "binding if they make
    the exchange immediately", so both sides change hands on the answer."""
    s = _table()
    casinos = racket(s, 0, "west_casinos")
    assert "proposes a deal to Player 2 (" in s.describe(A.OfferTrade(1, casinos, 0))
    s.apply(A.OfferTrade(1, casinos, 0))
    assert s.phase == "trade_ask" and s.actor == 0 and s.free_left == 3
    assert A.AskFor(-1, 20) in s.legal_actions() and A.WITHDRAW in s.legal_actions()
    s.apply(A.AskFor(-1, 20))
    assert s.phase == "trade" and s.actor == 1
    assert list(s.legal_actions()) == [A.ACCEPT, A.REFUSE]
    assert "takes the deal" in s.describe(A.ACCEPT)
    s.apply(A.ACCEPT)
    assert s.rackets[1] == [casinos] and s.loc[casinos] == 1 and not s.rackets[0]
    assert s.money == [70, 30]
    assert s.phase == "actions" and s.actor == 0 and s.trade == []
    assert ("Deal: Player 1 (The Old Family) gives West Side Casinos to Player 2 "
            "(The Downtowners) for 20 G") in s.log.recent(1)[0]


# rules: cl-trades
def test_a_purchase_and_a_swap() -> None:
    """Money for a Racket (a purchase), and a Racket for a Racket (a trade)."""
    s = _table()
    mine = racket(s, 0, "north_numbers")
    theirs = racket(s, 1, "south_casinos")
    other = racket(s, 1, "east_fencing")
    s.apply(A.OfferTrade(1, -1, 10))
    # money is never traded for money
    assert all(a.card >= 0 for a in s.legal_actions() if isinstance(a, A.AskFor))
    s.apply(A.AskFor(theirs, 0))
    s.apply(A.ACCEPT)
    assert theirs in s.rackets[0] and s.money == [40, 60]
    s.apply(A.OfferTrade(1, mine, 0))
    s.apply(A.AskFor(other, 0))
    s.apply(A.ACCEPT)
    assert sorted(s.rackets[0]) == sorted([theirs, other]) and s.rackets[1] == [mine]


def test_a_refused_or_withdrawn_offer_changes_nothing_but_the_free_action() -> None:
    """Nothing is binding unless it is exchanged: a refused offer moves nothing; a
    withdrawn one neither. Each offer is one of the turn's free actions."""
    s = _table()
    r = racket(s, 0, "north_numbers")
    s.apply(A.OfferTrade(1, r, 0))
    s.apply(A.AskFor(-1, 5))
    s.apply(A.REFUSE)
    assert s.rackets[0] == [r] and s.money == [50, 50] and s.phase == "actions"
    s.apply(A.OfferTrade(1, r, 0))
    s.apply(A.WITHDRAW)
    assert s.rackets[0] == [r] and s.actor == 0 and s.free_left == 2


def test_the_buyer_must_have_the_money() -> None:
    """A player cannot accept a deal he cannot pay: only a refusal is open to him, and an
    attempt to accept is refused with the reason."""
    s = _table()
    r = racket(s, 0, "north_numbers")
    s.money[1] = 8
    s.apply(A.OfferTrade(1, r, 0))
    s.apply(A.AskFor(-1, 10))
    assert list(s.legal_actions()) == [A.REFUSE]
    assert "money" in s.why_illegal(A.ACCEPT)


# rules: cl-throwing-the-game
def test_a_trade_may_not_throw_the_game_but_may_let_both_win() -> None:
    """"Throwing the Game": a trade that brings only one player to the target is not on
    offer; "A trade that lets both players win is perfectly legal". Short game, 11 to win:
    P1 has 9 (three North Rackets among them), P2 has 10 (9 Rackets, three Speakeasies
    nobody else holds). East Fencing would give P2 a third Fencing nobody else holds (+1);
    North Protection would give P1 a fourth North Racket with nobody else holding one
    there (+2)."""
    s = _table(short_game=True)
    for cid in ("north_numbers", "north_casinos", "north_bookmaking", "east_fencing",
                "south_casinos", "south_smuggling", "central_numbers", "central_bookmaking",
                "east_loan_sharking"):
        racket(s, 0, cid)
    for cid in ("north_protection", "south_fencing", "west_fencing", "south_numbers",
                "south_bookmaking", "east_speakeasies", "west_speakeasies",
                "central_speakeasies", "west_protection"):
        racket(s, 1, cid)
    assert (victory.score(s, 0), victory.score(s, 1), victory.target(s)) == (9, 10, 11)
    s.apply(A.OfferTrade(1, card("east_fencing"), 0))
    asks = s.legal_actions()
    assert A.AskFor(-1, 5) not in asks                         # P2 alone would win
    assert A.AskFor(card("west_protection"), 0) not in asks    # likewise
    assert A.AskFor(card("north_protection"), 0) in asks       # both would win
    s.apply(A.AskFor(card("north_protection"), 0))
    s.apply(A.ACCEPT)
    assert victory.score(s, 0) == victory.score(s, 1) == 11


def test_an_offered_special_is_shown_and_stays_put_in_every_players_guess() -> None:
    """A Special offered in a trade is shown (the rulebook lets a player show his
    Specials): the offer names it for everyone, and a rival's determinized guess keeps it in
    the offering hand while it reshuffles the rest."""
    s = _table()
    tip = special(s, 0, "hot_tip_1")
    special(s, 0, "payday_1")
    s.apply(A.OfferTrade(1, tip, 0))
    assert "Hot Tip" in s.describe_public(A.OfferTrade(1, tip, 0))
    for seed in range(20):
        guess = s.determinize(1, Rng.from_seed(seed))
        assert tip in guess.specials[0] and len(guess.specials[0]) == 2
        assert guess.loc[tip] == 0


# rules: cl-specials-hand
def test_a_special_given_away_stays_face_down_for_the_others() -> None:
    """Specials are kept face down: the giver's own menu names the card, the table only
    sees that a Special changed hands."""
    s = _table()
    pay = special(s, 0, "payday_1")
    assert "Payday" in s.describe(A.GiveCard(1, pay))
    public = s.describe_public(A.GiveCard(1, pay))
    assert "Payday" not in public and "a Special card" in public


# rules: cl-free-actions
def test_no_offers_once_the_free_actions_are_spent() -> None:
    """Offers count among the turn's four free actions ([decided] bound)."""
    s = _table()
    r = racket(s, 0, "north_numbers")
    for _ in range(4):
        s.apply(A.OfferTrade(1, r, 0))
        s.apply(A.WITHDRAW)
    assert not any(isinstance(a, A.OfferTrade) for a in s.legal_actions())
    assert "free actions" in s.why_illegal(A.OfferTrade(1, r, 0))


def test_a_crook_bought_for_money_spends_his_token_and_is_placed_by_his_buyer() -> None:
    """"Giving Away Crooks": on your turn you may "sell or trade him, or trade something
    (cash, cards or Crooks) to get a Crook"; he comes with his subordinates, spends his
    token (he gets a new superior) and his new owner fits him into his Mob."""
    s = _table()
    rosa = sub(s, 1, "rosa_delgado", "judge_cohen", (1, 0))
    kid = sub(s, 1, "kid_cobb", "rosa_delgado", (2, 0))
    s.apply(A.OfferTrade(1, -1, 20))
    assert A.AskFor(rosa, 0) in s.legal_actions()
    assert A.AskFor(card("judge_cohen"), 0) not in s.legal_actions()   # never the Boss
    s.apply(A.AskFor(rosa, 0))
    s.apply(A.ACCEPT)
    assert s.phase == "place" and s.actor == 0
    s.apply(s.legal_actions()[0])
    assert s.loc[rosa] == 0 and s.loc[kid] == 0 and not s.tokens[rosa] and s.tokens[kid]
    assert s.money == [30, 70] and s.phase == "actions" and s.actor == 0


def test_one_crook_a_deal_and_only_on_the_turn_of_one_of_the_two() -> None:
    """A Crook for a Crook is not offered (one placement a deal, [decided]); with three
    players, a Crook changes hands only between the player whose turn it is and another."""
    s = blank(3, open_table=True)
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    boss(s, 2, "lucky_lou")
    rosa = sub(s, 0, "rosa_delgado", "big_sal", (1, 0))
    anita = sub(s, 1, "anita_callahan", "judge_cohen", (1, 0))
    s.apply(A.OfferTrade(1, rosa, 0))
    assert A.AskFor(anita, 0) not in s.legal_actions()
    s.apply(A.WITHDRAW)
    s.apply(A.END_TURN)                 # P2's turn: P3 may deal with P2, not with P1
    assert s.phase == "window" and s.actor == 2
    offers = [a for a in s.legal_actions() if isinstance(a, A.OfferTrade) and a.money > 0]
    assert any(a.to == 1 for a in offers)
    s.apply(A.OfferTrade(0, -1, 5))
    assert A.AskFor(rosa, 0) not in s.legal_actions()


def test_no_special_is_played_while_a_deal_is_on_the_table() -> None:
    """A deal is made at once ("binding if they make the exchange immediately"): while it
    is open neither player plays a Special, not even one usable at any time (so an offered
    Payday is still there when the deal is taken)."""
    s = _table()
    pay = special(s, 0, "payday_1")
    special(s, 1, "payday_2")
    s.apply(A.OfferTrade(1, pay, 0))
    assert s.phase == "trade_ask"
    assert not any(type(a) is A.PlaySpecial for a in s.legal_actions())
    s.apply(next(a for a in s.legal_actions() if type(a) is A.AskFor and a.money == 5))
    assert s.phase == "trade" and s.actor == 1
    assert not any(type(a) is A.PlaySpecial for a in s.legal_actions())
    s.apply(A.ACCEPT)
    assert pay in s.specials[1]


def test_a_guessed_world_keeps_the_treasuries_so_the_money_offered_is_payable() -> None:
    """"Money": a rival's treasury is hidden from view, but every G it moved was told to the
    table, so a guess (determinize) keeps it: a sum offered in the open is payable in every
    guess (else accepting the deal drives the proposer's treasury below zero and his next
    Hit has no legal amount to commit)."""
    s = _table()
    s.money = [20, 50]
    casinos = racket(s, 1, "west_casinos")
    s.apply(A.OfferTrade(1, -1, 20))
    s.apply(A.AskFor(casinos, 0))
    assert s.phase == "trade" and s.actor == 1
    for seed in range(20):
        guess = s.determinize(1, Rng.from_seed(seed))
        assert guess.money == [20, 50]
        guess.apply(A.ACCEPT)
        assert guess.money[0] >= 0 and guess.rackets[0] == [casinos]

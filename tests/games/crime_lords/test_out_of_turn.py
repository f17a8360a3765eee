"""Rule scenarios for the open table: gifts, trade offers and "any time" abilities out of turn."""

from __future__ import annotations

from tabletop_games.crime_lords import actions as A
from tabletop_games.crime_lords import flow
from tabletop_games.crime_lords.out_of_turn import PER_WINDOW
from tabletop_games.crime_lords.scenario import blank, boss, racket, sub


def _table(players: int = 2, **options):
    s = blank(players, **options)
    boss(s, 0, "big_sal")
    boss(s, 1, "judge_cohen")
    if players > 2:
        boss(s, 2, "lucky_lou")
    return s


# rules: cl-open-table
def test_without_the_option_the_turn_goes_straight_to_its_player() -> None:
    """The default table: gifts only on one's own turn, no window for the others."""
    s = _table()
    flow.begin_turn(s, 0)
    assert s.phase == "actions" and s.actor == 0 and s.window == []


# rules: cl-open-table
def test_the_others_may_give_before_the_player_acts() -> None:
    """"Free Actions": gifts "at any time ... not just during your turn". With the open table
    P2 may give money to P1 once P1 has drawn; passing hands the turn back, and P1 may still
    take 10 G (a gift to him is not an action of his)."""
    s = _table(open_table=True)
    flow.begin_turn(s, 0)
    assert s.phase == "window" and s.actor == 1
    assert A.GiveMoney(0, 10) in s.legal_actions() and A.DONE in s.legal_actions()
    assert "before Player 1 (The Old Family) acts" in s.render(1)
    before = s.money[:]
    s.apply(A.GiveMoney(0, 10))
    assert s.money == [before[0] + 10, before[1] - 10]
    assert "Player 1 (The Old Family) receives 10 G from Player 2" in s.log.recent(1)[0]
    assert s.phase == "window" and s.actor == 1 and s.window_left == PER_WINDOW - 1
    s.apply(A.DONE)
    assert s.phase == "actions" and s.actor == 0 and A.TAKE_TEN in s.legal_actions()


def test_bentley_grimes_calms_a_crook_out_of_turn() -> None:
    """"Special Ability": Bentley Grimes "has a power that can be used at any time": out of
    turn he spends his token to take a marker off a Crook of his own Mob."""
    s = _table(open_table=True)
    bentley = sub(s, 1, "bentley_grimes", "judge_cohen", (1, 0))
    rosa = sub(s, 1, "rosa_delgado", "judge_cohen", (-1, 0))
    s.unhappy[rosa] = 2
    flow.begin_turn(s, 0)
    assert s.actor == 1 and A.UseAbility(bentley, rosa) in s.legal_actions()
    s.apply(A.UseAbility(bentley, rosa))
    assert s.unhappy[rosa] == 1 and not s.tokens[bentley]
    assert A.UseAbility(bentley, rosa) not in s.legal_actions()  # his token is spent


def test_each_player_has_a_few_actions_then_the_next_one_comes() -> None:
    """Three players: P2 and P3 get the window in turn (counterclockwise from P1); after
    PER_WINDOW actions P2's chance ends by itself ([decided] bound)."""
    s = _table(3, open_table=True)
    flow.begin_turn(s, 0)
    assert s.window == [1, 2] and s.actor == 1
    for _ in range(PER_WINDOW):
        s.apply(A.GiveMoney(2, 1))
    assert s.actor == 2 and s.phase == "window"
    s.apply(A.DONE)
    assert s.phase == "actions" and s.actor == 0


def test_a_trade_offered_out_of_turn_returns_to_the_window() -> None:
    """"Gifts and Trades": trades too may be made at any time. P2 sells P1 a Racket before
    P1's actions; then P2 may go on or pass."""
    s = _table(open_table=True)
    r = racket(s, 1, "north_numbers")
    flow.begin_turn(s, 0)
    money = s.money[:]
    s.apply(A.OfferTrade(0, r, 0))
    s.apply(A.AskFor(-1, 5))
    assert s.phase == "trade" and s.actor == 0
    s.apply(A.ACCEPT)
    assert r in s.rackets[0] and s.money == [money[0] - 5, money[1] + 5]
    assert s.phase == "window" and s.actor == 1 and s.window_left == PER_WINDOW - 1
    s.apply(A.DONE)
    assert s.phase == "actions" and s.actor == 0


def test_no_gifts_during_an_attack_even_with_the_open_table() -> None:
    """"Gifts and Trades": "Once an attack has been announced, NO gifts or trades may be
    made until the attack is resolved": the window never opens during one."""
    s = _table(open_table=True)
    sal = s.mobs[0].root
    flow.begin_turn(s, 0)
    s.apply(A.DONE)
    target = s.uncontrolled[0]
    s.forget_legal_actions()
    attack = next(a for a in s.legal_actions() if isinstance(a, A.Takeover | A.Hit)
                  and a.leader == sal and a.target == target)
    s.apply(attack)
    steps = 0
    while s.attack is not None:
        steps += 1
        acts = s.legal_actions()
        assert not any(isinstance(a, A.GiveMoney | A.GiveCard | A.OfferTrade) for a in acts)
        assert s.phase != "window"
        s.apply(acts[-1] if s.phase == "assist" else acts[0])
    assert steps >= 2  # the attack really took several decisions


def test_a_crook_may_be_given_to_the_player_whose_turn_it_is() -> None:
    """"Giving Away Crooks": "Crooks may only be given to another Mob if it is the turn of one
    of the players involved" - with the open table, P2 may give a Crook to P1 on P1's turn
    (never to a third player); he spends his token, P1 must agree and places him; then the
    window goes on."""
    s = _table(3, open_table=True)
    rosa = sub(s, 1, "rosa_delgado", "judge_cohen", (1, 0))
    flow.begin_turn(s, 0)
    assert s.phase == "window" and s.actor == 1
    assert A.GiveCrook(0, rosa) in s.legal_actions()
    assert A.GiveCrook(2, rosa) not in s.legal_actions()
    s.apply(A.GiveCrook(0, rosa))
    assert s.phase == "consent" and s.actor == 0 and not s.tokens[rosa]
    s.apply(A.ACCEPT)
    while s.phase == "place":
        s.apply(s.legal_actions()[0])
    assert s.loc[rosa] == 0 and s.phase == "window" and s.actor == 1

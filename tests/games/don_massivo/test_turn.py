"""Phases 1 and 2: moving, paying, robbing, the Prison, who plays next, the 2-player rules."""

from __future__ import annotations

import pytest
from tabletop_games.don_massivo.actions import (
    DONE,
    FACEDOWN,
    GIVE_LOOT,
    GUARD,
    LAY,
    MOVES,
    PAY,
    PAY_CASH,
    ROB,
    SET_MONEY,
    STRIKE,
    TAKE_G,
    TAKE_MONEY,
    Move,
)

from tabletop.errors import IllegalAction


# rules dm-move-to-meet
def test_a_token_must_move_to_meet_another_player_with_three_or_more(table):
    """Reconstructed phase 2 (RULES.md 3): with 3-5 players the moved token must land where
    another player stands; the 2-player page's exception implies this."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    moves = {(a.token, a.location) for a in st.legal_actions() if isinstance(a, Move)}
    assert moves == {(0, "bank"), (0, "villa"), (1, "bank"), (1, "villa")}
    with pytest.raises(IllegalAction, match="another location where another player"):
        st.apply(Move(0, "east"))


# rules dm-pay, dm-pay-both-locations, dm-next-player
def test_paying_moves_money_and_the_paid_player_plays_next(table):
    """Page, 'The next current player is always the player who was paid or robbed'."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=7)
    table.play(st, MOVES[(0, "bank")], PAY[1])
    assert (st.pile(0), st.pile(1)) == (5, 2)
    assert st.step == "locations" and st.usable == ["east", "bank"]  # paid: both tokens
    table.play(st, DONE, FACEDOWN[("", 0)], FACEDOWN[("", 0)])  # players 2 and 3 add nothing
    table.play(st, DONE, SET_MONEY[0], DONE)  # phase 4: keep the display empty
    assert st.current == 1 and st.step == "move"


# rules dm-pay-what-you-can
def test_paying_with_a_thin_pile_pays_what_there_is(table):
    """Reconstructed: paying costs $2,000, or the whole pile if it holds less."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=1)
    table.play(st, MOVES[(0, "bank")], PAY[1])
    assert (st.pile(0), st.pile(1)) == (0, 1)


# rules dm-give-way
def test_a_paid_player_gives_way_to_where_the_mover_came_from(table):
    """Reconstructed 'giving way': the paid player's token takes the place the mover left."""
    st = table.new(3, [["west", "east"], ["bank", "villa"], ["villa", "east"]])
    table.money(st, 0, pile=5)
    table.play(st, MOVES[(0, "bank")], PAY[1])
    assert st.tokens[0] == ["bank", "east"] and st.tokens[1] == ["west", "villa"]


# rules dm-rob, dm-thousands, dm-rob-one-location
def test_successful_robbery_takes_half_the_display_rounded_down(table):
    """Reconstructed robbing: attack above the display's defence takes half of the display
    money, rounded down to $1,000; the robbed player plays next."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, shown=9)
    table.display(st, 1, [table.g("art", 2)])
    table.hand(st, 0, gangsters=[table.g("money", 3)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("money", 3)], STRIKE)
    assert (st.pile(0), st.shown(1)) == (4, 5)
    assert st.usable == ["bank"]  # robbing: only the moved token's location
    assert st.order.next_override == 1
    assert table.g("money", 3) in st.gangsters.discard_pile


# rules dm-rob-fail-prison, dm-next-after-failure
def test_failed_robbery_sends_the_moved_token_to_prison(table):
    """Reconstructed: attack not above the defence fails; the moved token goes to Prison."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, shown=10)
    table.display(st, 1, [table.g("art", 2)])
    table.hand(st, 0, gangsters=[table.g("money", 2)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("money", 2)], STRIKE)
    assert st.shown(1) == 10 and st.tokens[0] == ["prison", "east"]
    assert st.usable == [] and st.order.next_override == 1


# rules dm-rob-hand-defence
def test_the_robbed_player_throws_hand_gangsters_into_the_defence(table):
    """Reconstructed, redesigned robbing (RULES.md phase 2): once the attack beats the display,
    the target may throw gangsters from his hand into the defence; all are discarded, and a
    defence that holds sends the robber's moved token to Prison."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, shown=10)
    table.display(st, 1, [table.g("art", 2)])
    guard1, guard2 = table.g("art", 1), table.g("money", 2)
    table.hand(st, 1, gangsters=[guard1, guard2])
    table.hand(st, 0, gangsters=[table.g("money", 3), table.g("jewellery", 1)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("money", 3)],
               LAY[table.g("jewellery", 1)])
    mark = st.log.total
    table.play(st, STRIKE)
    assert st.step == "defend" and st.to_act == 1
    assert set(st.legal_actions()) == {GUARD[guard1], GUARD[guard2], DONE}
    table.play(st, GUARD[guard1])  # defence 3 against attack 4: still short
    assert st.step == "defend" and GUARD[guard2] in st.legal_actions()
    table.play(st, GUARD[guard2])  # defence 5 holds: the robbery fails at once
    assert st.shown(1) == 10 and st.tokens[0] == ["prison", "east"]
    assert {guard1, guard2} <= set(st.gangsters.discard_pile)
    text = table.events(st, mark)
    assert ("attack 4 (Moneybags Moretti 3 and Gems Galante 1) does not beat defence 5 "
            "(display 2 and Brushes Bellini 1 and Cash Carbone 2 from his hand)") in text


# rules dm-rob-hand-defence
def test_a_robbed_player_may_stand_down_and_lose_the_money(table):
    """Reconstructed, redesigned robbing: standing down keeps the hand gangsters; the attack
    then takes half the display."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, shown=9)
    table.hand(st, 1, gangsters=[table.g("art", 3)])
    table.hand(st, 0, gangsters=[table.g("money", 1)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("money", 1)], STRIKE, DONE)
    assert (st.pile(0), st.shown(1)) == (4, 5) and st.hand_g[1] == [table.g("art", 3)]


def test_a_target_without_hand_gangsters_is_not_asked(table):
    """Reconstructed: with no gangster in hand there is nothing to throw in."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, shown=4)
    table.hand(st, 0, gangsters=[table.g("money", 1)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("money", 1)], STRIKE)
    assert st.step != "defend" and st.pile(0) == 2


# rules dm-pay-loot
def test_paying_with_a_loot_card_instead_of_money(table):
    """Reconstructed, redesigned paying (RULES.md phase 2): a Stooge card instead of the
    $2,000; only payer and payee read its kind, and no money changes hands."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=6)
    table.money(st, 1, pile=98)  # $2,000 in money would make him win
    card = table.s("art", 2)
    table.hand(st, 0, stooges=[card])
    table.play(st, MOVES[(0, "bank")], PAY[1])
    assert st.step == "payment" and set(st.legal_actions()) == {PAY_CASH, GIVE_LOOT[card]}
    mark = st.log.total
    table.play(st, GIVE_LOOT[card])
    assert not st.is_over and st.hand_s[1] == [card] and (st.pile(0), st.pile(1)) == (6, 98)
    public = table.events(st, mark, viewer=2)
    assert "Player 1 pays Player 2 with a loot card" in public and "art" not in public
    assert "art" in table.events(st, mark, viewer=1)
    assert st.step == "locations" and st.usable == ["east", "bank"]


def test_paying_money_can_still_make_the_payee_win(table):
    """Page, Game end: $100,000 ends the game at once, also by a payment in money."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=6)
    table.money(st, 1, pile=98)
    table.hand(st, 0, stooges=[table.s("art", 2)])
    table.play(st, MOVES[(0, "bank")], PAY[1], PAY_CASH)
    assert st.is_over and st.winners == [1]


# rules dm-needs-cards, dm-take-back
def test_rob_needs_a_gangster_in_hand_taken_back_from_the_display_before_moving(table):
    """Page (phase 4 note): gangsters may be taken out of the display during the turn, 'in
    case he needs the ... gangster cards for his turn'; decided: before the move."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.display(st, 0, [table.g("jewellery", 3)])
    table.money(st, 1, shown=4)
    table.play(st, MOVES[(0, "bank")])
    assert ROB[1] not in st.legal_actions()  # no gangster in hand
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.display(st, 0, [table.g("jewellery", 3)])
    table.money(st, 1, shown=4)
    table.play(st, TAKE_G[table.g("jewellery", 3)], MOVES[(0, "bank")], ROB[1])
    assert STRIKE not in st.legal_actions()  # at least one gangster must be laid
    table.play(st, LAY[table.g("jewellery", 3)], STRIKE)
    assert st.pile(0) == 2


# rules dm-bail
def test_a_token_in_prison_must_move_and_pays_bail(table):
    """Reconstructed Prison: the jailed token is the one that moves; $2,000 bail."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    st.tokens[0][0] = "prison"
    table.money(st, 0, pile=5)
    assert all(a.token == 0 for a in st.legal_actions() if isinstance(a, Move))
    table.play(st, MOVES[(0, "villa")])
    assert st.pile(0) == 3 and st.tokens[0] == ["villa", "east"]


# rules dm-prison-no-deal
def test_nobody_deals_with_a_token_in_prison(table):
    """Reconstructed: a token in the Prison cannot be paid or robbed."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    st.tokens[1] = ["prison", "bank"]
    assert st.others_at("prison", 0) == []


# rules dm-return-visit
def test_one_return_visit_but_not_a_second_with_three_players(table):
    """Reconstructed, redesigned (RULES.md phase 2, 'No second return visit'): you may deal
    with the player who gave you this turn, unless your turn is itself a return visit."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    st.last_dealer, st.return_visit = 1, False
    moves = {(a.token, a.location) for a in st.legal_actions() if isinstance(a, Move)}
    assert moves == {(0, "bank"), (0, "villa"), (1, "bank"), (1, "villa")}
    st.return_visit = True
    st.forget_legal_actions()
    moves = {(a.token, a.location) for a in st.legal_actions() if isinstance(a, Move)}
    assert moves == {(0, "villa"), (1, "villa")}


# rules dm-return-visit
def test_a_return_visit_is_marked_and_narrated(table):
    """Reconstructed, redesigned: Player 2 paid Player 1 for this turn; Player 1 pays him
    back, so Player 2's turn is a return visit and he may not go straight back to Player 1."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    st.last_dealer, st.return_visit = 1, False
    table.money(st, 0, pile=4)
    mark = st.log.total
    table.play(st, MOVES[(0, "bank")], PAY[1], DONE, FACEDOWN[("", 0)], FACEDOWN[("", 0)],
               DONE, SET_MONEY[0], DONE)
    assert st.current == 1 and st.return_visit and st.last_dealer == 0
    assert "it is a return visit, so Player 2 may not deal with Player 1" in table.events(
        st, mark)
    assert st.others_at("west", 1) == []  # Player 1's token at the West Side is barred


# rules dm-stay-put
def test_stay_when_no_token_can_move_to_a_meeting(table):
    """Reconstructed: with no move possible, a token sharing a location deals where it is."""
    st = table.new(3, [["bank", "bank"], ["bank", "west"], ["bank", "east"]])
    st.last_dealer = -1
    st.tokens[1] = ["bank", "bank"]
    st.tokens[2] = ["bank", "prison"]
    moves = [a for a in st.legal_actions() if isinstance(a, Move)]
    assert moves == [Move(0, "bank")]


# rules dm-two-pay-anywhere
def test_two_players_pay_without_meeting_then_use_both_locations(table):
    """Page, 2 players: 'may pay the other player even if [he] does not move one of his own
    tokens to a location with a token of the other player and may then use locations'."""
    st = table.new(2, [["west", "east"], ["bank", "villa"]])
    table.money(st, 0, pile=4)
    assert Move(0, "west") in st.legal_actions()  # staying put is allowed too
    table.play(st, MOVES[(0, "west")])
    assert list(st.legal_actions()) == [PAY[1]]  # no meeting: paying only
    table.play(st, PAY[1])
    assert st.usable == ["west", "east"]


# rules dm-two-rob-needs-meeting
def test_two_players_robbing_needs_a_token_moved_to_the_other(table):
    """Page, 2 players: only paying is allowed without moving a token to where the other
    player stands; so a token that stays put cannot rob."""
    st = table.new(2, [["west", "east"], ["west", "villa"]])
    table.hand(st, 0, gangsters=[table.g("art", 1)])
    table.money(st, 1, shown=6)
    table.play(st, MOVES[(0, "west")])  # stays with the other player's token
    assert list(st.legal_actions()) == [PAY[1]]


# rules dm-two-rob-skips
def test_two_players_robbing_skips_phase_three(table):
    """Page, 2 players: 'When robbing ... the current player must skip Phase 3'."""
    st = table.new(2, [["west", "east"], ["bank", "villa"]])
    table.money(st, 1, shown=6)
    table.hand(st, 0, gangsters=[table.g("art", 1)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("art", 1)], STRIKE)
    assert st.pile(0) == 3
    assert st.step == "refresh_take"  # straight to phase 4: no locations, no face-down
    assert st.used == [] and st.facedown_queue == []


def test_two_players_use_both_locations_after_paying_even_apart(table):
    """Page, 2 players: 'Players may always use both locations with their own two tokens'."""
    st = table.new(2, [["west", "bank"], ["bank", "villa"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "villa")], PAY[1])
    assert st.usable == ["bank"]  # the Villa has no action; the Bank has
    st2 = table.new(2, [["west", "east"], ["east", "villa"]])
    table.play(st2, MOVES[(1, "east")], PAY[1])
    assert st2.usable == ["west", "east"]


# rules dm-villa-cut
@pytest.mark.parametrize("robber,victim,holder_gets,robber_gets", [(0, 1, 2, 3)])
def test_villa_cut_advanced_rule(table, robber, victim, holder_gets, robber_gets):
    """Page, advanced rule: 'if a player robs $5,000 from another player, the player who has
    a token at Don Massivo's Villa receives $2,000 of the $5,000'."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "west"]], villa_cut=True)
    table.money(st, victim, shown=10)  # half of $10,000: a $5,000 robbery
    table.hand(st, robber, gangsters=[table.g("art", 1)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("art", 1)], STRIKE)
    assert st.pile(2) == holder_gets and st.pile(0) == robber_gets and st.shown(1) == 5


def test_villa_cut_needs_a_single_villa_holder_and_the_option(table):
    """Page, advanced rule: 'If only one player has a token at Don Massivo's Villa'."""
    st = table.new(4, [["west", "east"], ["bank", "bank"], ["villa", "west"], ["villa", "west"]],
                   villa_cut=True)
    table.money(st, 1, shown=10)
    table.hand(st, 0, gangsters=[table.g("art", 1)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("art", 1)], STRIKE)
    assert st.pile(0) == 5 and st.pile(2) == st.pile(3) == 0
    off = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "west"]])
    table.money(off, 1, shown=10)
    table.hand(off, 0, gangsters=[table.g("art", 1)])
    table.play(off, MOVES[(0, "bank")], ROB[1], LAY[table.g("art", 1)], STRIKE)
    assert off.pile(0) == 5 and off.pile(2) == 0


# rules dm-take-back
def test_take_back_money_during_the_turn(table):
    """Page (phase 4 note): money may be taken out of the display during the own turn."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, shown=3)
    assert TAKE_MONEY[5] not in st.legal_actions()
    table.play(st, TAKE_MONEY[2])
    assert (st.pile(0), st.shown(0)) == (2, 1)


# rules dm-recruit-draw
def test_phase_one_draws_a_gangster(table):
    """Reconstructed phase 1: the current player draws one Gangster card."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    from tabletop_games.don_massivo import turn

    turn.start_turn(st)
    assert len(st.hand_g[0]) == 1 and st.invariants() == []


def test_an_illegal_action_changes_nothing_and_says_why(table):
    """Bad input: refused with a reason, the state exactly as it was."""
    from tabletop_games.don_massivo import GAME

    from tabletop.serialization import snapshot_json

    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    before = snapshot_json(GAME, st)
    with pytest.raises(IllegalAction, match="Prison"):
        st.apply(Move(0, "prison"))
    with pytest.raises(IllegalAction, match="phase 2"):
        st.apply(PAY[1])
    with pytest.raises(IllegalAction):
        st.apply("rob everybody")
    assert snapshot_json(GAME, st) == before

"""Phase 4 (refresh the display, reveal, hand limit), face-down additions, game end by money."""

from __future__ import annotations

from tabletop_games.don_massivo.actions import (
    DISCARD,
    DONE,
    FACEDOWN,
    MOVES,
    PAY,
    SET_MONEY,
    SHOW,
    TAKE_G,
    USE,
)
from tabletop_games.don_massivo.money import check_wealth

PASS = (FACEDOWN[("", 0)], FACEDOWN[("", 0)])
"""Players 2 and 3 add nothing face down."""


def to_phase4(table, players=3, tokens=None, pile=4):
    """Player 1 has paid Player 2, used nothing, and the others are asked to add face down."""
    tokens = tokens or [["west", "east"], ["bank", "bank"], ["villa", "villa"],
                        ["west", "west"], ["east", "east"]][:players]
    st = table.new(players, tokens)
    table.money(st, 0, pile=pile)
    table.play(st, MOVES[(0, "bank")], PAY[1], DONE)
    assert st.step == "facedown"
    return st


# rules dm-face-down, dm-reveal
def test_others_add_face_down_and_it_is_turned_up_in_phase_4(table):
    """Page, phase 4: 'If other players have placed additional bank notes and/or Gangster
    cards face down to their display area during Phase 3, these ... must be turned face up
    now.'"""
    st = to_phase4(table)
    g = table.g("art", 3)
    table.hand(st, 2, gangsters=[g])
    table.money(st, 2, pile=6)
    assert FACEDOWN[("", 0)] in st.legal_actions() and FACEDOWN[("", 5)] not in st.legal_actions()
    table.play(st, FACEDOWN[("", 0)])  # Player 2 adds nothing
    assert FACEDOWN[(g, 10)] not in st.legal_actions()  # only $6,000 in the pile
    table.play(st, FACEDOWN[(g, 5)])
    assert st.down_g[2] == [g] and st.down(2) == 5 and st.defence(2) == 0
    obs = st.observation(0)["seats"][2]
    assert obs["facedown_gangsters"] == 1 and obs["facedown_notes"] is True
    assert g not in str(st.observation(0)) and obs["money_off_display"] == 6
    assert st.step == "refresh_take"
    table.play(st, DONE, SET_MONEY[0], DONE)
    assert st.show_g[2] == [g] and st.shown(2) == 5 and st.down(2) == 0


# rules dm-refresh, dm-display
def test_refresh_takes_out_then_adds(table):
    """Page, phase 4: the player may take money and gangsters out of the display, then add
    money from his pile and gangsters from his hand."""
    st = to_phase4(table)
    old, new = table.g("money", 1), table.g("money", 3)
    table.display(st, 0, [old])
    table.hand(st, 0, gangsters=[new])
    table.money(st, 0, pile=3, shown=4)
    table.play(st, FACEDOWN[("", 0)], FACEDOWN[("", 0)])
    assert st.step == "refresh_take"
    table.play(st, TAKE_G[old], DONE)
    assert SET_MONEY[7] in st.legal_actions() and SET_MONEY[8] not in st.legal_actions()
    table.play(st, SET_MONEY[6])
    assert (st.pile(0), st.shown(0)) == (1, 6)
    assert TAKE_G[old] not in st.legal_actions()  # taking out comes first
    table.play(st, SHOW[new], DONE)
    assert st.show_g[0] == [new] and old in st.hand_g[0]


# rules dm-hand-limit
def test_hand_limit_seven_excess_gangsters_to_display_or_discard(table):
    """Page, phase 4: 'Players may never have more than 7 cards in their hand at the end of
    their turn (Gangster cards and Stooge cards)'; Gangster cards 'can be placed into the
    player's own display area or on to the Gangster card discard pile'."""
    st = to_phase4(table)
    gs = [table.g("art", 1, n) for n in range(4)]
    ss = [table.s("money", 1, n) for n in range(5)]
    table.hand(st, 0, gangsters=gs, stooges=ss)
    table.play(st, *PASS, DONE, SET_MONEY[0], DONE)
    assert st.step == "limit" and st.hand_size(0) == 9
    assert SHOW[gs[0]] in st.legal_actions() and DISCARD[gs[0]] in st.legal_actions()
    assert DISCARD[ss[0]] in st.legal_actions()
    table.play(st, SHOW[gs[0]], DISCARD[ss[0]])
    assert st.hand_size(0) == 7 and st.step == "move" and st.current == 1
    assert gs[0] in st.show_g[0] and ss[0] in st.stooges.discard_pile


# rules dm-villa, dm-hand-limit
def test_villa_hand_limit_is_ten(table):
    """Page, Villa: a token at the Villa allows up to 10 cards in hand at the end of the turn."""
    st = to_phase4(table, tokens=[["west", "villa"], ["bank", "bank"], ["east", "east"]])
    table.hand(st, 0, stooges=[table.s("art", 1, n) for n in range(6)] +
               [table.s("money", 1, n) for n in range(4)])
    table.play(st, *PASS, DONE, SET_MONEY[0], DONE)
    assert st.hand_size(0) == 10 and st.step == "move"  # no reduction needed


# rules dm-win-100000
def test_100000_counting_the_display_ends_the_game_at_once(table):
    """Page, Game end: 'The game ends immediately when a player possesses $100,000 or more -
    including money in the player's own display area.'"""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=4)
    table.money(st, 1, pile=30, shown=60, down=8)
    table.play(st, MOVES[(0, "bank")], PAY[1])  # $30,000 + $2,000 + $60,000 + $8,000
    assert st.is_over and st.result().winners == (1,)
    assert st.result().reason == ("a player reaches $100,000; scores: each player's money in "
                                  "thousands of dollars, display included")  # the same every game
    assert st.legal_actions() == ()


def test_99000_is_not_enough(table):
    """Page, Game end: $100,000 or more; one note less goes on."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, pile=40, shown=59)
    assert not check_wealth(st) and not st.is_over


def test_money_kept_in_the_display_earns_at_the_bank_after_refresh(table):
    """Reconstructed: what is left face up in the display earns interest at the Bank later."""
    st = to_phase4(table, tokens=[["west", "bank"], ["bank", "bank"], ["villa", "villa"]],
                   pile=14)
    table.play(st, *PASS, DONE, SET_MONEY[10], DONE)
    assert st.shown(0) == 10
    st.order.current = 0
    st.step, st.usable, st.used = "locations", ["bank"], []
    table.play(st, USE["bank"])
    assert st.pile(0) == 2 + 2  # $10,000 holds two full $4,000

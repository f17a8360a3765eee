"""Phase 3: stealing, selling, the Bank, and the Villa's West and East Side alternatives."""

from __future__ import annotations

import pytest
from tabletop_games.don_massivo.actions import (
    DONE,
    LEAN,
    MOVES,
    PAY,
    RECRUIT,
    SELL,
    SELL_TO,
    SPECIALIST,
    STEAL,
    USE,
)
from tabletop_games.don_massivo.cards import FENCES, LOOT_KIND

from tabletop.errors import IllegalAction


def fence(name: str) -> str:
    """Some fence card with that name."""
    return next(c for c, f in FENCES.items() if f.name == name)


def at_phase3(table, tokens, players=3, pile=4):
    """Player 1 has paid Player 2 at the Bank and stands at phase 3."""
    st = table.new(players, tokens)
    table.money(st, 0, pile=pile)
    table.play(st, MOVES[(0, "bank")], PAY[1])
    assert st.step == "locations"
    return st


# rules dm-steal
def test_steal_draws_two_stooges(table):
    """Reconstructed West Side action: stealing draws two Stooge cards."""
    st = at_phase3(table, [["west", "west"], ["bank", "east"], ["villa", "east"]])
    top = [table.s("art", 3), table.s("money", 1)]
    table.stack_stooges(st, top)
    table.play(st, USE["west"], STEAL)
    assert st.hand_s[0] == top and st.used == ["west"]
    assert USE["west"] not in st.legal_actions()  # once per turn


# rules dm-specialist
def test_a_specialist_finds_loot_of_his_kind(table):
    """Reconstructed: a specialist turns Stooge cards until one of his kind shows; the cards
    passed go face up to the discard pile."""
    st = at_phase3(table, [["west", "west"], ["bank", "east"], ["villa", "east"]])
    specialist = table.g("jewellery", 1)
    table.hand(st, 0, gangsters=[specialist])
    order = [table.s("art", 1), table.s("money", 2), table.s("art", 2), table.s("money", 3),
             table.s("jewellery", 3)]
    table.stack_stooges(st, order)
    table.play(st, USE["west"], SPECIALIST[specialist], STEAL)
    assert st.hand_s[0] == [order[0], order[1], order[4]]
    assert st.stooges.discard_pile[-2:] == [order[2], order[3]]
    assert specialist in st.gangsters.discard_pile


def put_on_top(state, pile: int, card: str) -> None:
    """Swap ``card`` (a fence somewhere in the Fence piles) with the top of ``pile``."""
    for cards in state.fence_piles:
        if card in cards:
            i = cards.index(card)
            cards[i], state.fence_piles[pile][-1] = state.fence_piles[pile][-1], cards[i]
            return
    raise AssertionError(card)


# rules dm-sell
def test_selling_pays_price_times_loot_and_turns_up_the_next_fence(table):
    """Reconstructed East Side action: one top fence buys any loot at its prices per unit;
    its card is discarded and the next card of the pile turns up."""
    st = table.new(3, [["bank", "villa"], ["east", "west"], ["west", "west"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "east")], PAY[1])
    jeweller = next(c for p in st.fence_piles for c in p if FENCES[c].name == "Jeweller")
    put_on_top(st, 0, jeweller)
    below = st.fence_piles[0][-2]
    sold = [table.s("jewellery", 3), table.s("art", 2)]
    table.hand(st, 0, stooges=[*sold, table.s("money", 1)])
    table.play(st, USE["east"], SELL_TO[0], SELL[sold[0]], SELL[sold[1]], DONE)
    assert st.pile(0) == 2 + 3 * 3 + 1 * 2  # $2,000 left after paying, then $11,000
    assert st.fence_discard[-1] == jeweller and st.fence_top(0) == below
    assert st.used == ["east"] and st.hand_s[0] == [table.s("money", 1)]
    assert sold[0] in st.stooges.discard_pile


# rules dm-needs-cards
def test_selling_needs_loot(table):
    """Reconstructed: nothing to sell, no sale."""
    st = at_phase3(table, [["east", "east"], ["bank", "west"], ["villa", "west"]])
    assert USE["east"] not in st.legal_actions()


# rules dm-interest
def test_bank_pays_every_bank_token_at_once(table):
    """Reconstructed Bank action: all players with a token at the Bank are paid $1,000 per
    full $4,000 face up in their display."""
    st = at_phase3(table, [["west", "west"], ["bank", "east"], ["bank", "east"]])
    table.money(st, 0, shown=14)
    table.money(st, 2, shown=5)
    table.money(st, 1, shown=4)
    table.play(st, USE["bank"])
    assert st.tokens[1] == ["west", "east"]  # gave way: no longer at the Bank
    assert (st.pile(0), st.pile(1), st.pile(2)) == (2 + 3, 2, 1)


# rules dm-win-several
def test_two_players_reaching_100000_at_the_bank_the_richest_wins(table):
    """Page, Game end: 'If more than one player possesses at least $100,000 at the same time -
    possible if these players have a token at the bank - the player possessing the most money
    is the winner.'"""
    st = at_phase3(table, [["west", "west"], ["bank", "bank"], ["bank", "east"]])
    table.money(st, 0, pile=2, shown=76)  # $78,000 + $19,000 interest = $97,000: not enough
    table.money(st, 1, pile=0, shown=82)  # + $20,000 = $102,000
    table.money(st, 2, pile=0, shown=86)  # + $21,000 = $107,000
    table.play(st, USE["bank"])
    assert [st.total(s) for s in range(3)] == [97, 102, 107]
    assert st.is_over and st.result().winners == (2,)
    assert "several players" in st.result().reason


def test_recruit_needs_the_villa_and_the_west_side(table):
    """Page, Villa: the West Side alternative action belongs to a Villa holder using the
    West Side."""
    st = at_phase3(table, [["villa", "west"], ["bank", "east"], ["villa", "east"]])
    assert st.tokens[0] == ["bank", "west"] and RECRUIT not in st.legal_actions()


# rules dm-west-alternative, dm-use-once
def test_recruit_once_before_stealing_then_stealing_is_optional(table):
    """Page, Villa: 'before stealing (West Side location), play the West Side alternative
    action once per turn. The player may steal afterwards but is not required to.'"""
    st = table.new(3, [["bank", "villa"], ["west", "east"], ["east", "east"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "west")], PAY[1])
    assert st.tokens[0] == ["west", "villa"] and st.usable == ["west"]
    table.play(st, RECRUIT)
    assert len(st.hand_g[0]) == 2 and RECRUIT not in st.legal_actions()
    assert USE["west"] in st.legal_actions() and DONE in st.legal_actions()
    table.play(st, USE["west"], STEAL)
    assert len(st.hand_s[0]) == 2


# rules dm-use-once
def test_no_recruiting_after_stealing(table):
    """Page, Villa: the alternative action comes before stealing, not after."""
    st = table.new(3, [["bank", "villa"], ["west", "east"], ["east", "east"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "west")], PAY[1], USE["west"], STEAL)
    assert RECRUIT not in st.legal_actions()


# rules dm-east-alternative
def test_lean_on_a_fence_then_sell_to_any_top_fence(table):
    """Page, Villa: the East Side alternative action before selling; afterwards the player may
    sell his loot to any of the topmost fences."""
    st = table.new(3, [["bank", "villa"], ["east", "west"], ["west", "west"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "east")], PAY[1])
    assert st.tokens[0] == ["east", "villa"] and st.usable == ["east"]
    table.hand(st, 0, stooges=[table.s("art", 1)])
    before = st.fence_top(2)
    table.play(st, LEAN[2])
    assert st.fence_discard[-1] == before and st.east_alt
    assert not any(a in LEAN for a in st.legal_actions())  # once per turn
    table.play(st, USE["east"])
    assert set(st.legal_actions()) == {SELL_TO[0], SELL_TO[1], SELL_TO[2]}


# rules dm-villa
def test_alternative_actions_refused_without_a_villa_token(table):
    """Page, Villa: only a player with a token at the Villa has the alternative actions."""
    st = at_phase3(table, [["west", "west"], ["bank", "east"], ["villa", "east"]])
    st.usable = ["west", "east"]
    table.hand(st, 0, stooges=[table.s("art", 1)])
    with pytest.raises(IllegalAction, match="Villa"):
        st.apply(RECRUIT)
    with pytest.raises(IllegalAction, match="Villa"):
        st.apply(LEAN[0])


def test_loot_kinds_are_what_the_specialists_look_for(table):
    """Every stooge kind can be found by a specialist of that kind."""
    for kind in ("money", "jewellery", "art"):
        st = at_phase3(table, [["west", "west"], ["bank", "east"], ["villa", "east"]])
        g = table.g(kind, 1)
        table.hand(st, 0, gangsters=[g])
        table.play(st, USE["west"], SPECIALIST[g], STEAL)
        assert LOOT_KIND[st.hand_s[0][-1]] == kind


# rules dm-specialist-nothing
def test_a_specialist_finds_nothing_when_his_kind_is_gone(table):
    """Small print: with no loot of his kind in either Stooge pile, a specialist finds nothing."""
    from tabletop_games.don_massivo.locations import find_loot

    st = at_phase3(table, [["west", "west"], ["bank", "east"], ["villa", "east"]])
    arts = [c for c in st.stooges.draw_pile + st.stooges.discard_pile if LOOT_KIND[c] == "art"]
    table.hand(st, 2, stooges=arts)
    before = (st.stooges.draw_pile[:], st.stooges.discard_pile[:])
    assert find_loot(st, "art") is None
    assert (st.stooges.draw_pile, st.stooges.discard_pile) == before


# rules dm-empty-fence-pile
def test_an_empty_fence_pile_is_no_fence(table):
    """Small print: an empty Fence pile offers nobody to sell to or lean on."""
    st = table.new(3, [["bank", "villa"], ["east", "west"], ["west", "west"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "east")], PAY[1])
    st.fence_discard.extend(st.fence_piles[1])
    st.fence_piles[1].clear()
    table.hand(st, 0, stooges=[table.s("art", 1)])
    assert LEAN[1] not in st.legal_actions() and LEAN[0] in st.legal_actions()
    table.play(st, USE["east"])
    assert set(st.legal_actions()) == {SELL_TO[0], SELL_TO[2]}


# rules dm-recruit-needs-gangsters
def test_recruiting_is_not_offered_with_both_gangster_piles_empty(table):
    """RULES.md 6: the West Side alternative action needs a Gangster card to draw."""
    st = table.new(3, [["villa", "east"], ["west", "bank"], ["bank", "east"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(1, "west")], PAY[1])
    assert st.tokens[0] == ["villa", "west"] and RECRUIT in st.legal_actions()
    for card in st.gangsters.draw_pile + st.gangsters.discard_pile:
        st.show_g[2].append(card)
    st.gangsters.draw_pile.clear()
    st.gangsters.discard_pile.clear()
    st.forget_legal_actions()
    assert RECRUIT not in st.legal_actions() and USE["west"] in st.legal_actions()


# rules dm-reshuffle
def test_an_empty_draw_pile_is_made_again_from_its_discard_pile(table):
    """RULES.md 2: an empty draw pile is made again by shuffling its discard pile."""
    st = at_phase3(table, [["villa", "west"], ["bank", "east"], ["west", "east"]])
    for card in st.stooges.draw_pile[:]:
        st.stooges.draw_pile.remove(card)
        st.stooges.discard(card)
    mark = st.log.total
    table.play(st, USE["west"], STEAL)
    assert len(st.hand_s[0]) == 2 and st.stooges.draw_pile
    assert "Stooge" in table.events(st, mark) and "shuffled" in table.events(st, mark)

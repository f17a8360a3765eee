"""The table tells the whole story: every public consequence of a move is an event under it,
with its numbers and its cause; what only one player may know reaches only him.

Each test sets up a rule scenario (the rule is named in the docstring) and reads the events
the move wrote; the words may change, the numbers and the cause must be there.
"""

from __future__ import annotations

from tabletop_games.don_massivo.actions import (
    DONE,
    FACEDOWN,
    LAY,
    LEAN,
    MOVES,
    PAY,
    RECRUIT,
    ROB,
    SELL,
    SELL_TO,
    SET_MONEY,
    SPECIALIST,
    STEAL,
    STRIKE,
    USE,
    Stake,
)
from tabletop_games.don_massivo.cards import FENCES, GANGSTERS, STOOGES

from .test_casino import casino_next, leaning_villa_holder
from .test_locations import at_phase3, fence
from .test_refresh import PASS, to_phase4


def public(table, st, mark):
    """What a spectator read since ``mark``."""
    return table.events(st, mark, None)


def test_the_phase_1_draw_is_shown_to_its_owner_and_counted_for_the_others(table):
    """Reconstructed phase 1 and page, Hints (hand counts public, kinds not): the next player
    draws a Gangster card; he reads which, the others read how many he holds."""
    st = to_phase4(table)
    card = table.g("jewellery", 3)
    table.hand(st, 1, gangsters=[table.g("art", 1)])
    table.stack_gangsters(st, [card])
    mark = st.log.total
    table.play(st, *PASS, DONE, SET_MONEY[0], DONE)
    assert st.current == 1 and card in st.hand_g[1]
    seen_by_others = public(table, st, mark)
    assert "Player 2 draws a Gangster card (2 Gangster cards in hand now)" in seen_by_others
    assert GANGSTERS[card].name not in seen_by_others
    assert GANGSTERS[card].name not in table.events(st, mark, 0)
    own = [e for e in st.log.since(mark, 1) if e.to == 1]
    assert len(own) == 1 and GANGSTERS[card].name in own[0].text and "strength 3" in own[0].text


def test_why_the_next_player_plays_next_after_paying(table):
    """Page: 'The next current player is always the player who was paid or robbed during
    phase 2'; the payment is narrated with its amount."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=7)
    mark = st.log.total
    table.play(st, MOVES[(0, "bank")], PAY[1])
    assert "Player 1 pays Player 2 $2,000" in public(table, st, mark)
    assert "he paid, so both his tokens count" in public(table, st, mark)
    mark = st.log.total
    table.play(st, DONE, *PASS, DONE, SET_MONEY[0], DONE)
    assert "Player 2 plays next: Player 1 paid him" in public(table, st, mark)


def test_a_thin_pile_pays_all_it_has_and_says_so(table):
    """Reconstructed paying: $2,000, or the whole pile if less."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=1)
    mark = st.log.total
    table.play(st, MOVES[(0, "bank")], PAY[1])
    assert "Player 1 pays Player 2 $1,000 (all he had)" in public(table, st, mark)


def test_a_token_giving_way_says_who_moves_where_and_why(table):
    """Reconstructed giving way: the paid player's token moves from the meeting place to
    where the mover's token came from."""
    st = table.new(3, [["west", "east"], ["bank", "villa"], ["villa", "east"]])
    table.money(st, 0, pile=5)
    mark = st.log.total
    table.play(st, MOVES[(0, "bank")], PAY[1])
    text = public(table, st, mark)
    assert ("Player 2's token gives way from the Bank to the West Side, where Player 1's token "
            "came from (a paid player gives way)") in text


def robbery(table, shown: int, attack: int):
    """Player 1 robs Player 2 (defence 2, ``shown`` thousand in his display) with one gangster
    of strength ``attack``; returns the state and the log's mark before the robbery."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, shown=shown)
    table.display(st, 1, [table.g("art", 2)])
    table.hand(st, 0, gangsters=[table.g("money", attack)])
    mark = st.log.total
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("money", attack)], STRIKE)
    return st, mark


def test_a_robbery_names_attack_defence_and_the_sum(table):
    """Reconstructed robbing: attack above the defence takes half the display money, rounded
    down; the robbed player plays next."""
    st, mark = robbery(table, shown=9, attack=3)
    text = public(table, st, mark)
    assert "Player 1 robs Player 2: attack 3" in text and "beats defence 2" in text
    assert "half of the $9,000 in Player 2's display, rounded down: $4,000" in text
    assert "he robbed, so only his moved token counts" in text
    mark = st.log.total
    table.play(st, DONE, *PASS, DONE, SET_MONEY[0], DONE)
    assert "Player 2 plays next: Player 1 robbed him" in public(table, st, mark)


def test_a_failed_robbery_names_the_numbers_and_the_prison(table):
    """Reconstructed: an attack not above the defence fails and the token goes to Prison;
    the target still plays next (decided)."""
    st, mark = robbery(table, shown=10, attack=2)
    text = public(table, st, mark)
    assert "Player 1's robbery of Player 2 fails: attack 2" in text
    assert "does not beat defence 2" in text and "from the Bank to Prison" in text
    mark = st.log.total
    table.play(st, DONE, *PASS, DONE, SET_MONEY[0], DONE)
    assert "Player 2 plays next: Player 1 tried to rob him" in public(table, st, mark)


def test_the_villa_cut_names_its_holder_and_both_shares(table):
    """Page, advanced rule: the only Villa holder receives half of the robbed money, rounded
    down ($5,000 robbed: $2,000 to him)."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "west"]], villa_cut=True)
    table.money(st, 1, shown=10)
    table.hand(st, 0, gangsters=[table.g("art", 1)])
    mark = st.log.total
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("art", 1)], STRIKE)
    text = public(table, st, mark)
    assert "rounded down: $5,000" in text
    assert "Player 3, alone at the Villa, receives half of it, $2,000" in text
    assert "Player 1 keeps $3,000" in text


def test_bail_is_narrated_with_its_amount(table):
    """Reconstructed Prison: the jailed token moves and pays $2,000 bail."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    st.tokens[0][0] = "prison"
    table.money(st, 0, pile=5)
    mark = st.log.total
    table.play(st, MOVES[(0, "villa")])
    assert "Player 1 pays $2,000 bail to bring his token out of Prison" in public(table, st, mark)


def test_a_theft_tells_the_thief_his_loot_and_the_others_the_count(table):
    """Reconstructed West Side: two Stooge cards drawn; hand kinds stay secret (page, Hints)."""
    st = at_phase3(table, [["west", "west"], ["bank", "east"], ["villa", "east"]])
    top = [table.s("art", 3), table.s("money", 1)]
    table.stack_stooges(st, top)
    mark = st.log.total
    table.play(st, USE["west"], STEAL)
    text = public(table, st, mark)
    assert "Player 1 steals at the West Side: 2 Stooge cards drawn" in text
    assert "he holds 2 Stooge cards now" in text
    assert not any(STOOGES[c].name in text for c in top)
    own = "\n".join(e.text for e in st.log.since(mark, 0) if e.to == 0)
    assert all(STOOGES[c].name in own for c in top) and "3 loot" in own


def test_a_specialist_shows_the_cards_he_turns_over(table):
    """Reconstructed: a specialist turns Stooge cards until one of his kind shows; the cards
    passed go face up to the discard pile, so everyone reads them."""
    st = at_phase3(table, [["west", "west"], ["bank", "east"], ["villa", "east"]])
    specialist = table.g("jewellery", 1)
    table.hand(st, 0, gangsters=[specialist])
    order = [table.s("art", 1), table.s("money", 2), table.s("art", 2), table.s("money", 3),
             table.s("jewellery", 3)]
    table.stack_stooges(st, order)
    mark = st.log.total
    table.play(st, USE["west"], SPECIALIST[specialist], STEAL)
    text = public(table, st, mark)
    name = GANGSTERS[specialist].name
    assert f"The specialist {name}" in text and "finds a jewellery Stooge card" in text
    assert f"turns over {STOOGES[order[2]].name} (art 2) and {STOOGES[order[3]].name} " \
           "(money 3) onto the discard pile" in text
    assert "2 Stooge cards drawn and 1 found by his specialist, who is discarded" in text


def test_recruiting_tells_the_recruiter_his_gangsters_and_the_others_the_count(table):
    """Page, Villa: the West Side alternative action (reconstructed: two Gangster cards)."""
    st = table.new(3, [["bank", "villa"], ["west", "east"], ["east", "east"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "west")], PAY[1])
    assert RECRUIT in st.legal_actions()
    new = [table.g("money", 3), table.g("art", 2)]
    table.stack_gangsters(st, new)
    mark = st.log.total
    table.play(st, RECRUIT)
    text = public(table, st, mark)
    assert "Player 1 recruits 2 Gangster cards at the West Side" in text
    assert not any(GANGSTERS[c].name in text for c in new)
    own = "\n".join(e.text for e in st.log.since(mark, 0) if e.to == 0)
    assert all(GANGSTERS[c].name in own for c in new)


def test_a_sale_names_each_card_its_price_the_total_and_the_next_fence(table):
    """Reconstructed East Side: the fence pays his price per loot unit; his card is discarded
    and the next card of the pile turns up."""
    st = table.new(3, [["bank", "villa"], ["east", "west"], ["west", "west"]])
    table.money(st, 0, pile=4)
    table.play(st, MOVES[(0, "east")], PAY[1])
    jeweller = fence("Jeweller")
    pile = st.fence_piles[0]
    st.fence_piles[[jeweller in p for p in st.fence_piles].index(True)].remove(jeweller)
    pile.append(jeweller)
    below = FENCES[pile[-2]]
    sold = [table.s("jewellery", 3), table.s("art", 2)]
    table.hand(st, 0, stooges=sold)
    mark = st.log.total
    table.play(st, USE["east"], SELL_TO[0], SELL[sold[0]], SELL[sold[1]], DONE)
    text = public(table, st, mark)
    assert "Player 1 sells 2 loot cards to the Jeweller of Fence pile 1 for $11,000" in text
    assert f"{STOOGES[sold[0]].name} (jewellery, 3 loot) $9,000" in text
    assert f"{STOOGES[sold[1]].name} (art, 2 loot) $2,000" in text
    assert f"Fence pile 1 now shows the {below.name}" in text  # the top four are fences


def test_interest_names_each_sum_and_what_it_was_paid_on(table):
    """Reconstructed Bank: everybody at the Bank gets $1,000 per full $4,000 face up."""
    st = at_phase3(table, [["west", "west"], ["bank", "east"], ["bank", "east"]])
    table.money(st, 0, shown=14)
    table.money(st, 2, shown=3)
    mark = st.log.total
    table.play(st, USE["bank"])
    text = public(table, st, mark)
    assert "$1,000 for each full $4,000 face up in a display" in text
    assert "Player 1 $3,000 (on $14,000)" in text
    assert "nothing to Player 3 (only $3,000)" in text


def test_a_casino_game_names_stakes_pot_card_and_shares(table):
    """Reconstructed Casino: stakes and the bank's $5,000 form the pot; who named the kind
    of the turned Stooge card shares it in proportion, rounded down."""
    st = leaning_villa_holder(table)
    for s in range(3):
        table.money(st, s, pile=10)
    casino_next(st, 1)
    card = table.s("money", 2)
    table.stack_stooges(st, [card])
    mark = st.log.total
    table.play(st, LEAN[1])
    assert "the Casino opens (Casino card 1 of 3)" in public(table, st, mark)
    sealed = st.log.total
    table.play(st, Stake(1, "money"))
    assert st.log.total == sealed  # a sealed stake says nothing
    table.play(st, Stake(2, "money"), Stake(5, "art"))
    text = public(table, st, mark)
    assert ("The Casino stakes open: Player 1 $1,000 on money; Player 2 $2,000 on money; "
            "Player 3 $5,000 on art. The pot is $13,000") in text
    assert f"{STOOGES[card].name} (money, 2 loot), so money wins" in text
    assert "Player 1 $4,000 (staked $1,000) and Player 2 $8,000 (staked $2,000)" in text
    assert "$1,000 of the pot, left by rounding the shares down, goes to the bank" in text


def test_face_down_additions_are_named_when_they_turn_up(table):
    """Page, phase 4: face-down notes and gangsters are turned face up now."""
    st = to_phase4(table)
    g = table.g("art", 3)
    table.hand(st, 2, gangsters=[g])
    table.money(st, 2, pile=6, shown=2)
    table.play(st, FACEDOWN[("", 0)], FACEDOWN[(g, 5)])
    mark = st.log.total
    table.play(st, DONE, SET_MONEY[0], DONE)
    text = public(table, st, mark)
    assert (f"Player 3's face-down additions are turned up: $5,000 and {GANGSTERS[g].name} "
            "(art, strength 3); his display now holds $7,000, defence 3") in text


def test_the_hand_limit_says_how_many_cards_are_too_many(table):
    """Page, phase 4: at most 7 cards in hand at the end of the turn."""
    st = to_phase4(table)
    table.hand(st, 0, gangsters=[table.g("art", 1, n) for n in range(4)],
               stooges=[table.s("money", 1, n) for n in range(5)])
    mark = st.log.total
    table.play(st, *PASS, DONE, SET_MONEY[0], DONE)
    assert "Player 1 holds 9 cards, 2 over the limit of 7" in public(table, st, mark)


def test_the_end_names_the_winner_his_money_and_everybody_else_s(table):
    """Page, Game end: $100,000 including the display ends the game at once."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=4)
    table.money(st, 1, pile=30, shown=60, down=8)
    mark = st.log.total
    table.play(st, MOVES[(0, "bank")], PAY[1])
    text = public(table, st, mark)
    assert "The game is over: Player 2 reaches $100,000 (he possesses $100,000)" in text
    assert "Player 1 $2,000; Player 2 $100,000; Player 3 $0" in text

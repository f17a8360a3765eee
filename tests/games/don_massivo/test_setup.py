"""Setting up: decks, hands, the Fence piles with their Casinos, the start player, placing."""

from __future__ import annotations

from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.actions import PLACE
from tabletop_games.don_massivo.cards import CASINO_IDS, SAFE_TOP


# rules dm-setup-hands
def test_hands_money_and_piles_at_the_start():
    """Reconstructed setup: $10,000, 3 gangsters and 2 stooges each; three Fence piles of 9."""
    st = GAME.new_state(4, 7)
    assert [st.pile(s) for s in range(4)] == [10] * 4
    assert [len(h) for h in st.hand_g] == [3] * 4 and [len(h) for h in st.hand_s] == [2] * 4
    assert [len(p) for p in st.fence_piles] == [9, 9, 9]
    assert st.invariants() == []


# rules dm-setup-fence-piles
def test_each_pile_hides_one_casino_below_its_top_four():
    """Reconstructed setup: one Casino card in each Fence pile, never among its top four."""
    for seed in range(40):
        st = GAME.new_state(3, seed)
        for pile in st.fence_piles:
            assert sum(c in CASINO_IDS for c in pile) == 1
            assert not any(c in CASINO_IDS for c in pile[-SAFE_TOP:])


# rules dm-start-player
def test_start_player_is_drawn_by_the_seed():
    """Decided: the start player (page: 'the player who has last been to prison') is drawn
    from the seed, the same for the same seed, varying between seeds."""
    starts = {GAME.new_state(3, seed).current for seed in range(30)}
    assert starts == {0, 1, 2}
    assert GAME.new_state(3, 5).current == GAME.new_state(3, 5).current


# rules dm-board, dm-two-tokens, dm-placement
def test_tokens_are_placed_in_snake_order_never_in_prison():
    """Reconstructed setup: one token each from the start player on, then back again."""
    st = GAME.new_state(3, 2)
    start = st.current
    order = [(start + i) % 3 for i in range(3)]
    assert st.place_queue == order + order[::-1]
    assert set(st.legal_actions()) == set(PLACE.values()) and "prison" not in PLACE
    for _ in range(6):
        st.apply(PLACE["bank"])
    assert st.step == "move" and all(t == ["bank", "bank"] for t in st.tokens)
    assert len(st.hand_g[start]) == 4  # phase 1 of the first turn: one gangster drawn


# rules dm-two-player-bonus
def test_two_player_second_player_bonus():
    """Reconstructed (tuned): with 2 players the one who does not begin takes $5,000 more."""
    st = GAME.new_state(2, 3)
    assert st.pile(st.current) == 10 and st.pile(1 - st.current) == 15
    assert st.invariants() == []
    assert [GAME.new_state(3, 3).pile(s) for s in range(3)] == [10, 10, 10]

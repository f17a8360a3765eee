"""invariants() catches each kind of tampering with a Don Massivo table, names what is wrong,
and never raises itself."""

from __future__ import annotations

import pytest
from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.state import DonMassivoState

from tabletop.rng import Rng


def mid_game(players: int = 3) -> DonMassivoState:
    """A sound state some way into a seeded random game."""
    st = GAME.new_state(players, 8)
    rng = Rng.from_seed(8, "invariants")
    for _ in range(120):
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    assert not st.is_over and st.invariants() == []
    return st


def test_a_sound_table_has_no_problems():
    for players in (2, 5):
        assert mid_game(players).invariants() == []


def test_a_card_held_in_two_places():
    st = mid_game()
    card = next(c for h in st.hand_s for c in h)
    st.stooges.discard_pile.append(card)
    problems = st.invariants()
    assert any(card in p and "2 places" in p and "discard pile" in p for p in problems), problems


def test_a_card_that_vanished():
    st = mid_game()
    st.fence_discard.append("F-nobody")
    lost = st.fence_piles[0].pop(0)
    problems = st.invariants()
    assert any("unknown card 'F-nobody'" in p for p in problems), problems
    assert any("nowhere" in p for p in problems) and lost


def test_negative_money():
    st = mid_game()
    st.money.holdings["pile:1"] = -3
    problems = st.invariants()
    assert any("Player 2's money pile holds -3" in p for p in problems), problems


def test_money_out_of_the_books():
    st = mid_game()
    st.money.holdings["show:0"] += 7  # notes appear from nowhere, not minted by the bank
    assert any("books" in p for p in st.invariants())


def test_an_unknown_step():
    st = mid_game()
    st.step = "nap"
    assert st.invariants() == ["unknown step 'nap'"]


@pytest.mark.parametrize("where", ["current", "facedown", "target"])
def test_a_seat_out_of_range(where):
    st = mid_game()
    if where == "current":
        st.order.current = 3
    elif where == "facedown":
        st.step, st.facedown_queue = "facedown", [1, 7]
    else:
        st.target = 4
    problems = st.invariants()
    assert any("out of range" in p for p in problems), problems


@pytest.mark.parametrize("field", ["tokens", "hand_g", "hand_s", "show_g", "down_g"])
def test_a_per_player_list_of_the_wrong_length(field):
    st = mid_game()
    getattr(st, field).append([])
    assert st.invariants() == [f"'{field}' has 4 entries for 3 players"]


def test_tokens_where_no_token_may_be():
    st = mid_game()
    st.tokens[2] = ["prison", "prison"]
    st.tokens[0] = ["west", "attic"]
    problems = st.invariants()
    assert "Player 3 has both tokens in Prison" in problems
    assert "Player 1 has a token on an unknown location" in problems


def test_never_raises_on_a_broken_state():
    st = mid_game()
    st.hand_g[1] = None  # type: ignore[call-overload]
    st.fence_piles = 5  # type: ignore[assignment]
    problems = st.invariants()
    assert problems and all(isinstance(p, str) for p in problems)

"""Hidden information, snapshots, clones, and the text a player reads."""

from __future__ import annotations

import json

from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.actions import MOVES, PAY

from tabletop.rng import Rng
from tabletop.serialization import load_snapshot, snapshot_json


def random_states(players: int, seed: int, every: int = 7, limit: int = 1500):
    """States along a seeded random game."""
    st = GAME.new_state(players, seed)
    rng = Rng.from_seed(seed, "test")
    step = 0
    while not st.is_over and step < limit:
        if step % every == 0:
            yield st
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
        step += 1


# rules dm-hand-counts-public
def test_hand_counts_are_public_kinds_are_not(table):
    """Page, Hints: players must tell how many Gangster and Stooge cards they hold, but not
    their kinds."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.hand(st, 1, gangsters=[table.g("art", 2)], stooges=[table.s("money", 3)])
    other = st.observation(0)
    assert other["seats"][1]["hand_gangsters"] == 1 and other["seats"][1]["hand_stooges"] == 1
    text = json.dumps(other)
    assert table.g("art", 2) not in text and table.s("money", 3) not in text
    own = st.observation(1)
    assert own["hand"] == {"gangsters": [table.g("art", 2)], "stooges": [table.s("money", 3)]}


# rules dm-piles-hidden
def test_piles_are_never_examined():
    """Page, Hints: nobody looks into the Stooge or Fence piles: only sizes and tops show."""
    st = GAME.new_state(4, 3)
    obs = json.dumps(st.observation(0))
    for card in st.stooges.draw_pile:
        assert card not in obs
    for pile in st.fence_piles:
        for card in pile[:-1]:
            assert f'"{card}"' not in obs


def test_determinize_keeps_what_the_seat_sees_and_redraws_the_rest():
    """Determinization resamples hidden cards consistently with the observation."""
    changed = 0
    for players in (2, 3, 5):
        for st in random_states(players, players, every=23):
            seat = st.to_act
            copy = st.determinize(seat, Rng(5))
            assert copy.observation(seat) == st.observation(seat)
            assert copy.invariants() == []
            changed += copy.hand_s != st.hand_s or copy.fence_piles != st.fence_piles
    assert changed > 10


def test_determinized_casinos_stay_below_the_top_four():
    """Reconstructed setup: a Casino card never lies among the top four of its pile, also in
    a resampled pile."""
    st = GAME.new_state(3, 1)
    for n in range(30):
        copy = st.determinize(0, Rng(n))
        for pile in copy.fence_piles:
            assert not any(c.startswith("F-casino") for c in pile[-4:])
            assert sum(c.startswith("F-casino") for c in pile) == 1


def test_snapshot_round_trip_is_equal():
    """Every state field is concretely typed: a JSON snapshot loads back equal."""
    for st in random_states(4, 11, every=31):
        text = snapshot_json(GAME, st)
        back = load_snapshot(GAME, json.loads(text))
        assert back == st and snapshot_json(GAME, back) == text


def test_clone_is_independent(table):
    """A clone shares no mutable part with its original."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=4)
    copy = st.clone()
    copy.apply(MOVES[(0, "bank")])
    copy.apply(PAY[1])
    assert st.tokens[0] == ["west", "east"] and st.pile(0) == 4 and st.step == "move"
    assert copy == copy.clone() and copy != st


def test_render_and_describe_read_like_the_table(table):
    """The text view names money, displays and the fences; descriptions name the numbers."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=4)
    text = st.render(0)
    assert "Player 1 (you): pile $4,000" in text and "Fence piles" in text
    assert "Player 2: $0 off display" in text  # others' piles are summed with face-down notes
    assert st.describe(MOVES[(0, "bank")]) == ("Player 1 moves a token from the West Side to the "
                                               "Bank, where Player 2 stands")


def test_every_listed_action_describes_itself_in_words():
    """describe() names every action in table talk (never a bare repr), render() never fails."""
    seen = set()
    for players in (2, 4):
        for st in random_states(players, 20 + players, every=3, limit=900):
            for action in st.legal_actions():
                text = st.describe(action)
                assert text.startswith("Player ") and "(" not in text.split(" ")[0], text
                seen.add(type(action).__name__)
            assert "Now:" in st.render(st.to_act)
    assert len(seen) >= 18, sorted(seen)


def test_a_spectator_sees_no_hand_and_no_pile_split(table):
    """A spectator (seat None) sees only public facts: counts, displays, pile-plus-face-down."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.hand(st, 0, gangsters=[table.g("money", 2)])
    table.money(st, 1, pile=3, down=2)
    obs = st.observation(None)
    assert "hand" not in obs and obs["seats"][1]["money_off_display"] == 5
    assert "pile" not in obs["seats"][1] and table.g("money", 2) not in json.dumps(obs)


def test_secret_moves_are_narrated_without_their_content():
    """Page, phase 4: what goes face down is turned up only in phase 4; the Casino stake is
    sealed. Other players read that something happened, never what."""
    from tabletop_games.don_massivo.actions import FaceDown, Stake

    st = GAME.new_state(3, 1)
    stake = Stake(3, "jewellery")
    assert "jewellery" in st.describe(stake) and "$3" in st.describe(stake)
    public = st.describe_public(stake)
    assert "jewellery" not in public and "3" not in public and "stake" in public
    hidden = FaceDown("G-art-2", 4)
    assert "4" not in st.describe_public(hidden) and "art" not in st.describe_public(hidden)
    move = next(iter(MOVES.values()))
    assert st.describe_public(move) == st.describe(move)
    assert st.describe_public(PAY[1]) == st.describe(PAY[1])

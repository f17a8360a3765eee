"""What each seat sees (views.py): hidden information, determinization, render, describe."""

from __future__ import annotations

from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import PickMuscle
from tabletop_games.bootleggers.cards import CARDS, MUSCLE_COST, SUBDECKS, key_of

from tabletop.rng import Rng


def midgame(seed: int = 2, players: int = 4, steps: int = 120):
    s = GAME.new_state(players, seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return s


def test_observation_hides_hands_money_and_decks():
    s = midgame()
    obs = s.observation(0)
    assert obs["muscle_hand"] == s.muscle_hands[0] and obs["money"] == s.cash(0)
    text = str(obs)
    assert "muscle_hands" not in obs and "hands" not in obs
    assert obs["thug_counts"] == [len(h) for h in s.hands]
    spectator = s.observation(None)
    assert spectator["money"] is None and spectator["muscle_hand"] is None
    assert "draw_pile" not in text


def test_determinize_keeps_what_the_seat_sees_and_resamples_the_rest():
    s = midgame()
    for seat in range(4):
        d = s.determinize(seat, Rng(11))
        assert d.observation(seat) == s.observation(seat)
        assert not d.invariants()
        for p in range(4):
            for first, last in SUBDECKS:
                assert (sum(first <= c <= last for c in d.muscle_hands[p])
                        == sum(first <= c <= last for c in s.muscle_hands[p]))
            assert all(CARDS[key_of(c)].kind == "thug" for c in d.hands[p])
    d = s.determinize(0, Rng(11))
    assert d.muscle_hands[1:] != s.muscle_hands[1:] or d.deck.draw_pile != s.deck.draw_pile


def test_sealed_pick_resampled_for_others():
    s = GAME.new_state(3, 1)
    s.apply(PickMuscle(s.muscle_hands[0][11]))
    s.apply(PickMuscle(s.muscle_hands[1][11]))
    picks = {s.determinize(2, Rng(k)).sealed.commitments[0] for k in range(10)}
    assert len(picks) > 1
    d = s.determinize(0, Rng(3))
    assert d.sealed.commitments[0] == s.sealed.commitments[0]
    assert d.sealed.commitments[0] in d.muscle_hands[0]


def test_render_shows_the_board_as_the_seat_sees_it():
    s = midgame(steps=60)
    text = s.render(1)
    assert "O'Malley's Dry Goods" in text and f"round {s.round_no} of 12" in text
    assert f"Player 2 (you): ${s.cash(1)}G" in text
    assert "Player 1: money hidden" in text
    cheap = [n for n in s.muscle_hands[1] if MUSCLE_COST[n] == 0]
    assert "Your Muscle hand, by cost: " in text
    assert not cheap or "$0G: " + ", ".join(map(str, cheap)) in text
    assert "Your Muscle hand" not in s.render(None)
    for seat in (0, 1, None):
        assert all(len(line) <= 100 for line in s.render(seat).split("\n"))


def test_render_names_seats_and_trucks_from_one_and_no_internals():
    """Seats read "Player 1", trucks "#1", Speakeasies are numbered from 1, and a pending
    deal reads as words, never as a dict."""
    from tabletop_games.bootleggers.actions import AskPrice, OfferCrates

    s = midgame(steps=0, players=3)
    text = s.render(0)
    assert "M1" not in text and "Small Truck #1" in text and "#0" not in text
    assert "  1. O'Malley's Dry Goods" in text and "  0. " not in text
    s.step, s.queue = "deals", [2]
    s.crates[2] = 5
    s.forget_legal_actions()
    s.apply(OfferCrates(0, 3))
    s.apply(AskPrice(2))
    text = s.render(0)
    assert "Waiting for Player 1 to answer Player 3's offer: 3 crates for $2G." in text
    assert "{" not in text and "'" + "seller" not in text


def test_invariants_catch_lost_pieces():
    s = midgame(steps=80)
    assert s.invariants() == []
    broken = s.clone()
    broken.deck.draw_pile.pop()
    assert any("Men of Action" in p for p in broken.invariants())
    broken = s.clone()
    broken.back_influence[0] += 25
    assert any("influence markers" in p for p in broken.invariants())
    broken = s.clone()
    broken.money.holdings["seat:1"] += 3
    assert any("dough" in p for p in broken.invariants())


def test_at_the_end_the_money_is_counted_in_the_open():
    """End of the game: most money wins, so every Mobster's money is shown to all."""
    s = GAME.new_state(2, 4, {"short_game": True})
    rng = Rng(4)
    while not s.is_over:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    text = s.render(None)
    for p in range(2):
        assert f"Player {p + 1}: ${s.cash(p)}G" in text
    assert s.observation(None)["final_money"] == [s.cash(0), s.cash(1)]
    assert (f"Money counted (most money wins): Player 1 ${s.cash(0)}G, Player 2 "
            f"${s.cash(1)}G.") in s.observation(None)["events"]

"""The state keeps the engine contract: snapshots, clones, hidden hands, bounded games."""

from __future__ import annotations

import json

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import DRAW
from tabletop_games.chicago_diy.rules import DECISIONS_PER_TURN

from tabletop.rng import Rng
from tabletop.serialization import load_snapshot, snapshot, snapshot_json
from tabletop.testing import check_game


def random_states(players: int, seed: int, every: int = 1):
    """Every ``every``-th state of a seeded random game, the last one included."""
    state = GAME.new_state(players, seed)
    rng = Rng.from_seed(seed, "test-walk")
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        state.apply(legal[rng.below(len(legal))])
        step += 1
    yield state


@pytest.mark.parametrize("players", [2, 5])
def test_snapshots_load_back_equal(players: int) -> None:
    for state in random_states(players, 3, every=7):
        loaded = load_snapshot(GAME, json.loads(snapshot_json(GAME, state)))
        assert loaded == state
        assert snapshot_json(GAME, loaded) == snapshot_json(GAME, state)


def test_a_loaded_snapshot_plays_on_identically() -> None:
    state = GAME.new_state(3, 11)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    copy = load_snapshot(GAME, snapshot(GAME, state))
    for _ in range(60):
        if state.is_over:
            break
        action = state.legal_actions()[-1]
        state.apply(action)
        copy.apply(action)
    assert snapshot_json(GAME, copy) == snapshot_json(GAME, state)


def test_clones_are_independent_both_ways() -> None:
    state = GAME.new_state(2, 5)
    clone = state.clone()
    assert clone == state
    clone.apply(DRAW)
    assert clone != state and snapshot_json(GAME, state) != snapshot_json(GAME, clone)
    before = snapshot_json(GAME, clone)
    state.apply(DRAW)
    state.hands[0].append("XX")  # a mutation of the original must not reach the clone
    assert snapshot_json(GAME, clone) == before


# rule: ch-hidden-hands
@pytest.mark.parametrize("players", [2, 4])
def test_observations_hide_the_other_hands_and_the_deck(players: int) -> None:
    for state in random_states(players, 8, every=5):
        for seat in [*range(players), None]:
            obs = state.observation(seat)
            text = json.dumps(obs)
            if seat is not None:
                assert obs["hand"] == state.hands[seat]
            if state.is_over:  # the hands are scored: everyone sees them
                assert obs["hands"] == state.hands
                continue
            assert "hands" not in obs
            own = set(state.hands[seat]) if seat is not None else set()
            public = set(obs["discards"]) | set(obs["set_aside"]) | {obs["pending"], obs["shown"]}
            public |= {t for ts in obs["territories"] for t in ts}
            public |= set(obs["offered"])  # money laid down for a territory or a henchman
            hidden = {c for h in state.hands for c in h} | set(state.deck.draw_pile)
            for card in hidden - own - public:
                assert f'"{card}"' not in text, f"{card} leaks to seat {seat}"
            assert obs["draw_pile"] == len(state.deck.draw_pile)
            assert obs["hand_sizes"] == [len(h) for h in state.hands]


# rule: ch-determinize
def test_determinizing_keeps_what_the_seat_sees_and_resamples_the_rest() -> None:
    changed = 0
    for state in random_states(3, 21, every=4):
        for seat in range(3):
            copy = state.determinize(seat, Rng.from_seed(seat, "det"))
            assert copy.observation(seat) == state.observation(seat)
            assert copy.hands[seat] == state.hands[seat]
            assert sorted(copy.deck.draw_pile + [c for s in range(3) if s != seat
                                                  for c in copy.hands[s]]) == sorted(
                state.deck.draw_pile + [c for s in range(3) if s != seat for c in state.hands[s]]
            )
            changed += copy.hands != state.hands or copy.deck.draw_pile != state.deck.draw_pile
            assert copy.invariants() == []
            # territories are never in a hand, so they stay in the pile
            assert sorted(c for c in copy.deck.draw_pile if c[0] in "JQK") == sorted(
                c for c in state.deck.draw_pile if c[0] in "JQK")
    assert changed > 0


# rule: ch-step-cap
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_invariants_and_stay_far_below_the_step_cap(players: int) -> None:
    cap = GAME.step_cap(players)
    for seed in range(6):
        steps = 0
        turn_steps = 0
        turns = -1
        for state in random_states(players, seed):
            assert state.invariants() == []
            steps += 1
            if state.turn.turns_taken != turns:
                turns, turn_steps = state.turn.turns_taken, 0
            turn_steps += 1
            assert turn_steps <= DECISIONS_PER_TURN
        assert steps < cap
        result = state.result()
        assert result.problems(players) == []


# the same checks as tests/test_conformance.py's items, which CI runs: a second run is
# for --nightly
@pytest.mark.slow
def test_the_conformance_suite_passes() -> None:
    """A light run of the kernel's eight checks (CI runs the full one over every game)."""
    failed = [r.line() for r in check_game(GAME, players=[2, 5], games=10) if not r.passed]
    assert not failed, "\n".join(failed)


@pytest.mark.slow
def test_the_conformance_suite_passes_at_length() -> None:
    failed = [r.line() for r in check_game(GAME, games=200) if not r.passed]
    assert not failed, "\n".join(failed)


def test_render_and_describe_read_like_the_table() -> None:
    state = GAME.new_state(2, 4)
    me = state.to_act
    text = state.render(me)
    assert f"Player {me + 1} (you)" in text and "hand:" in text
    assert "hand:" not in state.render(None)
    words = {state.describe(a) for a in state.legal_actions()}
    assert "draws a card (48 cards in the draw pile)" in words
    assert all(w and not w.startswith("Player") for w in words)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert "game over" in state.render(None) and "Scores:" in state.render(None)


# -- invariants on hand-tampered states --------------------------------------------------
def _tampered(arrange, change) -> list[str]:
    state = arrange(hands=[["7H", "3C"], ["AS"]], territories=[["KD"], []])
    assert state.invariants() == []
    change(state)
    return state.invariants()


def test_invariants_catch_a_card_in_two_places(arrange) -> None:
    problems = _tampered(arrange, lambda s: s.hands[1].append("7H"))
    assert any("7♥ is in 2 places" in p and "Player 2's hand" in p for p in problems)


def test_invariants_catch_a_lost_or_unknown_card(arrange) -> None:
    assert any("nowhere" in p and "3♣" in p
               for p in _tampered(arrange, lambda s: s.hands[0].remove("3C")))
    assert any("'ZZ'" in p for p in _tampered(arrange, lambda s: s.hands[0].append("ZZ")))


def test_invariants_catch_negative_and_too_many_henchmen(arrange) -> None:
    def negative(s):
        s.henchmen[1] = -1

    def six(s):
        s.henchmen[0] = 6

    assert any("Player 2 has -1 henchmen" in p for p in _tampered(arrange, negative))
    assert any("Player 1 has 6 henchmen" in p for p in _tampered(arrange, six))


def test_invariants_catch_an_unknown_phase(arrange) -> None:
    def phase(s):
        s.phase = "siesta"

    assert any("unknown phase 'siesta'" in p for p in _tampered(arrange, phase))


def test_invariants_catch_a_seat_to_act_out_of_range(arrange) -> None:
    def seat(s):
        s.turn.current = 2

    assert any("seat to play, 2" in p for p in _tampered(arrange, seat))


def test_invariants_catch_lists_of_the_wrong_length(arrange) -> None:
    def short(s):
        s.henchmen = [1]

    def long(s):
        s.hands.append([])

    assert any("henchmen: 1 entries for 2 players" in p for p in _tampered(arrange, short))
    assert any("hands: 3 entries for 2 players" in p for p in _tampered(arrange, long))


def test_invariants_catch_a_territory_in_hand_and_a_full_hand_between_turns(arrange) -> None:
    def territory(s):
        s.territories[0].remove("KD")
        s.hands[0].append("KD")

    def full(s):
        s.hands[1] += [c for c in s.deck.draw_pile if c[0] in "2345"][:5]
        for c in s.hands[1]:
            if c in s.deck.draw_pile:
                s.deck.draw_pile.remove(c)

    assert any("holds a territory in hand" in p for p in _tampered(arrange, territory))
    assert any("Player 2 holds 6 cards between turns" in p for p in _tampered(arrange, full))


def test_invariants_never_raise_on_garbage(arrange) -> None:
    def garbage(s):
        s.hands[0].append(["not", "a", "card"])
        s.henchmen[0] = None
        s.deck.draw_pile = None

    problems = _tampered(arrange, garbage)
    assert problems and all(isinstance(p, str) for p in problems)
